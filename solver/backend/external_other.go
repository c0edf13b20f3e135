//go:build !unix

package backend

import "os/exec"

// ownGroup does nothing here: a done context kills the solver only, not
// the children it started.
func ownGroup(*exec.Cmd) {}

// killGroup does nothing here.
func killGroup(*exec.Cmd) {}

// removeStale does nothing here: there is no portable way to tell
// whether a process id is alive.
func removeStale(string) {}
