// Package server is the HTTP side of `nonosat serve`: the workbench page
// (package web's files), the bundled examples, the calls of package api
// under POST /api/NAME, and GET /healthz, /readyz and /metrics, with the
// limits a shared server needs.
//
// # Admission
//
// A call that solves first takes a slot of the lines lane and line solves
// the puzzle there (see api.Lane); a puzzle decided so is answered from
// that slot, in milliseconds, whatever the search lane is doing. Any
// other call takes a search slot: [Config].MaxSolves of them, and
// [Config].MaxQueue calls that may wait for one until their deadline.
// With both full a call gets 503 at once, with Retry-After, so that a
// burst is refused instead of piling up. The body is read before any
// slot is taken, so a slow client holds none. A client that hangs up
// cancels its call's context, which stops its solve.
//
// # Answers
//
// Every API call answers JSON, or a file; a failure answers
// {"error": "message"} with the status of its [api.Error] (500 for
// anything else, which is a bug). A method a route does not take gets
// 405 with Allow.
//
// # Operations
//
// GET /healthz answers 200 while the process serves; GET /readyz 200
// while a call that searches would be taken, 503 when it would be refused
// or once [Server.ShuttingDown] was called. GET /metrics gives requests by
// route and status, the solve slots and queue of each lane, and a
// histogram of the time calls hold a slot, in the Prometheus text format.
// With [Config].Log set, each request gets one log line.
package server
