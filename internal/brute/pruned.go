package brute

import "github.com/nonosat/nonosat/puzzle"

// Pruned lists the solutions of p as Solutions does, with the columns
// followed along: row placements are tried in turn, and each column keeps
// the placements of its clue that agree with the rows so far, so that a
// dead end is left at once. It stops after max solutions (0: no limit)
// and reports whether the list is complete. It uses no line solver, and
// its answers pass puzzle.Check.
func Pruned(p *puzzle.Puzzle, max int) (sols []puzzle.Grid, complete bool) {
	h, w := p.Height(), p.Width()
	lines := func(clue puzzle.Clue, n int) [][]puzzle.Color {
		var out [][]puzzle.Color
		for _, pl := range linePlacements(clue, n) {
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
	// at[d][c] holds column c's placements that agree with rows 0 to d−1;
	// each depth fills its own slices again for each row it tries.
	at := make([][][][]puzzle.Color, h+1)
	at[0] = cols
	for d := 1; d <= h; d++ {
		at[d] = make([][][]puzzle.Color, w)
		for c := range w {
			at[d][c] = make([][]puzzle.Color, 0, len(cols[c]))
		}
	}
	complete = true
	g := make(puzzle.Grid, h)
	var rec func(r int)
	rec = func(r int) {
		if !complete {
			return
		}
		if r == h {
			if puzzle.Check(p, g) == nil {
				if max > 0 && len(sols) == max {
					complete = false
					return
				}
				sols = append(sols, g.Clone())
			}
			return
		}
		cur, next := at[r], at[r+1]
	rows:
		for _, line := range rows[r] {
			for c := range w {
				next[c] = next[c][:0]
				for _, col := range cur[c] {
					if col[r] == line[c] {
						next[c] = append(next[c], col)
					}
				}
				if len(next[c]) == 0 {
					continue rows
				}
			}
			g[r] = line
			rec(r + 1)
		}
	}
	rec(0)
	return sols, complete
}
