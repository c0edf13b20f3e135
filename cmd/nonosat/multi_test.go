package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nonosat/nonosat/report"
)

// badMiddle holds three puzzles; the second has a negative block
// (line 19).
const badMiddle = "testdata/multi/bad-middle.taai"

const badMiddleErr = badMiddle + ":19: puzzle 2: row 1: clue \"-1\": not a positive integer"

// TestBadPuzzleOfSeveral: check, solve, count and batch report the bad
// middle puzzle with file, index and line, solve the other two, and exit 1.
func TestBadPuzzleOfSeveral(t *testing.T) {
	for _, cmd := range []string{"check", "solve", "count"} {
		r := run(t, cmd, badMiddle)
		if r.code != exitError || !strings.Contains(r.stderr, badMiddleErr) {
			t.Errorf("%s %s: %v; want exit 1 and %q", cmd, badMiddle, r, badMiddleErr)
		}
		if cmd == "check" && r.stdout != badMiddle+" $1: unique\n"+badMiddle+" $3: unique\n" {
			t.Errorf("check %s printed %q; want puzzles 1 and 3 unique", badMiddle, r.stdout)
		}
	}
	for _, args := range [][]string{{"check", "--json", badMiddle}, {"batch", "-j", "1", badMiddle}} {
		r := run(t, args...)
		lines := jsonLines[report.Result](t, r)
		if r.code != exitError || len(lines) != 3 {
			t.Fatalf("%v: %v; want exit 1 and three lines", args, r)
		}
		for i, j := range lines {
			want := "unique"
			if i == 1 {
				want = report.VerdictError
			}
			if j.Index != i+1 || j.Verdict != want || (i == 1) != strings.HasPrefix(j.Error, badMiddleErr) {
				t.Errorf("%v line %d: index %d, verdict %q, error %q; want index %d, verdict %q", args, i+1, j.Index, j.Verdict, j.Error, i+1, want)
			}
		}
	}
}

// TestUnreadablePuzzleOfSeveral: a puzzle of a tournament file that
// cannot be read at all (an odd number of clue lines) is reported with
// its number, and the others are solved.
func TestUnreadablePuzzleOfSeveral(t *testing.T) {
	const file = "testdata/multi/syntax-middle.taai"
	r := run(t, "check", file)
	if r.code != exitError || !strings.Contains(r.stderr, file+":16: puzzle 2: puzzle $2 has 5 clue lines") ||
		r.stdout != file+" $1: unique\n"+file+" $3: unique\n" {
		t.Errorf("check %s: %v; want puzzles 1 and 3 unique, and puzzle 2's error", file, r)
	}
}

// TestOnePuzzleOfSeveral: the commands that take one puzzle of a file
// (--index, --puzzle) take a good one beside a bad one, and info
// describes the good ones and reports the bad one.
func TestOnePuzzleOfSeveral(t *testing.T) {
	for _, args := range [][]string{
		{"hint", "--puzzle", "3", badMiddle},
		{"steps", "--puzzle", "3", badMiddle},
		{"dimacs", "--index", "3", badMiddle},
		// --index everywhere, as verify, dimacs and decode have it.
		{"hint", "--index", "3", badMiddle},
		{"steps", "--index", "3", badMiddle},
		{"fix", "--index", "3", badMiddle},
	} {
		if r := run(t, args...); r.code != exitOK || r.stdout == "" {
			t.Errorf("%v: %v; want exit 0 and output", args, r)
		}
	}
	if r := run(t, "hint", "--puzzle", "2", badMiddle); r.code != exitError || !strings.Contains(r.stderr, badMiddleErr) {
		t.Errorf("hint --puzzle 2 %s: %v; want exit 1 and %q", badMiddle, r, badMiddleErr)
	}
	r := run(t, "info", badMiddle)
	if r.code != exitError || !strings.Contains(r.stderr, badMiddleErr) ||
		!strings.Contains(r.stdout, "1 of 3") || !strings.Contains(r.stdout, "3 of 3") || strings.Contains(r.stdout, "2 of 3") {
		t.Errorf("info %s: %v; want puzzles 1 and 3 described, exit 1 and %q", badMiddle, r, badMiddleErr)
	}
	r = run(t, "info", "--json", badMiddle)
	lines := jsonLines[report.Info](t, r)
	if r.code != exitError || len(lines) != 3 {
		t.Fatalf("info --json %s: %v; want exit 1 and three lines", badMiddle, r)
	}
	for i, in := range lines {
		if in.Index != i+1 || (i == 1) != strings.HasPrefix(in.Error, badMiddleErr) || (i == 1) == (in.Width == 7) {
			t.Errorf("info --json %s line %d: index %d, width %d, error %q; want puzzle %d, the middle one an error", badMiddle, i+1, in.Index, in.Width, in.Error, i+1)
		}
	}
}

