package learner

import (
	"math"
	"math/bits"

	"github.com/nonosat/nonosat/internal/linekernel"
)

// The learner's lines in a black-and-white puzzle: every line's known
// cells are kept as two masks (known white, known black; W words per
// line), solved through the line caches (one word, two words) or the
// word-by-word passes, and explained by forward passes alone.

// bwLines is the black-and-white part of a cdcl.
type bwLines struct {
	W      int      // words per line mask: lines have at most 64·W cells
	full   []uint64 // per line, W words each: its cells
	k0, k1 []uint64 // per line, W words each: cells known white, known black
	z0, z1 []uint64 // the same for the cells assigned at level 0 (facts)

	// Scratch masks of W words: the known cells of a line being explained
	// (facts f0 white, f1 black; the others o0, o1) and two for tests.
	f0, f1, o0, o1, t0, t1 []uint64
	rm                     []uint64 // the candidates a test drops (explainLine)
	pre                    [65]uint64
	n2                     [2]uint64
}

// initBW sets up the masks of a one-colour grid g and assigns its
// decided cells as facts.
func (c *cdcl) initBW(g *linekernel.Grid) {
	h, w := c.h, c.w
	W := max(1, (max(h, w)+63)/64)
	c.W = W
	c.full = make([]uint64, (h+w)*W)
	for l := range h + w {
		length := h
		if l < h {
			length = w
		}
		for i := range length {
			c.full[l*W+i/64] |= 1 << (i % 64)
		}
	}
	c.sc.Cache = g.Cache
	if W > 1 || c.sc.Cache == nil {
		c.sc.Cache = new(linekernel.LineCache) // one-word lines only
	}
	if W == 2 {
		c.sc.Cache2 = new(linekernel.LineCache2)
	}
	c.k0 = make([]uint64, (h+w)*W)
	c.k1 = make([]uint64, (h+w)*W)
	c.z0 = make([]uint64, (h+w)*W)
	c.z1 = make([]uint64, (h+w)*W)
	scratch := make([]uint64, 7*W)
	c.rm = scratch[6*W:]
	c.f0, c.f1, c.o0, c.o1, c.t0, c.t1 = scratch[:W], scratch[W:2*W], scratch[2*W:3*W], scratch[3*W:4*W], scratch[4*W:5*W], scratch[5*W:6*W]
	for x := range c.n {
		c.best[x] = 0
		c.phase[x] = 0
	}
	for x, d := range g.Cells {
		switch d {
		case 0:
			c.unsat = true
		case 1:
			c.assign(lit(x, true), rDecision)
		case 2:
			c.assign(lit(x, false), rDecision)
		}
	}
}

// assignBW records literal p, just made true, in the masks of its cell's
// lines and queues them (but not the line that forced it, which is
// solved).
func (c *cdcl) assignBW(p, why int32) {
	x := int(p >> 1)
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
	skip := -1
	if l, ok := isLine(why); ok {
		skip = l
	}
	c.queueCell(x, skip)
}

// unassignBW takes literal p off its cell's masks and saves its phase.
func (c *cdcl) unassignBW(p int32) {
	x := int(p >> 1)
	c.phase[x] = int8(1 - p&1)
	r, col := x/c.w, x%c.w
	i, m := r*c.W+col>>6, ^(uint64(1) << (col & 63))
	c.k0[i] &= m
	c.k1[i] &= m
	i, m = (c.h+col)*c.W+r>>6, ^(uint64(1) << (r & 63))
	c.k0[i] &= m
	c.k1[i] &= m
}

