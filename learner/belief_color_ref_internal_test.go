package learner

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/nonosat/nonosat/internal/linekernel"
	"github.com/nonosat/nonosat/puzzle"
)

// refState is a state of the reference automaton.
type refState struct {
	gap   bool
	j, c  int // block j, cell c (for gaps: gap j)
	color int
}

// refFB is an unbanded, unscaled forward-backward count in big.Float.
// It returns ok (some placement has positive weight) and the extrinsic
// shares.
func refFB(clue puzzle.Clue, n, vals int, wt []float64) (bool, []float64) {
	const prec = 2000
	var st []refState
	idxG := make([]int, len(clue)+1)
	idxB := make([][]int, len(clue))
	for j, b := range clue {
		idxG[j] = len(st)
		st = append(st, refState{gap: true, j: j})
		idxB[j] = make([]int, b.Len)
		for c := range b.Len {
			idxB[j][c] = len(st)
			st = append(st, refState{j: j, c: c, color: int(b.Color)})
		}
	}
	k := len(clue)
	idxG[k] = len(st)
	st = append(st, refState{gap: true, j: k})
	S := len(st)
	// successors
	succ := make([][]int, S)
	for s, x := range st {
		if x.gap {
			succ[s] = append(succ[s], s)
			if x.j < k {
				succ[s] = append(succ[s], idxB[x.j][0])
			}
			continue
		}
		L := clue[x.j].Len
		if x.c < L-1 {
			succ[s] = append(succ[s], idxB[x.j][x.c+1])
			continue
		}
		succ[s] = append(succ[s], idxG[x.j+1])
		if x.j+1 < k && clue[x.j+1].Color != clue[x.j].Color {
			succ[s] = append(succ[s], idxB[x.j+1][0])
		}
	}
	start := []int{idxG[0]}
	if k > 0 {
		start = append(start, idxB[0][0])
	}
	accept := make([]bool, S)
	accept[idxG[k]] = true
	if k > 0 {
		accept[idxB[k-1][clue[k-1].Len-1]] = true
	}
	nf := func() *big.Float { return new(big.Float).SetPrec(prec) }
	W := func(i, s int) *big.Float { return nf().SetFloat64(wt[i*vals+st[s].color]) }
	if n == 0 {
		return accept[idxG[0]], nil
	}
	// in[i][s]: weight of cells < i reaching state s at cell i (before cell i's own weight)
	in := make([][]*big.Float, n)
	for i := range n {
		in[i] = make([]*big.Float, S)
		for s := range S {
			in[i][s] = nf()
		}
	}
	for _, s := range start {
		in[0][s].SetFloat64(1)
	}
	for i := 0; i+1 < n; i++ {
		for s := range S {
			if in[i][s].Sign() == 0 {
				continue
			}
			a := nf().Mul(in[i][s], W(i, s))
			for _, t := range succ[s] {
				in[i+1][t].Add(in[i+1][t], a)
			}
		}
	}
	beta := make([]*big.Float, S)
	for s := range S {
		beta[s] = nf()
		if accept[s] {
			beta[s].SetFloat64(1)
		}
	}
	out := make([]float64, n*vals)
	anyPos := false
	for i := n - 1; i >= 0; i-- {
		ext := make([]*big.Float, vals)
		for v := range ext {
			ext[v] = nf()
		}
		tot := nf()
		full := nf()
		for s := range S {
			u := nf().Mul(in[i][s], beta[s])
			ext[st[s].color].Add(ext[st[s].color], u)
			tot.Add(tot, u)
			full.Add(full, nf().Mul(u, W(i, s)))
		}
		if i == n-1 {
			anyPos = full.Sign() > 0
		}
		if tot.Sign() > 0 {
			for v := range vals {
				q := nf().Quo(ext[v], tot)
				out[i*vals+v], _ = q.Float64()
			}
		}
		if i == 0 {
			break
		}
		nb := make([]*big.Float, S)
		for s := range S {
			nb[s] = nf()
			for _, t := range succ[s] {
				nb[s].Add(nb[s], nf().Mul(beta[t], W(i, t)))
			}
		}
		beta = nb
	}
	return anyPos, out
}

