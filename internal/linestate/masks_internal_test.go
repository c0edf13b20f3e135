package linestate

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/nonosat/nonosat/internal/randpuzzle"
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

// TestMasksAgreeWithCells: on black-and-white puzzles of 1 to 129 cells a
// side, a state that keeps line masks (one word, or several) reaches the
// same cells as one forced onto the multicolour path, after line solving
// and after probing, with the same number of probes and failed probes.
// About a third of the puzzles have a cell flipped in their clues' source,
// so that some have no solution.
func TestMasksAgreeWithCells(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(21, 22))
	sizes := []int{1, 7, 30, 63, 64, 65, 90, 128, 129}
	probed, failed, contradictions := 0, 0, 0
	cases := 60
	if testing.Short() {
		cases = 20
	}
	for i := range cases {
		h, w := sizes[rng.IntN(len(sizes))], sizes[rng.IntN(len(sizes))]
		density := 0.3 + 0.5*rng.Float64()
		g := randomBWGrid(rng, h, w, density)
		p := puzzle.FromGrid(g, puzzle.BlackWhite())
		if i%3 == 0 { // a row clue from another grid: often no solution
			r := rng.IntN(h)
			line := make([]puzzle.Color, w)
			for c := range line {
				if rng.Float64() < density {
					line[c] = 1
				}
			}
			p.Rows[r] = puzzle.LineClue(line)
		}
		masks := NewState(p)
		cells := NewState(p)
		cells.bw, cells.m, cells.mw = false, nil, 0
		if masks.m == nil {
			t.Fatalf("case %d (%dx%d): no masks on a black-and-white puzzle", i, w, h)
		}
		okM, okC := masks.Propagate(), cells.Propagate()
		if okM != okC || okM && !slices.Equal(masks.cells, cells.cells) {
			t.Fatalf("case %d (%dx%d): Propagate with masks %v, with cells %v; cells differ: %v", i, w, h, okM, okC, !slices.Equal(masks.cells, cells.cells))
		}
		if !okM {
			contradictions++
			continue
		}
		budget := 4 * h * w
		if i%4 == 0 {
			budget = 1 + rng.IntN(50)
		}
		okM, okC = masks.Probe(budget), cells.Probe(budget)
		if okM != okC {
			t.Fatalf("case %d (%dx%d): Probe with masks %v, with cells %v", i, w, h, okM, okC)
		}
		if !okM {
			contradictions++
			continue
		}
		if !slices.Equal(masks.cells, cells.cells) {
			t.Fatalf("case %d (%dx%d): Probe leaves different cells", i, w, h)
		}
		sm, sc := masks.Stats(), cells.Stats()
		if sm.Probes != sc.Probes || sm.Failed != sc.Failed {
			t.Fatalf("case %d (%dx%d): probes %d/%d failed, with cells %d/%d", i, w, h, sm.Probes, sm.Failed, sc.Probes, sc.Failed)
		}
		probed += sm.Probes
		failed += sm.Failed
	}
	t.Logf("%d probes, %d failed, %d contradictions", probed, failed, contradictions)
	if probed == 0 || failed == 0 || contradictions == 0 {
		t.Errorf("%d probes, %d failed, %d contradictions: not every path exercised", probed, failed, contradictions)
	}
}

// TestColorMasksAgreeWithCells: on colour puzzles (2 to 6 colours) of 1 to
// 70 cells a side, a state that keeps one mask per value and line (lines
// of at most 64 cells) reaches the same cells as one without masks, after
// line solving and after probing, with the same probes and failed
// probes. A third have a row clue from another picture, so that some
// have no solution.
func TestColorMasksAgreeWithCells(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(23, 24))
	sizes := []int{1, 5, 20, 40, 63, 64, 65, 70}
	withMasks, probed, failed, contradictions := 0, 0, 0, 0
	cases := 50
	if testing.Short() {
		cases = 16
	}
	for i := range cases {
		h, w := sizes[rng.IntN(len(sizes))], sizes[rng.IntN(len(sizes))]
		k := 2 + rng.IntN(5)
		density := 0.2 + 0.5*rng.Float64()
		p := randomColorPuzzle(rng, h, w, k, density, i%3 == 0)
		masks := NewState(p)
		cells := NewState(p)
		cells.cm = nil
		if (masks.cm != nil) != (max(h, w) <= 64) {
			t.Fatalf("case %d (%dx%d): masks %v", i, w, h, masks.cm != nil)
		}
		if masks.cm != nil {
			withMasks++
		}
		okM, okC := masks.Propagate(), cells.Propagate()
		if okM != okC || okM && !slices.Equal(masks.cells, cells.cells) {
			t.Fatalf("case %d (%dx%d, %d colours): Propagate with masks %v, with cells %v; cells differ: %v", i, w, h, k, okM, okC, !slices.Equal(masks.cells, cells.cells))
		}
		if !okM {
			contradictions++
			continue
		}
		budget := h * w
		if i%4 == 0 {
			budget = 1 + rng.IntN(50)
		}
		okM, okC = masks.Probe(budget), cells.Probe(budget)
		if okM != okC {
			t.Fatalf("case %d (%dx%d, %d colours): Probe with masks %v, with cells %v", i, w, h, k, okM, okC)
		}
		if !okM {
			contradictions++
			continue
		}
		if !slices.Equal(masks.cells, cells.cells) {
			t.Fatalf("case %d (%dx%d, %d colours): Probe leaves different cells", i, w, h, k)
		}
		sm, sc := masks.Stats(), cells.Stats()
		if sm.Probes != sc.Probes || sm.Failed != sc.Failed {
			t.Fatalf("case %d (%dx%d): probes %d/%d failed, with cells %d/%d", i, w, h, sm.Probes, sm.Failed, sc.Probes, sc.Failed)
		}
		probed += sm.Probes
		failed += sm.Failed
	}
	t.Logf("%d with masks, %d probes, %d failed, %d contradictions", withMasks, probed, failed, contradictions)
	if withMasks == 0 || probed == 0 || failed == 0 || contradictions == 0 {
		t.Errorf("%d with masks, %d probes, %d failed, %d contradictions: not every path exercised", withMasks, probed, failed, contradictions)
	}
}

// randomColorPuzzle is a random h×w picture of k colours (randpuzzle),
// with, when swap, one row clue taken from another such picture, so that
// it often has no solution.
func randomColorPuzzle(rng *rand.Rand, h, w, k int, density float64, swap bool) *puzzle.Puzzle {
	p := randpuzzle.Picture(rng.Uint64(), w, h, k, density)
	if swap {
		q := randpuzzle.Picture(rng.Uint64(), w, h, k, density)
		r := rng.IntN(h)
		p.Rows[r] = q.Rows[r]
	}
	return p
}
