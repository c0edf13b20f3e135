package solver

import (
	"context"

	"github.com/nonosat/nonosat/internal/clock"

	"github.com/nonosat/nonosat/encode"
	"github.com/nonosat/nonosat/puzzle"
)

// Encode returns the encoding of p that [Solve] with options o hands to
// the SAT back end: after presolving (unless o.NoPresolve), with the cell
// domains and line pruning it found. It is deterministic, so a model of
// one call's formula decodes with another's. When presolving finishes the
// grid, every cell is fixed by a unit clause; when it finds a
// contradiction, the plain encoding (unsatisfiable too) is returned.
// It ignores o.MaxMemory.
func Encode(p *puzzle.Puzzle, o Options) *encode.Encoding {
	o.MaxMemory = 0
	e, _ := EncodeContext(context.Background(), p, o)
	return e
}

// EncodeContext is [Encode] that stops with ctx's error when ctx ends,
// and with a *[encode.TooBigError] when the formula passes its share of
// o.MaxMemory, as [Solve] does.
func EncodeContext(ctx context.Context, p *puzzle.Puzzle, o Options) (*encode.Encoding, error) {
	opts := []encode.Option{encode.WithContext(ctx), encode.WithKind(o.Encoding), encode.WithMaxBytes(formulaBudget(o))}
	if o.NoPresolve {
		return encode.Puzzle(p, opts...)
	}
	pre := presolve(ctx, p, o.probes(p), o.params(), nil)
	switch {
	case pre.stopped:
		return nil, clock.Err(ctx)
	case pre.contradiction:
		return encode.Puzzle(p, opts...)
	case pre.grid != nil:
		d := make(encode.Domains, len(pre.grid))
		for r, row := range pre.grid {
			d[r] = make([]uint64, len(row))
			for c, v := range row {
				d[r][c] = 1 << v
			}
		}
		return encode.Puzzle(p, append(opts, encode.WithDomains(d))...)
	}
	return encode.Puzzle(p, append(pre.options, opts...)...)
}
