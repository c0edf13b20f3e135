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
	stopped       bool        // ctx ended before the first fixpoint: nothing to go on with
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
// cells that line solving still allows. When ctx ends first it returns
// at once, stopped.
func presolve(ctx context.Context, p *puzzle.Puzzle, probe int) presolved {
	stop := func() bool { return ctx.Err() != nil }
	s := linesolve.NewState(p)
	if !s.PropagateUntil(stop) {
		return presolved{contradiction: true}
	}
	if s.Pending() > 0 {
		return presolved{stopped: true}
	}
	if probe == 0 {
		probe = defaultProbe * p.Width() * p.Height()
	}
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
// and the second is usually next to it; a long uniqueness proof is a job
// for the learner or SAT (Forever: 4.4 s of search against 0.04 s of
// gophersat).
//
// When a learner follows (black-and-white puzzles), the default is no
// depth-first search at all: since the learner decides in target phases
// it is the faster way on every kind of puzzle measured. Learner alone
// against the default pipeline with about 0.1 s of depth-first search
// first, both with target phases and the lookahead the learner has since
// dropped (benchmarks/learner and the corpus runner, the same afternoon):
// taai2011 CPU 39.4 s against 43.4 s (the 845 puzzles the depth-first
// search decided cost it 8.6 s, the learner 18 s, but the learner's head
// start on the other 148 more than makes up for that; simulated
// hand-overs after 5 to 50 ms gave 40.4 to 41.9 s); survey puzzles Flag
// 3.4 against 11 ms, Center 1.9 against 18 ms, Forever 4.4 against 48 ms,
// Gettys 2.0 against 2.3 s, 9-Dom 345 against 286 ms; the four hard ones
// 0.20 against 0.78 s.
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

// learnStage runs a linesolve.Learner from the presolved state, with the
// known solutions (a goal, the search stage's) blocked, until it has
// found enough solutions that limit is reached (known ones included), each
// stops it, the search space is exhausted or ctx is done. It returns the
// new solutions (each passed Check and was handed to each).
func learnStage(ctx context.Context, p *puzzle.Puzzle, l *linesolve.Learner, known []puzzle.Grid, limit int, each func(puzzle.Grid) bool) (sols []puzzle.Grid, res linesolve.SearchResult, err error) {
	for _, g := range known {
		l.Block(g)
	}
	n := len(known)
	res = l.Run(linesolve.SearchLimits{Stop: func() bool { return ctx.Err() != nil }}, func(g puzzle.Grid) bool {
		if e := puzzle.Check(p, g); e != nil {
			err = fmt.Errorf("%w: the learner produced a grid that fails Check: %v", ErrBug, e)
			return false
		}
		sols = append(sols, g)
		n++
		if each != nil && !each(g) {
			return false
		}
		return limit < 0 || n < limit
	})
	return sols, res, err
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
