package backend

import (
	"os/exec"
	"syscall"
)

// workerAttr makes the kernel kill a worker when its parent dies, even by
// SIGKILL, so that no search goes on without anyone waiting for it.
func workerAttr(cmd *exec.Cmd) { dieWithParent(cmd) }

// dieWithParent makes the kernel send cmd's process SIGKILL when the
// thread that started it ends: callers start it from a goroutine locked
// to its thread (see runLocked), so that is when this process dies, by
// any signal, SIGKILL included. The setting survives exec, and so holds
// for a solver a wrapper script execs; children the solver starts are
// not covered.
func dieWithParent(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Pdeathsig = syscall.SIGKILL
}
