package learner

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/nonosat/nonosat/internal/linekernel"
	"github.com/nonosat/nonosat/internal/linestate"
	"github.com/nonosat/nonosat/internal/randpuzzle"
	"github.com/nonosat/nonosat/linesolve"
	"github.com/nonosat/nonosat/puzzle"
)

// randomBWGrid is an h×w black-and-white grid whose cells are black with
// probability density, drawn row by row.
func randomBWGrid(rng *rand.Rand, h, w int, density float64) puzzle.Grid {
	g := puzzle.NewGrid(h, w)
	for r := range g {
		for c := range g[r] {
			if rng.Float64() < density {
				g[r][c] = 1
			}
		}
	}
	return g
}

// lineTemplates is the templates of s's lines, rows then columns, as
// beliefs takes them.
func lineTemplates(s *linesolve.State) []*linekernel.Template {
	return linestate.Kernel(s).Lines
}

// newCDCLOf is newCDCL over the grid of s, with the default settings.
func newCDCLOf(s *linesolve.State) *cdcl {
	g := linestate.Kernel(s)
	return newCDCL(&g, DefaultParams())
}

// runsOf returns the black runs of the n low bits of v.
func runsOf(v uint64, n int) []int {
	var runs []int
	r := 0
	for i := range n {
		if v>>i&1 == 1 {
			r++
		} else if r > 0 {
			runs = append(runs, r)
			r = 0
		}
	}
	if r > 0 {
		runs = append(runs, r)
	}
	return runs
}

// randomWeight is a weight for the brute-force tests of the line counts:
// 0 or 1 one time in six each, else uniform in [0, 1).
func randomWeight(rng *rand.Rand) float64 {
	switch rng.IntN(6) {
	case 0:
		return 0
	case 1:
		return 1
	}
	return rng.Float64()
}

// TestForwardBackwardBrute compares forwardBackward.line with a sum over
// every colouring of short lines: each cell's share of black in the
// weighted placements with its own weight left out.
func TestForwardBackwardBrute(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(5, 7))
	var fb forwardBackward
	for trial := range 3000 {
		n := 1 + rng.IntN(12)
		// A clue from a random colouring, or now and then one that may not fit.
		var runs []int
		if trial%7 == 0 {
			for range rng.IntN(4) {
				runs = append(runs, 1+rng.IntN(4))
			}
		} else {
			runs = runsOf(rng.Uint64(), n)
		}
		clue := make(puzzle.Clue, len(runs))
		for j, r := range runs {
			clue[j] = puzzle.Block{Len: r, Color: 1}
		}
		tm := linekernel.NewTemplate(clue, n)
		wb := make([]float64, n)
		for i := range wb {
			wb[i] = randomWeight(rng)
		}
		// Brute force: per cell, the weight of black and white placements
		// without the cell's own weight.
		eb := make([]float64, n)
		ew := make([]float64, n)
		any := false
		for v := uint64(0); v < 1<<n; v++ {
			got := runsOf(v, n)
			if len(got) != len(runs) {
				continue
			}
			match := true
			for j := range got {
				match = match && got[j] == runs[j]
			}
			if !match {
				continue
			}
			for i := range n {
				p := 1.0
				for o := range n {
					if o == i {
						continue
					}
					if v>>o&1 == 1 {
						p *= wb[o]
					} else {
						p *= 1 - wb[o]
					}
				}
				own := 1 - wb[i]
				if v>>i&1 == 1 {
					own = wb[i]
					eb[i] += p
				} else {
					ew[i] += p
				}
				if own*p > 0 {
					any = true
				}
			}
		}
		out := make([]float64, n)
		ok := fb.line(&tm, wb, out)
		if ok != any {
			t.Fatalf("clue %v weights %v: line says %v, brute force %v", runs, wb, ok, any)
		}
		if !ok {
			continue
		}
		for i := range n {
			want := eb[i] / (eb[i] + ew[i])
			if math.Abs(out[i]-want) > 1e-9 {
				t.Fatalf("clue %v weights %v: cell %d %.12f, want %.12f", runs, wb, i, out[i], want)
			}
		}
	}
}

