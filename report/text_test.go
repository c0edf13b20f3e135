package report_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/report"
	"github.com/nonosat/nonosat/solver"
)

// mushroom is a two-colour 4x4 puzzle drawn for these tests:
//
//	.rr.
//	rrrr
//	.gg.
//	.gg.
func mushroom() *puzzle.Puzzle {
	g := puzzle.Grid{{0, 1, 1, 0}, {1, 1, 1, 1}, {0, 2, 2, 0}, {0, 2, 2, 0}}
	p := puzzle.FromGrid(g, []puzzle.Swatch{
		puzzle.White,
		{Name: "red", RGB: puzzle.RGB{R: 0xcc, G: 0x22}, Char: 'r'},
		{Name: "green", RGB: puzzle.RGB{R: 0x33, G: 0xaa, B: 0x33}, Char: 'g'},
	})
	p.Title, p.ID = "Mushroom", "garden-2"
	return p
}

func TestInfoWriteText(t *testing.T) {
	p := mushroom()
	var buf bytes.Buffer
	if err := report.Describe("garden.xml", 2, 2, p).WriteText(&buf, false); err != nil {
		t.Fatal(err)
	}
	want := `puzzle:  2 of 2
title:   Mushroom
id:      garden-2
size:    4x4 (width x height)
colours: 2
         0 white '.' #ffffff background
         1 red   'r' #cc2200 6 cells
         2 green 'g' #33aa33 4 cells
goal:    present, satisfies the clues
`
	if buf.String() != want {
		t.Errorf("WriteText(mushroom) =\n%s\nwant\n%s", buf.String(), want)
	}

	p.Goal[0][0] = 1
	p.Title, p.ID = "", ""
	buf.Reset()
	if err := report.Describe("x", 0, 1, p).WriteText(&buf, false); err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{
		"title:   -\n",
		"goal:    present, does NOT satisfy the clues: not a solution: row 1 reads 3, clue is 2\n",
	} {
		if !strings.Contains(buf.String(), line) {
			t.Errorf("WriteText(bad goal) =\n%s\nwant a line %q", buf.String(), line)
		}
	}
	if strings.Contains(buf.String(), "puzzle:") {
		t.Errorf("WriteText of a file's only puzzle numbers it:\n%s", buf.String())
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
		if got := report.VerdictLine(&puzzle.Puzzle{}, &tt.res); got != tt.want {
			t.Errorf("VerdictLine(%+v) = %q, want %q", tt.res, got, tt.want)
		}
	}
}
