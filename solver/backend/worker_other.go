//go:build !linux

package backend

import "os/exec"

// workerAttr: only Linux can tie a child's life to its parent's.
func workerAttr(*exec.Cmd) {}

// dieWithParent does nothing here: only Linux can tie a child's life to
// its parent's.
func dieWithParent(*exec.Cmd) {}
