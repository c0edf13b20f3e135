package solver

import (
	"os/exec"
	"syscall"
)

// workerAttr makes the kernel kill a worker when its parent dies, even by
// SIGKILL, so that no search goes on without anyone waiting for it.
func workerAttr(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
