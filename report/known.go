package report

import (
	"context"
	"strings"
	"time"

	"github.com/nonosat/nonosat/linesolve"
	"github.com/nonosat/nonosat/puzzle"
)

// Known line-solves p for at most budget (or until ctx ends) and returns
// its rows with each decided cell in its palette character and '?'
// elsewhere, and how many cells are decided; nil rows when line solving
// finds the clues contradictory. It is [Result.Known]: what is known of
// the grid when the deadline came before a solution (as pbnsolve and
// nonogrid show it).
func Known(ctx context.Context, p *puzzle.Puzzle, budget time.Duration) (rows []string, known int) {
	ctx, cancel := context.WithTimeout(ctx, budget)
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
