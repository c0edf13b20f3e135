package solver_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nonosat/nonosat/internal/testcorpus"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/solver"
	"github.com/nonosat/nonosat/solver/backend"
)

// allBackends are every back end by name; external ones not installed are
// skipped.
var allBackends = []string{"gophersat", "gini", "cadical", "kissat", "minisat", "picosat", "cryptominisat", "glucose", "lingeling"}

// installedBackends returns the back ends of allBackends that can run,
// logging the others.
func installedBackends(t *testing.T) []string {
	t.Helper()
	var names []string
	for _, name := range allBackends {
		if err := backend.Check(name); err != nil {
			t.Logf("skipping back end %s: %v", name, err)
			continue
		}
		names = append(names, name)
	}
	return names
}

// samplePuzzles draws a fixed sample of puzzles from random grids, black
// and white and in colour, without their goals.
func samplePuzzles() []*puzzle.Puzzle {
	rng := rand.New(rand.NewPCG(17, 4))
	var ps []*puzzle.Puzzle
	for i := range 24 {
		h, w := 4+rng.IntN(9), 4+rng.IntN(9)
		colors := 1
		if i%3 == 2 {
			colors = 2 + rng.IntN(2)
		}
		pal := puzzle.BlackWhite()
		for c := 2; c <= colors; c++ {
			pal = append(pal, puzzle.Swatch{Name: fmt.Sprintf("c%d", c), Char: rune('a' + c)})
		}
		g := puzzle.NewGrid(h, w)
		for r := range g {
			for c := range g[r] {
				if rng.Float64() < 0.5 {
					g[r][c] = puzzle.Color(1 + rng.IntN(colors))
				}
			}
		}
		p := puzzle.FromGrid(g, pal)
		p.Goal = nil
		p.Title = fmt.Sprintf("random %d", i)
		ps = append(ps, p)
	}
	return ps
}

// surveyPuzzles reads a few small survey puzzles from the shared corpora,
// when they are there.
func surveyPuzzles(t *testing.T) []*puzzle.Puzzle {
	t.Helper()
	dir := filepath.Join(testcorpus.Dir, "fastnonogramsolver-survey")
	if _, err := os.Stat(dir); err != nil {
		t.Logf("no survey puzzles: %v", err)
		return nil
	}
	var ps []*puzzle.Puzzle
	for _, name := range []string{"webpbn-00001.nin", "webpbn-00023.nin", "webpbn-00021.nin", "webpbn-00006.nin"} {
		p, err := puzzle.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Logf("skipping %s: %v", name, err)
			continue
		}
		p.Title = name
		ps = append(ps, p)
	}
	return ps
}

// verdict is what every back end must agree on.
type verdict struct {
	v        solver.Verdict
	count    int
	complete bool
}

func (v verdict) String() string {
	return fmt.Sprintf("%s, count %d (complete %v)", v.v, v.count, v.complete)
}

func TestBackendsAgree(t *testing.T) {
	backends := installedBackends(t)
	ps := append(samplePuzzles(), surveyPuzzles(t)...)
	for _, p := range ps {
		t.Run(p.Title, func(t *testing.T) {
			var want verdict
			for i, name := range backends {
				ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
				o := solver.Options{Backend: name, NoPresolve: true}
				res, err := solver.Solve(ctx, p, o)
				if err != nil {
					cancel()
					t.Fatalf("Solve(%s) with %s: %v", p.Title, name, err)
				}
				n, complete, err := solver.Count(ctx, p, 4, o)
				cancel()
				if err != nil {
					t.Fatalf("Count(%s, 4) with %s: %v", p.Title, name, err)
				}
				got := verdict{res.Verdict, n, complete}
				if i == 0 {
					want = got
					continue
				}
				if got != want {
					t.Errorf("%s: %s says %v, %s says %v", p.Title, name, got, backends[0], want)
				}
			}
		})
	}
}