// poison fills fb's buffers, to their capacity, with NaN.
func poison(fb *colorFB) {
	nan := math.NaN()
	for i := range fb.pre[:cap(fb.pre)] {
		fb.pre[:cap(fb.pre)][i] = nan
	}
	for i := range fb.cur[:cap(fb.cur)] {
		fb.cur[:cap(fb.cur)][i] = nan
	}
}

// randomColorClue is a clue of random blocks over at most n cells, with
// touching blocks of different colours now and then when touch.
func randomColorClue(rng *rand.Rand, n, vals int, touch bool) puzzle.Clue {
	var clue puzzle.Clue
	used := 0
	for {
		L := 1 + rng.IntN(1+rng.IntN(6))
		c := puzzle.Color(1 + rng.IntN(vals-1))
		if touch && len(clue) > 0 && rng.IntN(2) == 0 {
			// force another colour
			c = puzzle.Color(1 + (int(clue[len(clue)-1].Color)+rng.IntN(max(vals-2, 1)))%(vals-1))
		}
		need := L
		if len(clue) > 0 && clue[len(clue)-1].Color == c {
			need++
		}
		if used+need > n || rng.IntN(8) == 0 {
			break
		}
		used += need
		clue = append(clue, puzzle.Block{Len: L, Color: c})
	}
	return clue
}

// TestColorFBReference compares colorFB.line with an unbanded, unscaled
// count in big.Float (refFB) on lines of 0 to 150 cells over 2 to 64
// values: clues from random colourings (touching blocks of different
// colours), clues that may not fit, weights at 0, at the floor and at
// 1-floor, cells fixed to their colour, and each cell's weights times a
// factor from 10^-6 to 10^6, so that rows are scaled both ways. One
// colorFB serves every line, its buffers filled with NaN before each, so
// that a read of a stale value outside a band shows.
func TestColorFBReference(t *testing.T) {
	t.Parallel()
	floor := DefaultParams().BeliefFloor
	rng := rand.New(rand.NewPCG(77, 78))
	var fb colorFB
	bad, nok, nlong := 0, 0, 0
	defer func() { t.Logf("%d ok, %d long dense", nok, nlong) }()
	for trial := range 1000 {
		var n int
		switch trial % 4 {
		case 0:
			n = rng.IntN(6)
		case 1:
			n = 1 + rng.IntN(30)
		default:
			n = 1 + rng.IntN(150)
		}
		vals := 2 + rng.IntN(5)
		if trial%10 == 0 {
			vals = 9 + rng.IntN(56) // colours >= 8, up to 64 values
		}
		line := make([]puzzle.Color, n)
		d := rng.Float64()
		nc := min(vals-1, 1+rng.IntN(6))
		if trial%10 == 0 {
			nc = vals - 1
		}
		for i := range line {
			if rng.Float64() < d {
				line[i] = puzzle.Color(1 + rng.IntN(nc))
			}
		}
		clue := puzzle.LineClue(line)
		if trial%3 == 0 {
			clue = randomColorClue(rng, n, vals, true)
		}
		if trial%13 == 0 {
			clue = append(clue, puzzle.Block{Len: 1 + rng.IntN(3), Color: puzzle.Color(1 + rng.IntN(vals-1))}) // may not fit
		}
		tm := linekernel.NewTemplate(clue, n)
		wt := make([]float64, n*vals)
		mode := trial % 5
		zeros := trial%7 < 2
		for i := range n {
			f := 1.0
			switch mode {
			case 1:
				f = math.Pow(10, -6*rng.Float64())
			case 2:
				f = math.Pow(10, 6*rng.Float64())
			}
			fixed := rng.IntN(4) == 0
			for v := range vals {
				var x float64
				switch rng.IntN(6) {
				case 0:
					x = floor
					if zeros && v != int(line[i]) {
						x = 0
					}
				case 1:
					x = floor
				case 2:
					x = 1 - floor
				default:
					x = rng.Float64()
				}
				if fixed {
					x = 0
					if v == int(line[i]) {
						x = 1
					}
				}
				wt[i*vals+v] = f * x
			}
		}
		out := make([]float64, n*vals)
		for i := range out {
			out[i] = math.NaN()
		}
		poison(&fb)
		ok := fb.line(&tm, vals, wt, out)
		rok, rout := refFB(clue, n, vals, wt)
		if !tm.OK {
			rok = false
		}
		if ok != rok {
			bad++
			t.Errorf("trial %d: n %d vals %d clue %v: line %v, reference %v", trial, n, vals, clue, ok, rok)
			continue
		}
		if !ok {
			continue
		}
		nok++
		if n > 60 && len(clue) > 10 {
			nlong++
		}
		for i := range n * vals {
			if !(math.Abs(out[i]-rout[i]) <= 1e-9) {
				bad++
				t.Errorf("trial %d: n %d vals %d clue %v: cell %d colour %d: %v, reference %v", trial, n, vals, clue, i/vals, i%vals, out[i], rout[i])
				break
			}
		}
		if bad > 10 {
			t.FailNow()
		}
	}
}

