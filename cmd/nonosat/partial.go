package main

import (
	"context"
	"strings"
	"time"

	"github.com/nonosat/nonosat/linesolve"
	"github.com/nonosat/nonosat/puzzle"
)

// partialBudget bounds the line solving that shows, after a timeout, what
// is known of the grid.
const partialBudget = time.Second

// knownCells line-solves p for at most partialBudget (or until ctx ends)
// and returns its rows with each decided cell in its palette character and
// '?' elsewhere, and how many cells are decided; nil rows when line
// solving finds the clues contradictory. Like pbnsolve and nonogrid, solve
// prints this when the deadline came before a solution.
func knownCells(ctx context.Context, p *puzzle.Puzzle) (rows []string, known int) {
	ctx, cancel := context.WithTimeout(ctx, partialBudget)
	defer cancel()
	s := linesolve.NewState(p)
	if !s.PropagateUntil(func() bool { return ctx.Err() != nil }) {
		return nil, 0
	}
	rows = make([]string, len(s.Cells))
	for r, row := range s.Cells {
		var b strings.Builder
		for _, d := range row {
			if v, ok := d.Single(); ok {
				b.WriteRune(p.Char(v))
				known++
			} else {
				b.WriteByte('?')
			}
		}
		rows[r] = b.String()
	}
	return rows, known
}
