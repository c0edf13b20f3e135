// Package brute enumerates nonogram lines and grids by brute force, with
// no SAT and no line solver, and makes random puzzles for them: the
// oracle the tests of linesolve and learner compare against.
package brute

import (
	"fmt"
	"math/rand/v2"

	"github.com/nonosat/nonosat/puzzle"
)

// Palette returns a palette with m colours besides the background.
func Palette(m int) []puzzle.Swatch {
	p := []puzzle.Swatch{puzzle.White}
	for c := 1; c <= m; c++ {
		p = append(p, puzzle.Swatch{Name: fmt.Sprint("c", c)})
	}
	return p
}

// RandomPuzzle is the puzzle of a random h×w grid over m colours whose
// cells are non-background with probability density.
func RandomPuzzle(rng *rand.Rand, h, w, m int, density float64) *puzzle.Puzzle {
	g := puzzle.NewGrid(h, w)
	for r := range g {
		for c := range g[r] {
			if rng.Float64() < density {
				g[r][c] = puzzle.Color(1 + rng.IntN(m))
			}
		}
	}
	return puzzle.FromGrid(g, Palette(m))
}

// A Placement is one way to lay a clue over a line: the colour of every
// cell and the block starts.
type Placement struct {
	Line   []puzzle.Color
	Starts []int
}

// Placements enumerates every placement of clue over n cells. A clue with
// a block of no length or of no colour has none.
func Placements(clue puzzle.Clue, n int) []Placement {
	for _, b := range clue {
		if b.Len < 1 || b.Color == 0 || b.Color > 63 {
			return nil
		}
	}
	var out []Placement
	starts := make([]int, len(clue))
	var rec func(j, from int)
	rec = func(j, from int) {
		if j == len(clue) {
			line := make([]puzzle.Color, n)
			for b, p := range starts {
				for i := p; i < p+clue[b].Len; i++ {
					line[i] = clue[b].Color
				}
			}
			out = append(out, Placement{Line: line, Starts: append([]int(nil), starts...)})
			return
		}
		for p := from; p+clue[j].Len <= n; p++ {
			starts[j] = p
			next := p + clue[j].Len
			if j+1 < len(clue) && clue[j+1].Color == clue[j].Color {
				next++
			}
			rec(j+1, next)
		}
	}
	rec(0, 0)
	return out
}

// Solutions lists every grid satisfying p: each row runs through every
// placement of its clue, and the columns are checked by puzzle.Check at
// the leaves.
func Solutions(p *puzzle.Puzzle) []puzzle.Grid {
	rows := make([][]Placement, p.Height())
	for r, clue := range p.Rows {
		rows[r] = linePlacements(clue, p.Width())
	}
	var out []puzzle.Grid
	g := make(puzzle.Grid, p.Height())
	var rec func(r int)
	rec = func(r int) {
		if r == p.Height() {
			if puzzle.Check(p, g) == nil {
				out = append(out, g.Clone())
			}
			return
		}
		for _, pl := range rows[r] {
			g[r] = pl.Line
			rec(r + 1)
		}
	}
	rec(0)
	return out
}

// linePlacements is Placements, with the one blank line for an empty
// clue.
func linePlacements(clue puzzle.Clue, n int) []Placement {
	if len(clue) == 0 {
		return []Placement{{Line: make([]puzzle.Color, n)}}
	}
	return Placements(clue, n)
}
