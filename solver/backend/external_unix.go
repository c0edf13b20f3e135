//go:build unix

package backend

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
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

// removeStale removes the temporary folders in dir of solves whose process
// is gone (killed before it could remove them). A folder whose process id
// is alive, perhaps reused by another program, stays.
func removeStale(dir string) {
	names, _ := filepath.Glob(filepath.Join(dir, tempPrefix+"*"))
	for _, name := range names {
		rest := strings.TrimPrefix(filepath.Base(name), tempPrefix)
		pid, err := strconv.Atoi(rest[:max(strings.IndexByte(rest, '-'), 0)])
		if err != nil || pid <= 0 || pid == os.Getpid() {
			continue
		}
		if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
			_ = os.RemoveAll(name)
		}
	}
}
