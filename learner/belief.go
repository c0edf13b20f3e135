package learner

import "github.com/nonosat/nonosat/linesolve"

import "github.com/nonosat/nonosat/internal/linekernel"

// Belief propagation over the rows and columns of a black-and-white
// puzzle: each line is a factor over its cells, and each cell sits in two
// factors, its row and its column. A line's message to a cell is the
// probability that the cell is black over the line's placements, each
// weighted by what the crossing lines say of the line's other cells,
// counted exactly by a forward-backward pass over the line automaton (see
// package linesolve). The messages come to no exact marginal, as
// the grid has cycles, but they guess the picture well enough to give the
// learner the colour to try first for each cell it decides (see
// cdcl.setHints), where "white first", or the colour a cell last had,
// knows nothing of the picture.

// Belief propagation stops when no cell's likely colour has changed for
// Params.BeliefStable sweeps (rows, then columns), or after BeliefRounds
// sweeps, or once the sweeps have cost BeliefWork state updates (cells ×
// automaton states, summed over the lines solved). Each sweep keeps
// BeliefDamp of a line's old message to a cell. Messages stay in
// [BeliefFloor, 1-BeliefFloor], so that no line is left without a
// placement by a guess. The measurements behind these bounds are in
// LEARNER.md ("Belief propagation's bounds").

// Numerical guards of the forward and backward passes, not settings.
const (
	// A line whose weights fall under beliefTiny from one cell to the next
	// (every likely placement cut off by a fact, the survivors outweighed
	// by factors of up to 1/BeliefFloor over 50 cells and more) is treated
	// as having no placement, before 1/sum overflows.
	beliefTiny = 0x1p-900
	// The forward and backward passes scale a cell's weights back up only
	// when they sum to less than beliefRescale (a sum is never above 1).
	beliefRescale = 0x1p-200
)

