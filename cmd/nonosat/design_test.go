package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/nonosat/nonosat/puzzle"
)

// keys are the keys of a JSON object, sorted.
func keys(t *testing.T, raw json.RawMessage) []string {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatalf("%v in %s", err, raw)
	}
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

func TestCheckGrade(t *testing.T) {
	r := run(t, "check", "--json", "testdata/heart.non")
	var j struct {
		Grade json.RawMessage `json:"grade"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &j); err != nil || j.Grade == nil {
		t.Fatalf("check --json: no grade (%v)\n%v", err, r)
	}
	if !strings.Contains(string(j.Grade), `"level":1,"name":"line","line_solvable":true`) {
		t.Errorf("heart's grade %s, want level 1, line", j.Grade)
	}
	r = run(t, "check", "--grade", "testdata/heart.non")
	if r.code != exitOK || !strings.HasPrefix(r.stdout, "unique (grade 1: line; ") {
		t.Errorf("check --grade:\n%v", r)
	}
	r = run(t, "info", "--grade", "testdata/heart.non")
	if !strings.Contains(r.stdout, "verdict: unique\n") || !strings.Contains(r.stdout, "grade:   1: line; ") {
		t.Errorf("info --grade:\n%v", r)
	}
	// Grade 0 says why, in counts a person reads.
	const want = "multiple (grade 0: not unique; 1 pass, 4 line solves, 8 probes, 4 cells open after them)\n"
	if r := run(t, "check", "--grade", textFile(t, diagonals)); r.code != exitMultiple || r.stdout != want {
		t.Errorf("check --grade on the diagonals: %v; want %q", r, want)
	}
}

func TestHintCommand(t *testing.T) {
	r := run(t, "hint", "--json", "testdata/heart.non")
	if r.code != exitOK {
		t.Fatalf("hint:\n%v", r)
	}
	if got, want := keys(t, json.RawMessage(r.stdout)), []string{"cells", "line", "mistakes", "reason"}; !reflect.DeepEqual(got, want) {
		t.Errorf("hint --json keys %v, want %v", got, want)
	}
	// Row 3 as the solution has it, but its first cell wrong.
	part := strings.Repeat("???????\n", 2) + ".######\n" + strings.Repeat("???????\n", 3)
	grid := filepath.Join(t.TempDir(), "part.txt")
	if err := os.WriteFile(grid, []byte(part), 0o666); err != nil {
		t.Fatal(err)
	}
	r = run(t, "hint", "testdata/heart.non", "--grid", grid)
	if r.code != exitOK || !strings.HasPrefix(r.stdout, "mistake: row 3, column 1 fits no solution\n") {
		t.Errorf("hint with a wrong cell:\n%v", r)
	}
	r = run(t, "hint", "testdata/heart.non", "--grid", "testdata/heart.grid")
	if r.code != exitOK || r.stdout != "solved\n" {
		t.Errorf("hint on the solution:\n%v", r)
	}
	// heart-badchar.grid is the solution with one cell '?'.
	r = run(t, "hint", "testdata/heart.non", "--grid", "testdata/heart-badchar.grid")
	if r.code != exitOK || !strings.HasPrefix(r.stdout, "row 3 (line): (3,4) #\n") {
		t.Errorf("hint with one open cell:\n%v", r)
	}
	r = run(t, "hint", "testdata/heart.non", "--grid", "testdata/mushroom.grid")
	if r.code != exitError || !strings.Contains(r.stderr, "mushroom.grid:1: ") {
		t.Errorf("hint on a grid of the wrong size:\n%v", r)
	}
}

// TestStepsCommand: the cells of the steps, applied in order, give the
// solution, and the last line counts them.
func TestStepsCommand(t *testing.T) {
	r := run(t, "steps", "--json", "testdata/heart.non")
	if r.code != exitOK {
		t.Fatalf("steps:\n%v", r)
	}
	g := [6][]byte{}
	for i := range g {
		g[i] = []byte(".......")
		copy(g[i], "???????")
	}
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	for _, line := range lines {
		var s struct {
			Cells []struct {
				Row, Col int
				Color    string
			}
		}
		if err := json.Unmarshal([]byte(line), &s); err != nil {
			t.Fatal(err)
		}
		for _, x := range s.Cells {
			g[x.Row-1][x.Col-1] = x.Color[0]
		}
	}
	want, _ := os.ReadFile("testdata/heart.grid")
	var got strings.Builder
	for _, row := range g {
		got.Write(row)
		got.WriteByte('\n')
	}
	if got.String() != string(want) {
		t.Errorf("steps give\n%swant\n%s", got.String(), want)
	}
	r = run(t, "steps", "testdata/heart.non")
	if !strings.HasSuffix(r.stdout, "line, 0 lookahead, 0 guess\n") {
		t.Errorf("steps: no count at the end:\n%v", r)
	}
}

// TestStepsNotUnique: on puzzles with several solutions (the diagonals;
// 4×4 with a 1 in every line, 24 solutions), steps and hint warn that the
// puzzle is not unique, exit 3 as check does, and their first guess says
// that the solutions part there instead of claiming it is forced.
func TestStepsNotUnique(t *testing.T) {
	for _, text := range []string{diagonals, permutations(4)} {
		file := textFile(t, text)
		for _, cmd := range []string{"steps", "hint"} {
			r := run(t, "--format", "text", cmd, file)
			if r.code != exitMultiple || !strings.Contains(r.stderr, "warning: "+file+": the puzzle is not unique") ||
				!strings.Contains(r.stdout, "(the puzzle is not unique)") || strings.Contains(r.stdout, "only trying both ways") {
				t.Errorf("%s on a puzzle of several solutions: %v; want a warning, exit %d and a guess that says so", cmd, r, exitMultiple)
			}
		}
	}
	// A unique puzzle gets neither.
	if r := run(t, "steps", "testdata/heart.non"); r.code != exitOK || strings.Contains(r.stderr, "warning") {
		t.Errorf("steps on a unique puzzle: %v", r)
	}
}

// TestFixCommand: a picture with two solutions (a 2×2 square of which
// only the diagonal is filled, inside a frame of empty cells); fix's best
// edit makes it unique, and --apply writes that puzzle.
func TestFixCommand(t *testing.T) {
	g := puzzle.Grid{{0, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 0}}
	p := puzzle.FromGrid(g, puzzle.BlackWhite())
	p.Goal = g
	dir := t.TempDir()
	in := filepath.Join(dir, "diag.non")
	fh, err := os.Create(in)
	if err != nil {
		t.Fatal(err)
	}
	if err := puzzle.Encode(fh, p, puzzle.NON); err != nil {
		t.Fatal(err)
	}
	fh.Close()
	if r := run(t, "check", in); r.code != exitMultiple {
		t.Fatalf("the test puzzle is not ambiguous:\n%v", r)
	}
	if r := run(t, "fix", "testdata/heart-badgoal.non"); r.code != exitOK || !strings.Contains(r.stderr, "has a goal picture that is not a solution") {
		t.Errorf("fix heart-badgoal.non: %v; want exit 0, saying the goal is no solution", r)
	}
	r := run(t, "fix", "--json", in)
	var j struct {
		Edits []json.RawMessage `json:"edits"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &j); err != nil || len(j.Edits) == 0 {
		t.Fatalf("fix --json: %v\n%v", err, r)
	}
	if got, want := keys(t, j.Edits[0]), []string{"cells", "open", "verdict"}; !reflect.DeepEqual(got, want) {
		t.Errorf("fix --json edit keys %v, want %v", got, want)
	}
	if !strings.Contains(string(j.Edits[0]), `"verdict":"unique"`) {
		t.Errorf("best edit %s, want a unique one", j.Edits[0])
	}
	out := filepath.Join(dir, "fixed.non")
	r = run(t, "fix", in, "--apply", "-o", out)
	if r.code != exitOK || !strings.HasPrefix(r.stdout, "1. (") {
		t.Fatalf("fix --apply:\n%v", r)
	}
	if r := run(t, "check", "--no-presolve", out); r.code != exitOK {
		t.Errorf("the fixed puzzle is not unique:\n%v", r)
	}
}

