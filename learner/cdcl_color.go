package learner

import (
	"math/bits"
	"slices"

	"github.com/nonosat/nonosat/internal/linekernel"
	"github.com/nonosat/nonosat/linesolve"
)

// The learner's lines in a colour puzzle: a cell's domain is the set of
// colours no assigned literal has ruled out; a line is solved by the
// exact multicolour line solver over its cells' domains, and every colour
// it removes is the literal "not v", explained on demand by the few
// earlier literals of the line that already rule v out. A cell's own
// literals are tied together as in the direct encoding: "v" makes every
// other colour false (reason rOther), and a cell left with one colour
// takes it (reason rLast).

// colLines is the colour part of a cdcl.
type colLines struct {
	dom     []linesolve.Set // per cell: the colours it may still take
	dom0    []linesolve.Set // per cell: the colours the facts (level 0) leave it
	domInit []linesolve.Set // per cell: its domain when the learner was made

	lineIn, lineOut []linesolve.Set // a line's domains, before and after solving (at level 0)

	// Per line, its cells' domains as the line solver's masks (the cells
	// that may be background, then per colour of the clue those that may
	// take it, words words each) from lm[lmOff[l]], kept in step with dom.
	lm    []uint64
	lmOff []int32
}

// initColor sets up the domains of a colour grid g and assigns its
// decided cells as facts.
func (c *cdcl) initColor(g *linekernel.Grid) {
	c.dom = slices.Clone(g.Cells)
	c.dom0 = slices.Clone(g.Cells)
	c.domInit = slices.Clone(g.Cells)
	m := max(c.h, c.w)
	buf := make([]linesolve.Set, 2*m)
	c.lineIn, c.lineOut = buf[:m], buf[m:]
	c.sc.Cache = new(linekernel.LineCache) // lines of one word and one colour
	c.lmOff = make([]int32, len(c.lines))
	size := 0
	for l, t := range c.lines {
		c.lmOff[l] = int32(size)
		size += t.Words * (1 + len(t.Colors))
	}
	c.lm = make([]uint64, size)
	for x := range c.n {
		c.cellMasks(x)
	}
	for x, d := range g.Cells {
		switch {
		case d == 0:
			c.unsat = true
		case d&(d-1) == 0:
			c.assign(c.is(x, bits.TrailingZeros64(uint64(d))), rDecision)
		}
	}
}

// assignColor updates the domain of the cell of literal p, just made
// true, queues its lines if the domain changed (but not the line that
// forced p, which is solved), and assigns the literals the cell's other
// colours follow from: "v" makes every other colour false, and a cell
// left with one colour takes it.
func (c *cdcl) assignColor(p, why int32) {
	v := int(p >> 1)
	x, col := v/c.vals, v%c.vals
	old := c.dom[x]
	d := old &^ (1 << col)
	if p&1 == 0 {
		d = 1 << col
	}
	if d == old {
		return
	}
	c.dom[x] = d
	c.cellMasks(x)
	if len(c.lim) == 0 {
		c.dom0[x] = d
	}
	skip := -1
	if l, ok := isLine(why); ok {
		skip = l
	}
	c.queueCell(x, skip)
	if p&1 == 0 {
		for rest := uint64(old &^ d); rest != 0; rest &= rest - 1 {
			if q := c.is(x, bits.TrailingZeros64(rest)) ^ 1; c.lv[q] == lUndef {
				c.assign(q, rOther)
			}
		}
		return
	}
	if d&(d-1) == 0 {
		if q := c.is(x, bits.TrailingZeros64(uint64(d))); c.lv[q] == lUndef {
			c.assign(q, rLast)
		}
	}
}

// unassignColor gives the colour of literal p back to its cell's domain
// when p said "not v", and saves the cell's phase when it said "v".
// Undone in the reverse order of the trail, this restores each domain.
func (c *cdcl) unassignColor(p int32) {
	v := int(p >> 1)
	x, col := v/c.vals, v%c.vals
	if p&1 != 0 {
		c.dom[x] |= 1 << col
		c.cellMasks(x)
	} else {
		c.phase[x] = int8(col)
	}
}

// cellMasks writes the domain of cell x into the masks of its row and its
// column.
func (c *cdcl) cellMasks(x int) {
	d := uint64(c.dom[x])
	for _, l := range [2]int{x / c.w, c.h + x%c.w} {
		t := c.lines[l]
		W, i := t.Words, c.bitOf(l, x)
		m := c.lm[c.lmOff[l]:]
		wi, b := i/64, uint64(1)<<(i%64)
		m[wi] = m[wi]&^b | -(d&1)&b
		for ci, sh := range t.Shift {
			k := (ci+1)*W + wi
			m[k] = m[k]&^b | -(d>>sh&1)&b
		}
	}
}

