package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/nonosat/nonosat/internal/servetest"
	"github.com/nonosat/nonosat/report"

	"github.com/nonosat/nonosat/puzzle"
	"github.com/urfave/cli/v2"
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
		var j report.Result
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

// TestStillSolving: with --progress, a solve that outlasts stillAfter says
// on standard error which puzzle is still being solved and how many
// solutions it has found, and clears that line before the answer;
// --no-progress and quick solves say nothing. The slow solve counts
// 20,000 of the 10! permutation matrices (rows and columns all "1"),
// which takes far longer than the zero delay set here.
func TestStillSolving(t *testing.T) {
	after, every, plain := stillAfter, stillEvery, plainEvery
	t.Cleanup(func() { stillAfter, stillEvery, plainEvery = after, every, plain })
	stillAfter, stillEvery, plainEvery = 0, 10*time.Millisecond, 10*time.Millisecond
	ones := strings.Repeat("1\n", 10)
	file := textFile(t, ones+"\n"+ones)

	// Standard error is no terminal here (see TestStillSolvingTerminal):
	// each update is a plain line, nothing is redrawn or cleared.
	r := run(t, "--format", "text", "count", "--max", "20000", "--progress", file)
	if r.code != exitOK || r.stdout != "at least 20000\n" {
		t.Fatalf("count --progress: exit %d, stdout %q", r.code, r.stdout)
	}
	if !strings.HasPrefix(r.stderr, "p.txt (10x10): still solving, ") || strings.ContainsAny(r.stderr, "\r\x1b") {
		t.Errorf("count --progress: stderr %q lacks the still-solving line, or redraws it", r.stderr)
	}
	if !regexp.MustCompile(`(?m)^p.txt \(10x10\): still solving, \d+s, \d+ solutions so far$`).MatchString(r.stderr) {
		t.Errorf("count --progress: stderr %.200q never says how many solutions so far", r.stderr)
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

// cancelAfter is a standard output that cancels a run once n grids have
// been printed on it ("solution N:" lines).
type cancelAfter struct {
	strings.Builder
	n      int
	cancel context.CancelFunc
}

func (w *cancelAfter) Write(b []byte) (int, error) {
	n, err := w.Builder.Write(b)
	if strings.Count(w.String(), "solution ") >= w.n {
		w.cancel()
	}
	return n, err
}

// TestSolveStreams: solve prints each grid as the solver finds it, not
// after the search. Interrupted after its third grid of the 30! of a
// puzzle with a 1 in every line, it has printed three; printed at the
// end, nothing would be out before the 30 s timeout. And when a timeout
// stops solve --max 0, every solution it counted has been printed.
func TestSolveStreams(t *testing.T) {
	ones := strings.Repeat("1\n", 30)
	file := textFile(t, ones+"\n"+ones)

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out := &cancelAfter{n: 3, cancel: cancel}
	var errb strings.Builder
	app := newApp(out, &errb)
	app.ExitErrHandler = func(*cli.Context, error) {}
	err := app.RunContext(ctx, []string{"nonosat", "--format", "text", "solve", "--max", "0", "--plain", "--timeout", "30s", file})
	var ec cli.ExitCoder
	if !errors.As(err, &ec) || ec.ExitCode() != exitInterrupted {
		t.Fatalf("solve interrupted after three grids: error %v, want exit %d\nstdout:\n%s", err, exitInterrupted, out.String())
	}
	for i := 1; i <= 3; i++ {
		if !strings.Contains(out.String(), fmt.Sprintf("solution %d:\n", i)) {
			t.Errorf("solve interrupted after three grids: no solution %d in\n%s", i, out.String())
		}
	}

	r := run(t, "--format", "text", "solve", "--max", "0", "--plain", "--timeout", "300ms", file)
	m := regexp.MustCompile(`multiple \(at least (\d+) solutions; timeout\)\n$`).FindStringSubmatch(r.stdout)
	if r.code != exitUndecided || m == nil {
		t.Fatalf("solve --max 0 --timeout 300ms: want a timeout after two solutions\n%v", r)
	}
	n, _ := strconv.Atoi(m[1])
	if got := strings.Count(r.stdout, "solution "); got != n {
		t.Errorf("solve --max 0 --timeout 300ms: %d grids printed, verdict says %d", got, n)
	}
	if !strings.HasPrefix(r.stdout, "solution 1:\n") || !strings.Contains(r.stdout, fmt.Sprintf("solution %d:\n", n)) {
		t.Errorf("solve --max 0 --timeout 300ms: grids not numbered 1 to %d:\n%.300s", n, r.stdout)
	}
}

// TestGridPrinterClearsProgress: a grid printed while the progress line
// is drawn on standard error takes that line away first, so that the
// two do not share a line of the terminal.
func TestGridPrinterClearsProgress(t *testing.T) {
	var out, errb strings.Builder
	app := newApp(&out, &errb)
	c := cli.NewContext(app, nil, nil)
	pl := &progressLine{w: &errb, drawn: true}
	gp := &gridPrinter{c: c, max: 1, progress: pl, show: func(puzzle.Grid) error {
		_, err := fmt.Fprint(&out, "grid\n")
		return err
	}}
	if !gp.take(puzzle.Grid{}) {
		t.Fatal("take: false without a write error")
	}
	if errb.String() != "\r\x1b[K" || pl.drawn || out.String() != "grid\n" {
		t.Errorf("stderr %q (drawn %v), stdout %q; want the line cleared, then the grid", errb.String(), pl.drawn, out.String())
	}
}

// TestCheckGradeDeadline: check's grade (probing to the end, 7 s on
// this 200×200 puzzle with a 1 in every line, whose solve takes about
// 1.3 s) is held to --timeout with the solve; when the deadline comes
// first, the verdict goes out without a grade.
func TestCheckGradeDeadline(t *testing.T) {
	ones := strings.Repeat("1\n", 200)
	file := textFile(t, ones+"\n"+ones)
	for _, args := range [][]string{{"--grade"}, {"--json"}} {
		start := time.Now()
		r := run(t, append([]string{"--format", "text", "check", "--timeout", "2s", file}, args...)...)
		if took := time.Since(start); took > 6*time.Second {
			t.Errorf("check %v --timeout 2s took %v", args, took.Round(time.Millisecond))
		}
		if r.code != exitMultiple && r.code != exitUndecided {
			t.Errorf("check %v: %v", args, r)
		}
		if args[0] == "--grade" && r.code == exitMultiple && r.stdout != "multiple (no grade: the timeout came first)\n" && !strings.HasPrefix(r.stdout, "multiple (grade 0") {
			t.Errorf("check --grade: stdout %q", r.stdout)
		}
	}
}

// TestGridPrinterHoldsProgress: the progress line is not redrawn while a
// grid is being printed: on a terminal, the redraw would land among the
// grid's rows and stay there (the next clear only wipes the line the
// cursor is on by then).
func TestGridPrinterHoldsProgress(t *testing.T) {
	after, every := stillAfter, stillEvery
	t.Cleanup(func() { stillAfter, stillEvery = after, every })
	stillAfter, stillEvery = 0, time.Millisecond
	term := &servetest.Buffer{} // standard output and standard error in one, as a terminal shows them
	app := newApp(term, term)
	c := cli.NewContext(app, nil, nil)
	pl := stillSolving(term, "p.txt (2x2)")
	time.Sleep(20 * time.Millisecond) // drawn by now
	gp := &gridPrinter{c: c, max: 0, number: true, progress: pl, show: func(puzzle.Grid) error {
		fmt.Fprint(term, "row 1\n")
		time.Sleep(50 * time.Millisecond) // many redraws' worth
		_, err := fmt.Fprint(term, "row 2\n")
		return err
	}}
	gp.take(puzzle.Grid{})
	pl.done()
	out := term.String()
	i := strings.Index(out, "solution 1:\n")
	j := strings.Index(out, "row 2\n")
	if i < 0 || j < 0 {
		t.Fatalf("no grid in %q", out)
	}
	if grid := out[i : j+len("row 2\n")]; grid != "solution 1:\nrow 1\nrow 2\n" {
		t.Errorf("the progress line was drawn in the middle of the grid: %q", grid)
	}
}

// TestSolveHeaderOnlyWithResult: a named puzzle's "== NAME" header comes
// with its grids or its verdict; one that fails (here a CNF over
// --max-memory) leaves none on standard output, only its error.
func TestSolveHeaderOnlyWithResult(t *testing.T) {
	small := textFile(t, diagonals)
	ones := strings.Repeat("1\n", 80)
	big := filepath.Join(t.TempDir(), "big.txt")
	if err := os.WriteFile(big, []byte(ones+"\n"+ones), 0o644); err != nil {
		t.Fatal(err)
	}
	r := run(t, "--format", "text", "solve", "--plain", "--no-search", "--max-memory", "1M", small, big)
	if r.code != exitError || !strings.HasPrefix(r.stdout, "== "+small) || strings.Contains(r.stdout, "big.txt") || !strings.Contains(r.stderr, "big.txt") {
		t.Errorf("solve small big --max-memory 1M: %v", r)
	}
}

// TestCountInterrupted: Ctrl-C during count keeps what was counted:
// "at least N (interrupted)", exit 130. The puzzle (a 1 in every line
// of 10×10) has 10! solutions, far more than a quarter of a second
// counts.
func TestCountInterrupted(t *testing.T) {
	ones := strings.Repeat("1\n", 10)
	file := textFile(t, ones+"\n"+ones)
	ctx, cancel := context.WithTimeout(context.Background(), 250*time.Millisecond)
	defer cancel()
	r := runContext(t, ctx, "--format", "text", "count", "--max", "0", file)
	m := regexp.MustCompile(`^at least (\d+) \(interrupted\)\n$`).FindStringSubmatch(r.stdout)
	if r.code != exitInterrupted || m == nil || m[1] == "0" {
		t.Errorf("count interrupted: %v; want \"at least N (interrupted)\" with N > 0, exit %d", r, exitInterrupted)
	}
}

// TestSolveColors: solve --color always draws in 24-bit colour only when
// COLORTERM says the terminal has it, else in xterm's 256 colours, and
// either way each cell keeps its character: the grid copied from the
// terminal (without the escapes) is the plain one.
func TestSolveColors(t *testing.T) {
	plain := run(t, "solve", "--color", "never", "testdata/heart.non")
	escape := regexp.MustCompile("\x1b\\[[0-9;]*m")
	for _, tt := range []struct{ colorterm, want, not string }{
		{"", "\x1b[48;5;", ";2;"},
		{"xterm-256color", "\x1b[48;5;", ";2;"},
		{"truecolor", "\x1b[48;2;", ";5;"},
		{"24bit", "\x1b[48;2;", ";5;"},
	} {
		t.Setenv("COLORTERM", tt.colorterm)
		r := run(t, "solve", "--color", "always", "testdata/heart.non")
		if r.code != exitOK || !strings.Contains(r.stdout, tt.want) || strings.Contains(r.stdout, tt.not) {
			t.Errorf("COLORTERM=%s solve --color always: %q; want %q escapes", tt.colorterm, r.stdout, tt.want)
		}
		if got := escape.ReplaceAllString(r.stdout, ""); got != plain.stdout {
			t.Errorf("COLORTERM=%s solve --color always, without its escapes:\n%s\nwant\n%s", tt.colorterm, got, plain.stdout)
		}
	}
}
