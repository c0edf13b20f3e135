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
	alpha, pre, beta, next []float64
	lo, hi                 []int   // per cell: the states pre may hold weight in
	label                  []int   // per state: its colour
	kind                   []uint8 // per state: stGap, stFirstTouch, stLastTouch
}

// The kinds of states of a line automaton (colorFB.kind), as bits.
const (
	stGap        = 1 << iota // background between blocks: may stay
	stFirstTouch             // a block's first cell, which may follow the block before (another colour) with no gap
	stLastTouch              // a block's last cell, which the block after (another colour) may follow with no gap
)

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
//
// A state's weight can only come from itself or the two states before
// it (and go to itself or the two after), so each pass computes only
// the states between the first and the last with a weight, which the
// cells fixed in a dive narrow down; the rest are zero. Every sum adds
// its non-zero terms in the order of a count over every state, so the
// messages, and the search, are the same to the bit as without the band.
// (The rows are still cleared whole, at each cell.)
func (fb *colorFB) line(t *linekernel.Template, vals int, wt, out []float64) bool {
	n, k := t.N, t.K
	if !t.OK {
		return false
	}
	fb.states(t)
	S := len(fb.label)
	if cap(fb.alpha) < (n+1)*S {
		fb.alpha, fb.pre = make([]float64, (n+1)*S), make([]float64, (n+1)*S)
	}
	if cap(fb.beta) < S {
		fb.beta, fb.next = make([]float64, S), make([]float64, S)
	}
	if cap(fb.lo) < n {
		fb.lo, fb.hi = make([]int, n), make([]int, n)
	}
	label, kind := fb.label, fb.kind
	// alpha row i+1: the weight of each state after cell i, normalised;
	// row 0 is the line before its first cell, in gap 0. pre row i: the
	// weights reaching cell i's states before its own weight.
	alpha, pre := fb.alpha[:(n+1)*S], fb.pre[:n*S]
	clear(alpha[:S])
	alpha[0] = 1
	lo, hi := 0, 0 // the states of alpha row i with a weight
	for i := range n {
		p, in, a := alpha[i*S:(i+1)*S], pre[i*S:(i+1)*S], alpha[(i+1)*S:(i+2)*S]
		hi = min(hi+2, S-1)
		fb.lo[i], fb.hi[i] = lo, hi
		for s := lo; s <= hi; s++ {
			switch {
			case s == 0:
				in[s] = p[0]
			case kind[s]&stGap != 0:
				in[s] = p[s] + p[s-1]
			case kind[s]&stFirstTouch != 0:
				in[s] = p[s-1] + p[s-2]
			default:
				in[s] = p[s-1]
			}
		}
		clear(a)
		sum := 0.0
		for s := lo; s <= hi; s++ {
			a[s] = in[s] * wt[i*vals+label[s]]
			sum += a[s]
		}
		if !(sum > beliefTiny) {
			return false
		}
		for s := lo; s <= hi; s++ {
			a[s] /= sum
		}
		for a[lo] == 0 {
			lo++
		}
		for a[hi] == 0 {
			hi--
		}
	}
	if end := alpha[n*S:]; !(end[S-1] > 0 || k > 0 && end[S-2] > 0) {
		return false // no placement ends with a positive weight
	}
	beta, next := fb.beta[:S], fb.next[:S]
	clear(beta)
	beta[S-1] = 1
	lo, hi = S-1, S-1 // the states of beta with a weight
	if k > 0 {
		beta[S-2], lo = 1, S-2
	}
	for i := n - 1; i >= 0; i-- {
		// Cell i's extrinsic weights: the states it can be in, reached
		// from the line before it, times the weight of finishing.
		in := pre[i*S : (i+1)*S]
		o := out[i*vals : (i+1)*vals]
		clear(o)
		total := 0.0
		for s := max(lo, fb.lo[i]); s <= min(hi, fb.hi[i]); s++ {
			u := in[s] * beta[s]
			o[label[s]] += u
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
		clear(next)
		for s := lo; s <= hi; s++ {
			next[s] = beta[s] * wt[i*vals+label[s]]
		}
		lo = max(lo-2, 0)
		// Each block's cells are summed before the gap in front of it,
		// the order of the count over every state (a gap's weight waits
		// for the next gap), so that the messages stay the same to the
		// bit. beta is read only in [lo, hi], all written here.
		sum, gap := 0.0, 0.0
		for s := lo; s <= hi; s++ {
			switch {
			case s == S-1:
				beta[s] = next[s]
			case kind[s]&stGap != 0:
				beta[s] = next[s] + next[s+1]
			case kind[s]&stLastTouch != 0:
				beta[s] = next[s+1] + next[s+2]
			default:
				beta[s] = next[s+1]
			}
			if kind[s]&stGap != 0 {
				sum += gap
				gap = beta[s]
			} else {
				sum += beta[s]
			}
		}
		sum += gap
		if !(sum > beliefTiny) {
			return false
		}
		for s := lo; s <= hi; s++ {
			beta[s] /= sum
		}
		for beta[lo] == 0 {
			lo++
		}
		for beta[hi] == 0 {
			hi--
		}
	}
	return true
}

// states numbers t's automaton states (gap j, then block j's cells, …,
// gap k), setting label and kind.
func (fb *colorFB) states(t *linekernel.Template) {
	fb.label, fb.kind = fb.label[:0], fb.kind[:0]
	for j, b := range t.Blocks {
		fb.label = append(fb.label, 0)
		fb.kind = append(fb.kind, stGap)
		for c := range b.Len {
			var kd uint8
			if c == 0 && j > 0 && t.Blocks[j-1].Touch {
				kd |= stFirstTouch
			}
			if c == b.Len-1 && b.Touch { // Touch: a next block of another colour
				kd |= stLastTouch
			}
			fb.label = append(fb.label, int(t.Shift[b.Ci]))
			fb.kind = append(fb.kind, kd)
		}
	}
	fb.label = append(fb.label, 0)
	fb.kind = append(fb.kind, stGap)
}