// TestBeliefsFindThePicture: on random 20×20 pictures, with one cell in
// twenty given as a fact, the likely colours of belief propagation agree
// with the picture on nearly every open cell (99.8 %; with each line
// weighting its cells by its own messages instead of the crossing lines',
// 79 %), and the facts come back as 0 and 1.
func TestBeliefsFindThePicture(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(9, 10))
	agree, open := 0, 0
	p := DefaultParams()
	for range 40 {
		g := randomBWGrid(rng, 20, 20, 0.6)
		s := linesolve.NewState(puzzle.FromGrid(g, nil))
		lines := lineTemplates(s)
		cells := make([]linesolve.Set, 400)
		for x := range cells {
			cells[x] = 3
			if rng.IntN(20) == 0 {
				cells[x] = 1 << g[x/20][x%20]
			}
		}
		b := beliefs(&p, 20, 20, lines, cells)
		for x, v := range b {
			black := g[x/20][x%20] == 1
			switch cells[x] {
			case 3:
				open++
				if (v > 0.5) == black {
					agree++
				}
			default:
				if want := float64(g[x/20][x%20]); v != want {
					t.Fatalf("fact cell %d: belief %v, want %v", x, v, want)
				}
			}
		}
	}
	share := float64(agree) / float64(open)
	t.Logf("likely colours agree with the picture on %d of %d open cells (%.1f %%)", agree, open, 100*share)
	if share < 0.95 {
		t.Errorf("likely colours agree with the picture on %.1f %% of the open cells, want at least 95 %%", 100*share)
	}
}

// TestLearnerRandomHints: whatever the hints say, right or wrong, the
// learner reports the same solutions as without hints, each once, and
// knows it is complete. The hints are set at random before the search,
// so that most decisions follow them (computed hints come only after a
// conflict, which small puzzles seldom have).
func TestLearnerRandomHints(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(11, 12))
	multi := 0
	for i := range 2000 {
		h, w := 1+rng.IntN(6), 1+rng.IntN(6)
		g := randomBWGrid(rng, h, w, 0.2+0.6*rng.Float64())
		p := puzzle.FromGrid(g, nil)
		solutions := func(l *Learner) map[string]bool {
			got := map[string]bool{}
			res := l.Run(Limits{}, func(s puzzle.Grid) bool {
				if err := puzzle.Check(p, s); err != nil {
					t.Fatalf("case %d: a grid that fails Check: %v", i, err)
				}
				if got[s.String()] {
					t.Fatalf("case %d: a grid reported twice\n%v", i, s)
				}
				got[s.String()] = true
				return true
			})
			if !res.Complete {
				t.Fatalf("case %d: unlimited learner not complete", i)
			}
			return got
		}
		plain := New(linesolve.NewState(p))
		plain.SetHints(false)
		want := solutions(plain)
		l := New(linesolve.NewState(p))
		l.c.hint = make([]int8, h*w)
		for x := range l.c.hint {
			l.c.hint[x] = []int8{1, 0, -1}[rng.IntN(3)]
		}
		got := solutions(l)
		if len(got) != len(want) {
			t.Fatalf("case %d: %d solutions with random hints, %d without\n%v", i, len(got), len(want), g)
		}
		for k := range want {
			if !got[k] {
				t.Fatalf("case %d: random hints lost a solution\n%s", i, k)
			}
		}
		if len(want) > 1 {
			multi++
		}
	}
	if multi < 100 {
		t.Fatalf("only %d of 2000 cases had several solutions", multi)
	}
}

// TestForwardBackwardUnderflow: a line whose likely placements a fact cuts
// off after many near-certain cells leaves survivors weighing under 1e-300
// of them; line must then report false or finite shares, never NaN.
func TestForwardBackwardUnderflow(t *testing.T) {
	t.Parallel()
	floor := DefaultParams().BeliefFloor
	tm := linekernel.NewTemplate(puzzle.Clue{{Len: 100, Color: 1}}, 200)
	var fb forwardBackward
	for m := 30; m < 80; m++ {
		wb := make([]float64, 200)
		out := make([]float64, 200)
		for i := range wb {
			wb[i] = 0.5
			if i < m {
				wb[i] = 1 - floor
			}
		}
		wb[m] = 0
		if !fb.line(&tm, wb, out) {
			continue
		}
		for i, v := range out {
			if !(v >= 0 && v <= 1) {
				t.Fatalf("m = %d: cell %d share %v", m, i, v)
			}
		}
	}
}

