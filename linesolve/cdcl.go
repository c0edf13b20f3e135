package linesolve

import (
	"math"
	"math/bits"
	"slices"
)

// This file is the engine of [Learner]: conflict-driven clause learning
// over the cells of a black-and-white puzzle (line masks of W words;
// lines of one word go through the one-word line cache, lines of two words
// through the two-word cache), with
// the exact line solver as the propagator of every line (lazy clause
// generation). See the package documentation.

// Literal values.
const (
	lUndef int8 = 0
	lTrue  int8 = 1
	lFalse int8 = -1
)

// A literal is 2x for "cell x is black" and 2x+1 for "cell x is white";
// l^1 is its negation.
func lit(x int, white bool) int32 {
	if white {
		return int32(2*x + 1)
	}
	return int32(2 * x)
}

// Reasons of an assignment, and conflicts: a clause index ≥ 0,
// rDecision (a decision, or a fact at level 0), or lineReason(l) for line
// l (rows 0…h-1, then columns).
const (
	rDecision  int32 = -1
	noConflict int32 = math.MaxInt32
)

func lineReason(l int) int32 { return -2 - int32(l) }

// Settings, measured with the learner alone on the 222 taai2011 puzzles
// that took the pipeline or the learner over 0.1 s (5 s each, CPU): Luby
// restarts of 100 conflicts (50: 97 s, 100: 82 s, 200: 82 s with
// rephasing every 4); the learnt clauses halved (keeping LBD ≤ 2) after
// 2000, then every 2000 + 300·k more conflicts; VSIDS decay 0.95; the
// saved phases reset to those of the longest trail every 8 restarts
// (none: 95 s; every 2, 4, 8, 16: 77, 82, 74, 82 s); explanations that
// drop the newest cells first (oldest first: 197 s); lines solved first
// in, first out (last in, first out: 71 s against 60 s; over all 1,000
// puzzles at most 20 s each, 107 s against 87 s); 2 % of the decisions on
// a random cell (the 222: none 59 s, 0.5 % 59 s, 1 % 48 s, 2 % 50 s, 3 %
// 64 s; all 1,000 puzzles: none 87 s, 1 % 75 s and 2 % 64 s, those two
// run side by side). These were measured with saved phases and a
// lookahead (the first 8 decision levels chosen by probing every open
// cell both ways, as State.Search branches) on puzzles of at most 1,200
// cells. With target phases (see pickBranch) the lookahead cost more than
// it saved, and it is gone: learner alone on all 1,000 taai2011 puzzles,
// 29.3 s CPU against 39.4 s with it; on the 96 that took the pipeline
// over 0.1 s, seeds 0, 1, 2 of the random decisions: 15.4, 15.9, 19.3 s
// against 24.4, 35.1, 33.3 s, 0.67, 0.66, 0.79 against 0.79, 1.07, 0.99
// million conflicts; 9-Dom 42 ms against 345 ms.
const (
	cdclRestartUnit = 100
	cdclReduceFirst = 2000
	cdclReduceInc   = 300
	cdclVarDecay    = 0.95
	cdclRephase     = 8
	cdclRandomFreq  = 0.02
)

type clause struct {
	// The literals are arena[start : start+size]. Before them, the arena
	// holds the clause's index (start-3), where the last new watch was
	// found (start-2) and the size, 0 once deleted (start-1).
	start, size int32
	lbd         int32
	act         float32
	learnt      bool
	deleted     bool
}

// A watch is a clause that watches a literal (where its literals start in
// the arena, which also holds its index), with a literal of the clause
// whose truth lets the visit be skipped.
type watch struct {
	start, blocker int32
}

// cdcl is the solver state of a [Learner].
type cdcl struct {
	h, w, n int
	W       int         // words per line mask: lines have at most 64·W cells
	lines   []*template // rows, then columns
	full    []uint64    // per line, W words each: its cells
	k0, k1  []uint64    // per line, W words each: cells known white, known black
	z0, z1  []uint64    // the same for the cells assigned at level 0 (facts)
	sc      scratch

	// Scratch masks of W words: the known cells of a line being explained
	// (facts f0 white, f1 black; the others o0, o1) and two for tests.
	f0, f1, o0, o1, t0, t1 []uint64
	n2                     [2]uint64

	lv     []int8  // per literal: lTrue, lFalse or lUndef
	level  []int32 // per cell
	reason []int32 // per cell
	tpos   []int32 // per cell: its position on the trail
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
	heap   []int32 // unassigned cells (and some assigned), a max-heap by activity
	hpos   []int32 // per cell: index in heap, or -1
	phase  []int8  // per cell: lTrue when it was last black
	hint   []int8  // per cell: lTrue likely black, lFalse likely white, lUndef no hint; nil before setHints
	hints  bool    // decide in the hint's colour

	seen    []int8
	expl    [][]int32 // per cell: its line reason as a clause, once computed
	explOK  []bool
	toClear []int32
	cand    []int64
	lbdSeen []int32 // per level: stamp of the last lbd count
	stamp   int32

	// Restarts and clause deletion.
	restartN, lubyI, restartAt int
	nextReduce, reduceK        int

	best                            []int8
	bestLen                         int
	rng                             uint64
	unsat                           bool // no (further) solution
	conflicts, restarts, lineSolves int
}

