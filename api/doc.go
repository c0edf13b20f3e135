// Package api holds the calls of nonosat's JSON API, apart from any
// transport: `nonosat serve` answers them over HTTP (package server) and
// the browser build from a Web Worker (package wasm), so the two give the
// same answers, errors included.
//
// A call takes a [Request], the body (a puzzle file in any readable
// format, or a picture for "make") and its parameters, and answers a
// [Reply]: a value that marshals to JSON, or a file (SVG, PNG, a puzzle
// file, a CNF, a tar of a certificate). Failures that the request caused
// are [*Error] values with an HTTP status; anything else is a bug.
//
// The calls are listed in [Calls]; their parameters are documented in the
// README's API section.
package api