// BenchmarkBeliefs times the sweeps alone from the state line solving and
// probing leave, on survey puzzles the learner needs hints for (skipped
// without ../shared/corpora): beliefs and colorBeliefs to their stopping
// rules, and ten sweeps of colorBP (as in a dive).
func BenchmarkBeliefs(b *testing.B) {
	for _, name := range []string{"knotty", "faase", "webpbn-12548"} {
		b.Run(name, func(b *testing.B) {
			p, err := puzzle.ReadFile("../../shared/corpora/webpbn-survey-nin/" + name + ".nin")
			if err != nil {
				b.Skipf("needs ../shared/corpora beside the repository: %v", err)
			}
			s := linesolve.NewState(p)
			s.Propagate()
			s.Probe(0)
			g := linestate.Kernel(s)
			params := DefaultParams()
			b.Run("bw", func(b *testing.B) {
				for b.Loop() {
					beliefs(&params, g.H, g.W, g.Lines, g.Cells)
				}
			})
			b.Run("colour", func(b *testing.B) {
				for b.Loop() {
					colorBeliefs(&params, g.H, g.W, g.Lines, g.Cells, 2, params.BeliefWork, nil)
				}
			})
			b.Run("sweeps", func(b *testing.B) {
				bp := newColorBP(&params, g.H, g.W, g.Lines, 2)
				for b.Loop() {
					bp.start(g.Cells)
					work := 0
					for range 10 {
						bp.sweep(g.Cells, &work, math.MaxInt, nil)
					}
				}
			})
		})
	}
}

// BenchmarkColorSweeps: ten colorBP sweeps over random 60×60 colour
// pictures at 30 %, from the facts ("facts") and with three cells in
// five fixed to the picture's colour, as late in a dive ("dive").
func BenchmarkColorSweeps(b *testing.B) {
	for _, colors := range []int{2, 4} {
		p := randpuzzle.Picture(1, 60, 60, colors, 0.3)
		s := linesolve.NewState(p)
		s.Propagate()
		g := linestate.Kernel(s)
		dive := slices.Clone(g.Cells)
		rng := rand.New(rand.NewPCG(3, 3))
		for x := range dive {
			if rng.IntN(5) < 3 {
				dive[x] = 1 << p.Goal[x/g.W][x%g.W]
			}
		}
		params := DefaultParams()
		for name, cells := range map[string][]linesolve.Set{"facts": g.Cells, "dive": dive} {
			b.Run(fmt.Sprintf("%dc-%s", colors, name), func(b *testing.B) {
				bp := newColorBP(&params, g.H, g.W, g.Lines, colors+1)
				for b.Loop() {
					bp.start(cells)
					work := 0
					for range 10 {
						bp.sweep(cells, &work, math.MaxInt, nil)
					}
				}
			})
		}
	}
}

// TestColorFBBlackAndWhite: on black-and-white lines of up to 120
// cells, too long for the brute force, colorFB over two values gives
// the shares of forwardBackward, the one-probability count the hints use,
// to rounding: weights at random, some at the floor (Params.BeliefFloor) as a
// dive's messages get, and each cell's two times a factor, from 10^-6 to
// 1 or from 1 to 10^6, which moves no share but takes the rows' sums out
// of the range where they are left unscaled.
func TestColorFBBlackAndWhite(t *testing.T) {
	t.Parallel()
	floor := DefaultParams().BeliefFloor
	rng := rand.New(rand.NewPCG(11, 12))
	var fb forwardBackward
	var cfb colorFB
	for trial := range 3000 {
		n := 1 + rng.IntN(120)
		runs := runsOf(rng.Uint64()&rng.Uint64()|rng.Uint64()&1, min(n, 64))
		if trial%5 == 0 {
			runs = append(runs, 1+rng.IntN(3)) // may not fit
		}
		clue := make(puzzle.Clue, len(runs))
		for j, r := range runs {
			clue[j] = puzzle.Block{Len: r, Color: 1}
		}
		tm := linekernel.NewTemplate(clue, n)
		wb, wt := make([]float64, n), make([]float64, 2*n)
		for i := range wb {
			switch rng.IntN(4) {
			case 0:
				wb[i] = floor
			case 1:
				wb[i] = 1 - floor
			default:
				wb[i] = rng.Float64()
			}
			// A cell's two weights times one factor: every placement has
			// the cell once, so no share moves; the rows' sums do, far
			// enough over 120 cells to be scaled up and down.
			f := math.Pow(10, 6*rng.Float64()*float64(1-2*(trial%2)))
			wt[2*i], wt[2*i+1] = f*(1-wb[i]), f*wb[i]
		}
		out, cout := make([]float64, n), make([]float64, 2*n)
		ok, cok := fb.line(&tm, wb, out), cfb.line(&tm, 2, wt, cout)
		if ok != cok {
			t.Fatalf("trial %d, clue %v over %d cells: forwardBackward says %v, colorFB %v", trial, runs, n, ok, cok)
		}
		for i := range n {
			if ok && (math.Abs(cout[2*i+1]-out[i]) > 1e-9 || math.Abs(cout[2*i]+cout[2*i+1]-1) > 1e-9) {
				t.Fatalf("trial %d, clue %v over %d cells, cell %d: colorFB %v, forwardBackward %v black", trial, runs, n, i, cout[2*i:2*i+2], out[i])
			}
		}
	}
}