// TestColorFBEdges: lines of no cells, of no blocks, filled by their
// blocks, and colours up to 63, against refFB.
func TestColorFBEdges(t *testing.T) {
	t.Parallel()
	var fb colorFB
	for _, c := range []struct {
		clue puzzle.Clue
		n    int
	}{
		{nil, 0}, {nil, 1}, {nil, 5},
		{puzzle.Clue{{Len: 3, Color: 1}}, 3},
		{puzzle.Clue{{Len: 1, Color: 1}, {Len: 1, Color: 2}}, 2},
		{puzzle.Clue{{Len: 1, Color: 40}, {Len: 2, Color: 63}, {Len: 1, Color: 40}}, 4},
	} {
		vals := 64
		tm := linekernel.NewTemplate(c.clue, c.n)
		wt := make([]float64, c.n*vals)
		for i := range wt {
			wt[i] = 0.5
		}
		out := make([]float64, c.n*vals)
		poison(&fb)
		ok := fb.line(&tm, vals, wt, out)
		rok, rout := refFB(c.clue, c.n, vals, wt)
		if ok != rok {
			t.Errorf("%v over %d: %v, ref %v", c.clue, c.n, ok, rok)
		}
		for i := range out {
			if ok && math.Abs(out[i]-rout[i]) > 1e-12 {
				t.Errorf("%v over %d: cell %d colour %d: %v, ref %v", c.clue, c.n, i/vals, i%vals, out[i], rout[i])
				break
			}
		}
	}
}

// TestColorFBTinySums: lines of one placement (an empty clue, or a block
// filling the line) whose row sum, in one pass or the other, goes from
// just over beliefRescale to a subnormal in one cell: line must report
// false or finite shares, never NaN. (Without the beliefTiny test before
// scale, the subnormal sum is scaled by 2^1029, +Inf, and the shares come
// out NaN.)
func TestColorFBTinySums(t *testing.T) {
	t.Parallel()
	var fb colorFB
	for _, n := range []int{3, 5, 9} {
		for at := 1; at < n; at++ {
			for _, v := range []int{0, 1} {
				for _, back := range []bool{false, true} {
					clue := puzzle.Clue{{Len: n, Color: 1}}
					if v == 0 {
						clue = nil
					}
					tm := linekernel.NewTemplate(clue, n)
					wt := make([]float64, 2*n)
					for i := range n {
						wt[2*i+v] = 1
					}
					// The forward pass meets 2^-199 then 2^-830, the
					// backward pass (back) 2^-199 then 2^-830.
					wt[2*(at-1)+v], wt[2*at+v] = 0x1p-199, 0x1p-830
					if back {
						wt[2*(at-1)+v], wt[2*at+v] = 0x1p-830, 0x1p-199
					}
					out := make([]float64, 2*n)
					if !fb.line(&tm, 2, wt, out) {
						continue
					}
					for i, x := range out {
						if !(x >= 0 && x <= 1) || math.Abs(out[i&^1]+out[i|1]-1) > 1e-9 {
							t.Fatalf("n %d, clue %v, tiny weights at %d (backward %v): cell %d colour %d share %v", n, clue, at, back, i/2, i%2, x)
						}
					}
				}
			}
		}
	}
}
