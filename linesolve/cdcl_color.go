package linesolve

import (
	"math/bits"
	"slices"
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
	dom     []Set // per cell: the colours it may still take
	dom0    []Set // per cell: the colours the facts (level 0) leave it
	domInit []Set // per cell: its domain when the learner was made

	lineIn, lineOut []Set // a line's domains, before and after solving
	eCur, eBase     []Set // explanation: a line's domains, and those of the facts
}

// initColor sets up the domains of a colour state s and assigns its
// decided cells as facts.
func (c *cdcl) initColor(s *State) {
	c.dom = slices.Clone(s.cells)
	c.dom0 = slices.Clone(s.cells)
	c.domInit = slices.Clone(s.cells)
	m := max(c.h, c.w)
	buf := make([]Set, 4*m)
	c.lineIn, c.lineOut, c.eCur, c.eBase = buf[:m], buf[m:2*m], buf[2*m:3*m], buf[3*m:]
	c.sc.cache = new(lineCache) // lines of one word and one colour
	for x, d := range s.cells {
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
	} else {
		c.phase[x] = int8(col)
	}
}

// solveLineColor solves line l over its cells' domains and assigns "not
// v" for every colour v it removes; it returns false when the line has no
// placement.
func (c *cdcl) solveLineColor(l int) bool {
	t := c.lines[l]
	in, out := c.lineIn[:t.n], c.lineOut[:t.n]
	for i := range in {
		in[i] = c.dom[c.cellOf(l, i)]
	}
	if !t.solve(in, out, &c.sc) {
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
	base, cur := c.eBase[:t.n], c.eCur[:t.n]
	x, before := -1, int32(-1)
	var assumed Set
	if p >= 0 {
		v := int(p >> 1)
		x, before, assumed = v/c.vals, c.tpos[v], 1<<(v%c.vals)
	}
	// A candidate is (trail position, cell bit, colour).
	cand := c.cand[:0]
	for i := range t.n {
		y := c.cellOf(l, i)
		base[i] = c.dom0[y]
		cur[i] = base[i]
		if y == x {
			base[i], cur[i] = assumed, assumed
			continue
		}
		for rest := uint64(base[i]); rest != 0; rest &= rest - 1 {
			e := bits.TrailingZeros64(rest)
			if u := y*c.vals + e; c.lv[2*u] == lFalse && c.level[u] > 0 && (before < 0 || c.tpos[u] < before) {
				cand = append(cand, int64(c.tpos[u])<<24|int64(i)<<7|int64(e))
				cur[i] &^= 1 << e
			}
		}
	}
	slices.Sort(cand)
	// The line's domains as the solver's masks: a candidate gives one bit
	// back, and a colour outside the clue never matters to the line.
	sc := &c.sc
	sc.grow(t)
	t.fillMasks(cur, sc)
	// A colour given back beyond the frontier of the line's consistent
	// prefixes opens no placement and needs no pass (frontier.go). The
	// frontier is taken from the end of the line instead when that leaves
	// more candidates beyond it.
	W, n := t.words, t.n
	pad := 64*W - n
	reverseShift(sc.ra0, sc.a0, pad)
	for ci := range t.colors {
		reverseShift(sc.racol[ci*W:(ci+1)*W], sc.acol[ci*W:(ci+1)*W], pad)
	}
	c.lineSolves += 2
	_, far := t.frontier(sc, false)
	_, rfar := t.frontier(sc, true)
	nf, nr := 0, 0
	for k, cd := range cand {
		i, e := int(cd>>7&(1<<17-1)), uint(cd&63)
		reach := 1
		if e != 0 {
			ci := slices.Index(t.shift, e)
			if ci < 0 {
				cand[k] = -1
				continue
			}
			reach = t.maxLen[ci]
		}
		if i > far+reach {
			nf++
		}
		if n-1-i > rfar+reach {
			nr++
		}
	}
	rev := nr > nf
	a0, acol := sc.a0, sc.acol
	if rev {
		a0, acol, far = sc.ra0, sc.racol, rfar
	}
	for k := len(cand) - 1; k >= 0; k-- { // newest first
		if cand[k] < 0 {
			continue
		}
		i, e := int(cand[k]>>7&(1<<17-1)), uint(cand[k]&63)
		if rev {
			i = n - 1 - i
		}
		m, reach := a0, far+1
		if e != 0 {
			ci := slices.Index(t.shift, e)
			m, reach = acol[ci*W:(ci+1)*W], far+t.maxLen[ci]
		}
		m[i/64] |= 1 << (i % 64)
		if i > reach {
			cand[k] = -1
			continue
		}
		c.lineSolves++
		if ok, f := t.frontier(sc, rev); ok {
			m[i/64] &^= 1 << (i % 64) // needed
		} else {
			cand[k], far = -1, f
		}
	}
	for _, k := range cand {
		if k < 0 {
			continue
		}
		out = append(out, c.is(c.cellOf(l, int(k>>7&(1<<17-1))), int(k&63))) // "has e", false
	}
	c.cand = cand[:0]
	return out
}