// TestColorFBBrute compares colorFB.line with a sum over every colouring
// of short lines of two to four values: each cell's share of each colour
// in the weighted placements with its own weights left out, and whether
// any placement has a positive weight.
func TestColorFBBrute(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(9, 4))
	var fb colorFB
	for trial := range 1500 {
		n, vals := 1+rng.IntN(7), 2+rng.IntN(3)
		line := make([]puzzle.Color, n)
		for i := range line {
			if rng.IntN(2) == 0 {
				line[i] = puzzle.Color(1 + rng.IntN(vals-1))
			}
		}
		clue := puzzle.LineClue(line)
		if trial%7 == 0 { // now and then a clue that may not fit
			clue = nil
			for range rng.IntN(4) {
				clue = append(clue, puzzle.Block{Len: 1 + rng.IntN(3), Color: puzzle.Color(1 + rng.IntN(vals-1))})
			}
		}
		tm := linekernel.NewTemplate(clue, n)
		if trial%7 != 0 {
			colorFBFixed(t, trial, &fb, &tm, vals, line)
		}
		wt := make([]float64, n*vals)
		for i := range wt {
			wt[i] = randomWeight(rng)
		}
		ext := make([]float64, n*vals) // per cell and colour: the weight without the cell's own
		any := false
		colouring := make([]puzzle.Color, n)
		for code := range intPow(vals, n) {
			for i, c := 0, code; i < n; i, c = i+1, c/vals {
				colouring[i] = puzzle.Color(c % vals)
			}
			if !slices.Equal(puzzle.LineClue(colouring), clue) {
				continue
			}
			for i := range n {
				p := 1.0
				for o := range n {
					if o != i {
						p *= wt[o*vals+int(colouring[o])]
					}
				}
				ext[i*vals+int(colouring[i])] += p
				any = any || p*wt[i*vals+int(colouring[i])] > 0
			}
		}
		out := make([]float64, n*vals)
		ok := fb.line(&tm, vals, wt, out)
		if ok != any {
			t.Fatalf("trial %d: n %d vals %d clue %#v weights %v: line says %v, brute force %v", trial, n, vals, []puzzle.Block(clue), wt, ok, any)
		}
		if !ok {
			continue
		}
		for i := range n {
			total := 0.0
			for v := range vals {
				total += ext[i*vals+v]
			}
			for v := range vals {
				if want := ext[i*vals+v] / total; math.Abs(out[i*vals+v]-want) > 1e-9 {
					t.Fatalf("trial %d: clue %v weights %v: cell %d colour %d %.12f, want %.12f", trial, clue, wt, i, v, out[i*vals+v], want)
				}
			}
		}
	}
}

// colorFBFixed runs colorFB.line on a line whose weights fix each cell
// to its colour in colors, a placement of tm, as late in a dive. Each
// cell's message must be its own colour (the other cells leave it no
// other), and, one state holding the weight at each cell, the count must
// keep to that state and the two after it.
func colorFBFixed(t *testing.T, trial int, fb *colorFB, tm *linekernel.Template, vals int, colors []puzzle.Color) {
	t.Helper()
	n := len(colors)
	wt, out := make([]float64, n*vals), make([]float64, n*vals)
	for i, c := range colors {
		wt[i*vals+int(c)] = 1
	}
	if !fb.line(tm, vals, wt, out) {
		t.Fatalf("trial %d: line %v fixed to its own colours: line says false", trial, colors)
	}
	for i, c := range colors {
		for v := range vals {
			want := 0.0
			if v == int(c) {
				want = 1
			}
			if math.Abs(out[i*vals+v]-want) > 1e-12 {
				t.Fatalf("trial %d: line %v fixed: cell %d colour %d %v, want %v", trial, colors, i, v, out[i*vals+v], want)
			}
		}
		if fb.lo[i] > fb.hi[i] || fb.hi[i]-fb.lo[i] > 2 {
			t.Fatalf("trial %d: line %v fixed: cell %d counted over states %d to %d, want at most 3", trial, colors, i, fb.lo[i], fb.hi[i])
		}
	}
}

func intPow(b, e int) int {
	p := 1
	for range e {
		p *= b
	}
	return p
}
