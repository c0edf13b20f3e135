package puzzle

import (
	"errors"
	"fmt"
)

// ErrNotSolution is wrapped by every error [Check] returns for a grid that
// does not satisfy the puzzle.
var ErrNotSolution = errors.New("not a solution")

// Check verifies that g satisfies every row and column clue of p, colour by
// colour. It uses no SAT code and is the oracle for every grid nonosat prints.
func Check(p *Puzzle, g Grid) error {
	h, w := p.Height(), p.Width()
	if len(g) != h {
		return fmt.Errorf("%w: grid has %d rows, puzzle %d", ErrNotSolution, len(g), h)
	}
	n := p.NumColors()
	for r := range g {
		if len(g[r]) != w {
			return fmt.Errorf("%w: grid row %d has %d cells, puzzle width %d", ErrNotSolution, r+1, len(g[r]), w)
		}
		for c, v := range g[r] {
			if int(v) > n {
				return fmt.Errorf("%w: cell (%d,%d) has colour %d, puzzle has %d", ErrNotSolution, r+1, c+1, v, n)
			}
		}
	}
	for r := range h {
		if got := LineClue(g[r]); !got.Equal(p.Rows[r]) {
			return fmt.Errorf("%w: row %d reads %v, clue is %v", ErrNotSolution, r+1, got, p.Rows[r])
		}
	}
	for c := range w {
		if got := LineClue(g.Column(c)); !got.Equal(p.Cols[c]) {
			return fmt.Errorf("%w: column %d reads %v, clue is %v", ErrNotSolution, c+1, got, p.Cols[c])
		}
	}
	return nil
}
