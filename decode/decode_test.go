package decode_test

import (
	"testing"

	"github.com/nonosat/nonosat/cnf"
	"github.com/nonosat/nonosat/decode"
	"github.com/nonosat/nonosat/encode"
	"github.com/nonosat/nonosat/puzzle"
)

// modelOf sets exactly the cell literals that describe g; the other
// variables stay false, which decode must not need.
func modelOf(e *encode.Encoding, g puzzle.Grid) cnf.Model {
	m := make(cnf.Model, e.Formula.NumVars)
	for r := range g {
		for c, v := range g[r] {
			for _, w := range e.Values(r, c) {
				l, _ := e.Cell(r, c, w)
				if (w == v) == l.IsPos() {
					m[l.Var()-1] = true
				}
			}
		}
	}
	return m
}

func TestGrid(t *testing.T) {
	tests := []struct {
		name    string
		g       puzzle.Grid
		palette []puzzle.Swatch
	}{
		{"black and white", puzzle.Grid{{1, 0, 1}, {0, 1, 1}}, nil},
		{"three colours", puzzle.Grid{{1, 2, 0}, {3, 3, 0}, {0, 2, 1}}, []puzzle.Swatch{puzzle.White, puzzle.Black, {Name: "red"}, {Name: "blue"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := puzzle.FromGrid(tt.g, tt.palette)
			e, err := encode.Puzzle(p)
			if err != nil {
				t.Fatal(err)
			}
			if got := decode.Grid(e, modelOf(e, tt.g)); !got.Equal(tt.g) {
				t.Errorf("Grid(model of\n%v) =\n%v", tt.g, got)
			}
		})
	}
}
