package learner

import (
	"cmp"
	"math"
	"slices"

	"github.com/nonosat/nonosat/linesolve"
)

// Dives: belief-propagation decimation inside the search. The hints
// (setHints) guess the picture once, from the facts; a dive guesses it
// again after every few decisions, from the cells decided so far, which
// is what finds the first solution of random colour pictures, and of
// large random black-and-white ones half filled, that the learner alone
// does not find in a minute (LEARNER.md, "Dives"). Colour puzzles dive
// from their hints on, every Params.DiveRestarts restarts; black-and-white
// ones too, but only when large and long (Params.BWDiveCells,
// BWDiveConflicts), with colorBP over their two values. A dive decides
// Params.DiveBatch of the open cells, most confident first, then sweeps
// the messages DiveSweeps times from where they were, and goes on until
// DiveConflicts conflicts or a solution.

// diveWanted reports whether the search should dive, at a return to
// level 0 after the hints are set or every Params.DiveRestarts restarts:
// always for a colour puzzle, and for a black-and-white one from
// Params.BWDiveCells cells and BWDiveConflicts conflicts on.
func (c *cdcl) diveWanted() bool {
	return !c.bw || c.n >= c.p.BWDiveCells && c.conflicts >= c.p.BWDiveConflicts
}

// dive decides cells in their likeliest colour by belief propagation,
// the most confident first, refreshing the beliefs after each batch. It
// starts at level 0 from the messages of the hints (setHints; in black
// and white, whose hints keep none, from messages it computes from the
// facts the first time); a colour puzzle's later dives start from the
// messages the dive before left instead, so that they do not retrace one
// path (LEARNER.md, "Each dive from where the last left the messages").
// It learns from each conflict as the search does, going on from the
// level the backjump leaves until Params.DiveConflicts conflicts. The trail at
// each conflict becomes the hints: its colours, and the confident
// likeliest colours (last refresh) of the cells it leaves open. It stops when every cell is decided (the caller's next
// decision finds the solution), at a conflict at level 0 (c.unsat), or
// when stop returns true, which it reports.
func (c *cdcl) dive(stop func() bool) (stopped bool) {
	if c.bp0 == nil {
		// At level 0 every assigned cell is a fact.
		if _, _, c.bp0 = colorBeliefs(&c.p, c.h, c.w, c.lines, c.domains(), c.vals, c.p.BWDiveWork, stop); c.bp0 == nil {
			return true
		}
	}
	first := c.dbp == nil
	if first {
		c.dbp = newColorBP(&c.p, c.h, c.w, c.lines, c.vals)
		c.likely, c.conf = make([]int8, c.n), make([]float64, c.n)
	}
	if first || c.bw {
		copy(c.dbp.row, c.bp0.row)
		copy(c.dbp.col, c.bp0.col)
	}
	cells := make([]linesolve.Set, c.n)
	var open []int32
	conflicts := 0
	for {
		open = open[:0]
		for x := range c.n {
			cells[x] = c.domain(x)
			if !c.decided(x) {
				open = append(open, int32(x))
			}
		}
		if len(open) == 0 {
			return false
		}
		if stop != nil && stop() || !c.refresh(cells, stop) {
			return true
		}
		slices.SortFunc(open, func(x, y int32) int { return cmp.Compare(c.conf[y], c.conf[x]) })
		for _, x := range open[:max(1, int(c.p.DiveBatch*float64(len(open))))] {
			v := c.likely[x]
			if c.decided(int(x)) || c.domain(int(x))&(1<<v) == 0 {
				continue
			}
			c.lim = append(c.lim, int32(len(c.trail)))
			c.assign(c.is(int(x), int(v)), rDecision)
			confl := c.propagate()
			if confl == noConflict {
				continue
			}
			c.diveHints()
			for confl != noConflict {
				if c.decisionLevel() == 0 {
					c.unsat = true
					return false
				}
				c.learn(confl)
				if conflicts++; stop != nil && stop() {
					return true
				}
				confl = c.propagate()
			}
			if conflicts >= c.p.DiveConflicts {
				return false
			}
			break // refresh from where the backjump left the trail
		}
	}
}

// refresh sweeps the dive's messages Params.DiveSweeps times over the
// domains in cells and sets each open cell's likeliest colour and
// confidence. A colour the cell has lost gets no weight; one it has again
// after a backjump starts from an even share. It asks stop as it sweeps
// (a sweep of a 200×200 4-colour puzzle takes about 0.2 s) and returns
// false, its beliefs unfinished, when stop says stop.
func (c *cdcl) refresh(cells []linesolve.Set, stop func() bool) bool {
	b, vals := c.dbp, c.vals
	for x, d := range cells {
		share := 1 / float64(max(1, d.Len()))
		for v := range vals {
			i := x*vals + v
			switch {
			case d&(1<<v) == 0:
				b.row[i], b.col[i] = 0, 0
			case b.row[i] == 0 || b.col[i] == 0:
				b.row[i], b.col[i] = share, share
			}
		}
	}
	work := 0
	for range c.p.DiveSweeps {
		if !b.sweep(cells, &work, math.MaxInt, stop) {
			return false
		}
	}
	for x, d := range cells {
		c.likely[x], c.conf[x] = b.belief(x, d)
	}
	return true
}

// diveHints makes the colours of the trail, and the confident likeliest
// colours of the cells it leaves open, the hints.
func (c *cdcl) diveHints() {
	for x := range c.n {
		c.hint[x] = -1
		if c.conf[x] > c.p.HintConf {
			c.hint[x] = c.likely[x]
		}
	}
	for _, q := range c.trail {
		if x, v, not := c.cellLit(q); !not {
			c.hint[x] = int8(v)
		}
	}
}
