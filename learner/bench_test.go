package learner_test

import (
	"math/rand/v2"
	"testing"

	"github.com/nonosat/nonosat/internal/brute"
	"github.com/nonosat/nonosat/learner"
	"github.com/nonosat/nonosat/linesolve"
	"github.com/nonosat/nonosat/puzzle"
)

// openPuzzles returns ten generated 25×25 puzzles (the tournament size)
// that line solving and probing leave open, probed.
func openPuzzles() []*linesolve.State {
	rng := rand.New(rand.NewPCG(5, 5))
	var sts []*linesolve.State
	for len(sts) < 10 {
		s := linesolve.NewState(brute.RandomPuzzle(rng, 25, 25, 1, 0.5))
		if s.Probe(0) && !s.Solved() {
			sts = append(sts, s)
		}
	}
	return sts
}

// BenchmarkLearner looks for two solutions of openPuzzles with a Learner.
func BenchmarkLearner(b *testing.B) {
	sts := openPuzzles()
	conflicts := 0
	for b.Loop() {
		conflicts = 0
		for _, s := range sts {
			n := 0
			res := learner.New(s).Run(learner.Limits{}, func(puzzle.Grid) bool { n++; return n < 2 })
			if n == 0 {
				b.Fatal("no solution of a generated puzzle")
			}
			conflicts += res.Conflicts
		}
	}
	b.ReportMetric(float64(conflicts), "conflicts/op")
}
