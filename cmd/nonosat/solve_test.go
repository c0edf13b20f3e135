package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nonosat/nonosat/solver"
)

// diagonals is a 2×2 puzzle in text format with two solutions (the two
// diagonals): line solving and probing decide nothing, so the search stage
// or SAT must.
const diagonals = "1\n1\n\n1\n1\n"

// textFile writes a text-format puzzle to a temporary file and returns its
// name.
func textFile(t *testing.T, text string) string {
	t.Helper()
	name := filepath.Join(t.TempDir(), "p.txt")
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}

func TestSolveHeart(t *testing.T) {
	want, err := os.ReadFile("testdata/heart.grid")
	if err != nil {
		t.Fatal(err)
	}
	for _, extra := range [][]string{nil, {"--no-search"}, {"--no-presolve"}, {"--sat", "gini"}, {"--sat", "portfolio"}, {"--timeout", "1m"}} {
		args := append([]string{"solve", "--plain"}, extra...)
		r := run(t, append(args, "testdata/heart.non")...)
		if r.code != exitOK {
			t.Fatalf("%v: %v", extra, r)
		}
		lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
		if got := strings.Join(lines[:len(lines)-1], "\n"); got != strings.TrimSpace(string(want)) {
			t.Errorf("%v: grid\n%s\nwant\n%s", extra, got, want)
		}
		if v := lines[len(lines)-1]; !strings.HasPrefix(v, "unique") {
			t.Errorf("%v: verdict line %q, want unique", extra, v)
		}
	}
}

// TestSolveSearchStage: the JSON says which stage decided. The diagonals
// puzzle (black and white) is decided by the learner with no SAT call by
// default, and by SAT (two solutions, so at least two calls) with
// --no-search.
func TestSolveSearchStage(t *testing.T) {
	type out struct {
		Verdict string `json:"verdict"`
		Count   int    `json:"count"`
		Learned bool   `json:"learned"`
		Line    bool   `json:"line_solved"`
		Stats   struct {
			SATCalls  int `json:"sat_calls"`
			Conflicts int `json:"conflicts"`
		} `json:"stats"`
	}
	parse := func(r result) out {
		t.Helper()
		var o out
		if err := json.Unmarshal([]byte(r.stdout), &o); err != nil {
			t.Fatalf("%v: %v", err, r)
		}
		return o
	}
	o := parse(run(t, "solve", "--json", "--format", "text", textFile(t, diagonals)))
	if o.Verdict != "multiple" || o.Count != 2 || !o.Learned || o.Line || o.Stats.SATCalls != 0 {
		t.Errorf("default: %+v; want multiple, decided by the learner without SAT", o)
	}
	o = parse(run(t, "solve", "--json", "--no-search", "--format", "text", textFile(t, diagonals)))
	if o.Verdict != "multiple" || o.Count != 2 || o.Learned || o.Stats.SATCalls < 2 || o.Stats.Conflicts != 0 {
		t.Errorf("--no-search: %+v; want multiple from SAT, no learner conflicts", o)
	}
	o = parse(run(t, "solve", "--json", "testdata/heart.non"))
	if o.Verdict != "unique" || !o.Line || o.Learned {
		t.Errorf("heart: %+v; want unique, line solved", o)
	}
}

func TestCheckAndCountExitCodes(t *testing.T) {
	tests := []struct {
		name, text string
		args       []string
		code       int
		out        string
	}{
		{"unique", "", []string{"check", "testdata/heart.non"}, exitOK, "unique\n"},
		{"multiple", diagonals, []string{"check", "--format", "text"}, exitMultiple, "multiple\n"},
		{"multiple no search", diagonals, []string{"check", "--no-search", "--format", "text"}, exitMultiple, "multiple\n"},
		{"none", "2\n0\n\n2\n0\n", []string{"check", "--format", "text"}, exitNoSolution, "none\n"},
		{"count", diagonals, []string{"count", "--format", "text"}, exitOK, "2\n"},
		{"count no search", diagonals, []string{"count", "--no-search", "--format", "text"}, exitOK, "2\n"},
		{"count max", permutations(6), []string{"count", "--max", "5", "--format", "text"}, exitOK, "at least 5\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := tt.args
			if tt.text != "" {
				args = append(args, textFile(t, tt.text))
			}
			r := run(t, args...)
			if r.code != tt.code || r.stdout != tt.out {
				t.Fatalf("got %v; want exit %d, stdout %q", r, tt.code, tt.out)
			}
		})
	}
}

