package solver

import (
	"context"
	"fmt"
	"time"

	"github.com/nonosat/nonosat/encode"
	"github.com/nonosat/nonosat/linesolve"
	"github.com/nonosat/nonosat/puzzle"
)

// presolved is the outcome of line solving before SAT.
type presolved struct {
	contradiction bool
	grid          puzzle.Grid // the solution, when line solving finished it
	fixed         int
	options       []encode.Option
	state         *linesolve.State // the probed state, when undecided
}

// defaultProbe is the default probing budget, in probes per cell.
const defaultProbe = 4

// presolve runs exact line solving to a fixpoint, then probing within the
// given budget (see Options.Probe). A finished grid is the
// unique solution (every step was forced); a contradiction means none. Else
// the encoder gets the cell domains and, per line, the block starts and gap
// cells that line solving still allows.
func presolve(ctx context.Context, p *puzzle.Puzzle, probe int) presolved {
	s := linesolve.NewState(p)
	if !s.Propagate() {
		return presolved{contradiction: true}
	}
	if probe == 0 {
		probe = defaultProbe * p.Width() * p.Height()
	}
	stop := func() bool { return ctx.Err() != nil }
	if probe > 0 && !s.Solved() && !s.ProbeUntil(probe, stop) {
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

// The default budget of the search stage, in cells of line solving (a
// line solve of n cells counts n; cached solves count too). On 25×25
// black-and-white puzzles the search solves about 275M cells a second on
// this project's 2-core development machine, less on long or multicolour
// lines, so the stage also stops after searchTime.
//
// The search looks for a first solution for up to searchWork, then gives
// at most searchAfterFirst to the rest (the second solution, or the proof
// that there is none): on taai2011 the hard part is the first solution,
// which the search with restarts finds faster than gophersat, and the
// second is usually next to it; a long uniqueness proof is a job for SAT
// (Forever: 4.4 s of search against 0.04 s of gophersat).
const (
	searchWork       = 1_250_000_000
	searchAfterFirst = 25_000_000
	searchTime       = 5 * time.Second
)

// searchRestarts is the default restart unit of the search, in nodes.
// Measured with the search alone on the 91 taai2011 puzzles that took the
// pipeline longest, at most 10 s each, two runs in parallel: no restarts
// 180 s with 6 timeouts; units 50, 100, 300 and 1000 took 184, 128 and
// 133 (two runs), 141 and 154, and 133 s.
const searchRestarts = 100

// restartUnit turns Options.Restarts into a linesolve.SearchLimits.Restarts.
func restartUnit(o int) int {
	switch {
	case o == 0:
		return searchRestarts
	case o < 0:
		return 0
	}
	return o
}

// searchStage runs the depth-first search with probing of [linesolve] on
// the presolved state, within the work budget (Options.Search). It
// returns the solutions it found (each passed Check, and was handed to
// each) and whether it decided the verdict: complete (every solution
// found), or stopped by each or by reaching limit. When it did not, the
// SAT back end goes on with the solutions found blocked.
func searchStage(ctx context.Context, p *puzzle.Puzzle, st *linesolve.State, work, restarts, limit int, each func(puzzle.Grid) bool) (sols []puzzle.Grid, res linesolve.SearchResult, decided bool, err error) {
	cells := max(1, (p.Width()+p.Height())/2)
	lim := linesolve.SearchLimits{Lines: max(1, work/cells), Restarts: restarts, Stop: func() bool { return ctx.Err() != nil }}
	if work == 0 {
		deadline := time.Now().Add(searchTime)
		lim.Lines, lim.AfterFirst = searchWork/cells, searchAfterFirst/cells
		lim.Stop = func() bool { return ctx.Err() != nil || time.Now().After(deadline) }
	}
	var stopped bool
	res = st.Search(lim, func(g puzzle.Grid) bool {
		if e := puzzle.Check(p, g); e != nil {
			err = fmt.Errorf("%w: the search produced a grid that fails Check: %v", ErrBug, e)
			return false
		}
		sols = append(sols, g)
		if each != nil && !each(g) {
			stopped = true
			return false
		}
		return limit < 0 || len(sols) < limit
	})
	if err != nil {
		return nil, res, true, err
	}
	return sols, res, !res.Stopped || stopped, nil
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
