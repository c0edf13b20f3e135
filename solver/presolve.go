package solver

import (
	"context"

	"github.com/nonosat/nonosat/internal/clock"

	"github.com/nonosat/nonosat/encode"
	"github.com/nonosat/nonosat/linesolve"
	"github.com/nonosat/nonosat/puzzle"
)

// presolved is the outcome of line solving before SAT.
type presolved struct {
	contradiction bool
	stopped       bool        // ctx ended before the first fixpoint: nothing to go on with
	grid          puzzle.Grid // the solution, when line solving finished it
	fixed         int
	options       []encode.Option
	state         *linesolve.State // the probed state, when undecided
}

// presolve runs exact line solving to a fixpoint, then probing within the
// given budget of probes (0: none; see Options.probes) and the
// bounds prm.ProbeWork and ProbeCost, reporting probing's lemmas to proof
// (nil: none; see linesolve.State.SetProof). A finished grid is the
// unique solution (every step was forced); a contradiction means none. Else
// the encoder gets the cell domains and, per line, the block starts and gap
// cells that line solving still allows. When ctx ends first it returns
// at once, stopped.
func presolve(ctx context.Context, p *puzzle.Puzzle, probes int, prm Params, proof func([]linesolve.CellLit)) presolved {
	stop := clock.Stop(ctx)
	s := linesolve.NewState(p)
	s.SetProof(proof)
	if !s.PropagateUntil(stop) {
		return presolved{contradiction: true}
	}
	if s.Pending() > 0 {
		return presolved{stopped: true}
	}
	st0, side := s.Stats(), int64(max(p.Width(), p.Height()))
	probeStop := func() bool {
		st := s.Stats()
		return stop() || int64(st.Lines-st0.Lines)*side > prm.ProbeWork || st.Work-st0.Work > prm.ProbeCost
	}
	if probes > 0 && !s.Solved() && !s.ProbeUntil(probes, probeStop) {
		return presolved{contradiction: true}
	}
	if s.Solved() {
		g := s.Grid()
		return presolved{grid: g, fixed: p.Width() * p.Height()}
	}
	dom := make(encode.Domains, len(s.Cells))
	fixed := 0
	for r, row := range s.Cells {
		dom[r] = make([]uint64, len(row))
		for c, d := range row {
			dom[r][c] = uint64(d)
			if d.Len() == 1 {
				fixed++
			}
		}
	}
	return presolved{fixed: fixed, state: s, options: []encode.Option{encode.WithDomains(dom), encode.WithNodes(feasibleNodes)}}
}

// feasibleNodes adapts linesolve.Feasible to the encoder.
func feasibleNodes(clue puzzle.Clue, cells []uint64) (start, gap [][]bool, ok bool) {
	d := make([]linesolve.Set, len(cells))
	for i, c := range cells {
		d[i] = linesolve.Set(c)
	}
	n, ok := linesolve.Feasible(clue, d)
	return n.Start, n.Gap, ok
}

// probes is the probing budget of o for p: none with Options.NoProbe,
// else Options.ProbeBudget, or by default Params.Probe probes a cell.
func (o Options) probes(p *puzzle.Puzzle) int {
	switch {
	case o.NoProbe:
		return 0
	case o.ProbeBudget > 0:
		return o.ProbeBudget
	}
	return o.params().Probe * p.Width() * p.Height()
}
