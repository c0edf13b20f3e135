package design_test

import (
	"context"
	"strings"
	"testing"

	"github.com/nonosat/nonosat/design"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/solver"
)

func TestStepWriteText(t *testing.T) {
	tests := []struct {
		name string
		s    design.Step
		n    int
		want string
	}{
		{"line", design.Step{Cells: []design.Cell{{Row: 1, Col: 2, Color: "black"}, {Row: 1, Col: 3, Color: "white"}}, Line: "row 1", Reason: "why", Kind: design.KindLine}, 3,
			"3. row 1 (line): (1,2) black (1,3) white\n    why\n"},
		{"unnumbered guess", design.Step{Cells: []design.Cell{{Row: 4, Col: 5, Color: "red"}}, Line: "row 4", Reason: "a guess", Kind: design.KindGuess}, 0,
			"row 4 (guess): (4,5) red\n    a guess\n"},
		{"lookahead", design.Step{Cells: []design.Cell{{Row: 2, Col: 1, Color: "black"}}, Line: "column 1", Reason: "r", Kind: design.KindLookahead}, 1,
			"1. column 1 (lookahead): (2,1) black\n    r\n"},
		{"no cells", design.Step{Reason: "solved"}, 2, "solved\n"},
	}
	for _, tt := range tests {
		var b strings.Builder
		if err := tt.s.WriteText(&b, tt.n); err != nil || b.String() != tt.want {
			t.Errorf("%s: WriteText = %q, %v, want %q", tt.name, b.String(), err, tt.want)
		}
	}
	h := design.Hint{Step: tests[0].s, Mistakes: []design.Pos{{Row: 2, Col: 7}}}
	var b strings.Builder
	if err := h.WriteText(&b); err != nil || b.String() != "mistake: row 2, column 7 fits no solution\nrow 1 (line): (1,2) black (1,3) white\n    why\n" {
		t.Errorf("Hint.WriteText = %q, %v", b.String(), err)
	}
}

func TestWriteEdits(t *testing.T) {
	es := []design.Edit{
		{Cells: []design.Cell{{Row: 1, Col: 1, Color: "black"}}, Verdict: "unique", Open: 0},
		{Cells: []design.Cell{{Row: 2, Col: 3, Color: "white"}, {Row: 3, Col: 2, Color: "black"}}, Verdict: "multiple", Open: 4},
	}
	var b strings.Builder
	want := "1. (1,1) to black: unique, line-solvable\n2. (2,3) to white, (3,2) to black: multiple, 4 cells open after line logic\n"
	if err := design.WriteEdits(&b, es); err != nil || b.String() != want {
		t.Errorf("WriteEdits = %q, %v, want %q", b.String(), err, want)
	}
}

func TestFixGoal(t *testing.T) {
	ctx := context.Background()
	// The diagonals of a 2x2 grid: two solutions.
	p := puzzle.New([][]int{{1}, {1}}, [][]int{{1}, {1}})
	p.Goal = puzzle.Grid{{0, 1}, {1, 0}}
	if g, res, err := design.FixGoal(ctx, p, solver.Options{}); err != nil || res != nil || !g.Equal(p.Goal) {
		t.Errorf("FixGoal with a goal that solves it = %v, %v, %v; want the goal", g, res, err)
	}
	p.Goal = puzzle.Grid{{1, 1}, {0, 0}} // not a solution
	g, res, err := design.FixGoal(ctx, p, solver.Options{})
	if err != nil || res == nil || g == nil || puzzle.Check(p, g) != nil {
		t.Errorf("FixGoal with a wrong goal = %v, %v, %v; want a solution", g, res, err)
	}
	none := puzzle.New([][]int{{2}, {}}, [][]int{{}, {}})
	g, res, err = design.FixGoal(ctx, none, solver.Options{})
	if err != nil || g != nil || res == nil || res.Verdict != solver.None {
		t.Errorf("FixGoal with no solution = %v, %v, %v; want nil and verdict none", g, res, err)
	}
}