// newCDCL builds the engine over the lines of s, which must be a state of
// a one-colour puzzle, with the decided cells of s as facts.
func newCDCL(s *State) *cdcl {
	h, w := s.h, s.w
	n := h * w
	W := max(1, (max(h, w)+63)/64)
	c := &cdcl{rng: 0x9E3779B97F4A7C15, hints: true, h: h, w: w, n: n, W: W, claInc: 1, varInc: 1, lubyI: 1,
		restartAt: cdclRestartUnit, nextReduce: cdclReduceFirst}
	c.lines = make([]*template, h+w)
	c.full = make([]uint64, (h+w)*W)
	for l := range h + w {
		c.lines[l] = &s.cols[max(0, l-h)]
		length := h
		if l < h {
			c.lines[l], length = &s.rows[l], w
		}
		for i := range length {
			c.full[l*W+i/64] |= 1 << (i % 64)
		}
	}
	c.sc.cache = s.sc.cache
	if W > 1 || c.sc.cache == nil {
		c.sc.cache = new(lineCache) // one-word lines only
	}
	if W == 2 {
		c.sc.cache2 = new(lineCache2)
	}
	c.k0 = make([]uint64, (h+w)*W)
	c.k1 = make([]uint64, (h+w)*W)
	c.z0 = make([]uint64, (h+w)*W)
	c.z1 = make([]uint64, (h+w)*W)
	scratch := make([]uint64, 6*W)
	c.f0, c.f1, c.o0, c.o1, c.t0, c.t1 = scratch[:W], scratch[W:2*W], scratch[2*W:3*W], scratch[3*W:4*W], scratch[4*W:5*W], scratch[5*W:]
	c.lv = make([]int8, 2*n)
	c.level = make([]int32, n)
	c.reason = make([]int32, n)
	c.tpos = make([]int32, n)
	c.inQ = make([]bool, h+w)
	c.watches = make([][]watch, 2*n)
	c.act = make([]float64, n)
	c.hpos = make([]int32, n)
	c.phase = make([]int8, n)
	c.best = make([]int8, n)
	c.seen = make([]int8, n)
	c.expl = make([][]int32, n)
	c.explOK = make([]bool, n)
	c.lbdSeen = make([]int32, n+1)
	for x := range n {
		c.hpos[x] = -1
		c.phase[x] = lFalse
		c.best[x] = lFalse
	}
	for x, d := range s.cells {
		switch d {
		case 0:
			c.unsat = true
		case 1:
			c.assign(lit(x, true), rDecision)
		case 2:
			c.assign(lit(x, false), rDecision)
		}
	}
	for l := range h + w {
		c.queueLine(l)
	}
	if c.unsat || c.propagate() != noConflict {
		c.unsat = true
	}
	for x := range n {
		if c.lv[2*x] == lUndef {
			c.heapInsert(int32(x))
		}
	}
	return c
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

// assign makes literal p true at the current level and queues the lines
// of its cell (but not the line that forced it, which is solved).
func (c *cdcl) assign(p int32, why int32) {
	x := int(p >> 1)
	c.lv[p] = lTrue
	c.lv[p^1] = lFalse
	c.level[x] = int32(c.decisionLevel())
	c.reason[x] = why
	c.tpos[x] = int32(len(c.trail))
	c.trail = append(c.trail, p)
	r, col := x/c.w, x%c.w
	k := c.k1
	if p&1 != 0 {
		k = c.k0
	}
	k[r*c.W+col>>6] |= 1 << (col & 63)
	k[(c.h+col)*c.W+r>>6] |= 1 << (r & 63)
	if len(c.lim) == 0 { // level 0: facts are never undone
		z := c.z1
		if p&1 != 0 {
			z = c.z0
		}
		z[r*c.W+col>>6] |= 1 << (col & 63)
		z[(c.h+col)*c.W+r>>6] |= 1 << (r & 63)
	}
	if why != lineReason(r) {
		c.queueLine(r)
	}
	if why != lineReason(c.h+col) {
		c.queueLine(c.h + col)
	}
}

func (c *cdcl) queueLine(l int) {
	if !c.inQ[l] {
		c.inQ[l] = true
		c.lineQ = append(c.lineQ, int32(l))
	}
}

// cancelUntil backtracks to decision level lvl, saving the phases of the
// cells it unassigns (except after a probe).
func (c *cdcl) cancelUntil(lvl int) {
	if c.decisionLevel() <= lvl {
		return
	}
	for i := len(c.trail) - 1; i >= int(c.lim[lvl]); i-- {
		x := int(c.trail[i] >> 1)
		c.phase[x] = c.lv[2*x]
		c.lv[2*x], c.lv[2*x+1] = lUndef, lUndef
		r, col := x/c.w, x%c.w
		i, m := r*c.W+col>>6, ^(uint64(1) << (col & 63))
		c.k0[i] &= m
		c.k1[i] &= m
		i, m = (c.h+col)*c.W+r>>6, ^(uint64(1) << (r & 63))
		c.k0[i] &= m
		c.k1[i] &= m
		c.explOK[x] = false
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
		if c.W > 1 {
			if !c.solveLineW(l) {
				return lineReason(l)
			}
			continue
		}
		full := c.full[l]
		a0, a1 := full&^c.k1[l], full&^c.k0[l]
		n0, n1, ok := c.lines[l].solveMasks(a0, a1, &c.sc)
		if !ok {
			return lineReason(l)
		}
		for ch := a0 &^ n0; ch != 0; ch &= ch - 1 { // cannot be white: black
			c.assign(lit(c.cellOf(l, bits.TrailingZeros64(ch)), false), lineReason(l))
		}
		for ch := a1 &^ n1; ch != 0; ch &= ch - 1 { // cannot be black: white
			c.assign(lit(c.cellOf(l, bits.TrailingZeros64(ch)), true), lineReason(l))
		}
	}
}

// solveLineW solves line l of a puzzle with lines over 64 cells and
// assigns the cells it forces; it returns false when the line has no
// placement.
func (c *cdcl) solveLineW(l int) bool {
	t := c.lines[l]
	W := t.words // the line's own words: fewer than c.W for the short lines
	a0, a1 := c.t0[:W], c.t1[:W]
	for i := range W {
		j := l*c.W + i
		a0[i], a1[i] = c.full[j]&^c.k1[j], c.full[j]&^c.k0[j]
	}
	var n0, n1 []uint64
	var ok bool
	switch W {
	case 1:
		var m0, m1 uint64
		m0, m1, ok = t.solveMasks(a0[0], a1[0], &c.sc)
		c.n2[0], c.n2[1] = m0, m1
		n0, n1 = c.n2[:1], c.n2[1:2]
	case 2:
		n0, n1, ok = t.solveMasks2(a0, a1, &c.sc)
	default:
		n0, n1, ok = t.solveMasksW(a0, a1, &c.sc)
	}
	if !ok {
		return false
	}
	for i := range W {
		for ch := a0[i] &^ n0[i]; ch != 0; ch &= ch - 1 {
			c.assign(lit(c.cellOf(l, i<<6|bits.TrailingZeros64(ch)), false), lineReason(l))
		}
		for ch := a1[i] &^ n1[i]; ch != 0; ch &= ch - 1 {
			c.assign(lit(c.cellOf(l, i<<6|bits.TrailingZeros64(ch)), true), lineReason(l))
		}
	}
	return true
}

// propagateClauses visits the clauses watching ¬p, p having become true
// (two watched literals, as in MiniSat).
func (c *cdcl) propagateClauses(p int32) int32 {
	fl := p ^ 1
	ws := c.watches[fl]
	i, j := 0, 0
	for i < len(ws) {
		wt := ws[i]
		i++
		if c.lv[wt.blocker] == lTrue {
			ws[j] = wt
			j++
			continue
		}
		size := c.arena[wt.start-1]
		if size == 0 {
			continue // deleted: dropped from the list
		}
		lits := c.arena[wt.start : wt.start+size]
		if lits[0] == fl {
			lits[0], lits[1] = lits[1], fl
		}
		first := lits[0]
		if first != wt.blocker && c.lv[first] == lTrue {
			ws[j] = watch{wt.start, first}
			j++
			continue
		}
		// Look for a new watch from where the last one was found, then
		// from the start (Gent, "Optimal implementation of watched
		// literals", 2013): long learnt clauses are not scanned from the
		// start over and over.
		pos := int(c.arena[wt.start-2])
		k := c.firstNotFalse(lits, pos, len(lits))
		if k < 0 {
			k = c.firstNotFalse(lits, 2, pos)
		}
		if k >= 0 {
			lits[1], lits[k] = lits[k], fl
			c.arena[wt.start-2] = int32(k)
			c.watches[lits[1]] = append(c.watches[lits[1]], watch{wt.start, first})
			continue
		}
		ws[j] = watch{wt.start, first}
		j++
		ci := c.arena[wt.start-3]
		if c.lv[first] == lFalse {
			j += copy(ws[j:], ws[i:])
			c.watches[fl] = ws[:j]
			return ci
		}
		c.assign(first, ci)
	}
	c.watches[fl] = ws[:j]
	return noConflict
}

// firstNotFalse returns the index of the first literal of lits[from:to]
// that is not false, or -1.
func (c *cdcl) firstNotFalse(lits []int32, from, to int) int {
	for k := from; k < to; k++ {
		if c.lv[lits[k]] != lFalse {
			return k
		}
	}
	return -1
}

// addClause stores a clause of at least two literals, watching the first
// two, and returns its index.
func (c *cdcl) addClause(lits []int32, learnt bool, lbd int) int32 {
	idx := int32(len(c.clauses))
	start := int32(len(c.arena)) + 3
	c.clauses = append(c.clauses, clause{start: start, size: int32(len(lits)), lbd: int32(lbd), learnt: learnt})
	c.arena = append(c.arena, idx, 2, int32(len(lits)))
	c.arena = append(c.arena, lits...)
	c.watches[lits[0]] = append(c.watches[lits[0]], watch{start, lits[1]})
	c.watches[lits[1]] = append(c.watches[lits[1]], watch{start, lits[0]})
	if learnt {
		c.learnts = append(c.learnts, idx)
	}
	return idx
}

// lineKnown sets c.f0, c.f1, c.o0, c.o1 to the cells of line l assigned
// before trail position before (all assigned cells when before < 0):
// facts of level 0 (f0 white, f1 black) and the others (o0, o1). Only
// cells above level 0 are explained, so every fact comes before them.
func (c *cdcl) lineKnown(l int, before int32) {
	for i := range c.W {
		j := l*c.W + i
		k0, k1, f0, f1 := c.k0[j], c.k1[j], c.z0[j], c.z1[j]
		o0, o1 := k0&^f0, k1&^f1
		if before >= 0 {
			for m := o0 | o1; m != 0; m &= m - 1 {
				b := bits.TrailingZeros64(m)
				if c.tpos[c.cellOf(l, i<<6|b)] >= before {
					o0 &^= 1 << b
					o1 &^= 1 << b
				}
			}
		}
		c.f0[i], c.f1[i], c.o0[i], c.o1[i] = f0, f1, o0, o1
	}
}

// explainLine shrinks the known cells c.o0 (white), c.o1 (black) of line
// l, beside the facts c.f0, c.f1, to a subset with which the line still
// has no placement: greedily, trying to drop the most recently assigned
// cells first, so that the explanation leans on older assignments. It
// appends the negations of the literals left to out.
func (c *cdcl) explainLine(l int, out []int32) []int32 {
	W := c.W
	f0, f1, o0, o1 := c.f0, c.f1, c.o0, c.o1
	// Candidates as (trail position, bit), newest first (insertion sort:
	// there are few).
	cand := c.cand[:0]
	for i := range W {
		for m := o0[i] | o1[i]; m != 0; m &= m - 1 {
			bit := i<<6 | bits.TrailingZeros64(m)
			k := int64(c.tpos[c.cellOf(l, bit)])<<16 | int64(bit)
			j := len(cand)
			cand = append(cand, k)
			for ; j > 0 && cand[j-1] < k; j-- {
				cand[j] = cand[j-1]
			}
			cand[j] = k
		}
	}
	t := c.lines[l]
	full := c.full[l*W : (l+1)*W]
	for _, k := range cand {
		i, b := int(k&0xffff)>>6, uint64(1)<<(k&63)
		o0[i] &^= b
		o1i := o1[i]
		o1[i] &^= b
		c.lineSolves++
		var feasible bool
		switch {
		case t.words == 1:
			feasible = t.feasibleBW(full[0]&^(f1[0]|o1[0]), full[0]&^(f0[0]|o0[0]))
		case t.words == 2:
			feasible = t.feasible2(u128{full[0] &^ (f1[0] | o1[0]), full[1] &^ (f1[1] | o1[1])},
				u128{full[0] &^ (f0[0] | o0[0]), full[1] &^ (f0[1] | o0[1])}, c.sc.arrays2())
		default:
			tw := t.words
			for j := range tw {
				c.t0[j] = full[j] &^ (f1[j] | o1[j])
				c.t1[j] = full[j] &^ (f0[j] | o0[j])
			}
			feasible = t.feasibleW(c.t0[:tw], c.t1[:tw], &c.sc)
		}
		if feasible { // needed: put it back
			o1[i] = o1i
			if o1i&b == 0 {
				o0[i] |= b
			}
		}
	}
	c.cand = cand[:0]
	for i := range W {
		for m := o0[i]; m != 0; m &= m - 1 {
			out = append(out, lit(c.cellOf(l, i<<6|bits.TrailingZeros64(m)), false)) // ¬white
		}
		for m := o1[i]; m != 0; m &= m - 1 {
			out = append(out, lit(c.cellOf(l, i<<6|bits.TrailingZeros64(m)), true)) // ¬black
		}
	}
	return out
}

// reasonLits returns the reason of cell x as a clause, its true literal
// first; a line reason is explained on first use and kept while x stays
// assigned.
func (c *cdcl) reasonLits(x int) []int32 {
	why := c.reason[x]
	if why >= 0 {
		cl := c.clauses[why]
		return c.arena[cl.start : cl.start+cl.size]
	}
	if c.explOK[x] {
		return c.expl[x]
	}
	l := int(-2 - why)
	p := c.trail[c.tpos[x]]
	c.lineKnown(l, c.tpos[x])
	i := c.bitOf(l, x)
	if p&1 == 0 { // x black because the line has no placement with x white
		c.f0[i>>6] |= 1 << (i & 63)
	} else {
		c.f1[i>>6] |= 1 << (i & 63)
	}
	c.expl[x] = c.explainLine(l, append(c.expl[x][:0], p))
	c.explOK[x] = true
	return c.expl[x]
}

// analyze derives the first-UIP clause of a conflict (minimised: a
// literal whose reason is made of the clause's other literals goes). It
// returns the clause, asserting literal first and a literal of the
// backjump level second, and that level.
func (c *cdcl) analyze(confl int32) ([]int32, int) {
	learnt := []int32{0}
	var lits []int32
	if confl >= 0 {
		cl := c.clauses[confl]
		lits = c.arena[cl.start : cl.start+cl.size]
	} else {
		l := int(-2 - confl)
		c.lineKnown(l, -1)
		lits = c.explainLine(l, nil)
	}
	cur := int32(c.decisionLevel())
	pathC, idx := 0, len(c.trail)-1
	p := int32(-1)
	for {
		if confl >= 0 {
			c.bumpClause(confl)
		}
		if p >= 0 {
			lits = lits[1:]
		}
		for _, q := range lits {
			x := int(q >> 1)
			if c.seen[x] != 0 || c.level[x] == 0 {
				continue
			}
			c.seen[x] = 1
			c.bumpVar(x)
			if c.level[x] >= cur {
				pathC++
			} else {
				learnt = append(learnt, q)
			}
		}
		for c.seen[c.trail[idx]>>1] == 0 {
			idx--
		}
		p = c.trail[idx]
		idx--
		x := int(p >> 1)
		c.seen[x] = 0
		pathC--
		if pathC == 0 {
			break
		}
		confl = c.reason[x]
		lits = c.reasonLits(x)
	}
	learnt[0] = p ^ 1

	c.toClear = append(c.toClear[:0], learnt[1:]...)
	j := 1
	for _, q := range learnt[1:] {
		if x := int(q >> 1); c.reason[x] == rDecision || !c.redundant(x) {
			learnt[j] = q
			j++
		}
	}
	for _, q := range c.toClear {
		c.seen[q>>1] = 0
	}
	learnt = learnt[:j]

	bt := 0
	if len(learnt) > 1 {
		m := 1
		for i := 2; i < len(learnt); i++ {
			if c.level[learnt[i]>>1] > c.level[learnt[m]>>1] {
				m = i
			}
		}
		learnt[1], learnt[m] = learnt[m], learnt[1]
		bt = int(c.level[learnt[1]>>1])
	}
	return learnt, bt
}

// redundant reports whether the other literals of cell x's reason are all
// in the clause being learnt (seen) or facts.
func (c *cdcl) redundant(x int) bool {
	for _, q := range c.reasonLits(x)[1:] {
		if y := q >> 1; c.seen[y] == 0 && c.level[y] != 0 {
			return false
		}
	}
	return true
}

// lbd is the number of distinct decision levels of lits.
func (c *cdcl) lbd(lits []int32) int {
	c.stamp++
	n := 0
	for _, q := range lits {
		if lv := c.level[q>>1]; c.lbdSeen[lv] != c.stamp {
			c.lbdSeen[lv] = c.stamp
			n++
		}
	}
	return n
}

// learn analyses a conflict above level 0, backjumps, stores the learnt
// clause and asserts its first literal.
func (c *cdcl) learn(confl int32) {
	if len(c.trail) > c.bestLen {
		c.bestLen = len(c.trail)
		for _, q := range c.trail {
			if q&1 == 0 {
				c.best[q>>1] = lTrue
			} else {
				c.best[q>>1] = lFalse
			}
		}
	}
	c.conflicts++
	c.restartN++
	learnt, bt := c.analyze(confl)
	c.cancelUntil(bt)
	if len(learnt) == 1 {
		c.assign(learnt[0], rDecision)
	} else {
		ci := c.addClause(learnt, true, c.lbd(learnt))
		c.bumpClause(ci)
		c.assign(learnt[0], ci)
	}
	c.varInc /= cdclVarDecay
	c.claInc /= 0.999
}

func (c *cdcl) bumpVar(x int) {
	c.act[x] += c.varInc
	if c.act[x] > 1e100 {
		for i := range c.act {
			c.act[i] *= 1e-100
		}
		c.varInc *= 1e-100
	}
	if c.hpos[x] >= 0 {
		c.heapUp(int(c.hpos[x]))
	}
}

func (c *cdcl) bumpClause(ci int32) {
	cl := &c.clauses[ci]
	if !cl.learnt {
		return
	}
	cl.act += c.claInc
	if cl.act > 1e20 {
		for _, i := range c.learnts {
			c.clauses[i].act *= 1e-20
		}
		c.claInc *= 1e-20
	}
}

// The decision heap: a binary max-heap of cells by activity.

func (c *cdcl) heapInsert(x int32) {
	c.hpos[x] = int32(len(c.heap))
	c.heap = append(c.heap, x)
	c.heapUp(len(c.heap) - 1)
}

func (c *cdcl) heapUp(i int) {
	x := c.heap[i]
	for i > 0 {
		p := (i - 1) / 2
		if c.act[x] <= c.act[c.heap[p]] {
			break
		}
		c.heap[i] = c.heap[p]
		c.hpos[c.heap[i]] = int32(i)
		i = p
	}
	c.heap[i] = x
	c.hpos[x] = int32(i)
}

func (c *cdcl) heapDown(i int) {
	x := c.heap[i]
	n := len(c.heap)
	for {
		l := 2*i + 1
		if l >= n {
			break
		}
		if r := l + 1; r < n && c.act[c.heap[r]] > c.act[c.heap[l]] {
			l = r
		}
		if c.act[c.heap[l]] <= c.act[x] {
			break
		}
		c.heap[i] = c.heap[l]
		c.hpos[c.heap[i]] = int32(i)
		i = l
	}
	c.heap[i] = x
	c.hpos[x] = int32(i)
}

func (c *cdcl) heapPop() int32 {
	x := c.heap[0]
	last := c.heap[len(c.heap)-1]
	c.heap = c.heap[:len(c.heap)-1]
	c.hpos[x] = -1
	if len(c.heap) > 0 {
		c.heap[0] = last
		c.hpos[last] = 0
		c.heapDown(0)
	}
	return x
}

// hintConf is the belief a cell needs for a hint: a cell whose belief of
// being black lies between 1-hintConf and hintConf has none, and is
// decided in its target phase. Learner alone, seven seeds of its random
// decisions, nine survey puzzles that need it (Knotty, Faase, Meow,
// Gettys, Sierp, Thing, Nature, Lion, Center): 21.4 s in all with 0.7
// against 24.4 s with every cell hinted (0.5); Sierp 26–830 ms against
// 0.11–1.3 s, Faase 0.53–1.6 s against 0.67–2.0 s, but Meow 0.2–1.6 s
// against 0.18–1.3 s. taai2011, three seeds: 12.7, 13.9, 13.1 s against
// 15.0, 11.8, 13.3 s; the webpbn and hardtests sets, through the runner:
// the same within noise. With 0.9, taai2011 took 14.7, 14.9, 19.3 s.
const hintConf = 0.7

// setHints computes the cells' hints, their likely colours by belief
// propagation (belief.go) from the facts, for the cells whose belief is
// confident enough (hintConf). Call it at level 0. The search
// calls it the first time it is back at level 0 after a conflict (a
// restart, or a learnt fact), so that puzzles the learner decides in a
// few conflicts do not pay for the sweeps: over five webpbn puzzles of
// the sort (3162, 3163, 3867, 3929, 7382), three seeds, 0.19–0.23 s
// against 0.32–0.40 s with hints from the first decision, and taai2011
// 14.5, 11.1, 12.5 s CPU against 14.5, 11.6, 14.6 s.
func (c *cdcl) setHints() {
	cells := make([]Set, c.n)
	for x := range c.n {
		switch c.lv[2*x] { // at level 0 every assigned cell is a fact
		case lUndef:
			cells[x] = 3
		case lTrue:
			cells[x] = 2
		default:
			cells[x] = 1
		}
	}
	c.hint = make([]int8, c.n)
	for x, b := range beliefs(c.h, c.w, c.lines, cells) {
		switch {
		case b > hintConf:
			c.hint[x] = lTrue
		case b < 1-hintConf:
			c.hint[x] = lFalse
		}
	}
}

// pickBranch returns the unassigned cell of highest activity in its hint
// colour (see setHints; as CaDiCaL's forced phases, the hint wins over
// the saved and the target phase), or when it has no hint in its target
// phase (its colour on the longest trail since the last rephasing,
// as in Kissat's stable mode; the saved phase before there is one), or
// with probability cdclRandomFreq a random cell of the heap in its saved
// phase, or -1 when every cell is assigned. Target phases against saved
// phases, learner alone on the 96 taai2011 puzzles that took the
// pipeline over 0.1 s, four seeds of the random decisions: 4.18 against
// 5.00 million conflicts in all (17 % fewer; 787,405 against 978,651 with
// the seed kept).
func (c *cdcl) pickBranch() int32 {
	if len(c.heap) > 0 {
		c.rng ^= c.rng << 13
		c.rng ^= c.rng >> 7
		c.rng ^= c.rng << 17
		if float64(c.rng>>11)/(1<<53) < cdclRandomFreq {
			x := c.heap[int(c.rng%uint64(len(c.heap)))]
			if c.lv[2*x] == lUndef {
				return lit(int(x), c.phase[x] != lTrue)
			}
		}
	}
	for len(c.heap) > 0 {
		x := c.heapPop()
		if c.lv[2*x] == lUndef {
			if c.hint != nil && c.hint[x] != 0 {
				return lit(int(x), c.hint[x] != lTrue)
			}
			if c.bestLen > 0 { // target phase
				return lit(int(x), c.best[x] != lTrue)
			}
			return lit(int(x), c.phase[x] != lTrue)
		}
	}
	return -1
}

// reduceDB deletes half of the learnt clauses, those of largest LBD and
// then lowest activity, keeping clauses of LBD ≤ 2 and reasons.
func (c *cdcl) reduceDB() {
	ls := c.learnts
	slices.SortFunc(ls, func(a, b int32) int {
		ca, cb := &c.clauses[a], &c.clauses[b]
		if ca.lbd != cb.lbd {
			return int(cb.lbd - ca.lbd)
		}
		switch {
		case ca.act < cb.act:
			return -1
		case ca.act > cb.act:
			return 1
		}
		return 0
	})
	keep := ls[:0]
	half := len(ls) / 2
	for i, ci := range ls {
		cl := &c.clauses[ci]
		if i < half && cl.lbd > 2 && !c.locked(ci) {
			cl.deleted = true
			c.arena[cl.start-1] = 0
			continue
		}
		keep = append(keep, ci)
	}
	c.learnts = keep
	c.compact()
}

// locked reports whether clause ci is the reason of an assignment.
func (c *cdcl) locked(ci int32) bool {
	p := c.arena[c.clauses[ci].start]
	return c.lv[p] == lTrue && c.reason[p>>1] == ci
}

// compact drops deleted clauses from the arena once they are most of it,
// and from the watch lists, which it points at the new places.
func (c *cdcl) compact() {
	live := 0
	for _, cl := range c.clauses {
		if !cl.deleted {
			live += int(cl.size) + 3
		}
	}
	if 2*live > len(c.arena) {
		return
	}
	arena := make([]int32, 0, 2*live)
	for i := range c.clauses {
		cl := &c.clauses[i]
		if cl.deleted {
			cl.size = 0
			continue
		}
		arena = append(arena, int32(i), c.arena[cl.start-2], cl.size)
		start := int32(len(arena))
		arena = append(arena, c.arena[cl.start:cl.start+cl.size]...)
		cl.start = start
	}
	old := c.arena
	c.arena = arena
	for l, ws := range c.watches {
		j := 0
		for _, wt := range ws {
			if cl := &c.clauses[old[wt.start-3]]; !cl.deleted {
				ws[j] = watch{cl.start, wt.blocker}
				j++
			}
		}
		c.watches[l] = ws[:j]
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
	c.cancelUntil(d - 1)
	if d == 1 {
		c.assign(cl[0], rDecision)
		return
	}
	c.assign(cl[0], c.addClause(cl, false, 0))
}

// block forbids, at level 0, the grid whose true literals are trueLits;
// when that leaves no solution, unsat is set.
func (c *cdcl) block(trueLits []int32) {
	c.cancelUntil(0)
	var cl []int32
	for _, q := range trueLits {
		switch c.lv[q] {
		case lFalse:
			return // the grid breaks a fact: nothing to forbid
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

// solve searches on from where the last call left off, until stop (asked
// after every conflict and every solution) returns true, and passes each
// solution, as its true literals, to found, which returns false to end
// the run (the solution is blocked first, so a later call goes on to the
// next). It returns true when no solution is left: every one was passed
// to found, in this call or an earlier one.
func (c *cdcl) solve(stop func() bool, found func(sol []int32) bool) (complete bool) {
	sol := make([]int32, c.n)
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
		if c.restartN >= c.restartAt {
			c.restartN = 0
			c.restarts++
			c.lubyI++
			c.restartAt = luby(c.lubyI) * cdclRestartUnit
			c.cancelUntil(0)
			if c.restarts%cdclRephase == 0 {
				copy(c.phase, c.best)
				c.bestLen = 0
			}
			continue
		}
		if c.conflicts >= c.nextReduce {
			c.reduceK++
			c.nextReduce = c.conflicts + cdclReduceFirst + cdclReduceInc*c.reduceK
			c.reduceDB()
		}
		if c.hints && c.hint == nil && c.conflicts > 0 && c.decisionLevel() == 0 {
			c.setHints()
		}
		d := c.pickBranch()
		if d < 0 {
			// Every cell assigned and every line solved since its last
			// change: a solution.
			for x := range c.n {
				sol[x] = lit(x, c.lv[2*x] == lFalse)
			}
			more := found(sol)
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

// feasibleBW reports whether a one-colour line of at most 64 cells has a
// placement with every cell outside a0 black and every cell outside a1
// white: the forward pass of the line solver alone.
func (t *template) feasibleBW(a0, a1 uint64) bool {
	if !t.ok {
		return false
	}
	n := t.n
	if n == 0 {
		return true
	}
	g := fill1(a0&1, a0) // cells that may be background in the current gap
	var s uint64         // starts of the current block
	for j, b := range t.blocks {
		s = a1
		for have := 1; have < b.len; {
			d := min(have, b.len-have)
			s &= s >> d
			have += d
		}
		pred := g << 1
		if j == 0 {
			pred |= 1
		}
		s &= pred
		g = fill1(s<<b.len&a0, a0)
	}
	if g>>(n-1)&1 != 0 {
		return true
	}
	return t.k > 0 && s>>(n-t.blocks[t.k-1].len)&1 != 0
}

// feasible2 is feasibleBW for lines of 65 to 128 cells: the forward pass
// of solveBW2 (into ar), then whether it reaches the line's end.
func (t *template) feasible2(a0, a1 u128, ar *bw2Arrays) bool {
	if !t.ok {
		return false
	}
	k := t.k
	forward2(t.blocks, a0, a1, ar.fs[:k], ar.fg[:k+1])
	if ar.fg[k].bit(t.n - 1) {
		return true
	}
	return k > 0 && ar.fs[k-1].bit(t.n-t.blocks[k-1].len)
}
