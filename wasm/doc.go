// Command wasm is nonosat's engine for the browser: built with
// GOOS=js GOARCH=wasm into nonosat.wasm, it runs in a Web Worker (see
// web/static/worker.js) and answers the calls of package api, the same
// calls `nonosat serve` answers over HTTP, so the page and the JavaScript
// API (web/static/nonosat.js) get the CLI's verdicts with no server.
//
// It sets one global function in the worker,
//
//	nonosatCall(name, body, params) → Promise
//
// where name is an API call ("analyze", "solve", "count", "hint", ...),
// body a string or Uint8Array (the puzzle file, or a picture for
// "make") and params an object of the call's parameters (as the HTTP
// API's query). The promise resolves to {json: text} or to
// {body: Uint8Array, contentType, download}, and rejects with an Error
// whose status is the HTTP status the server would answer.
//
// Deadlines hold although Go's timers cannot fire while a solve runs on
// the worker's one thread: the solvers poll the clock (internal/clock).
// To stop a call for good, the page terminates the worker.
//
// Built for another platform it only says how to build it.
package main
