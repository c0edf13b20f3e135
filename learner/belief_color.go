package learner

import (
	"math"
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
// settings are those of beliefs.

// colorBP holds the messages of belief propagation over the colours of
// an h×w puzzle whose cells take vals values (background included) and
// whose lines are rows then columns: row[x·vals+v] is what cell x's row
// says of colour v, col what its column says. colorBeliefs runs it once
// from the facts; a dive (dive.go) keeps it, and sweeps again from where
// it was after each batch of decisions. Black and white is its case of
// two values.
type colorBP struct {
	h, w, vals  int
	lines       []*linekernel.Template
	row, col    []float64
	fb          colorFB
	wt, out     []float64
	damp, floor float64 // Params.BeliefDamp, BeliefFloor
}

func newColorBP(p *Params, h, w int, lines []*linekernel.Template, vals int) *colorBP {
	m := max(h, w)
	return &colorBP{h: h, w: w, vals: vals, lines: lines, damp: p.BeliefDamp, floor: p.BeliefFloor,
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
	damp, floor := b.damp, b.floor
	fresh, ceil := 1-damp, 1-floor
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
				mm := damp*msg[x*vals+v] + fresh*out[i*vals+v]
				msg[x*vals+v] = min(max(mm, floor), ceil)
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
// those of beliefs do, with limit in place of p.BeliefWork (which, as
// sweep charges twice as much a line, allows half the sweeps). If stop is
// not nil, they ask it (see sweep), and colorBeliefs returns nil messages
// when it says stop.
func colorBeliefs(p *Params, h, w int, lines []*linekernel.Template, cells []linesolve.Set, vals, limit int, stop func() bool) (likely []int8, conf []float64, b *colorBP) {
	n := h * w
	b = newColorBP(p, h, w, lines, vals)
	b.start(cells)
	likely = make([]int8, n)
	for x := range likely {
		likely[x] = -1
	}
	stable, work := 0, 0
	for range p.BeliefRounds {
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
		if stable >= p.BeliefStable || work >= limit {
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
// The per-state tables have two padding states on each side (state s at
// index s+2), so that a pass reads its neighbours without a test: cur's
// hold zeros, as cur does outside its band; pre's rows are read only in
// their band (lo, hi) and hold stale values elsewhere.
type colorFB struct {
	cur, pre []float64 // the pass's current weights, per state; pre: per cell and state, the weights reaching it
	lo, hi   []int     // per cell: the states pre may hold weight in
	label    []int     // per state: its colour
	// per state, 1 or 0: it may stay (a gap), be entered from two states
	// back (the first cell of a block after one of another colour), go
	// on to two states on (the last cell of such a block before)
	stay, skipIn, skipOut []float64
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
//
// A state's weight can only come from itself or the two states before
// it (and go to itself or the two after), so each pass keeps one row of
// weights, updated in place, and computes only the states between the
// first and the last with a weight, which the cells fixed in a dive
// narrow down. Rows are scaled only by powers of two, and only when their
// sum leaves [beliefRescale, 1/beliefRescale]: exactly while no weight is
// subnormal, so the shares (ratios of weights) do not depend on when
// they were scaled. A row whose sum falls under beliefTiny counts as
// underflow; as rows are not rescaled at every cell, that is a drop of
// 2^-700 to 2^-1100 from one cell to the next, depending on the scale.
func (fb *colorFB) line(t *linekernel.Template, vals int, wt, out []float64) bool {
	if !t.OK {
		return false
	}
	fb.states(t)
	S := len(fb.label) - 4
	n := t.N
	if cap(fb.pre) < n*(S+4) {
		fb.pre = make([]float64, n*(S+4))
	}
	if cap(fb.cur) < S+4 {
		fb.cur = make([]float64, S+4)
	}
	if cap(fb.lo) < n {
		fb.lo, fb.hi = make([]int, n), make([]int, n)
	}
	return fb.forward(t, vals, wt, S) && fb.backward(t, vals, wt, out, S)
}

// forward runs the weights of the S states from the first cell to the
// last: it keeps, for each cell i, the weights reaching it before its own
// (pre) and the range of states with a weight (fb.lo, fb.hi). It reports
// false when no placement ends with a positive weight or the weights
// underflow.
func (fb *colorFB) forward(t *linekernel.Template, vals int, wt []float64, S int) bool {
	n, k := t.N, t.K
	label, stay, skipIn := fb.label, fb.stay, fb.skipIn
	// cur holds the weight of each state after cell i-1 (index s+2), zero
	// outside [lo, hi]; before the first cell, gap 0.
	cur, pre := fb.cur[:S+4], fb.pre[:n*(S+4)]
	clear(cur)
	cur[2] = 1
	lo, hi := 2, 2
	for i := range n {
		w := wt[i*vals : (i+1)*vals]
		in := pre[i*(S+4) : (i+1)*(S+4)]
		hi = min(hi+2, S+1)
		fb.lo[i], fb.hi[i] = lo, hi
		// In place, from the last state down: state s reads s-1 and s-2,
		// not yet overwritten.
		sum := 0.0
		p0, p1 := cur[hi], cur[hi-1]
		for s := hi; s >= lo; s-- {
			p2 := cur[s-2]
			v := stay[s]*p0 + p1 + skipIn[s]*p2
			in[s] = v
			v *= w[label[s]]
			cur[s] = v
			sum += v
			p0, p1 = p1, p2
		}
		var ok bool
		if lo, hi, ok = settle(cur, lo, hi, sum); !ok {
			return false
		}
	}
	return cur[S+1] > 0 || k > 0 && cur[S] > 0 // else no placement ends with a positive weight
}

// backward runs the weight of finishing from each state, from the last
// cell to the first, and writes each cell's extrinsic distribution to
// out as it passes. It reports false when the weights underflow.
func (fb *colorFB) backward(t *linekernel.Template, vals int, wt, out []float64, S int) bool {
	n, k := t.N, t.K
	label, stay, skipOut := fb.label, fb.stay, fb.skipOut
	// cur holds the weight of finishing from each state after cell i,
	// zero outside [lo, hi].
	cur, pre := fb.cur[:S+4], fb.pre[:n*(S+4)]
	clear(cur)
	cur[S+1] = 1
	lo, hi := S+1, S+1
	if k > 0 {
		cur[S], lo = 1, S
	}
	for i := n - 1; i >= 0; i-- {
		// Cell i's extrinsic weights: the states it can be in, reached
		// from the line before it, times the weight of finishing.
		in := pre[i*(S+4) : (i+1)*(S+4)]
		o := out[i*vals : (i+1)*vals]
		clear(o)
		total := 0.0
		for s := max(lo, fb.lo[i]); s <= min(hi, fb.hi[i]); s++ {
			u := in[s] * cur[s]
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
		// Before cell i, through its weights, one step back; in place,
		// from the first state up: state s reads s+1 and s+2.
		w := wt[i*vals : (i+1)*vals]
		lo = max(lo-2, 2)
		sum := 0.0
		n0, n1 := cur[lo]*w[label[lo]], cur[lo+1]*w[label[lo+1]]
		for s := lo; s <= hi; s++ {
			n2 := cur[s+2] * w[label[s+2]]
			v := stay[s]*n0 + n1 + skipOut[s]*n2
			cur[s] = v
			sum += v
			n0, n1 = n1, n2
		}
		var ok bool
		if lo, hi, ok = settle(cur, lo, hi, sum); !ok {
			return false
		}
	}
	return true
}

// settle ends a step of a pass whose row cur, nonzero in [lo, hi], sums
// to sum: it scales the row when the sum leaves [beliefRescale,
// 1/beliefRescale] and returns the narrowed range of nonzero states, or
// false when the sum underflowed (beliefTiny).
func settle(cur []float64, lo, hi int, sum float64) (int, int, bool) {
	if !(sum > beliefTiny) {
		return lo, hi, false
	}
	if sum < beliefRescale || sum > 1/beliefRescale {
		scale(cur[lo:hi+1], sum)
	}
	for cur[lo] == 0 {
		lo++
	}
	for cur[hi] == 0 {
		hi--
	}
	return lo, hi, true
}

// scale multiplies ws, which sum to sum, by the power of two that takes
// the sum into [0.5, 1): with no rounding, unless a weight is or becomes
// subnormal.
func scale(ws []float64, sum float64) {
	_, e := math.Frexp(sum)
	r := math.Ldexp(1, -e)
	for i := range ws {
		ws[i] *= r
	}
}

// states numbers t's automaton states (gap j, then block j's cells, …,
// gap k), after two padding states and before two more, setting label,
// stay, skipIn and skipOut.
func (fb *colorFB) states(t *linekernel.Template) {
	fb.label, fb.stay = append(fb.label[:0], 0, 0), append(fb.stay[:0], 0, 0)
	fb.skipIn, fb.skipOut = append(fb.skipIn[:0], 0, 0), append(fb.skipOut[:0], 0, 0)
	for j, b := range t.Blocks {
		fb.add(0, true, false, false)
		for c := range b.Len {
			// Touch: the next block has another colour and may follow
			// with no gap.
			fb.add(int(t.Shift[b.Ci]), false, c == 0 && j > 0 && t.Blocks[j-1].Touch, c == b.Len-1 && b.Touch)
		}
	}
	fb.add(0, true, false, false)
	fb.label = append(fb.label, 0, 0)
	fb.stay, fb.skipIn, fb.skipOut = append(fb.stay, 0, 0), append(fb.skipIn, 0, 0), append(fb.skipOut, 0, 0)
}

// add appends a state of colour label that may stay, be entered from two
// states back (in) and go on two states on (out).
func (fb *colorFB) add(label int, stay, in, out bool) {
	fb.label = append(fb.label, label)
	fb.stay = append(fb.stay, one(stay))
	fb.skipIn = append(fb.skipIn, one(in))
	fb.skipOut = append(fb.skipOut, one(out))
}

// one is 1 for true and 0 for false.
func one(x bool) float64 {
	if x {
		return 1
	}
	return 0
}
