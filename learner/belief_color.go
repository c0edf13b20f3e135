package learner

import (
	"math/bits"

	"github.com/nonosat/nonosat/internal/linekernel"
	"github.com/nonosat/nonosat/linesolve"
)

// Belief propagation over the colours of a colour puzzle: beliefs
// (belief.go) with a distribution over each cell's colours in place of
// one probability. A line's message to a cell gives each colour the
// weight of the line's placements that paint the cell that colour, each
// placement weighted by what the crossing lines say of the line's other
// cells (an exact forward-backward count over the line automaton, in
// which blocks of different colours may touch). The stopping rules and
// constants are those of beliefs.

// colorBP holds the messages of belief propagation over the colours of
// an h×w puzzle whose cells take vals values (background included) and
// whose lines are rows then columns: row[x·vals+v] is what cell x's row
// says of colour v, col what its column says. colorBeliefs runs it once
// from the facts; a dive (dive.go) keeps it, and sweeps again from where
// it was after each batch of decisions. With two values (black and
// white, or one colour) it sweeps with forwardBackward, the same count
// in one probability per cell, at about 0.4 of the cost (LEARNER.md,
// "Dives for black and white").
type colorBP struct {
	h, w, vals int
	lines      []*linekernel.Template
	row, col   []float64
	fb         colorFB
	wt, out    []float64
	bw         bool // two values: lines swept by forwardBackward
	bfb        forwardBackward
}

func newColorBP(h, w int, lines []*linekernel.Template, vals int) *colorBP {
	m := max(h, w)
	return &colorBP{h: h, w: w, vals: vals, lines: lines, bw: vals == 2,
		row: make([]float64, h*w*vals), col: make([]float64, h*w*vals),
		wt: make([]float64, m*vals), out: make([]float64, m*vals)}
}

// start shares each cell's messages evenly among the colours of its
// domain in cells.
func (b *colorBP) start(cells []linesolve.Set) {
	vals := b.vals
	clear(b.row)
	clear(b.col)
	for x, d := range cells {
		share := 1 / float64(max(1, d.Len()))
		for rest := uint64(d); rest != 0; rest &= rest - 1 {
			v := bits.TrailingZeros64(rest)
			b.row[x*vals+v], b.col[x*vals+v] = share, share
		}
	}
}

// sweep updates the messages of every line, rows then columns, adding
// each line's cost (cells × automaton states × 2, twice what beliefs
// charges for the same line) to *work and stopping before the line that
// would take it to limit. A line with no placement
// under the weights keeps its old messages. If stop is not nil, it is
// asked every 16 lines, and sweep returns false, its sweep unfinished,
// when it says stop.
func (b *colorBP) sweep(cells []linesolve.Set, work *int, limit int, stop func() bool) bool {
	h, w, vals := b.h, b.w, b.vals
	for l, t := range b.lines {
		if stop != nil && l%16 == 15 && stop() {
			return false
		}
		base, stride, in, msg := l*w, 1, b.col, b.row
		if l >= h {
			base, stride, in, msg = l-h, w, b.row, b.col
		}
		wt, out := b.wt, b.out
		*work += t.N * (t.MinLen + 2) * 2
		if *work >= limit {
			return true
		}
		if b.bw {
			for i, x := 0, base; i < t.N; i, x = i+1, x+stride {
				w0, w1 := in[2*x], in[2*x+1]
				wt[i] = w1 / (w0 + w1)
			}
			if !b.bfb.line(t, wt[:t.N], out[:t.N]) {
				continue
			}
			for i, x := 0, base; i < t.N; i, x = i+1, x+stride {
				if cells[x] != 3 {
					continue
				}
				m1 := beliefDamp*msg[2*x+1] + (1-beliefDamp)*out[i]
				m0 := beliefDamp*msg[2*x] + (1-beliefDamp)*(1-out[i])
				msg[2*x+1] = min(max(m1, beliefFloor), 1-beliefFloor)
				msg[2*x] = min(max(m0, beliefFloor), 1-beliefFloor)
			}
			continue
		}
		for i, x := 0, base; i < t.N; i, x = i+1, x+stride {
			copy(wt[i*vals:(i+1)*vals], in[x*vals:(x+1)*vals])
		}
		if !b.fb.line(t, vals, wt[:t.N*vals], out[:t.N*vals]) {
			continue
		}
		for i, x := 0, base; i < t.N; i, x = i+1, x+stride {
			d := cells[x]
			if d&(d-1) == 0 {
				continue // a fact: its messages are never read
			}
			for rest := uint64(d); rest != 0; rest &= rest - 1 {
				v := bits.TrailingZeros64(rest)
				mm := beliefDamp*msg[x*vals+v] + (1-beliefDamp)*out[i*vals+v]
				msg[x*vals+v] = min(max(mm, beliefFloor), 1-beliefFloor)
			}
		}
	}
	return true
}