// fakeSolver writes a shell script solver to a temporary directory and
// returns the back-end name that runs it.
func fakeSolver(t *testing.T, body string) string {
	t.Helper()
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh to run fake solvers")
	}
	name := filepath.Join(t.TempDir(), "fake-solver")
	if err := os.WriteFile(name, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return "exec:" + name
}

// fakePuzzle is a small puzzle with filled cells, so that an all-false
// model falsifies its formula.
func fakePuzzle() *puzzle.Puzzle {
	return puzzle.New([][]int{{1}, {3}, {1}}, [][]int{{1}, {3}, {1}})
}

func TestFakeSolvers(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		body string
		want string // in the error; "" for the verdict below
		v    solver.Verdict
	}{
		{name: "crash", body: `echo "dying" >&2; kill -SEGV $$`, want: "crashed (signal: segmentation fault): dying"},
		{name: "exit 1", body: "echo 'c starting'\necho 'error: bad input' >&2\nexit 1", want: "no answer (exit code 1): error: bad input"},
		{name: "garbage", body: "echo 'c fine'\necho 'hello world'\nexit 10", want: `line 2: bad solver output: "hello" is not a literal`},
		{
			name: "wrong model",
			body: `awk '/^p/ {n = $3} END {printf "s SATISFIABLE\nv"; for (i = 1; i <= n; i++) printf " -%d", i; print " 0"}' "$1"; exit 10`,
			want: "the model it gave falsifies clause",
		},
		{name: "beyond the variables", body: "echo 's SATISFIABLE'; echo 'v 100000 0'", want: "literal 100000 beyond"},
		{name: "sat without model", body: "exit 10", want: "exit code 10 (satisfiable) but no model"},
		{name: "unknown", body: "echo 's UNKNOWN'; exit 0", want: "no answer (exit code 0)"},
		{name: "unsat with exit 1", body: "echo 's UNSATISFIABLE'; exit 1", want: "answered UNSATISFIABLE but exited with code 1"},
		{name: "stderr tail", body: "for i in 1 2 3 4 5 6 7 8 9; do echo \"line $i\" >&2; done; exit 2", want: "line 6 | line 7 | line 8 | line 9"},
		{name: "unsat by exit code", body: "exit 20", v: solver.None},
		{name: "unsat answer", body: "echo 's UNSATISFIABLE'", v: solver.None},
	}
	p := fakePuzzle()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			backend := fakeSolver(t, tt.body)
			res, err := solver.Solve(t.Context(), p, solver.Options{Backend: backend, NoPresolve: true})
			if tt.want == "" {
				if err != nil || res.Verdict != tt.v {
					t.Fatalf("Solve with a fake solver (%s) = %v, %v, want verdict %s", tt.body, res, err, tt.v)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Solve with a fake solver (%s) error = %v, want one containing %q", tt.body, err, tt.want)
			}
			if !strings.HasPrefix(err.Error(), backend) {
				t.Errorf("error %q does not start with the back end's name %q", err, backend)
			}
			if errors.Is(err, solver.ErrBug) {
				t.Errorf("a failing SAT solver gave ErrBug: %v", err)
			}
		})
	}
}

// TestFakeSolverCadicalWrapper runs cadical through an exec: script, the
// way to pass a solver arguments of one's own.
func TestFakeSolverCadicalWrapper(t *testing.T) {
	t.Parallel()
	if err := backend.Check("cadical"); err != nil {
		t.Skipf("skipping: %v", err)
	}
	backend := fakeSolver(t, `exec cadical -q "$@"`)
	p := fakePuzzle()
	res, err := solver.Solve(t.Context(), p, solver.Options{Backend: backend, NoPresolve: true})
	if err != nil || res.Verdict != solver.Unique {
		t.Fatalf("Solve with %s = %v, %v, want unique", backend, res, err)
	}
}

