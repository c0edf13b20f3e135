package linesolve_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/nonosat/nonosat/internal/brute"
	"github.com/nonosat/nonosat/internal/randpuzzle"
	"github.com/nonosat/nonosat/linesolve"
	"github.com/nonosat/nonosat/puzzle"
)

// lineWithBlocks is a random line of n cells holding exactly k blocks of
// colours 1..m.
func lineWithBlocks(rng *rand.Rand, n, k, m int) []puzzle.Color {
	for {
		line := make([]puzzle.Color, n)
		// k block starts and ends: pick 2k distinct cut points.
		cuts := rng.Perm(n + 1)[:2*k]
		sortInts(cuts)
		for j := 0; j < k; j++ {
			c := puzzle.Color(1 + rng.IntN(m))
			for i := cuts[2*j]; i < cuts[2*j+1]; i++ {
				line[i] = c
			}
		}
		if len(puzzle.LineClue(line)) == k {
			return line
		}
	}
}

func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// BenchmarkLine solves 99-cell lines of 10 blocks: with every cell open,
// and with a third of the cells already known.
func BenchmarkLine(b *testing.B) {
	for _, m := range []int{1, 3} {
		rng := rand.New(rand.NewPCG(1, uint64(m)))
		line := lineWithBlocks(rng, 99, 10, m)
		clue := puzzle.LineClue(line)
		open := make([]linesolve.Set, len(line))
		part := make([]linesolve.Set, len(line))
		for i := range open {
			open[i] = linesolve.All(m)
			part[i] = open[i]
			if rng.IntN(3) == 0 {
				part[i] = linesolve.Of(line[i])
			}
		}
		for _, tc := range []struct {
			name  string
			cells []linesolve.Set
		}{{"open", open}, {"partial", part}} {
			b.Run(fmt.Sprintf("n=99/k=10/colors=%d/%s", m, tc.name), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, ok := linesolve.Line(clue, tc.cells); !ok {
						b.Fatal("Line: no placement")
					}
				}
			})
		}
	}
}

// BenchmarkPropagate propagates generated puzzles from scratch. Dense
// random grids are largely line-solvable, so the propagation does real work.
func BenchmarkPropagate(b *testing.B) {
	for _, tc := range []struct{ h, w, m int }{{60, 60, 1}, {59, 99, 1}, {60, 60, 3}} {
		rng := rand.New(rand.NewPCG(2, uint64(tc.m)))
		p := brute.RandomPuzzle(rng, tc.h, tc.w, tc.m, 0.65)
		b.Run(fmt.Sprintf("%dx%d/colors=%d", tc.w, tc.h, tc.m), func(b *testing.B) {
			s0 := linesolve.NewState(p)
			b.ReportAllocs()
			var s *linesolve.State
			for b.Loop() {
				s = s0.Clone()
				if !s.Propagate() {
					b.Fatal("Propagate: contradiction")
				}
			}
			st := s.Stats()
			undecided := 0
			for r := range s.Cells {
				for _, d := range s.Cells[r] {
					if d.Len() > 1 {
						undecided++
					}
				}
			}
			b.ReportMetric(float64(st.Lines), "lines/op")
			b.ReportMetric(float64(undecided), "undecided")
		})
	}
}

// BenchmarkProbe probes a generated 30x30 puzzle that propagation leaves
// partly open.
func BenchmarkProbe(b *testing.B) {
	rng := rand.New(rand.NewPCG(4, 4))
	p := brute.RandomPuzzle(rng, 30, 30, 1, 0.55)
	s0 := linesolve.NewState(p)
	if !s0.Propagate() {
		b.Fatal("Propagate: contradiction")
	}
	var s *linesolve.State
	for b.Loop() {
		s = s0.Clone()
		if !s.Probe(0) {
			b.Fatal("Probe: contradiction")
		}
	}
	b.ReportMetric(float64(s.Stats().Probes), "probes/op")
}

// BenchmarkProbeColor probes random 40×40 pictures of 2 and 4 colours at
// 30 % within the solver's budget of 4 probes a cell: colour line solves
// from per-cell domains, the presolve of colour puzzles.
func BenchmarkProbeColor(b *testing.B) {
	for _, colors := range []int{2, 4} {
		b.Run(fmt.Sprintf("colors=%d", colors), func(b *testing.B) {
			s0 := linesolve.NewState(randpuzzle.Picture(1, 40, 40, colors, 0.3))
			if !s0.Propagate() {
				b.Fatal("Propagate: contradiction")
			}
			var s *linesolve.State
			for b.Loop() {
				s = s0.Clone()
				if !s.Probe(4 * 40 * 40) {
					b.Fatal("Probe: contradiction")
				}
			}
			b.ReportMetric(float64(s.Stats().Lines), "lines/op")
		})
	}
}
