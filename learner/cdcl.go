package learner

import (
	"math"
	"math/bits"

	"github.com/nonosat/nonosat/internal/linekernel"
	"github.com/nonosat/nonosat/linesolve"
)

// This file is the engine of [Learner]: conflict-driven clause learning
// over the cells of a puzzle of any number of colours, with the exact
// line solver as the propagator of every line (lazy clause generation).
// Lines are propagated and explained from two masks per line in a
// black-and-white puzzle (cdcl_bw.go), and from the cells' domains in a
// colour puzzle (cdcl_color.go); the rest is shared: the clause store
// (cdcl_clauses.go), conflict analysis (cdcl_analyze.go) and decisions
// (cdcl_decide.go). See the package documentation.

// Literal values.
const (
	lUndef int8 = 0
	lTrue  int8 = 1
	lFalse int8 = -1
)

// Variables and literals. In a black-and-white puzzle variable x is cell
// x: literal 2x is "cell x is black" and 2x+1 "cell x is white". In a
// puzzle of K colours variable x·(K+1)+v is "cell x has colour v" (v = 0
// the background): literal 2·var says it has, 2·var+1 that it has not.
// Either way l^1 is the negation of literal l.
func lit(x int, white bool) int32 {
	if white {
		return int32(2*x + 1)
	}
	return int32(2 * x)
}

// Reasons of an assignment, and conflicts: a clause index ≥ 0,
// rDecision (a decision, or a fact at level 0), lineReason(l) for line l
// (rows 0…h-1, then columns), or in a colour puzzle rOther ("not v: the
// cell has another colour") or rLast ("v: every other colour is gone").
const (
	rDecision  int32 = -1
	noConflict int32 = math.MaxInt32
	rOther     int32 = math.MinInt32
	rLast      int32 = math.MinInt32 + 1
)

func lineReason(l int) int32 { return -2 - int32(l) }

// isLine reports whether reason why is a line's, and which.
func isLine(why int32) (int, bool) {
	if why <= -2 && why > rLast {
		return int(-2 - why), true
	}
	return 0, false
}

// cdcl is the solver state of a [Learner].
type cdcl struct {
	h, w, n int
	bw      bool // one colour: variables are cells, lines work on masks
	nv      int  // variables
	vals    int  // values a cell may take (colours + background); 2 when bw
	lines   []*linekernel.Template
	sc      linekernel.Scratch

	bwLines  // black and white: the line masks (cdcl_bw.go)
	colLines // colour: the cells' domains (cdcl_color.go)

	lv     []int8  // per literal: lTrue, lFalse or lUndef
	level  []int32 // per variable
	reason []int32 // per variable
	tpos   []int32 // per variable: its position on the trail
	trail  []int32 // assigned literals in order
	lim    []int32 // trail length at the start of each decision level
	qhead  int     // trail literals before qhead went through the clauses

	lineQ  []int32 // lines to solve: lineQ[lqHead:]
	lqHead int
	inQ    []bool

	arena   []int32
	clauses []clause
	watches [][]watch // per literal: the clauses watching it
	learnts []int32
	claInc  float32

	act    []float64 // VSIDS activity per cell
	varInc float64
	heap   []int32 // undecided cells (and some decided), a max-heap by activity
	hpos   []int32 // per cell: index in heap, or -1
	phase  []int8  // per cell: the colour it last had
	phase0 []int8  // the phases before a lucky descent (lucky.go)
	lucky  int     // lucky descents made (luckyDescents: none to make)
	solAt  int     // conflicts when the search last found a solution, or -1
	hint   []int8  // per cell: its likely colour, or -1 for none; nil before setHints
	hints  bool    // decide in the hint's colour

	seen              []int8    // per variable
	expl              [][]int32 // per variable: its reason as a clause, once computed
	explOK            []bool
	toClear           []int32
	bumpCur, bumpNext []int32 // bumpReasons' literals, of this depth and the next
	cand              []int64
	lbdSeen           []int32 // per level: stamp of the last lbd count
	stamp             int32

	// Restarts and clause deletion.
	restartN, lubyI, restartAt int
	lbdFast, lbdSlow           float64 // moving averages of the learnt clauses' LBD (restart.go)
	lbdN                       int     // learnt clauses in them
	nextRephase                int     // conflicts at the next rephase once the restarts follow the averages
	nextReduce, reduceK        int
	reduceFirst                int // the first reduction's conflicts, and the base of the intervals
	reduceCand                 []int32

	best                            []int8 // per cell: its colour on the longest trail
	bestLen                         int
	rng                             uint64
	unsat                           bool                         // no (further) solution
	proof                           func(lits []int32, del bool) // sees learnt and deleted clauses, when set
	conflicts, restarts, lineSolves int

	// Dives (dive.go): the messages of the hints (of the first dive, in
	// black and white), the dive's own, and its beliefs of the open cells.
	bp0, dbp *colorBP
	likely   []int8
	conf     []float64
	diveDue  bool // dive at the next decision at level 0

	p Params
}

