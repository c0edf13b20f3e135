package picture

import (
	"slices"

	"github.com/nonosat/nonosat/puzzle"
)

// weighted is one distinct colour of a picture and how many pixels have it.
type weighted struct {
	c puzzle.RGB
	n int
}

// medianCut returns at most k colours standing for the colours of hist
// (colour → pixel count). With k or fewer distinct colours it returns them
// exactly. Otherwise it starts from one box holding every colour and
// repeatedly splits the box with the largest squared error (the sum over
// its pixels of the squared distance to its mean colour), along the
// channel in which that box varies most, at the cut that leaves the least
// squared error on that channel (Otsu's threshold, which finds the gap
// between two clusters where a plain median would cut the larger one in
// half), until there are k boxes or no box holds two colours. Each box
// stands for the pixel-weighted mean of its colours. The result is sorted
// by colour value, so it does not depend on map order.
func medianCut(hist map[puzzle.RGB]int, k int) []puzzle.RGB {
	all := make([]weighted, 0, len(hist))
	for c, n := range hist {
		all = append(all, weighted{c, n})
	}
	slices.SortFunc(all, func(a, b weighted) int { return rgbKey(a.c) - rgbKey(b.c) })
	if len(all) <= k {
		out := make([]puzzle.RGB, len(all))
		for i, w := range all {
			out[i] = w.c
		}
		return out
	}
	boxes := [][]weighted{all}
	for len(boxes) < k {
		best, bestErr := -1, 0.0
		for i, b := range boxes {
			if e := sse(b); e > bestErr {
				best, bestErr = i, e
			}
		}
		if best < 0 {
			break // every box is a single colour
		}
		lo, hi := split(boxes[best])
		boxes[best] = lo
		boxes = append(boxes, hi)
	}
	out := make([]puzzle.RGB, len(boxes))
	for i, b := range boxes {
		out[i] = mean(b)
	}
	slices.SortFunc(out, func(a, b puzzle.RGB) int { return rgbKey(a) - rgbKey(b) })
	return slices.Compact(out)
}

func channel(c puzzle.RGB, ch int) float64 {
	switch ch {
	case 0:
		return float64(c.R)
	case 1:
		return float64(c.G)
	}
	return float64(c.B)
}

// variance returns, per channel, n times the variance of b's pixels.
func variance(b []weighted) [3]float64 {
	var out [3]float64
	for ch := range 3 {
		var n, sum, sq float64
		for _, w := range b {
			v, k := channel(w.c, ch), float64(w.n)
			n += k
			sum += v * k
			sq += v * v * k
		}
		if n > 0 {
			out[ch] = sq - sum*sum/n
		}
	}
	return out
}

// sse is the squared error of b: the sum over its pixels of the squared
// distance to its mean colour. It is 0 for a box of one colour.
func sse(b []weighted) float64 {
	if len(b) < 2 {
		return 0
	}
	v := variance(b)
	return v[0] + v[1] + v[2]
}

// split cuts b, which holds at least two colours, along its channel of
// largest variance, at the cut between two different values that
// maximises n1·n2·(mean1−mean2)², which is the cut that leaves the least
// squared error on that channel.
func split(b []weighted) (lo, hi []weighted) {
	v := variance(b)
	ch := 0
	for i := 1; i < 3; i++ {
		if v[i] > v[ch] {
			ch = i
		}
	}
	slices.SortStableFunc(b, func(x, y weighted) int { return int(channel(x.c, ch) - channel(y.c, ch)) })
	var total, totalSum float64
	for _, w := range b {
		total += float64(w.n)
		totalSum += channel(w.c, ch) * float64(w.n)
	}
	cut, bestScore := -1, -1.0
	var n1, sum1 float64
	for i := 0; i < len(b)-1; i++ {
		n1 += float64(b[i].n)
		sum1 += channel(b[i].c, ch) * float64(b[i].n)
		if channel(b[i].c, ch) == channel(b[i+1].c, ch) {
			continue
		}
		n2 := total - n1
		d := sum1/n1 - (totalSum-sum1)/n2
		if score := n1 * n2 * d * d; score > bestScore {
			cut, bestScore = i+1, score
		}
	}
	if cut < 0 {
		// The channel of largest variance is constant only if the box is
		// one colour, which callers rule out; cut anywhere to be safe.
		cut = len(b) / 2
	}
	return slices.Clip(b[:cut]), b[cut:]
}

// mean is the pixel-weighted mean colour of b, rounded.
func mean(b []weighted) puzzle.RGB {
	var r, g, bl, n int
	for _, w := range b {
		r += int(w.c.R) * w.n
		g += int(w.c.G) * w.n
		bl += int(w.c.B) * w.n
		n += w.n
	}
	return puzzle.RGB{R: uint8((r + n/2) / n), G: uint8((g + n/2) / n), B: uint8((bl + n/2) / n)}
}
