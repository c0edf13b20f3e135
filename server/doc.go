// Package server is the HTTP side of `nonosat serve`: the workbench page
// (package web's files), the bundled examples, and the calls of package
// api under POST /api/NAME, with the limits a shared server needs (body
// size, solve slots, the Host and Origin guards of a loopback server).
//
// Every call answers JSON, or a file; a failure answers
// {"error": "message"} with the status of its [api.Error] (500 for
// anything else, which is a bug).
package server
