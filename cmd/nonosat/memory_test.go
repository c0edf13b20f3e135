package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nonosat/nonosat/internal/randpuzzle"
	"github.com/nonosat/nonosat/puzzle"
)

// TestMaxMemory: a puzzle whose formula would pass --max-memory is refused
// with the size it would need; within the budget it is solved.
func TestMaxMemory(t *testing.T) {
	p := randpuzzle.Picture(3, 20, 20, 3, 0.5)
	name := filepath.Join(t.TempDir(), "p.xml")
	f, err := os.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	if err := puzzle.Encode(f, p, puzzle.XML); err != nil {
		t.Fatal(err)
	}
	f.Close()
	r := run(t, "check", "--no-presolve", "--max-memory", "1M", name)
	if r.code != exitError || !strings.Contains(r.stderr, "its CNF formula alone would take about") || !strings.Contains(r.stderr, "over --max-memory") {
		t.Errorf("check --max-memory 1M: %v; want exit 1 and the size it would need", r)
	}
	out := filepath.Join(t.TempDir(), "p.cnf")
	r = run(t, "dimacs", "--no-presolve", "--max-memory", "1M", name, "-o", out)
	if _, err := os.Stat(out); r.code != exitError || !strings.Contains(r.stderr, "over --max-memory") || err == nil {
		t.Errorf("dimacs --max-memory 1M: %v; want exit 1, the size it would need and no file", r)
	}
	// dimacs runs no SAT solver: a limit that refuses the solve (the
	// formula and the solver, six times the formula) lets it write.
	r = run(t, "check", "--no-presolve", "--max-memory", "4M", name)
	if r.code != exitError || !strings.Contains(r.stderr, "over --max-memory") {
		t.Errorf("check --max-memory 4M: %v; want exit 1 and the size it would need", r)
	}
	if r := run(t, "dimacs", "--no-presolve", "--max-memory", "4M", name, "-o", out); r.code != exitOK {
		t.Errorf("dimacs --max-memory 4M: %v; want the CNF written", r)
	}
	r = run(t, "check", "--no-presolve", "--max-memory", "1G", name)
	if r.code == exitError || strings.Contains(r.stderr, "max-memory") {
		t.Errorf("check --max-memory 1G: %v; want a verdict", r)
	}
	if r := run(t, "check", "--max-memory", "lots", name); r.code != exitUsage {
		t.Errorf("check --max-memory lots: %v; want exit %d", r, exitUsage)
	}
}