// solveLineColor solves line l over its cells' domains and assigns "not
// v" for every colour v it removes; it returns false when the line has no
// placement. Above level 0 it works on the line's masks: every line was
// solved at level 0 when the learner was made, so no cell has a colour
// outside its lines' clues, which the masks could not hold.
func (c *cdcl) solveLineColor(l int) bool {
	if c.decisionLevel() == 0 {
		return c.solveLineCells(l)
	}
	t := c.lines[l]
	if !t.OK {
		return false
	}
	if t.N == 0 {
		return true
	}
	W, d := t.Words, len(t.Colors)
	m := c.lm[c.lmOff[l] : int(c.lmOff[l])+W*(1+d)]
	sc := &c.sc
	var bg, cov []uint64
	switch {
	case W == 1 && d == 1:
		n0, n1, ok := t.SolveMasks(m[0], m[1], sc)
		if !ok {
			return false
		}
		sc.Two = [4]uint64{n0, n1}
		bg, cov = sc.Two[0:1], sc.Two[1:2]
	case W == 1:
		sc.Grow(t)
		copy(sc.Acol, m[1:])
		sc.Two[0] = t.Core1(m[0], sc)
		bg, cov = sc.Two[0:1], sc.Cov
	case d <= 1:
		var ok bool
		var a1 []uint64
		if d == 1 {
			a1 = m[W:]
		}
		bg, cov, ok = t.SolveMasksW(m[:W], a1, sc)
		if !ok {
			return false
		}
	default:
		sc.Grow(t)
		copy(sc.A0, m[:W])
		copy(sc.Acol, m[W:])
		t.CoreWords(sc)
		bg, cov = sc.Bg, sc.Cov
	}
	ok := bg[0]&1 != 0
	for ci := range d {
		ok = ok || cov[ci*W]&1 != 0
	}
	if !ok {
		return false
	}
	// The removed colours, cell by cell and in the order of the colours.
	for wi := range W {
		rm := m[wi] &^ bg[wi]
		for ci := range d {
			rm |= m[(ci+1)*W+wi] &^ cov[ci*W+wi]
		}
		for ; rm != 0; rm &= rm - 1 {
			b := bits.TrailingZeros64(rm)
			i := wi*64 + b
			var gone uint64
			if (m[wi]&^bg[wi])>>b&1 != 0 {
				gone = 1
			}
			for ci, sh := range t.Shift {
				gone |= (m[(ci+1)*W+wi] &^ cov[ci*W+wi]) >> b & 1 << sh
			}
			x := c.cellOf(l, i)
			for ; gone != 0; gone &= gone - 1 {
				if q := c.is(x, bits.TrailingZeros64(gone)) ^ 1; c.lv[q] == lUndef {
					c.assign(q, lineReason(l))
				}
			}
		}
	}
	return true
}

// solveLineCells is solveLineColor over the cells' domains.
func (c *cdcl) solveLineCells(l int) bool {
	t := c.lines[l]
	in, out := c.lineIn[:t.N], c.lineOut[:t.N]
	for i := range in {
		in[i] = c.dom[c.cellOf(l, i)]
	}
	if !t.Solve(in, out, &c.sc) {
		return false
	}
	for i, d := range in {
		for rm := uint64(d &^ out[i]); rm != 0; rm &= rm - 1 {
			x := c.cellOf(l, i)
			if q := c.is(x, bits.TrailingZeros64(rm)) ^ 1; c.lv[q] == lUndef {
				c.assign(q, lineReason(l))
			}
		}
	}
	return true
}

// cellReason appends to out (which starts with p) the rest of the reason
// of literal p, assigned for its cell's other colours: "not v" because
// the cell has colour u (rOther), or "v" because every other colour the
// cell had is gone (rLast).
func (c *cdcl) cellReason(p, why int32, out []int32) []int32 {
	v := int(p >> 1)
	x, col := v/c.vals, v%c.vals
	if why == rOther {
		u := bits.TrailingZeros64(uint64(c.dom[x])) // the cell's colour, assigned before p
		return append(out, c.is(x, u)^1)
	}
	for rest := uint64(c.domInit[x] &^ (1 << col)); rest != 0; rest &= rest - 1 {
		out = append(out, c.is(x, bits.TrailingZeros64(rest)))
	}
	return out
}

// explainColor explains literal p, "cell x has not colour v", forced by
// line l (the clause so far, out, starts with p), or line l's conflict
// (p < 0). The candidates are the literals "not u" of the line's cells
// assigned above level 0 before p (every one for a conflict), x's own
// aside: a cell known to have a colour is known not to have the others,
// and an explanation that needs only some of those says more than the
// colour would (measured in LEARNER.md). With x
// assumed to have v, the line has no placement; candidates are dropped
// greedily, newest first, while that stays true, and the negations of
// those left are appended to out.
func (c *cdcl) explainColor(l int, p int32, out []int32) []int32 {
	t := c.lines[l]
	xi, before := c.colorMasksBefore(l, p)
	cand := c.colorCandidates(l, xi, before)
	c.dropNeedless(t, cand)
	for _, k := range cand {
		if k < 0 {
			continue
		}
		ci := int(k&127) - 1
		e := 0
		if ci >= 0 {
			e = int(t.Shift[ci])
		}
		out = append(out, c.is(c.cellOf(l, int(k>>7&(1<<17-1))), e)) // "has e", false
	}
	c.cand = cand[:0]
	return out
}

