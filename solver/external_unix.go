//go:build unix

package solver

import (
	"os/exec"
	"syscall"
)

// ownGroup starts cmd in a process group of its own, and makes a done
// context kill the whole group, so that a solver script's children die
// with it.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}

// killGroup kills what is left of cmd's process group after cmd ended.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil && cmd.Process.Pid > 0 {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) // ESRCH when none is left
	}
}
