package learner_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/nonosat/nonosat/puzzle"
)

// palette returns a palette with m colours besides the background.
func palette(m int) []puzzle.Swatch {
	p := []puzzle.Swatch{puzzle.White}
	for c := 1; c <= m; c++ {
		p = append(p, puzzle.Swatch{Name: fmt.Sprint("c", c)})
	}
	return p
}

// randomPuzzle is the puzzle of a random h×w grid over m colours whose
// cells are non-background with probability density.
func randomPuzzle(rng *rand.Rand, h, w, m int, density float64) *puzzle.Puzzle {
	g := puzzle.NewGrid(h, w)
	for r := range g {
		for c := range g[r] {
			if rng.Float64() < density {
				g[r][c] = puzzle.Color(1 + rng.IntN(m))
			}
		}
	}
	return puzzle.FromGrid(g, palette(m))
}

// placement is one way to lay a clue over a line: the colour of every cell
// and the block starts.
type placement struct {
	line   []puzzle.Color
	starts []int
}

// placements enumerates every placement of clue over n cells by brute
// force, independently of the package's automaton.
func placements(clue puzzle.Clue, n int) []placement {
	for _, b := range clue {
		if b.Len < 1 || b.Color == 0 || b.Color > 63 {
			return nil
		}
	}
	var out []placement
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
			out = append(out, placement{line: line, starts: append([]int(nil), starts...)})
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

// bruteSolutions lists every grid satisfying p without the package's code:
// each row runs through every placement of its clue and the columns are
// checked by puzzle.Check at the leaves.
func bruteSolutions(p *puzzle.Puzzle) []puzzle.Grid {
	rows := make([][]placement, p.Height())
	for r, clue := range p.Rows {
		rows[r] = placements(clue, p.Width())
		if len(clue) == 0 {
			rows[r] = []placement{{line: make([]puzzle.Color, p.Width())}}
		}
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
			g[r] = pl.line
			rec(r + 1)
		}
	}
	rec(0)
	return out
}

func gridKey(g puzzle.Grid) string { return g.String() }

// pruneSolutions is bruteSolutions with the columns followed along: row
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
		for _, pl := range placements(clue, n) {
			out = append(out, pl.line)
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