// permutations is the n×n puzzle whose every row and column holds one
// filled cell: n! solutions.
func permutations(n int) string {
	return strings.Repeat("1\n", n) + "\n" + strings.Repeat("1\n", n)
}

// TestCountTimeout: a count that --timeout stops exits 4 and says so; 10!
// solutions cannot all be found in a millisecond.
func TestCountTimeout(t *testing.T) {
	r := run(t, "count", "--max", "0", "--timeout", "1ms", "--format", "text", textFile(t, permutations(10)))
	if r.code != exitUndecided || !strings.HasPrefix(r.stdout, "at least ") || !strings.HasSuffix(r.stdout, " (timeout)\n") {
		t.Errorf("count --timeout 1ms of 10! solutions: %v; want exit %d and \"at least N (timeout)\"", r, exitUndecided)
	}
}

// TestCountMemoryLimit: a count that --max-memory stops exits 4 and says
// so; so does solve --max 0.
func TestCountMemoryLimit(t *testing.T) {
	file := textFile(t, permutations(30))
	r := run(t, "count", "--max", "0", "--max-memory", "20M", "--format", "text", file)
	if r.code != exitUndecided || !strings.HasPrefix(r.stdout, "at least ") || !strings.HasSuffix(r.stdout, " (memory limit)\n") {
		t.Errorf("count --max-memory 20M of 30! solutions: %v; want exit %d and \"at least N (memory limit)\"", r, exitUndecided)
	}
	r = run(t, "solve", "--max", "0", "--plain", "--max-memory", "20M", "--format", "text", file)
	if r.code != exitUndecided || !strings.HasSuffix(r.stdout, " solutions; memory limit)\n") {
		t.Errorf("solve --max 0 --max-memory 20M of 30! solutions: exit %d, ends %q; want exit %d and the memory limit said", r.code, r.stdout[max(0, len(r.stdout)-80):], exitUndecided)
	}
}

// TestSolveAllTimeout: solve --max 0 that --timeout stops before the last
// solution exits 4 and says so after the solutions it prints.
func TestSolveAllTimeout(t *testing.T) {
	r := run(t, "solve", "--max", "0", "--plain", "--timeout", "200ms", "--format", "text", textFile(t, permutations(10)))
	lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	last := lines[len(lines)-1]
	if r.code != exitUndecided || last != "timeout" && !(strings.HasPrefix(last, "multiple (at least ") && strings.HasSuffix(last, " solutions; timeout)")) {
		t.Errorf("solve --max 0 --timeout 200ms of 10! solutions: exit %d, last line %q; want exit %d and a timeout said", r.code, last, exitUndecided)
	}
}

// TestCountJSONWithoutSolutions: count --json gives the number, and the
// solutions only with --solutions.
func TestCountJSONWithoutSolutions(t *testing.T) {
	file := textFile(t, permutations(4))
	for _, tt := range []struct {
		args []string
		sols int
	}{{nil, 0}, {[]string{"--solutions"}, 24}} {
		r := run(t, append([]string{"count", "--json", "--format", "text", file}, tt.args...)...)
		var j jsonResult
		if err := json.Unmarshal([]byte(r.stdout), &j); err != nil || r.code != exitOK {
			t.Fatalf("count --json %v: %v (%v)", tt.args, r, err)
		}
		if j.Count != 24 || len(j.Solutions) != tt.sols || !j.Complete {
			t.Errorf("count --json %v: count %d, %d solutions, complete %v; want 24, %d, true", tt.args, j.Count, len(j.Solutions), j.Complete, tt.sols)
		}
	}
}

