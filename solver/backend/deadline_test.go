package backend

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/nonosat/nonosat/cnf"
	"github.com/nonosat/nonosat/internal/ctxtest"
)

// bigFormula is a satisfiable formula of n two-literal clauses.
func bigFormula(n int) *cnf.Formula {
	f := &cnf.Formula{}
	for range n {
		v := f.NewVar()
		f.Add(v.Pos(), v.Neg())
	}
	return f
}

// TestDeadlineBackendLoad checks that gini stops loading a formula, and
// that an external solver's formula stops being written (the solver never
// starts, its temporary directory is removed), when the context ends.
func TestDeadlineBackendLoad(t *testing.T) {
	f := bigFormula(300_000)
	g := newGini(f)
	ctx := &ctxtest.DoneAfter{Context: context.Background(), N: 1}
	if _, _, err := g.Solve(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("gini solve(context done after 1 check) error = %v, want context.Canceled", err)
	}
	if ctx.Calls != 2 {
		t.Errorf("gini load asked the context %d times, want 2 (at clause 0 and 65,536)", ctx.Calls)
	}

	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	ran := filepath.Join(tmp, "ran")
	script := filepath.Join(t.TempDir(), "solver")
	if err := os.WriteFile(script, []byte("#!/bin/sh\ntouch "+ran+"\necho 's UNSATISFIABLE'\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	b, err := newExternal(f, "exec:"+script)
	if err != nil {
		t.Fatal(err)
	}
	ctx = &ctxtest.DoneAfter{Context: context.Background(), N: 3}
	if _, _, err := b.Solve(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("external solve(context done after 3 checks) error = %v, want context.Canceled", err)
	}
	if ctx.Calls > 10 {
		t.Errorf("external solve asked the context %d times, want at most 10 (the file is 46 chunks of 64 kB)", ctx.Calls)
	}
	if _, err := os.Stat(ran); err == nil {
		t.Error("the external solver ran although the context ended while its input was written")
	}
	if left, _ := filepath.Glob(filepath.Join(tmp, "nonosat-*")); len(left) > 0 {
		t.Errorf("temporary files left behind: %v", left)
	}
}
