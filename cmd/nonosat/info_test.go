package main

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/report"
)

// infoJSON runs info --json and decodes each line.
func infoJSON(t *testing.T, args ...string) []report.Info {
	t.Helper()
	r := run(t, append([]string{"info", "--json"}, args...)...)
	if r.code != exitOK || r.stderr != "" {
		t.Fatalf("info --json %q: %v", args, r)
	}
	return jsonLines[report.Info](t, r)
}

// jsonLines decodes each line r printed as a T (JSON Lines).
func jsonLines[T any](t *testing.T, r result) []T {
	t.Helper()
	var out []T
	for _, line := range strings.SplitAfter(strings.TrimSuffix(r.stdout, "\n"), "\n") {
		var x T
		if err := json.Unmarshal([]byte(line), &x); err != nil {
			t.Fatalf("line %q: %v\n%v", line, err, r)
		}
		out = append(out, x)
	}
	return out
}

func TestInfoJSON(t *testing.T) {
	needFormats(t, puzzle.NON)
	ins := infoJSON(t, "testdata/heart.non")
	if len(ins) != 1 {
		t.Fatalf("info --json heart.non printed %d objects, want 1", len(ins))
	}
	in := ins[0]
	if in.Title != "Heart" || in.Width != 7 || in.Height != 6 || len(in.Colors) != 2 || in.Colors[1].Cells != 27 ||
		!in.Goal || in.GoalOK == nil || !*in.GoalOK || in.GoalError != "" {
		t.Errorf("info --json heart.non = %+v, want Heart, 7x6, 27 black cells, a goal that checks", in)
	}

	in = infoJSON(t, "testdata/heart-badgoal.non")[0]
	if !in.Goal || in.GoalOK == nil || *in.GoalOK || !strings.Contains(in.GoalError, "row 4 reads 2 2, clue is 5") {
		t.Errorf("info --json heart-badgoal.non = %+v, want a goal failing on row 4", in)
	}
}

func TestInfoSeveral(t *testing.T) {
	needFormats(t, puzzle.XML)
	ins := infoJSON(t, "testdata/garden.xml")
	if len(ins) != 2 {
		t.Fatalf("info --json garden.xml printed %d objects, want 2", len(ins))
	}
	for i, want := range []struct {
		id    string
		cells []int
	}{{"garden-1", []int{0, 27}}, {"garden-2", []int{0, 6, 4}}} {
		in := ins[i]
		var cells []int
		for _, c := range in.Colors {
			cells = append(cells, c.Cells)
		}
		if in.Index != i+1 || in.Puzzles != 2 || in.ID != want.id || !reflect.DeepEqual(cells, want.cells) || in.GoalOK == nil || !*in.GoalOK {
			t.Errorf("info --json garden.xml, puzzle %d = %+v, want id %s, cells %v, a goal that checks", i+1, in, want.id, want.cells)
		}
	}
	if c := ins[1].Colors[1]; c.Name != "red" || c.Char != "r" || c.RGB != "#cc2200" {
		t.Errorf("garden.xml puzzle 2 colour 1 = %+v, want red 'r' #cc2200", c)
	}

	r := run(t, "info", "testdata/garden.xml")
	if r.code != exitOK || !strings.Contains(r.stdout, "puzzle:  1 of 2\n") || !strings.Contains(r.stdout, "\n\npuzzle:  2 of 2\n") {
		t.Errorf("info garden.xml: %v\nwant two numbered blocks separated by a blank line", r)
	}
}

// TestInfoGradeTimeout: info --grade gives each puzzle at most --timeout;
// a verdict the deadline stopped is "timeout", with no grade. The
// puzzle has a 1 in every line (30! solutions) and no goal: nothing is
// decided in a nanosecond.
func TestInfoGradeTimeout(t *testing.T) {
	ones := strings.Repeat("1\n", 30)
	r := run(t, "--format", "text", "info", "--grade", "--timeout", "1ns", textFile(t, ones+"\n"+ones))
	if r.code != exitOK || !strings.Contains(r.stdout, "verdict: timeout") || strings.Contains(r.stdout, "grade:") {
		t.Errorf("info --grade --timeout 1ns: %v", r)
	}
	r = run(t, "info", "--grade", "--timeout", "1m", "testdata/heart.non")
	if r.code != exitOK || !strings.Contains(r.stdout, "grade:   1: line") {
		t.Errorf("info --grade --timeout 1m: %v", r)
	}
}

// TestInfoSeveralFiles: info takes several files, as solve, check and
// count do: each puzzle is described under its file's name, and a file
// that cannot be read is reported while the others go on (exit 1).
func TestInfoSeveralFiles(t *testing.T) {
	r := run(t, "info", "testdata/heart.non", "testdata/nosuch.non", "../../examples/flower.xml")
	if r.code != exitError || !strings.Contains(r.stderr, "nosuch.non") ||
		!strings.HasPrefix(r.stdout, "file:    testdata/heart.non\n") || !strings.Contains(r.stdout, "\n\nfile:      ../../examples/flower.xml\ntitle:     Flower\n") {
		t.Errorf("info of three files, one missing: %v", r)
	}
	r = run(t, "info", "--json", "testdata/heart.non", "../../examples/flower.xml")
	if lines := strings.Split(strings.TrimSpace(r.stdout), "\n"); r.code != exitOK || len(lines) != 2 || !strings.Contains(lines[1], `"file":"../../examples/flower.xml"`) {
		t.Errorf("info --json of two files: %v", r)
	}
	if r := run(t, "info", "-", "-"); r.code != exitUsage {
		t.Errorf("info - -: %v; want exit %d", r, exitUsage)
	}
}

// TestInfoOneCell: a colour that fills one cell says "1 cell".
func TestInfoOneCell(t *testing.T) {
	file := writeFile(t, "one.non", "width 2\nheight 1\nrows\n1\ncolumns\n1\n0\n")
	if r := run(t, "info", file); r.code != exitOK || !strings.Contains(r.stdout, "#000000 1 cell\n") {
		t.Errorf("info of a puzzle with one black cell: %v; want \"1 cell\"", r)
	}
}