// solveLineBW solves line l and assigns the cells it forces; it returns
// false when the line has no placement.
func (c *cdcl) solveLineBW(l int) bool {
	if c.W > 1 {
		return c.solveLineW(l)
	}
	full := c.full[l]
	a0, a1 := full&^c.k1[l], full&^c.k0[l]
	n0, n1, ok := c.lines[l].SolveMasks(a0, a1, &c.sc)
	if !ok {
		return false
	}
	for ch := a0 &^ n0; ch != 0; ch &= ch - 1 { // cannot be white: black
		c.assign(lit(c.cellOf(l, bits.TrailingZeros64(ch)), false), lineReason(l))
	}
	for ch := a1 &^ n1; ch != 0; ch &= ch - 1 { // cannot be black: white
		c.assign(lit(c.cellOf(l, bits.TrailingZeros64(ch)), true), lineReason(l))
	}
	return true
}

// solveLineW solves line l of a puzzle with lines over 64 cells and
// assigns the cells it forces; it returns false when the line has no
// placement.
func (c *cdcl) solveLineW(l int) bool {
	t := c.lines[l]
	W := t.Words // the line's own words: fewer than c.W for the short lines
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
		m0, m1, ok = t.SolveMasks(a0[0], a1[0], &c.sc)
		c.n2[0], c.n2[1] = m0, m1
		n0, n1 = c.n2[:1], c.n2[1:2]
	case 2:
		n0, n1, ok = t.SolveMasks2(a0, a1, &c.sc)
	default:
		n0, n1, ok = t.SolveMasksW(a0, a1, &c.sc)
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

// lineKnown sets c.f0, c.f1, c.o0, c.o1 to the cells of line l assigned
// before trail position before (all assigned cells when before < 0):
// facts of level 0 (f0 white, f1 black) and the others (o0, o1), and
// c.cand to the others as (trail position<<16 | bit), newest first (an
// insertion sort: there are few). Only cells above level 0 are
// explained, so every fact comes before them.
func (c *cdcl) lineKnown(l int, before int32) {
	if before < 0 {
		before = math.MaxInt32
	}
	cand := c.cand[:0]
	for i := range c.W {
		j := l*c.W + i
		k0, k1, f0, f1 := c.k0[j], c.k1[j], c.z0[j], c.z1[j]
		o0, o1 := k0&^f0, k1&^f1
		for m := o0 | o1; m != 0; m &= m - 1 {
			bit := i<<6 | bits.TrailingZeros64(m)
			tp := c.tpos[c.cellOf(l, bit)]
			if tp >= before {
				o0 &^= m & -m
				o1 &^= m & -m
				continue
			}
			k := int64(tp)<<16 | int64(bit)
			n := len(cand)
			cand = append(cand, k)
			for ; n > 0 && cand[n-1] < k; n-- {
				cand[n] = cand[n-1]
			}
			cand[n] = k
		}
		c.f0[i], c.f1[i], c.o0[i], c.o1[i] = f0, f1, o0, o1
	}
	c.cand = cand
}

// explainLine shrinks the known cells c.o0 (white), c.o1 (black) of line
// l (c.cand, as lineKnown leaves them), beside the facts c.f0, c.f1, to a subset with which the line still
// has no placement: greedily, trying to drop the most recently assigned
// cells first, so that the explanation leans on older assignments. It
// appends the negations of the literals left to out.
//
// The greedy result is found with fewer forward passes than one per
// candidate: the line has no placement without candidates i…j-1 exactly
// when greedy would drop every one of them (feasibility is monotone), so
// runs of dropped candidates are found by galloping over growing chunks,
// then a binary search for the first needed one (LEARNER.md).
func (c *cdcl) explainLine(l int, out []int32) []int32 {
	W := c.W
	o0, o1 := c.o0, c.o1
	cand := c.cand // from lineKnown
	if W == 1 {
		c.shrink1(l, cand)
	} else {
		c.shrinkW(l, cand)
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

// shrink1 is explainLine's greedy shrinking for a line of one word,
// the candidates (trail position<<16 | bit) newest first.
func (c *cdcl) shrink1(l int, cand []int64) {
	t := c.lines[l]
	full, f0, f1, o0, o1 := c.full[l], c.f0[0], c.f1[0], c.o0[0], c.o1[0]
	// pre[j]: the bits of cand[:j], so that cand[i:j] is pre[j] &^ pre[i].
	pre := c.pre[:len(cand)+1]
	pre[0] = 0
	for j, k := range cand {
		pre[j+1] = pre[j] | 1<<(k&63)
	}
	m := len(cand)
	for i := 0; i < m; {
		// The first needed candidate from i on is in cand[lo:hi+1]; those
		// in cand[i:lo] go. hi = m: none is needed.
		lo, hi := i, m
		for s := 2; ; s *= 2 {
			e := min(i+s, m)
			rm := pre[e] &^ pre[i]
			c.lineSolves++
			if t.FeasibleBW(full&^(f1|o1&^rm), full&^(f0|o0&^rm)) {
				hi = e - 1
				break
			}
			lo = e
			if e == m {
				break
			}
		}
		for lo < hi {
			mid := (lo + hi) / 2
			rm := pre[mid+1] &^ pre[i]
			c.lineSolves++
			if t.FeasibleBW(full&^(f1|o1&^rm), full&^(f0|o0&^rm)) {
				hi = mid
			} else {
				lo = mid + 1
			}
		}
		rm := pre[lo] &^ pre[i]
		o0 &^= rm
		o1 &^= rm
		i = lo + 1
	}
	c.o0[0], c.o1[0] = o0, o1
}

// shrinkW is shrink1 for lines of more than one word.
func (c *cdcl) shrinkW(l int, cand []int64) {
	m := len(cand)
	for i := 0; i < m; {
		lo, hi := i, m
		for s := 2; ; s *= 2 {
			e := min(i+s, m)
			if c.feasibleWithout(l, cand[i:e]) {
				hi = e - 1
				break
			}
			lo = e
			if e == m {
				break
			}
		}
		for lo < hi {
			mid := (lo + hi) / 2
			if c.feasibleWithout(l, cand[i:mid+1]) {
				hi = mid
			} else {
				lo = mid + 1
			}
		}
		for _, k := range cand[i:lo] {
			j, b := int(k&0xffff)>>6, uint64(1)<<(k&63)
			c.o0[j] &^= b
			c.o1[j] &^= b
		}
		i = lo + 1
	}
}

// feasibleWithout reports whether line l (of more than one word) has a
// placement with the known cells c.f0, c.f1, c.o0, c.o1 but those of the
// candidates drop: a forward pass.
func (c *cdcl) feasibleWithout(l int, drop []int64) bool {
	c.lineSolves++
	t := c.lines[l]
	W := c.W
	full := c.full[l*W : (l+1)*W]
	rm := c.rm[:W]
	clear(rm)
	for _, k := range drop {
		rm[int(k&0xffff)>>6] |= 1 << (k & 63)
	}
	tw := t.Words
	for j := range tw {
		c.t0[j] = full[j] &^ (c.f1[j] | c.o1[j]&^rm[j])
		c.t1[j] = full[j] &^ (c.f0[j] | c.o0[j]&^rm[j])
	}
	if tw == 2 {
		return t.Feasible2(linekernel.U128{Lo: c.t0[0], Hi: c.t0[1]}, linekernel.U128{Lo: c.t1[0], Hi: c.t1[1]}, c.sc.Arrays2())
	}
	return t.FeasibleW(c.t0[:tw], c.t1[:tw], &c.sc)
}

// explainBW explains literal p forced by line l (p ≥ 0; the clause so far,
// out, starts with it) or line l's conflict (p < 0): the known cells of
// the line before p, with p's cell assumed the other way round, shrunk
// by explainLine.
func (c *cdcl) explainBW(l int, p int32, out []int32) []int32 {
	if p < 0 {
		c.lineKnown(l, -1)
		return c.explainLine(l, out)
	}
	x := int(p >> 1)
	c.lineKnown(l, c.tpos[x])
	i := c.bitOf(l, x)
	if p&1 == 0 { // x black because the line has no placement with x white
		c.f0[i>>6] |= 1 << (i & 63)
	} else {
		c.f1[i>>6] |= 1 << (i & 63)
	}
	return c.explainLine(l, out)
}
