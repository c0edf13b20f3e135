package linekernel

import "math/bits"

// The line solver works on bitsets over the cells of one line: bit i of
// word i/64 stands for cell i. All slices passed to one call have the same
// length; bits at or above the line length are zero in every input built
// from cells, and each helper keeps them so or ANDs them away.

// wordUp is word w of x moved 64·ws+bs cells towards the end (bit i →
// i+64·ws+bs), 0 ≤ bs < 64.
func wordUp(x []uint64, w, ws int, bs uint) uint64 {
	i := w - ws
	if i < 0 {
		return 0
	}
	v := x[i] << bs
	if bs != 0 && i > 0 {
		v |= x[i-1] >> (64 - bs)
	}
	return v
}

// dilate sets bit i of x when any of bits i-c+1 … i was set: the cells
// covered by blocks of length c starting at the bits of x.
func dilate(x []uint64, c int) {
	for have := 1; have < c; {
		s := min(have, c-have)
		ws, bs := s/64, uint(s%64)
		for w := len(x) - 1; w >= ws; w-- { // downwards: reads words not yet written
			i := w - ws
			v := x[i] << bs
			if bs != 0 && i > 0 {
				v |= x[i-1] >> (64 - bs)
			}
			x[w] |= v
		}
		have += s
	}
}

// dilate1 is dilate for one word: bit i set when any of bits i-c+1 … i
// of s is.
func dilate1(s uint64, c int) uint64 {
	for have := 1; have < c; {
		d := min(have, c-have)
		s |= s << d
		have += d
	}
	return s
}

// erode1 is erode for one word: the bits p of s with bits p … p+c-1 all
// set (log c shift-and steps).
func erode1(s uint64, c int) uint64 {
	for have := 1; have < c; {
		d := min(have, c-have)
		s &= s >> d
		have += d
	}
	return s
}

// erode sets dst to the bits p of src with bits p … p+c-1 all set: the
// starts of runs of length c inside src. dst and src must not overlap.
func erode(dst, src []uint64, c int) {
	if c <= 1 {
		copy(dst, src)
		return
	}
	n := len(dst)
	for w, v := range src { // first step, by one cell
		if w+1 < n {
			v &= v>>1 | src[w+1]<<63
		} else {
			v &= v >> 1
		}
		dst[w] = v
	}
	for have := 2; have < c; {
		s := min(have, c-have)
		ws, bs := s/64, uint(s%64)
		for w := range dst { // upwards: reads words not yet written
			var v uint64
			if i := w + ws; i < n {
				v = dst[i] >> bs
				if bs != 0 && i+1 < n {
					v |= dst[i+1] << (64 - bs)
				}
			}
			dst[w] &= v
		}
		have += s
	}
}

// ReverseShift sets dst to src with the bit order reversed over all the
// words and then moved s cells towards the start: bit i of src lands on
// bit 64·len-1-i-s. dst and src must not overlap.
func ReverseShift(dst, src []uint64, s int) {
	n := len(dst)
	ws, bs := s/64, uint(s%64)
	// Word w of the reversed set is the reverse of word n-1-w of src.
	for w := range dst {
		var v uint64
		if i := w + ws; i < n {
			v = bits.Reverse64(src[n-1-i]) >> bs
			if bs != 0 && i+1 < n {
				v |= bits.Reverse64(src[n-2-i]) << (64 - bs)
			}
		}
		dst[w] = v
	}
}

// fill sets dst to the cells reachable from a seed by moving towards the
// end through cells of a: every seed and the cells after it up to the end
// of its run in a. seeds must be a subset of a; dst may be seeds.
//
// Within one run of a, adding the seeds carries from the lowest seed to
// the top of the run, so the sum differs from a on exactly the run's cells
// from that seed up, except the higher seeds, which the OR puts back.
func fill(dst, seeds, a []uint64) {
	var carry uint64
	for w := range dst {
		s := seeds[w]
		var sum uint64
		sum, carry = bits.Add64(a[w], s, carry)
		dst[w] = (sum^a[w])&a[w] | s
	}
}

// and sets x to x AND y.
func and(x, y []uint64) {
	for w := range x {
		x[w] &= y[w]
	}
}

// or sets x to x OR y.
func or(x, y []uint64) {
	for w := range x {
		x[w] |= y[w]
	}
}

// U128 is a bit set of up to 128 cells: Lo holds cells 0–63.
type U128 struct{ Lo, Hi uint64 }

func (x U128) and(y U128) U128 { return U128{x.Lo & y.Lo, x.Hi & y.Hi} }

func (x U128) or(y U128) U128 { return U128{x.Lo | y.Lo, x.Hi | y.Hi} }

// rev reverses the 128 bits of x and shifts the result right by k: for a
// line of 128−k cells, cell i goes to cell 127−k−i.
func (x U128) rev(k int) U128 {
	return U128{bits.Reverse64(x.Hi), bits.Reverse64(x.Lo)}.shr(k)
}

func (x U128) shl(k int) U128 {
	switch {
	case k == 0:
		return x
	case k < 64:
		return U128{x.Lo << k, x.Hi<<k | x.Lo>>(64-k)}
	}
	return U128{0, x.Lo << (k - 64)}
}

func (x U128) shr(k int) U128 {
	switch {
	case k == 0:
		return x
	case k < 64:
		return U128{x.Lo>>k | x.Hi<<(64-k), x.Hi >> k}
	}
	return U128{x.Hi >> (k - 64), 0}
}

func (x U128) bit(i int) bool {
	if i < 64 {
		return x.Lo>>i&1 != 0
	}
	return x.Hi>>(i-64)&1 != 0
}

// fill128 is fill1 over 128 bits.
func fill128(seeds, a U128) U128 {
	lo, carry := bits.Add64(a.Lo, seeds.Lo, 0)
	hi, _ := bits.Add64(a.Hi, seeds.Hi, carry)
	return U128{(lo^a.Lo)&a.Lo | seeds.Lo, (hi^a.Hi)&a.Hi | seeds.Hi}
}

// transpose8 transposes the 8×8 bit matrix x whose row r is byte r (bit
// 8r+c is row r, column c): bit 8c+r of the result is bit 8r+c of x
// (Hacker's Delight, 7-3).
func transpose8(x uint64) uint64 {
	t := (x ^ x>>7) & 0x00aa00aa00aa00aa
	x ^= t ^ t<<7
	t = (x ^ x>>14) & 0x0000cccc0000cccc
	x ^= t ^ t<<14
	t = (x ^ x>>28) & 0x00000000f0f0f0f0
	x ^= t ^ t<<28
	return x
}
