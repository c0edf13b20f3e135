//go:build !unix

package main

import (
	"os"
)

// execServe does nothing here, where a process cannot replace itself:
// serve then runs the server as a child.
func execServe(string, []string) error { return nil }

// stopServer stops the server: there is no SIGTERM to ask it with.
func stopServer(p *os.Process) error { return p.Kill() }
