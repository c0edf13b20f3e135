//go:build unix

package solver_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
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