// TestBatchOutputIsInput: batch refuses -o naming one of its input
// puzzles, named or found in a folder, and leaves it as it was.
func TestBatchOutputIsInput(t *testing.T) {
	dir := t.TempDir()
	house := filepath.Join(dir, "house.non")
	orig := readFile(t, "../../examples/house.non")
	if err := os.WriteFile(house, []byte(orig), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{dir}, {house}, {dir, "-o", filepath.Join(dir, ".", "house.non")}} {
		if len(args) == 1 {
			args = append(args, "-o", house)
		}
		r := run(t, append([]string{"batch", "--no-progress"}, args...)...)
		if r.code != exitError || !strings.Contains(r.stderr, "it is one of the input puzzle files") {
			t.Errorf("batch %v: %v; want exit 1 and a refusal", args, r)
		}
		if got := readFile(t, house); got != orig {
			t.Fatalf("batch %v overwrote its input:\n%s", args, got)
		}
	}
	// Results inside the folder read are fine, as before.
	if r := run(t, "batch", "--no-progress", dir, "-o", filepath.Join(dir, "results.jsonl")); r.code != exitOK {
		t.Errorf("batch DIR -o DIR/results.jsonl: %v; want exit 0", r)
	}
}

// TestBadGoalWarns: a goal that breaks the clues is not used, and check
// and solve say so on standard error.
func TestBadGoalWarns(t *testing.T) {
	for _, cmd := range []string{"check", "solve"} {
		r := run(t, cmd, "testdata/heart-badgoal.non")
		if r.code != exitOK || !strings.Contains(r.stderr, "warning: testdata/heart-badgoal.non: the goal in the file is ignored: it is not a solution: row 4") {
			t.Errorf("%s heart-badgoal.non: %v; want exit 0 and a warning", cmd, r)
		}
	}
	if r := run(t, "check", "testdata/heart.non"); r.stderr != "" {
		t.Errorf("check heart.non (a good goal) warned: %q", r.stderr)
	}
}

// TestSeveralFiles: check, count and solve take several files, name each
// puzzle, report a file that cannot be read and go on; the exit status is
// that of the first puzzle that is not a success.
func TestSeveralFiles(t *testing.T) {
	r := run(t, "check", "testdata/heart.non", "testdata/nosuch.non", badMiddle, "testdata/heart.non")
	want := "testdata/heart.non: unique\n" + badMiddle + " $1: unique\n" + badMiddle + " $3: unique\ntestdata/heart.non: unique\n"
	if r.code != exitError || r.stdout != want || !strings.Contains(r.stderr, "nosuch.non") || !strings.Contains(r.stderr, badMiddleErr) {
		t.Errorf("check with four files: %v; want exit 1, stdout %q and both errors", r, want)
	}
	none := textFile(t, "2\n0\n\n2\n0\n")
	r = run(t, "check", "testdata/heart.non", none)
	if r.code != exitNoSolution || r.stdout != "testdata/heart.non: unique\n"+none+": none\n" {
		t.Errorf("check heart.non NONE: %v; want exit %d", r, exitNoSolution)
	}
	r = run(t, "count", "testdata/heart.non", "testdata/heart.non")
	if r.code != exitOK || r.stdout != "testdata/heart.non: 1\ntestdata/heart.non: 1\n" {
		t.Errorf("count heart.non twice: %v", r)
	}
	r = run(t, "solve", "--plain", "testdata/heart.non", "testdata/heart.non")
	if r.code != exitOK || strings.Count(r.stdout, "== testdata/heart.non") != 2 {
		t.Errorf("solve heart.non twice: %v; want two named solutions", r)
	}
	if r := run(t, "check", "-", "-"); r.code != exitUsage {
		t.Errorf("check - -: %v; want exit %d", r, exitUsage)
	}
}

// TestSolveTimeoutShowsKnown: solve that times out before a solution
// prints the cells line solving decides, '?' elsewhere, and --json carries
// them as "known". The puzzle has a filled first column, an empty second
// one and two diagonals in the last two.
func TestSolveTimeoutShowsKnown(t *testing.T) {
	file := textFile(t, "1 1\n1 1\n\n2\n0\n1\n1\n")
	r := run(t, "solve", "--timeout", "1ns", file)
	want := "known cells after line solving, 4 of 8 (? = undecided):\n#.??\n#.??\ntimeout\n"
	if r.code != exitUndecided || r.stdout != want {
		t.Errorf("solve --timeout 1ns: %v; want exit %d and stdout %q", r, exitUndecided, want)
	}
	r = run(t, "solve", "--json", "--timeout", "1ns", file)
	var j report.Result
	if err := json.Unmarshal([]byte(r.stdout), &j); err != nil {
		t.Fatalf("solve --json: %v (%v)", r, err)
	}
	if j.Verdict != "timeout" || strings.Join(j.Known, "/") != "#.??/#.??" {
		t.Errorf("solve --json --timeout 1ns: verdict %q, known %q; want timeout, #.??/#.??", j.Verdict, j.Known)
	}
	// --no-presolve: no line solving, so none to show.
	if r := run(t, "solve", "--no-presolve", "--timeout", "1ns", file); r.code != exitUndecided || r.stdout != "timeout\n" {
		t.Errorf("solve --no-presolve --timeout 1ns: %v; want exit %d and only the verdict", r, exitUndecided)
	}
	r = run(t, "solve", "--json", "--no-presolve", "--timeout", "1ns", file)
	var jn report.Result
	if err := json.Unmarshal([]byte(r.stdout), &jn); err != nil || jn.Known != nil {
		t.Errorf("solve --json --no-presolve --timeout 1ns: %v (%v); want no \"known\"", r, err)
	}
}
