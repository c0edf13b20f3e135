package linekernel

import "math/bits"

// The colour learner's explanations (learner/cdcl_color.go) give a line's
// removed colours back one at a time while the line stays without a
// placement. The passes here answer that test and also say how far the
// line's consistent prefixes reach: a colour given back beyond that
// frontier can open no placement and leaves the frontier where it was,
// so it needs no pass at all (learner/LEARNER.md, "Colour puzzles").

// Frontier reports whether the line has a placement within the masks of
// w (see fillMasks), and far: the last cell that a consistent prefix of
// a placement can cover (-1 when none covers cell 0). Given back to the
// masks, background at a cell after far+1, or colour ci at a cell after
// far+MaxLen[ci], opens no placement and leaves far unchanged.
//
// With rev, the same over the reversed line (t.rblocks over w.Ra0 and
// w.Racol): far is then counted from the line's end.
func (t *Template) Frontier(w *Scratch, rev bool) (ok bool, far int) {
	if !t.OK {
		return false, -1
	}
	if t.N == 0 {
		return true, -1
	}
	blocks, a0, acol := t.Blocks, w.A0, w.Acol
	if rev {
		blocks, a0, acol = t.rblocks, w.Ra0, w.Racol
	}
	switch t.Words {
	case 1:
		return frontier1(blocks, t.N, a0[0], acol)
	case 2:
		return frontier2(blocks, t.N, a0, acol)
	}
	return t.frontierW(blocks, a0, acol, w)
}

// frontier1 is frontier for lines of at most 64 cells: forward1 in
// registers, stopping where no prefix goes on.
func frontier1(blocks []tblock, n int, a0 uint64, acol []uint64) (ok bool, far int) {
	g := fill1(a0&1, a0) // gap j
	cover := g           // the cells reachable nodes cover, as far as far goes
	var prev uint64      // starts of block j-1
	prevLen, prevTouch := 0, false
	for j, b := range blocks {
		s := erode1(acol[b.Ci], b.Len)
		pred := g << 1
		if j == 0 {
			pred |= 1
		} else if prevTouch {
			pred |= prev << prevLen
		}
		s &= pred
		if s == 0 {
			return false, 63 - bits.LeadingZeros64(cover)
		}
		g = fill1(s<<b.Len&a0, a0)
		cover |= s<<(b.Len-1) | g
		prev, prevLen, prevTouch = s, b.Len, b.Touch
	}
	far = 63 - bits.LeadingZeros64(cover)
	if g>>(n-1)&1 != 0 {
		return true, far
	}
	return len(blocks) > 0 && prev>>(n-prevLen)&1 != 0, far
}

// frontierW is frontier for lines of any number of words.
func (t *Template) frontierW(blocks []tblock, a0, acol []uint64, w *Scratch) (ok bool, far int) {
	n, k, W := t.N, t.K, t.Words
	forward(blocks, W, a0, acol, w.Fs, w.Fg, w.tmp)
	far = topBit(w.Fg[:W])
	for j, b := range blocks {
		if s := topBit(w.Fs[j*W : (j+1)*W]); s >= 0 {
			far = max(far, s+b.Len-1)
		}
		far = max(far, topBit(w.Fg[(j+1)*W:(j+2)*W]))
	}
	last := n - 1
	if w.Fg[k*W+last/64]>>(last%64)&1 != 0 {
		return true, far
	}
	if k == 0 {
		return false, far
	}
	p := n - blocks[k-1].Len
	return w.Fs[(k-1)*W+p/64]>>(p%64)&1 != 0, far
}

// topBit returns the highest set bit of x, or -1.
func topBit(x []uint64) int {
	for i := len(x) - 1; i >= 0; i-- {
		if x[i] != 0 {
			return 64*i + 63 - bits.LeadingZeros64(x[i])
		}
	}
	return -1
}
