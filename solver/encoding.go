package solver

import (
	"context"

	"github.com/nonosat/nonosat/encode"
	"github.com/nonosat/nonosat/puzzle"
)

// Encode returns the encoding of p that [Solve] with options o hands to
// the SAT back end: after presolving (unless o.NoPresolve), with the cell
// domains and line pruning it found. It is deterministic, so a model of
// one call's formula decodes with another's. When presolving finishes the
// grid, every cell is fixed by a unit clause; when it finds a
// contradiction, the plain encoding (unsatisfiable too) is returned.
func Encode(p *puzzle.Puzzle, o Options) *encode.Encoding {
	kind := encode.WithKind(o.Encoding)
	if o.NoPresolve {
		return encode.Puzzle(p, kind)
	}
	pre := presolve(context.Background(), p, o.Probe)
	switch {
	case pre.contradiction:
		return encode.Puzzle(p, kind)
	case pre.grid != nil:
		d := make(encode.Domains, len(pre.grid))
		for r, row := range pre.grid {
			d[r] = make([]uint64, len(row))
			for c, v := range row {
				d[r][c] = 1 << v
			}
		}
		return encode.Puzzle(p, encode.WithDomains(d), kind)
	}
	return encode.Puzzle(p, append(pre.options, kind)...)
}
