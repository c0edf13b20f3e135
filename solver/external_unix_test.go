//go:build unix

package solver_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/nonosat/nonosat/solver"
)

// TestFakeSolverHangs checks that a deadline kills a solver that hangs,
// and the child it started.
func TestFakeSolverHangs(t *testing.T) {
	dir := t.TempDir()
	pidFile := filepath.Join(dir, "pid")
	// The solver starts a child that would outlive it, then waits.
	backend := fakeSolver(t, fmt.Sprintf("sleep 60 &\necho $! > %s\nwait", pidFile))
	ctx, cancel := context.WithTimeout(t.Context(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	res, err := solver.Solve(ctx, fakePuzzle(), solver.Options{Backend: backend, NoPresolve: true})
	if err != nil || res.Verdict != solver.Timeout {
		t.Fatalf("Solve with a hanging solver = %v, %v, want verdict timeout", res, err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("Solve with a hanging solver took %v after a 300ms deadline", d)
	}
	data, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatalf("the fake solver did not start its child: %v", err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil {
		t.Fatal(err)
	}
	// The child is killed; it may linger a moment as a zombie of init.
	for i := 0; ; i++ {
		if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
			break
		}
		if stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid)); err == nil && strings.Contains(string(stat), ") Z ") {
			break
		}
		if i == 50 {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Fatalf("the hanging solver's child %d is still running", pid)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestExternalDiesWithParent kills, with SIGKILL, a process that is running
// an external solver, and checks that the solver dies too, and that the
// next external solve removes the temporary folder the killed process left.
func TestExternalDiesWithParent(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("only Linux ties a child's life to its parent's")
	}
	dir := t.TempDir()
	tmp := filepath.Join(dir, "tmp")
	if err := os.Mkdir(tmp, 0o755); err != nil {
		t.Fatal(err)
	}
	pidFile := filepath.Join(dir, "pid")
	// The solver writes its process id, then becomes a long sleep.
	backend := fakeSolver(t, fmt.Sprintf("echo $$ > %s.tmp\nmv %s.tmp %s\nexec sleep 60", pidFile, pidFile, pidFile))
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	parent := exec.Command(exe, "-test.run=^$")
	parent.Env = append(os.Environ(), "NONOSAT_TEST_SOLVE_WITH="+backend, "TMPDIR="+tmp)
	if err := parent.Start(); err != nil {
		t.Fatal(err)
	}
	defer parent.Process.Kill()
	var pid int
	for i := 0; ; i++ {
		if data, err := os.ReadFile(pidFile); err == nil {
			if pid, err = strconv.Atoi(strings.TrimSpace(string(data))); err != nil {
				t.Fatal(err)
			}
			break
		}
		if i == 200 {
			t.Fatal("the external solver did not start within 20 s")
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err := parent.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	parent.Wait()
	for i := 0; ; i++ {
		if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
			break
		}
		if stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid)); err == nil && strings.Contains(string(stat), ") Z ") {
			break // dead, waiting for init to reap it
		}
		if i == 50 {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Fatalf("the external solver %d still runs 5 s after its parent was killed", pid)
		}
		time.Sleep(100 * time.Millisecond)
	}

	left, _ := filepath.Glob(filepath.Join(tmp, "nonosat-sat-*"))
	if len(left) != 1 {
		t.Fatalf("the killed process left %v in its temporary folder, want its one solve folder", left)
	}
	t.Setenv("TMPDIR", tmp)
	if _, err := solver.Solve(t.Context(), fakePuzzle(), solver.Options{Backend: fakeSolver(t, "echo 's UNSATISFIABLE'"), NoPresolve: true}); err != nil {
		t.Fatal(err)
	}
	if left, _ := filepath.Glob(filepath.Join(tmp, "nonosat-sat-*")); len(left) != 0 {
		t.Errorf("after another external solve, %v is still there", left)
	}
}
