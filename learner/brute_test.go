package learner_test

import (
	"github.com/nonosat/nonosat/internal/brute"
	"github.com/nonosat/nonosat/puzzle"
)

func gridKey(g puzzle.Grid) string { return g.String() }

// pruneSolutions is brute.Solutions with the columns followed along: row
// placements are tried in turn, and each column keeps the placements of
// its clue that agree with the rows so far, so that a dead end is left at
// once. It uses no line solver, and its answers pass puzzle.Check.
func pruneSolutions(p *puzzle.Puzzle) []puzzle.Grid {
	h, w := p.Height(), p.Width()
	lines := func(clue puzzle.Clue, n int) [][]puzzle.Color {
		if len(clue) == 0 {
			return [][]puzzle.Color{make([]puzzle.Color, n)}
		}
		var out [][]puzzle.Color
		for _, pl := range brute.Placements(clue, n) {
			out = append(out, pl.Line)
		}
		return out
	}
	rows := make([][][]puzzle.Color, h)
	for r, clue := range p.Rows {
		rows[r] = lines(clue, w)
	}
	cols := make([][][]puzzle.Color, w)
	for c, clue := range p.Cols {
		cols[c] = lines(clue, h)
	}
	var out []puzzle.Grid
	g := make(puzzle.Grid, h)
	var rec func(r int, cols [][][]puzzle.Color)
	rec = func(r int, cols [][][]puzzle.Color) {
		if r == h {
			if puzzle.Check(p, g) == nil {
				out = append(out, g.Clone())
			}
			return
		}
		next := make([][][]puzzle.Color, w)
	rows:
		for _, line := range rows[r] {
			for c := range w {
				next[c] = next[c][:0]
				for _, col := range cols[c] {
					if col[r] == line[c] {
						next[c] = append(next[c], col)
					}
				}
				if len(next[c]) == 0 {
					continue rows
				}
			}
			g[r] = line
			kept := make([][][]puzzle.Color, w)
			for c := range w {
				kept[c] = append([][]puzzle.Color(nil), next[c]...)
			}
			rec(r+1, kept)
		}
	}
	rec(0, cols)
	return out
}