// newCDCL builds the engine over the lines of g, with the decided cells
// of g as facts, and the settings p.
func newCDCL(g *linekernel.Grid, p Params) *cdcl {
	h, w := g.H, g.W
	n := h * w
	c := &cdcl{rng: 0x9E3779B97F4A7C15, hints: true, h: h, w: w, n: n, bw: g.OneColor, claInc: 1, varInc: 1, lubyI: 1}
	c.setParams(p)
	c.lines = g.Lines
	c.vals, c.nv = 2, n
	if !c.bw {
		var all linesolve.Set
		for _, d := range g.Cells {
			all |= d
		}
		c.vals = max(2, bits.Len64(uint64(all)))
		c.nv = n * c.vals
	}
	c.lv = make([]int8, 2*c.nv)
	c.level = make([]int32, c.nv)
	c.reason = make([]int32, c.nv)
	c.tpos = make([]int32, c.nv)
	c.watches = make([][]watch, 2*c.nv)
	c.seen = make([]int8, c.nv)
	c.expl = make([][]int32, c.nv)
	c.explOK = make([]bool, c.nv)
	c.inQ = make([]bool, h+w)
	c.act = make([]float64, n)
	c.hpos = make([]int32, n)
	c.phase = make([]int8, n)
	c.best = make([]int8, n)
	c.lbdSeen = make([]int32, c.nv+1)
	for x := range n {
		c.hpos[x] = -1
	}
	if c.bw {
		c.initBW(g)
	} else {
		c.initColor(g)
	}
	for l := range h + w {
		c.queueLine(l)
	}
	if c.unsat || c.propagate() != noConflict {
		c.unsat = true
	}
	for x := range n {
		if !c.decided(x) {
			c.heapInsert(int32(x))
		}
	}
	c.lucky, c.solAt = luckyDescents, -1
	return c
}

// setParams takes the settings p: before the search starts, as the
// schedules of restarts and reductions start from them.
func (c *cdcl) setParams(p Params) {
	c.p = p
	c.restartAt = p.RestartUnit
	c.reduceFirst = p.ReduceFirst
	if !c.bw {
		c.reduceFirst = p.ReduceFirstColor
	}
	c.nextReduce = c.reduceFirst
}

func (c *cdcl) decisionLevel() int { return len(c.lim) }

// cellOf is the cell of bit i of line l, bitOf the bit of cell x in line l.
func (c *cdcl) cellOf(l, i int) int {
	if l < c.h {
		return l*c.w + i
	}
	return i*c.w + (l - c.h)
}

func (c *cdcl) bitOf(l, x int) int {
	if l < c.h {
		return x % c.w
	}
	return x / c.w
}

// cellVar is the cell of variable v.
func (c *cdcl) cellVar(v int) int {
	if c.bw {
		return v
	}
	return v / c.vals
}

