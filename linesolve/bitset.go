package linesolve

import "math/bits"

// The line solver works on bitsets over the cells of one line: bit i of
// word i/64 stands for cell i. All slices passed to one call have the same
// length; bits at or above the line length are zero in every input built
// from cells, and each helper keeps them so or ANDs them away.

// wordUp is word w of x moved s cells towards the end (bit i → i+s).
func wordUp(x []uint64, w, s int) uint64 {
	i := w - s/64
	if i < 0 {
		return 0
	}
	bs := uint(s % 64)
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

// erode keeps bit p of x only when bits p … p+c-1 are all set: the starts
// of runs of length c inside x.
func erode(x []uint64, c int) {
	n := len(x)
	for have := 1; have < c; {
		s := min(have, c-have)
		ws, bs := s/64, uint(s%64)
		for w := range x { // upwards: reads words not yet written
			var v uint64
			if i := w + ws; i < n {
				v = x[i] >> bs
				if bs != 0 && i+1 < n {
					v |= x[i+1] << (64 - bs)
				}
			}
			x[w] &= v
		}
		have += s
	}
}

// reverseShift sets dst to src with the bit order reversed over all the
// words and then moved s cells towards the start: bit i of src lands on
// bit 64·len-1-i-s. dst and src must not overlap.
func reverseShift(dst, src []uint64, s int) {
	n := len(dst)
	for w, v := range src {
		dst[n-1-w] = bits.Reverse64(v)
	}
	if s == 0 {
		return
	}
	ws, bs := s/64, uint(s%64)
	for w := range dst {
		var v uint64
		if i := w + ws; i < n {
			v = dst[i] >> bs
			if bs != 0 && i+1 < n {
				v |= dst[i+1] << (64 - bs)
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