// TestCountSolutions: count --solutions prints each solution (in the
// solver's order) before the count.
func TestCountSolutions(t *testing.T) {
	r := run(t, "count", "--solutions", "--format", "text", textFile(t, diagonals))
	a, b := "#.\n.#\n", ".#\n#.\n"
	if r.code != exitOK || !strings.HasSuffix(r.stdout, "\n2\n") || !strings.Contains(r.stdout, a) || !strings.Contains(r.stdout, b) {
		t.Errorf("count --solutions of the diagonals: %v; want both grids and the count 2", r)
	}
}

// TestCheckInterrupted: check stopped by an interrupt (its context done,
// as signal.NotifyContext does on SIGINT) exits 130.
func TestCheckInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, cmd := range []string{"check", "solve", "count"} {
		r := runContext(t, ctx, cmd, "--format", "text", textFile(t, permutations(8)))
		if r.code != exitInterrupted || !strings.Contains(r.stderr, "interrupted") {
			t.Errorf("%s interrupted: %v; want exit %d", cmd, r, exitInterrupted)
		}
	}
}

// TestVerdictLine: the verdict line names the stage that decided.
func TestVerdictLine(t *testing.T) {
	tests := []struct {
		res  solver.Result
		want string
	}{
		{solver.Result{Verdict: solver.Unique, LineSolved: true}, "unique (line solved)"},
		{solver.Result{Verdict: solver.Unique, Learned: true, Stats: solver.Stats{Conflicts: 12}}, "unique (learner, 12 conflicts)"},
		{solver.Result{Verdict: solver.Unique}, "unique"},
	}
	for _, tt := range tests {
		if got := verdictLine(&tt.res); got != tt.want {
			t.Errorf("verdictLine(%+v) = %q, want %q", tt.res, got, tt.want)
		}
	}
}

// TestStillSolving: with --progress, a solve that outlasts stillAfter says
// on standard error which puzzle is still being solved, and clears that
// line before the answer; --no-progress and quick solves say nothing. The
// slow solve counts 20,000 of the 10! permutation matrices (rows and
// columns all "1"), which takes far longer than the zero delay set here.
func TestStillSolving(t *testing.T) {
	after, every := stillAfter, stillEvery
	t.Cleanup(func() { stillAfter, stillEvery = after, every })
	stillAfter, stillEvery = 0, 10*time.Millisecond
	ones := strings.Repeat("1\n", 10)
	file := textFile(t, ones+"\n"+ones)

	r := run(t, "--format", "text", "count", "--max", "20000", "--progress", file)
	if r.code != exitOK || r.stdout != "at least 20000\n" {
		t.Fatalf("count --progress: exit %d, stdout %q", r.code, r.stdout)
	}
	if !strings.Contains(r.stderr, "\rp.txt (10x10): still solving, ") {
		t.Errorf("count --progress: stderr %q lacks the still-solving line", r.stderr)
	}
	if !strings.HasSuffix(r.stderr, "\r\x1b[K") {
		t.Errorf("count --progress: stderr %q does not end by clearing its line", r.stderr)
	}

	r = run(t, "--format", "text", "count", "--max", "20000", "--no-progress", file)
	if r.code != exitOK || r.stderr != "" {
		t.Errorf("count --no-progress: exit %d, stderr %q", r.code, r.stderr)
	}

	stillAfter = time.Hour
	r = run(t, "check", "--progress", "testdata/heart.non")
	if r.code != exitOK || r.stderr != "" {
		t.Errorf("check --progress on a quick puzzle: exit %d, stderr %q", r.code, r.stderr)
	}

	r = run(t, "check", "--progress", "--no-progress", "testdata/heart.non")
	if r.code != exitUsage || !strings.Contains(r.stderr, "--progress and --no-progress") {
		t.Errorf("check --progress --no-progress: exit %d, stderr %q", r.code, r.stderr)
	}
}