// TestFixNothingToFix: the house, which line logic solves, has nothing to
// fix, and --apply leaves its picture alone (it used to add a cell at
// (1,1)); a 12×12 with a 1 in every line has no edit of one or two cells
// that makes it unique: fix says so, exits 3, and --apply writes nothing.
func TestFixNothingToFix(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "house.non")
	r := run(t, "fix", "--apply", "-o", out, "../../examples/house.non")
	if r.code != exitOK || r.stdout != "already unique (line logic solves it): nothing to fix\n" {
		t.Errorf("fix --apply on the house: %v; want nothing to fix", r)
	}
	house, err := puzzle.ReadFile("../../examples/house.non")
	if err != nil {
		t.Fatal(err)
	}
	if q, err := puzzle.ReadFile(out); err != nil || !q.Goal.Equal(house.Goal) || !reflect.DeepEqual(q.Rows, house.Rows) || !reflect.DeepEqual(q.Cols, house.Cols) {
		t.Errorf("fix --apply wrote the house changed (%v)", err)
	}
	if r := run(t, "fix", "--json", "../../examples/house.non"); r.code != exitOK || r.stdout != `{"edits":[]}`+"\n" {
		t.Errorf("fix --json on the house: %v; want no edits", r)
	}
	var text strings.Builder
	text.WriteString("width 12\nheight 12\nrows\n" + strings.Repeat("1\n", 12) + "columns\n" + strings.Repeat("1\n", 12) + "goal \"")
	for i := range 144 {
		text.WriteByte("01"[min(1, i%13)^1])
	}
	text.WriteString("\"\n")
	in := writeFile(t, "perm.non", text.String())
	r = run(t, "fix", in)
	if r.code != exitMultiple || !strings.HasPrefix(r.stdout, "no edit of one or two cells makes it unique; the best leaves 100 cells open after line logic:\n1. ") {
		t.Errorf("fix on a permutation: %v; want no fix, the best's open cells, exit %d", r, exitMultiple)
	}
	out = filepath.Join(dir, "perm-fixed.non")
	r = run(t, "fix", "--apply", "-o", out, in)
	if _, err := os.Stat(out); r.code != exitMultiple || err == nil {
		t.Errorf("fix --apply on a permutation: %v; want exit %d and no %s", r, exitMultiple, out)
	}
}