func TestBackendNotFound(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	tests := []struct{ name, want string }{
		{"cadical", `cadical: not found in PATH (install the Debian package "cadical")`},
		{"minisat", `minisat: not found in PATH (install the Debian package "minisat")`},
		{"cryptominisat", `cryptominisat: not found in PATH (install the Debian package "cryptominisat")`},
		{"kissat", "kissat: not found in PATH (Debian has no package for it: build it from its sources, or name the binary as exec:/path/to/kissat)"},
		{"exec:/no/such/solver", "exec:/no/such/solver: /no/such/solver is not an executable file"},
	}
	for _, tt := range tests {
		err := backend.Check(tt.name)
		if err == nil || err.Error() != tt.want {
			t.Errorf("CheckBackend(%q) = %v, want %q", tt.name, err, tt.want)
		}
		var nf *backend.NotFoundError
		if !errors.As(err, &nf) || !errors.Is(err, exec.ErrNotFound) {
			t.Errorf("CheckBackend(%q) error %T is not a *NotFoundError wrapping exec.ErrNotFound", tt.name, err)
		}
		_, err = solver.Solve(t.Context(), fakePuzzle(), solver.Options{Backend: tt.name, NoPresolve: true})
		if err == nil || err.Error() != tt.want {
			t.Errorf("Solve with back end %q error = %v, want %q", tt.name, err, tt.want)
		}
	}
}

func TestBackendUnknown(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"nosuch", "exec:", "Cadical"} {
		err := backend.Check(name)
		if err == nil {
			t.Errorf("CheckBackend(%q) = nil, want an error", name)
			continue
		}
		if errors.Is(err, exec.ErrNotFound) {
			t.Errorf("CheckBackend(%q) = %v, want an unknown-name error", name, err)
		}
	}
	for _, name := range []string{"", "gophersat", "gini"} {
		if err := backend.Check(name); err != nil {
			t.Errorf("CheckBackend(%q) = %v, want nil", name, err)
		}
	}
}

// TestExternalEnumerates counts a puzzle with many solutions with every
// installed external solver: each solution re-runs it with one more
// blocking clause.
func TestExternalEnumerates(t *testing.T) {
	t.Parallel()
	// Two by two diagonals: rows 1 1, columns 1 1 has two solutions; a
	// 4x4 block of four such squares has 16.
	p := puzzle.New([][]int{{1, 1}, {1, 1}, {1, 1}, {1, 1}}, [][]int{{1, 1}, {1, 1}, {1, 1}, {1, 1}})
	want, _, err := solver.Count(t.Context(), p, 0, solver.Options{NoPresolve: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range installedBackends(t) {
		got, complete, err := solver.Count(t.Context(), p, 0, solver.Options{Backend: name, NoPresolve: true})
		if err != nil || got != want || !complete {
			t.Errorf("Count with %s = %d, %v, %v, want %d, true", name, got, complete, err, want)
		}
	}
}

// TestBeforeChild: Options.BeforeChild runs before the external solver
// starts (the fake solver answers only when the file BeforeChild writes
// is there), and not at all when no SAT is needed.
func TestBeforeChild(t *testing.T) {
	t.Parallel()
	marker := filepath.Join(t.TempDir(), "armed")
	backend := fakeSolver(t, fmt.Sprintf("test -f %s || exit 3\necho 's UNSATISFIABLE'", marker))
	calls := 0
	o := solver.Options{Backend: backend, NoPresolve: true, BeforeChild: func() {
		calls++
		if err := os.WriteFile(marker, nil, 0o644); err != nil {
			t.Error(err)
		}
	}}
	res, err := solver.Solve(t.Context(), fakePuzzle(), o)
	if err != nil || res.Verdict != solver.None || calls == 0 {
		t.Fatalf("Solve = %v, %v after %d calls of BeforeChild; want verdict none (the fake's answer) after at least one", res, err, calls)
	}
	calls = 0
	o.NoPresolve = false // line solving decides the puzzle: no child
	if _, err := solver.Solve(t.Context(), fakePuzzle(), o); err != nil || calls != 0 {
		t.Errorf("line-solved Solve: %v, %d calls of BeforeChild; want none", err, calls)
	}
}