// is returns the literal "cell x has colour v".
func (c *cdcl) is(x int, v int) int32 {
	if c.bw {
		return lit(x, v == 0)
	}
	return int32(2 * (x*c.vals + v))
}

// cellLit returns the cell, the colour and the sign of literal q: it
// says that the cell has the colour, or with not, that it has not.
func (c *cdcl) cellLit(q int32) (x, v int, not bool) {
	if c.bw {
		return int(q >> 1), int(1 - q&1), false
	}
	u := int(q >> 1)
	return u / c.vals, u % c.vals, q&1 != 0
}

// decided reports whether cell x has one colour left.
func (c *cdcl) decided(x int) bool {
	if c.bw {
		return c.lv[2*x] != lUndef
	}
	return c.dom[x]&(c.dom[x]-1) == 0
}

// assign makes literal p true at the current level and queues the lines
// of its cell (but not the line that forced it, which is solved).
func (c *cdcl) assign(p int32, why int32) {
	v := int(p >> 1)
	c.lv[p] = lTrue
	c.lv[p^1] = lFalse
	c.level[v] = int32(c.decisionLevel())
	c.reason[v] = why
	c.tpos[v] = int32(len(c.trail))
	c.trail = append(c.trail, p)
	if c.bw {
		c.assignBW(p, why)
	} else {
		c.assignColor(p, why)
	}
}

func (c *cdcl) queueLine(l int) {
	if !c.inQ[l] {
		c.inQ[l] = true
		c.lineQ = append(c.lineQ, int32(l))
	}
}

// queueCell queues the row and the column of cell x, but not line skip
// (the line whose solve is being applied: it is at its fixpoint).
func (c *cdcl) queueCell(x, skip int) {
	if r := x / c.w; r != skip {
		c.queueLine(r)
	}
	if col := c.h + x%c.w; col != skip {
		c.queueLine(col)
	}
}

// cancelUntil backtracks to decision level lvl, saving the phases of the
// cells it unassigns.
func (c *cdcl) cancelUntil(lvl int) {
	if c.decisionLevel() <= lvl {
		return
	}
	for i := len(c.trail) - 1; i >= int(c.lim[lvl]); i-- {
		p := c.trail[i]
		v := int(p >> 1)
		c.lv[p], c.lv[p^1] = lUndef, lUndef
		c.explOK[v] = false
		x := c.cellVar(v)
		if c.bw {
			c.unassignBW(p)
		} else {
			c.unassignColor(p)
		}
		if c.hpos[x] < 0 {
			c.heapInsert(int32(x))
		}
	}
	c.trail = c.trail[:c.lim[lvl]]
	c.lim = c.lim[:lvl]
	c.qhead = len(c.trail)
	for _, l := range c.lineQ[c.lqHead:] {
		c.inQ[l] = false
	}
	c.lineQ, c.lqHead = c.lineQ[:0], 0
}

// propagate runs clause and line propagation to a fixpoint. It returns
// noConflict, or the clause or lineReason of the line that failed.
func (c *cdcl) propagate() int32 {
	for {
		for c.qhead < len(c.trail) {
			p := c.trail[c.qhead]
			c.qhead++
			if confl := c.propagateClauses(p); confl != noConflict {
				return confl
			}
		}
		if c.lqHead == len(c.lineQ) {
			c.lineQ, c.lqHead = c.lineQ[:0], 0
			return noConflict
		}
		l := int(c.lineQ[c.lqHead])
		c.lqHead++
		c.inQ[l] = false
		c.lineSolves++
		var ok bool
		if c.bw {
			ok = c.solveLineBW(l)
		} else {
			ok = c.solveLineColor(l)
		}
		if !ok {
			return lineReason(l)
		}
	}
}