// colorMask is the scratch mask of colour index ci of line template t (ci =
// -1: the background).
func (c *cdcl) colorMask(t *linekernel.Template, ci int) []uint64 {
	if ci < 0 {
		return c.sc.A0
	}
	return c.sc.Acol[ci*t.Words : (ci+1)*t.Words]
}

// colorMasksBefore loads line l's masks into the scratch as they were before
// p: the current ones, x's cell holding v alone (p = "x has not v"). It
// returns x's bit in the line and p's trail position, or -1 and -1 for
// a conflict (p < 0).
func (c *cdcl) colorMasksBefore(l int, p int32) (xi int, before int32) {
	t := c.lines[l]
	W, d := t.Words, len(t.Colors)
	c.sc.Grow(t)
	m := c.lm[c.lmOff[l] : int(c.lmOff[l])+W*(1+d)]
	copy(c.sc.A0, m[:W])
	copy(c.sc.Acol, m[W:])
	if p < 0 {
		return -1, -1
	}
	v := int(p >> 1)
	x := v / c.vals
	xi, before = c.bitOf(l, x), c.tpos[v]
	b := uint64(1) << (xi % 64)
	for ci := -1; ci < d; ci++ {
		c.colorMask(t, ci)[xi/64] &^= b
	}
	if ci := int(t.CiOf[v%c.vals]); ci >= -1 {
		c.colorMask(t, ci)[xi/64] |= b
	}
	return xi, before
}

// colorCandidates returns the literals "not u" of line l's cells assigned
// above level 0 before trail position before (all of them when before <
// 0), but not of bit xi, as (trail position, cell bit, colour index + 1),
// sorted oldest first; the colours removed since are given back to the
// scratch masks.
func (c *cdcl) colorCandidates(l, xi int, before int32) []int64 {
	t := c.lines[l]
	cand := c.cand[:0]
	for i := range t.N {
		y := c.cellOf(l, i)
		rest := uint64(c.dom0[y] &^ c.dom[y]) // removed above level 0
		if rest == 0 || i == xi {
			continue
		}
		for ; rest != 0; rest &= rest - 1 {
			e := bits.TrailingZeros64(rest)
			ci := int(t.CiOf[e])
			if ci < -1 {
				continue // outside the clue: never matters to the line
			}
			if u := y*c.vals + e; before < 0 || c.tpos[u] < before {
				cand = append(cand, int64(c.tpos[u])<<24|int64(i)<<7|int64(ci+1))
			} else {
				c.colorMask(t, ci)[i/64] |= 1 << (i % 64)
			}
		}
	}
	slices.Sort(cand)
	return cand
}

// dropNeedless gives the candidates' colours back to the scratch masks
// one at a time, newest first, and marks -1 each one after which the line
// still has no placement: those left are the explanation.
func (c *cdcl) dropNeedless(t *linekernel.Template, cand []int64) {
	sc := &c.sc
	W, d, n := t.Words, len(t.Colors), t.N
	// A colour given back beyond the frontier of the line's consistent
	// prefixes opens no placement and needs no pass (internal/linekernel/frontier.go). The
	// frontier is taken from the end of the line instead when that leaves
	// more candidates beyond it.
	pad := 64*W - n
	linekernel.ReverseShift(sc.Ra0, sc.A0, pad)
	for ci := range d {
		linekernel.ReverseShift(sc.Racol[ci*W:(ci+1)*W], sc.Acol[ci*W:(ci+1)*W], pad)
	}
	c.lineSolves += 2
	_, far := t.Frontier(sc, false)
	_, rfar := t.Frontier(sc, true)
	nf, nr := 0, 0
	for _, cd := range cand {
		i, ci := int(cd>>7&(1<<17-1)), int(cd&127)-1
		reach := 1
		if ci >= 0 {
			reach = t.MaxLen[ci]
		}
		if i > far+reach {
			nf++
		}
		if n-1-i > rfar+reach {
			nr++
		}
	}
	rev := nr > nf
	a0, acol := sc.A0, sc.Acol
	if rev {
		a0, acol, far = sc.Ra0, sc.Racol, rfar
	}
	for k := len(cand) - 1; k >= 0; k-- { // newest first
		i, ci := int(cand[k]>>7&(1<<17-1)), int(cand[k]&127)-1
		if rev {
			i = n - 1 - i
		}
		m, reach := a0, far+1
		if ci >= 0 {
			m, reach = acol[ci*W:(ci+1)*W], far+t.MaxLen[ci]
		}
		m[i/64] |= 1 << (i % 64)
		if i > reach {
			cand[k] = -1
			continue
		}
		c.lineSolves++
		if ok, f := t.Frontier(sc, rev); ok {
			m[i/64] &^= 1 << (i % 64) // needed
		} else {
			cand[k], far = -1, f
		}
	}
}
