package linekernel

import "math/bits"

// Lines of 65 to 128 cells in any number of colours: the passes of
// CoreWords and frontierW over 128-bit sets held in registers, instead
// of word-by-word loops over slices (the lines of a 100×100 colour
// puzzle; learner/LEARNER.md, "Colour puzzles").

// arrays2c holds the passes of core2: per block the starts and per gap
// the cells, forwards and in the reversed line.
type arrays2c struct {
	fs, rfs, fg, rfg []U128
}

// arrays2c returns w's arrays for core2, sized for k blocks.
func (w *Scratch) arrays2c(k int) *arrays2c {
	if w.c2 == nil {
		w.c2 = new(arrays2c)
	}
	a := w.c2
	if cap(a.fg) < k+1 {
		a.fs, a.rfs = make([]U128, k), make([]U128, k)
		a.fg, a.rfg = make([]U128, k+1), make([]U128, k+1)
	}
	a.fs, a.rfs, a.fg, a.rfg = a.fs[:k], a.rfs[:k], a.fg[:k+1], a.rfg[:k+1]
	return a
}

// forward2c is forward over 128-bit sets: a0 the cells that may be
// background, acol per colour those that may take it.
func forward2c(blocks []tblock, a0 U128, acol []U128, fs, fg []U128) {
	fg[0] = fill128(a0.and(U128{1, 0}), a0)
	for j, b := range blocks {
		s := acol[b.Ci]
		for have := 1; have < b.Len; {
			d := min(have, b.Len-have)
			s = s.and(s.shr(d))
			have += d
		}
		pred := fg[j].shl(1)
		if j == 0 {
			pred.Lo |= 1
		} else if blocks[j-1].Touch {
			pred = pred.or(fs[j-1].shl(blocks[j-1].Len))
		}
		s = s.and(pred)
		fs[j] = s
		fg[j+1] = fill128(s.shl(b.Len).and(a0), a0)
	}
}

// core2 is CoreWords for a line of two words: it leaves the same masks
// in w (the feasible starts in w.Fs, gap cells in w.Fg, and w.Bg,
// w.Cov).
func (t *Template) core2(w *Scratch) {
	k, d := t.K, len(t.Colors)
	pad := 128 - t.N
	var acolB, racolB [8]U128
	acol, racol := acolB[:0], racolB[:0]
	if d > len(acolB) {
		acol, racol = make([]U128, 0, d), make([]U128, 0, d)
	}
	for ci := range d {
		v := U128{w.Acol[2*ci], w.Acol[2*ci+1]}
		acol = append(acol, v)
		racol = append(racol, v.rev(pad))
	}
	a0 := U128{w.A0[0], w.A0[1]}
	ar := w.arrays2c(k)
	forward2c(t.Blocks, a0, acol, ar.fs, ar.fg)
	forward2c(t.rblocks, a0.rev(pad), racol, ar.rfs, ar.rfg)
	var bg U128
	for j := 0; j <= k; j++ {
		g := ar.fg[j].and(ar.rfg[k-j].rev(pad))
		w.Fg[2*j], w.Fg[2*j+1] = g.Lo, g.Hi
		bg = bg.or(g)
	}
	w.Bg[0], w.Bg[1] = bg.Lo, bg.Hi
	cov := acol[:d] // reused: acol is read no more
	for ci := range cov {
		cov[ci] = U128{}
	}
	for j, b := range t.Blocks {
		s := ar.fs[j].and(ar.rfs[k-1-j].rev(pad + b.Len - 1))
		w.Fs[2*j], w.Fs[2*j+1] = s.Lo, s.Hi
		for have := 1; have < b.Len; {
			dd := min(have, b.Len-have)
			s = s.or(s.shl(dd))
			have += dd
		}
		cov[b.Ci] = cov[b.Ci].or(s)
	}
	for ci, v := range cov {
		w.Cov[2*ci], w.Cov[2*ci+1] = v.Lo, v.Hi
	}
}

// frontier2 is frontier1 for lines of 65 to 128 cells.
func frontier2(blocks []tblock, n int, a0m, acolm []uint64) (ok bool, far int) {
	a0 := U128{a0m[0], a0m[1]}
	g := fill128(a0.and(U128{1, 0}), a0) // gap j
	far = top128(g)
	var prev U128 // starts of block j-1
	prevLen, prevTouch := 0, false
	for j, b := range blocks {
		s := U128{acolm[2*b.Ci], acolm[2*b.Ci+1]}
		for have := 1; have < b.Len; {
			d := min(have, b.Len-have)
			s = s.and(s.shr(d))
			have += d
		}
		pred := g.shl(1)
		if j == 0 {
			pred.Lo |= 1
		} else if prevTouch {
			pred = pred.or(prev.shl(prevLen))
		}
		s = s.and(pred)
		if s.Lo|s.Hi == 0 {
			return false, far
		}
		far = max(far, top128(s)+b.Len-1)
		g = fill128(s.shl(b.Len).and(a0), a0)
		far = max(far, top128(g))
		prev, prevLen, prevTouch = s, b.Len, b.Touch
	}
	if g.bit(n - 1) {
		return true, far
	}
	return len(blocks) > 0 && prev.bit(n-prevLen), far
}

// top128 returns the highest set bit of x, or -1.
func top128(x U128) int {
	if x.Hi != 0 {
		return 127 - bits.LeadingZeros64(x.Hi)
	}
	return 63 - bits.LeadingZeros64(x.Lo)
}