// belief returns the likeliest colour of domain d for cell x and its
// share of the belief (the product of the two messages) over d.
func (b *colorBP) belief(x int, d linesolve.Set) (likely int8, conf float64) {
	vals := b.vals
	sum, best := 0.0, -1.0
	likely = -1
	for rest := uint64(d); rest != 0; rest &= rest - 1 {
		v := bits.TrailingZeros64(rest)
		p := b.row[x*vals+v] * b.col[x*vals+v]
		sum += p
		if p > best {
			best, likely = p, int8(v)
		}
	}
	if sum > 0 {
		conf = best / sum
	}
	return likely, conf
}

// colorBeliefs returns, per cell (row-major) of an h×w puzzle whose cells
// take vals values (background included) and whose lines are rows then
// columns, the likeliest colour and its belief, from cells holding each
// cell's domain, and the messages they come from. The sweeps stop as
// those of beliefs do, with limit in place of beliefWork (which, as sweep
// charges twice as much a line, allows half the sweeps). If stop is not
// nil, they ask it (see sweep), and colorBeliefs returns nil messages
// when it says stop.
func colorBeliefs(h, w int, lines []*linekernel.Template, cells []linesolve.Set, vals, limit int, stop func() bool) (likely []int8, conf []float64, b *colorBP) {
	n := h * w
	b = newColorBP(h, w, lines, vals)
	b.start(cells)
	likely = make([]int8, n)
	for x := range likely {
		likely[x] = -1
	}
	stable, work := 0, 0
	for range beliefRounds {
		if !b.sweep(cells, &work, limit, stop) {
			return nil, nil, nil
		}
		changed := false
		for x, d := range cells {
			if d&(d-1) == 0 {
				continue
			}
			if bv, _ := b.belief(x, d); bv != likely[x] {
				likely[x] = bv
				changed = true
			}
		}
		if stable++; changed {
			stable = 0
		}
		if stable >= beliefStable || work >= limit {
			break
		}
	}
	conf = make([]float64, n)
	for x, d := range cells {
		if d&(d-1) == 0 {
			likely[x], conf[x] = int8(bits.TrailingZeros64(uint64(d))), 1
			continue
		}
		likely[x], conf[x] = b.belief(x, d) // as the last round left them
	}
	return likely, conf, b
}

// colorFB holds the tables of one line's weighted count over colours.
type colorFB struct {
	alpha, beta, next, in []float64
	off                   []int // per block j: the state of gap j; block j's cells follow it
	label                 []int // per state: its colour
}

