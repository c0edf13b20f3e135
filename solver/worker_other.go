//go:build !linux

package solver

import "os/exec"

// workerAttr: only Linux can tie a child's life to its parent's.
func workerAttr(*exec.Cmd) {}