func TestGenerateCommand(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.non"), filepath.Join(dir, "b.non")
	for _, out := range []string{a, b} {
		if r := run(t, "generate", "--size", "12x9", "--line-solvable", "--density", "0.5", "--seed", "5", "-o", out); r.code != exitOK {
			t.Fatalf("generate:\n%v", r)
		}
	}
	da, _ := os.ReadFile(a)
	db, _ := os.ReadFile(b)
	if string(da) != string(db) || len(da) == 0 {
		t.Errorf("the same seed gave different puzzles:\n%s\n%s", da, db)
	}
	r := run(t, "check", "--grade", a)
	if r.code != exitOK || !strings.HasPrefix(r.stdout, "unique (grade 1: line") {
		t.Errorf("generated puzzle:\n%v", r)
	}
	p, err := puzzle.ReadFile(a)
	if err != nil || p.Width() != 12 || p.Height() != 9 {
		t.Errorf("generated puzzle %v, %v: want 12x9", p, err)
	}
	// Without --seed, each run takes a new seed and says which; that seed
	// makes the same puzzle again.
	r1, r2 := run(t, "generate", "--size", "8x8"), run(t, "generate", "--size", "8x8")
	seed := regexp.MustCompile(`^nonosat: generate: seed ([0-9]+) \(--seed ([0-9]+) makes this puzzle again\)\n$`)
	m1, m2 := seed.FindStringSubmatch(r1.stderr), seed.FindStringSubmatch(r2.stderr)
	if r1.code != exitOK || r2.code != exitOK || m1 == nil || m2 == nil || m1[1] == m2[1] || r1.stdout == r2.stdout {
		t.Fatalf("generate twice without --seed: want two seeds, said, and two puzzles\n%v\n%v", r1, r2)
	}
	if again := run(t, "generate", "--size", "8x8", "--seed", m1[1]); again.stdout != r1.stdout || again.stderr != "" {
		t.Errorf("generate --seed %s: %v; want the puzzle of the run that said that seed, and no seed line", m1[1], again)
	}
	r = run(t, "generate", "--size", "10x8", "--colors", "3", "--unique", "--seed", "2")
	if r.code != exitOK || !strings.HasPrefix(r.stdout, "<?xml") {
		t.Errorf("generate --colors 3:\n%v", r)
	}
	for _, args := range [][]string{
		{"generate"},
		{"generate", "--size", "ten"},
		{"generate", "--size", "5x5", "--colors", "0"},
		{"generate", "--size", "5x5", "--density", "1"},
		{"generate", "--size", "5x5", "--colors", "2", "-o", filepath.Join(dir, "c.nin")},
	} {
		if r := run(t, args...); r.code != exitUsage {
			t.Errorf("%v: exit %d, want %d\n%v", args, r.code, exitUsage, r)
		}
	}
	if r := run(t, "generate", "--size", "2000x2000"); r.code != exitUsage || !strings.Contains(r.stderr, "want whole numbers from 1 to 1000") {
		t.Errorf("generate --size 2000x2000: %v; want exit %d saying the largest side", r, exitUsage)
	}
}

// TestDesignTimeout: steps, hint, fix and generate stop at --timeout with
// exit 4 and a message naming it; an answer in time is printed as usual.
// The puzzle has a 1 in every line (30! solutions): nothing about it is
// decided in a nanosecond.
func TestDesignTimeout(t *testing.T) {
	ones := strings.Repeat("1\n", 30)
	file := textFile(t, ones+"\n"+ones)
	for _, args := range [][]string{
		{"steps", file},
		{"fix", file},
		{"generate", "--size", "40x40", "--unique"},
	} {
		r := run(t, append([]string{"--format", "text"}, append(args, "--timeout", "1ns")...)...)
		if r.code != exitUndecided || !strings.Contains(r.stderr, "no answer within 1ns (--timeout)") {
			t.Errorf("%s --timeout 1ns: %v", args[0], r)
		}
	}
	if r := run(t, "hint", "--timeout", "1m", "testdata/heart.non"); r.code != exitOK || r.stdout == "" {
		t.Errorf("hint --timeout 1m: %v", r)
	}
	if r := run(t, "steps", "--timeout", "-1s", "testdata/heart.non"); r.code != exitUsage {
		t.Errorf("steps --timeout -1s: %v", r)
	}
}
