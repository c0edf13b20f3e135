package design_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/nonosat/nonosat/design"
	"github.com/nonosat/nonosat/internal/randpuzzle"
	"github.com/nonosat/nonosat/internal/testcorpus"
	"github.com/nonosat/nonosat/puzzle"
)

// fixPuzzles are the puzzles of BenchmarkFix: random pictures drawn here
// (40×40 black and white, 30×30 with 4 colours) and, with the corpora,
// webpbn 6739 "Karate" (40×40, several solutions).
func fixPuzzles(b *testing.B) map[string]*puzzle.Puzzle {
	rng := rand.New(rand.NewPCG(20, 40))
	ps := map[string]*puzzle.Puzzle{
		"random40x40bw": puzzle.FromGrid(randpuzzle.Grid(rng, 40, 40, 1, 0.5), randpuzzle.Palette(1)),
		"random30x30c4": puzzle.FromGrid(randpuzzle.Grid(rng, 30, 30, 4, 0.6), randpuzzle.Palette(4)),
	}
	if p, err := puzzle.ReadFile(filepath.Join(testcorpus.Dir, "storyyeller-webpbn-scrape", "results", "6739.non")); err == nil {
		ps["karate40x40"] = p
	} else {
		b.Logf("karate40x40 left out (needs ../shared/corpora): %v", err)
	}
	return ps
}

// BenchmarkFix: every single-cell edit of the goal ranked (and the pairs
// of the 8 best when no single one makes the puzzle unique), the 20 best
// solved. The target: under 5 s for 40×40 black and white and for
// 30×30 with 4 colours.
func BenchmarkFix(b *testing.B) {
	for name, p := range fixPuzzles(b) {
		b.Run(name, func(b *testing.B) {
			var es []design.Edit
			for b.Loop() {
				var err error
				if es, err = design.Fix(context.Background(), p, p.Goal, design.FixOptions{}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(p.Width()*p.Height()*p.NumColors()), "edits")
			if len(es) > 0 {
				b.ReportMetric(float64(es[0].Open), "best-open")
			}
		})
	}
}

// BenchmarkGenerate: a unique, line-solvable puzzle of each of the
// issue's sizes, 20×20, 30×30 and 50×50, black and white and with 3
// colours, from a picture of density 0.5 (at 0.6 most black-and-white
// pictures are line-solvable as drawn), seeds 1 to 3 in turn.
func BenchmarkGenerate(b *testing.B) {
	for _, k := range []int{1, 3} {
		for _, n := range []int{20, 30, 50} {
			b.Run(fmt.Sprintf("%dx%d-k%d", n, n, k), func(b *testing.B) {
				seed := uint64(0)
				for b.Loop() {
					seed = seed%3 + 1
					o := design.GenerateOptions{Width: n, Height: n, Colors: k, Density: 0.5, LineSolvable: true, Seed: seed}
					if _, err := design.Generate(context.Background(), o); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