// line computes, for template t whose cell i takes colour v with weight
// wt[i·vals+v], each cell's extrinsic distribution over its colours: over
// the line's placements weighted by every cell but cell i, the share in
// which cell i has colour v, written to out[i·vals+v]. It reports false
// when no placement has a positive weight or the weights underflow.
//
// The states are gap j (background, 0 ≤ j ≤ k) and cell t of block j;
// gap 0 and the first cell of block 0 start, gap k and the last cell of
// block k-1 accept; the last cell of block j goes on to gap j+1, or to
// the first cell of block j+1 when the two differ in colour.
func (fb *colorFB) line(t *linekernel.Template, vals int, wt, out []float64) bool {
	n, k := t.N, t.K
	if !t.OK {
		return false
	}
	fb.off, fb.label = fb.off[:0], fb.label[:0]
	S := 0
	for j := range k {
		fb.off = append(fb.off, S)
		fb.label = append(fb.label, 0)
		for range t.Blocks[j].Len {
			fb.label = append(fb.label, int(t.Shift[t.Blocks[j].Ci]))
		}
		S += 1 + t.Blocks[j].Len
	}
	fb.off = append(fb.off, S)
	fb.label = append(fb.label, 0)
	S++
	if cap(fb.alpha) < (n+1)*S {
		fb.alpha = make([]float64, (n+1)*S)
	}
	if cap(fb.beta) < S {
		fb.beta, fb.next, fb.in = make([]float64, S), make([]float64, S), make([]float64, S)
	}
	// alpha row i+1: the weight of each state after cell i; row 0 is the
	// line before its first cell, in gap 0.
	alpha := fb.alpha[:(n+1)*S]
	clear(alpha[:S])
	alpha[0] = 1
	for i := range n {
		p, a := alpha[i*S:(i+1)*S], alpha[(i+1)*S:(i+2)*S]
		fb.incoming(t, p, a)
		sum := 0.0
		for s := range a {
			a[s] *= wt[i*vals+fb.label[s]]
			sum += a[s]
		}
		if !(sum > beliefTiny) {
			return false
		}
		for s := range a {
			a[s] /= sum
		}
	}
	if end := alpha[n*S:]; !(end[S-1] > 0 || k > 0 && end[S-2] > 0) {
		return false // no placement ends with a positive weight
	}
	beta, next, in := fb.beta[:S], fb.next[:S], fb.in[:S]
	clear(beta)
	beta[S-1] = 1
	if k > 0 {
		beta[S-2] = 1
	}
	for i := n - 1; i >= 0; i-- {
		// Cell i's extrinsic weights: the states it can be in, reached
		// from the line before it, times the weight of finishing.
		fb.incoming(t, alpha[i*S:(i+1)*S], in)
		o := out[i*vals : (i+1)*vals]
		clear(o)
		total := 0.0
		for s := range in {
			u := in[s] * beta[s]
			o[fb.label[s]] += u
			total += u
		}
		if !(total > 0) {
			return false
		}
		for v := range o {
			o[v] /= total
		}
		if i == 0 {
			break
		}
		// beta before cell i: through cell i's weights, one step back.
		for s := range next {
			next[s] = beta[s] * wt[i*vals+fb.label[s]]
		}
		sum := 0.0
		for j := 0; j <= k; j++ {
			g := fb.off[j]
			v := next[g] // gap j stays
			if j < k {
				v += next[g+1] // or starts block j
				L := t.Blocks[j].Len
				for c := range L - 1 {
					beta[g+1+c] = next[g+2+c]
					sum += beta[g+1+c]
				}
				last := next[fb.off[j+1]] // the last cell of block j: gap j+1
				if j+1 < k && t.Blocks[j].Touch {
					last += next[fb.off[j+1]+1] // or block j+1 at once
				}
				beta[g+L] = last
				sum += last
			}
			beta[g] = v
			sum += v
		}
		if !(sum > beliefTiny) {
			return false
		}
		for s := range beta {
			beta[s] /= sum
		}
	}
	return true
}

// incoming sets a to the weight of each state at a cell, reached from the
// states p at the cell before, before the cell's own weight.
func (fb *colorFB) incoming(t *linekernel.Template, p, a []float64) {
	k := t.K
	for j := 0; j <= k; j++ {
		g := fb.off[j]
		in := p[g]
		if j > 0 {
			in += p[g-1] // the last cell of block j-1
		}
		a[g] = in
		if j < k {
			first := p[g]
			if j > 0 && t.Blocks[j-1].Touch {
				first += p[g-1]
			}
			a[g+1] = first
			L := t.Blocks[j].Len
			copy(a[g+2:g+1+L], p[g+1:g+L])
		}
	}
}
