package linesolve

import "math/bits"

// Lines of 65 to 128 cells in any number of colours: the passes of
// coreWords and frontierW over 128-bit sets held in registers, instead
// of word-by-word loops over slices (the lines of a 100×100 colour
// puzzle; LEARNER.md, "Colour puzzles").

// arrays2c holds the passes of core2: per block the starts and per gap
// the cells, forwards and in the reversed line.
type arrays2c struct {
	fs, rfs, fg, rfg []u128
}

// arrays2c returns w's arrays for core2, sized for k blocks.
func (w *scratch) arrays2c(k int) *arrays2c {
	if w.c2 == nil {
		w.c2 = new(arrays2c)
	}
	a := w.c2
	if cap(a.fg) < k+1 {
		a.fs, a.rfs = make([]u128, k), make([]u128, k)
		a.fg, a.rfg = make([]u128, k+1), make([]u128, k+1)
	}
	a.fs, a.rfs, a.fg, a.rfg = a.fs[:k], a.rfs[:k], a.fg[:k+1], a.rfg[:k+1]
	return a
}

// forward2c is forward over 128-bit sets: a0 the cells that may be
// background, acol per colour those that may take it.
func forward2c(blocks []tblock, a0 u128, acol []u128, fs, fg []u128) {
	fg[0] = fill128(a0.and(u128{1, 0}), a0)
	for j, b := range blocks {
		s := acol[b.ci]
		for have := 1; have < b.len; {
			d := min(have, b.len-have)
			s = s.and(s.shr(d))
			have += d
		}
		pred := fg[j].shl(1)
		if j == 0 {
			pred.lo |= 1
		} else if blocks[j-1].touch {
			pred = pred.or(fs[j-1].shl(blocks[j-1].len))
		}
		s = s.and(pred)
		fs[j] = s
		fg[j+1] = fill128(s.shl(b.len).and(a0), a0)
	}
}

// core2 is coreWords for a line of two words: it leaves the same masks
// in w (the feasible starts in w.fs, gap cells in w.fg, and w.bg,
// w.cov).
func (t *template) core2(w *scratch) {
	k, d := t.k, len(t.colors)
	pad := 128 - t.n
	var acolB, racolB [8]u128
	acol, racol := acolB[:0], racolB[:0]
	if d > len(acolB) {
		acol, racol = make([]u128, 0, d), make([]u128, 0, d)
	}
	for ci := range d {
		v := u128{w.acol[2*ci], w.acol[2*ci+1]}
		acol = append(acol, v)
		racol = append(racol, v.rev(pad))
	}
	a0 := u128{w.a0[0], w.a0[1]}
	ar := w.arrays2c(k)
	forward2c(t.blocks, a0, acol, ar.fs, ar.fg)
	forward2c(t.rblocks, a0.rev(pad), racol, ar.rfs, ar.rfg)
	var bg u128
	for j := 0; j <= k; j++ {
		g := ar.fg[j].and(ar.rfg[k-j].rev(pad))
		w.fg[2*j], w.fg[2*j+1] = g.lo, g.hi
		bg = bg.or(g)
	}
	w.bg[0], w.bg[1] = bg.lo, bg.hi
	cov := acol[:d] // reused: acol is read no more
	for ci := range cov {
		cov[ci] = u128{}
	}
	for j, b := range t.blocks {
		s := ar.fs[j].and(ar.rfs[k-1-j].rev(pad + b.len - 1))
		w.fs[2*j], w.fs[2*j+1] = s.lo, s.hi
		for have := 1; have < b.len; {
			dd := min(have, b.len-have)
			s = s.or(s.shl(dd))
			have += dd
		}
		cov[b.ci] = cov[b.ci].or(s)
	}
	for ci, v := range cov {
		w.cov[2*ci], w.cov[2*ci+1] = v.lo, v.hi
	}
}

// frontier2 is frontier1 for lines of 65 to 128 cells.
func frontier2(blocks []tblock, n int, a0m, acolm []uint64) (ok bool, far int) {
	a0 := u128{a0m[0], a0m[1]}
	g := fill128(a0.and(u128{1, 0}), a0) // gap j
	far = top128(g)
	var prev u128 // starts of block j-1
	prevLen, prevTouch := 0, false
	for j, b := range blocks {
		s := u128{acolm[2*b.ci], acolm[2*b.ci+1]}
		for have := 1; have < b.len; {
			d := min(have, b.len-have)
			s = s.and(s.shr(d))
			have += d
		}
		pred := g.shl(1)
		if j == 0 {
			pred.lo |= 1
		} else if prevTouch {
			pred = pred.or(prev.shl(prevLen))
		}
		s = s.and(pred)
		if s.lo|s.hi == 0 {
			return false, far
		}
		far = max(far, top128(s)+b.len-1)
		g = fill128(s.shl(b.len).and(a0), a0)
		far = max(far, top128(g))
		prev, prevLen, prevTouch = s, b.len, b.touch
	}
	if g.bit(n - 1) {
		return true, far
	}
	return len(blocks) > 0 && prev.bit(n-prevLen), far
}

// top128 returns the highest set bit of x, or -1.
func top128(x u128) int {
	if x.hi != 0 {
		return 127 - bits.LeadingZeros64(x.hi)
	}
	return 63 - bits.LeadingZeros64(x.lo)
}