// beliefs returns, per cell (row-major), the belief that it is black in
// an h×w one-colour puzzle whose lines are rows then columns, where cells
// holds each cell's domain (1 white, 2 black, 3 open): 0 or 1 for decided
// cells, the product of the row's and the column's last messages for the
// others. The belief settings of p bound the sweeps.
func beliefs(p *Params, h, w int, lines []*linekernel.Template, cells []linesolve.Set) []float64 {
	n := h * w
	row := make([]float64, n) // message of a cell's row to it
	col := make([]float64, n) // message of a cell's column to it
	for x := range n {
		row[x], col[x] = 0.5, 0.5
	}
	var fb forwardBackward
	wb := make([]float64, max(h, w))
	out := make([]float64, max(h, w))
	sign := make([]bool, n)
	damp, floor, limit := p.BeliefDamp, p.BeliefFloor, p.BeliefWork
	fresh, ceil := 1-damp, 1-floor
	stable, work := 0, 0
	for range p.BeliefRounds {
		for l, t := range lines {
			base, stride, in, msg := l*w, 1, col, row
			if l >= h {
				base, stride, in, msg = l-h, w, row, col
			}
			for i, x := 0, base; i < t.N; i, x = i+1, x+stride {
				switch cells[x] {
				case 1: // white
					wb[i] = 0
				case 2:
					wb[i] = 1
				default:
					wb[i] = in[x]
				}
			}
			work += t.N * (t.MinLen + 2)
			if work >= limit {
				break // one sweep of a huge puzzle may cost more than the bound
			}
			if !fb.line(t, wb[:t.N], out[:t.N]) {
				continue // no placement under these weights: keep the old messages
			}
			for i, x := 0, base; i < t.N; i, x = i+1, x+stride {
				m := damp*msg[x] + fresh*out[i]
				m = min(max(m, floor), ceil)
				msg[x] = m
			}
		}
		changed := false
		for x := range n {
			if cells[x] != 3 {
				continue // a fact: its messages are never read
			}
			black := row[x]*col[x] > (1-row[x])*(1-col[x])
			if black != sign[x] {
				sign[x] = black
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
	b := make([]float64, n)
	for x := range n {
		switch cells[x] {
		case 1:
			b[x] = 0
		case 2:
			b[x] = 1
		default:
			pb := row[x] * col[x]
			b[x] = pb / (pb + (1-row[x])*(1-col[x]))
		}
	}
	return b
}

// forwardBackward holds the tables of one line's weighted count.
type forwardBackward struct {
	alpha []float64 // per cell, per state: the scaled weight of reaching it
	beta  []float64 // per state: the scaled weight of finishing from it
	next  []float64
	start []float64
	off   []int // per block j: the state of gap j; block j's cells follow it
}

// line computes, for one-colour template t with cell i black with weight
// wb[i] (white with 1-wb[i]), each cell's extrinsic probability of being
// black: over the line's placements weighted by every cell but cell i, the
// share in which cell i is black. It writes them to out and reports
// whether any placement has a positive weight (cell i's own included); it
// also reports false, leaving out unfinished, when the weights underflow
// (beliefTiny).
//
// The automaton's states are gap j (white, 0 ≤ j ≤ k) and cell t of
// block j (black); gap 0 and the first cell of block 0 start, gap k and
// the last cell of block k-1 accept.
func (fb *forwardBackward) line(t *linekernel.Template, wb, out []float64) bool {
	if !t.OK {
		return false
	}
	S := fb.states(t)
	return fb.forward(t, wb, S) && fb.backward(t, wb, out, S)
}

// states lays out the automaton of t (fb.off) and sizes the tables for
// it; it returns the number of states.
func (fb *forwardBackward) states(t *linekernel.Template) int {
	n, k := t.N, t.K
	fb.off = fb.off[:0]
	S := 0
	for j := range k {
		fb.off = append(fb.off, S)
		S += 1 + t.Blocks[j].Len
	}
	fb.off = append(fb.off, S) // gap k
	S++
	if cap(fb.alpha) < n*S {
		fb.alpha = make([]float64, n*S)
	}
	if cap(fb.beta) < S {
		fb.beta = make([]float64, S)
		fb.next = make([]float64, S)
		fb.start = make([]float64, S)
	}
	// Before the first cell the line is in gap 0, which may also start
	// block 0.
	start := fb.start[:S]
	clear(start)
	start[0] = 1
	return S
}

// before returns the weights of the S states before cell i: the start,
// or alpha after cell i-1.
func (fb *forwardBackward) before(i, S int) []float64 {
	if i == 0 {
		return fb.start[:S]
	}
	return fb.alpha[(i-1)*S : i*S]
}

// forward fills alpha: the weight of each state after cell i. Weights
// only shrink, so a row is scaled back up when its sum falls under
// beliefRescale; the shares are ratios, which a row's scale does not
// change. It reports false when no placement has a positive weight or
// the weights underflow.
func (fb *forwardBackward) forward(t *linekernel.Template, wb []float64, S int) bool {
	n, k := t.N, t.K
	alpha := fb.alpha[:n*S]
	for i := range n {
		a, p := alpha[i*S:(i+1)*S], fb.before(i, S)
		b, wh := wb[i], 1-wb[i]
		sum := 0.0
		for j := 0; j <= k; j++ {
			g := fb.off[j]
			in := p[g]
			if j > 0 {
				in += p[g-1] // the last cell of block j-1
			}
			v := in * wh
			a[g] = v
			sum += v
			if j < k {
				for q, e := g+1, g+t.Blocks[j].Len; q <= e; q++ {
					v := p[q-1] * b
					a[q] = v
					sum += v
				}
			}
		}
		if !(sum > beliefTiny) {
			return false
		}
		if sum < beliefRescale {
			r := 1 / sum
			for q := range a {
				a[q] *= r
			}
		}
	}
	if n > 0 {
		last := alpha[(n-1)*S:]
		if last[S-1] == 0 && (k == 0 || last[S-2] == 0) {
			return false // no placement has a positive weight
		}
	}
	return true
}

// backward runs beta, the weight of finishing from each state after cell
// i, from the last cell to the first, and writes each cell's share of
// black to out as it passes. It reports false when the weights underflow.
func (fb *forwardBackward) backward(t *linekernel.Template, wb, out []float64, S int) bool {
	n, k := t.N, t.K
	beta, next := fb.beta[:S], fb.next[:S]
	clear(beta)
	beta[S-1] = 1
	if k > 0 {
		beta[S-2] = 1
	}
	for i := n - 1; i >= 0; i-- {
		// The weight of the placements with cell i black (eb) or white
		// (ew), leaving out cell i's own weight: the states before it,
		// moved by one cell, times the weight of finishing.
		p := fb.before(i, S)
		eb, ew := 0.0, 0.0
		for j := 0; j <= k; j++ {
			g := fb.off[j]
			in := p[g]
			if j > 0 {
				in += p[g-1]
			}
			ew += in * beta[g]
			if j < k {
				for q, e := g+1, g+t.Blocks[j].Len; q <= e; q++ {
					eb += p[q-1] * beta[q]
				}
			}
		}
		if eb+ew == 0 {
			return false
		}
		out[i] = eb / (eb + ew)
		if i == 0 {
			break
		}
		// beta before cell i: one step back, through cell i's weights.
		b, wh := wb[i], 1-wb[i]
		total := 0.0
		for j := 0; j <= k; j++ {
			g := fb.off[j]
			v := beta[g] * wh
			if j < k {
				v += beta[g+1] * b
				L := t.Blocks[j].Len
				for q := g + 1; q < g+L; q++ {
					u := beta[q+1] * b
					next[q] = u
					total += u
				}
				u := beta[fb.off[j+1]] * wh // the last cell of block j, then the gap after it
				next[g+L] = u
				total += u
			}
			next[g] = v
			total += v
		}
		if !(total > beliefTiny) {
			return false
		}
		if total < beliefRescale {
			r := 1 / total
			for q := range next {
				next[q] *= r
			}
		}
		beta, next = next, beta
	}
	return true
}