// blockDecisions forbids the solution the trail holds: the decisions and
// propagation (which is sound for every solution not found before) led to
// it, so no other solution takes every decision, and the clause of their
// negations is enough. It backjumps to the second highest decision level
// and asserts the negation of the last decision, as after a conflict.
func (c *cdcl) blockDecisions() {
	d := c.decisionLevel()
	if d == 0 {
		c.unsat = true // every cell is a fact
		return
	}
	cl := make([]int32, d)
	for lvl := range d {
		cl[d-1-lvl] = c.trail[c.lim[lvl]] ^ 1
	}
	if c.proof != nil {
		c.proof(cl, false)
	}
	c.cancelUntil(d - 1)
	if d == 1 {
		c.assign(cl[0], rDecision)
		return
	}
	c.assign(cl[0], c.addClause(cl, false, 0))
}

// block forbids, at level 0, the grid whose cells have the colours of
// g (row-major); when that leaves no solution, unsat is set.
func (c *cdcl) block(g []int8) {
	c.cancelUntil(0)
	var cl []int32
	for x, v := range g {
		if !c.bw && (int(v) >= c.vals || c.dom[x]&(1<<v) == 0) {
			return // the grid breaks a fact: nothing to forbid
		}
		q := c.is(x, int(v))
		switch c.lv[q] {
		case lFalse:
			return
		case lUndef:
			cl = append(cl, q^1)
		}
	}
	switch len(cl) {
	case 0:
		c.unsat = true
	case 1:
		c.assign(cl[0], rDecision)
		if c.propagate() != noConflict {
			c.unsat = true
		}
	default:
		c.addClause(cl, false, 0)
	}
}

// color returns the colour of a decided cell x.
func (c *cdcl) color(x int) int8 {
	if c.bw {
		if c.lv[2*x] == lTrue {
			return 1
		}
		return 0
	}
	return int8(bits.TrailingZeros64(uint64(c.dom[x])))
}

// solve searches on from where the last call left off, until stop (asked
// after every conflict and every solution) returns true, and passes each
// solution, as the colours of the cells (row-major), to found, which
// returns false to end the run (the solution is blocked first, so a later
// call goes on to the next). It returns true when no solution is left:
// every one was passed to found, in this call or an earlier one.
func (c *cdcl) solve(stop func() bool, found func(sol []int8) bool) (complete bool) {
	sol := make([]int8, c.n)
	for !c.unsat {
		confl := c.propagate()
		if confl != noConflict {
			if c.decisionLevel() == 0 {
				c.unsat = true
				break
			}
			c.learn(confl)
			if stop != nil && stop() {
				return false
			}
			continue
		}
		if c.restartDue() {
			c.restart()
			continue
		}
		if c.conflicts >= c.nextReduce {
			c.reduceK++
			c.nextReduce = c.conflicts + c.reduceFirst + c.p.ReduceInc*c.reduceK
			c.reduceDB()
		}
		if c.hints && c.hint == nil && c.conflicts > 0 && c.decisionLevel() == 0 {
			c.setHints()
			c.diveDue = c.diveWanted()
		}
		if c.diveDue && c.hint != nil && c.decisionLevel() == 0 {
			// A colour puzzle's dive, after its hints and every
			// Params.DiveRestarts restarts (a large black-and-white one's, the
			// same after many conflicts); it may leave every cell
			// decided, which the decision below finds.
			c.diveDue = false
			if c.dive(stop) {
				return false
			}
			if c.unsat {
				break
			}
		}
		d := int32(-1)
		if c.lucky >= luckyDescents || c.decisionLevel() > 0 || !c.luckyDescend() {
			d = c.pickBranch()
		}
		if d < 0 {
			// Every cell decided and every line solved since its last
			// change: a solution.
			for x := range c.n {
				sol[x] = c.color(x)
			}
			more := found(sol)
			c.solAt = c.conflicts
			c.blockDecisions()
			if !more || stop != nil && stop() {
				return false
			}
			continue
		}
		c.lim = append(c.lim, int32(len(c.trail)))
		c.assign(d, rDecision)
	}
	return true
}
