package backend

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/nonosat/nonosat/cnf"
)

// pigeonhole returns the unsatisfiable formula "n+1 pigeons in n holes",
// which takes CDCL solvers exponential time.
func pigeonhole(n int) *cnf.Formula {
	f := &cnf.Formula{}
	x := func(p, h int) cnf.Lit { return cnf.Lit(p*n + h + 1) }
	f.NumVars = (n + 1) * n
	for p := 0; p <= n; p++ {
		var c cnf.Clause
		for h := range n {
			c = append(c, x(p, h))
		}
		f.Add(c...)
	}
	for h := range n {
		for p := 0; p <= n; p++ {
			for q := p + 1; q <= n; q++ {
				f.Add(-x(p, h), -x(q, h))
			}
		}
	}
	return f
}

// TestWorkerDeadline checks that a deadline really stops a gophersat search
// running in a worker process, which in process it could not.
func TestWorkerDeadline(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	b := newWorker(pigeonhole(12), []string{exe, WorkerArg})
	defer b.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, _, err = b.Solve(ctx)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("solve(pigeonhole 12) error = %v, want deadline exceeded", err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("solve returned %v after the deadline", d)
	}
	if b.cmd.ProcessState == nil {
		t.Errorf("worker process still running after the deadline")
	}
}

func TestWorkerSmall(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	f := &cnf.Formula{NumVars: 3}
	f.Add(1, 2, 3)
	f.Add(-1, -2)
	f.Add(-1, -3)
	f.Add(-2, -3)
	b := newWorker(f, []string{exe, WorkerArg})
	defer b.Close()
	n := 0
	for {
		ok, m, err := b.Solve(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			break
		}
		if !m.Satisfies(f) {
			t.Fatalf("model %v does not satisfy the formula", m)
		}
		var block cnf.Clause
		for v := 1; v <= 3; v++ {
			if m.Value(cnf.Lit(v)) {
				block = append(block, cnf.Lit(-v))
			}
		}
		b.Add(block)
		n++
	}
	if n != 3 {
		t.Fatalf("worker enumerated %d models of exactly-one(3), want 3", n)
	}
}

func TestServeWorkerBadInput(t *testing.T) {
	tests := []struct{ name, in string }{
		{"short problem line", "p\n"},
		{"not cnf", "p dnf 1 1\n"},
		{"literal beyond the variables", "p cnf 2 1\n1 3 0\nc solve\n"},
		{"most negative int32", "p cnf 2 1\n-2147483648 0\nc solve\n"},
		{"not a number", "p cnf 2 1\n1 x 0\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out strings.Builder
			if err := ServeWorker(strings.NewReader(tt.in), &out); err == nil {
				t.Errorf("ServeWorker(%q) = nil error, output %q; want an error", tt.in, out.String())
			}
		})
	}
}
