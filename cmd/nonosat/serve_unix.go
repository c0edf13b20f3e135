//go:build unix

package main

import (
	"os"
	"syscall"
)

// execServe replaces this process with prog, run with args.
func execServe(prog string, args []string) error {
	return syscall.Exec(prog, append([]string{prog}, args...), os.Environ())
}

// stopServer asks the server to shut down, as SIGTERM does.
func stopServer(p *os.Process) error { return p.Signal(syscall.SIGTERM) }
