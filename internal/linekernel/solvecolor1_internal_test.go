package linekernel

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/nonosat/nonosat/puzzle"
)

// TestSolveColor1AgreesWithSolve: on lines of 0 to 64 cells over 2 to 64
// values (colours of 8 and more included, clues of one colour, of none
// and of several, adjacent blocks of different colours), SolveColor1 on
// one mask per value gives the domains Solve gives on the cells, with and
// without a cache; when no placement fits it reports false and leaves
// the masks as they were. A clue colour the masks have no plane for (a
// clue colour outside the palette) is no placement, not a panic.
func TestSolveColor1AgreesWithSolve(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(31, 32))
	var cache LineCache
	fails := 0
	for trial := range 20000 {
		n := rng.IntN(65)
		if trial%3 == 0 {
			n = 64
		}
		vals := 2 + rng.IntN(6)
		if trial%5 == 0 {
			vals = 2 + rng.IntN(63)
		}
		nc := 1 + rng.IntN(vals-1)
		if trial%4 == 0 {
			nc = 1
		}
		pick := rng.Perm(vals - 1)[:nc] // the clue's colours, minus 1
		line := make([]puzzle.Color, n)
		for i := range line {
			if rng.IntN(2) == 0 {
				line[i] = puzzle.Color(1 + pick[rng.IntN(nc)])
			}
		}
		clue := puzzle.LineClue(line)
		outside := trial%97 == 0 && len(clue) > 0
		if outside {
			clue[rng.IntN(len(clue))].Color = puzzle.Color(vals + rng.IntN(64-vals+1)) // no plane for it
			if int(clue[0].Color) > 63 {
				continue
			}
		}
		all := Set(1)<<vals - 1
		if vals == 64 {
			all = ^Set(0)
		}
		cells := make([]Set, n)
		for i := range cells {
			cells[i] = all
			if rng.IntN(3) == 0 {
				cells[i] = Set(rng.Uint64()) & all
				if rng.IntN(2) == 0 {
					cells[i] |= Set(1) << line[i]
				}
			}
		}
		planes := make([]uint64, vals)
		for i, d := range cells {
			for v := range vals {
				planes[v] |= uint64(d) >> v & 1 << i
			}
		}
		tm := NewTemplate(clue, n)
		tm.ID = int32(trial) // the cache takes the id for the line
		var w1, w2 Scratch
		if trial%2 == 0 {
			w2.Cache = &cache
		}
		out := make([]Set, n)
		ok := tm.Solve(cells, out, &w1)
		before := slices.Clone(planes)
		var got bool
		func() {
			defer func() {
				if e := recover(); e != nil {
					t.Fatalf("trial %d: clue %v over %d cells, %d values: panic %v", trial, clue, n, vals, e)
				}
			}()
			got = tm.SolveColor1(planes, &w2)
		}()
		if outside {
			ok = false // the colour has no plane, so no cell may take it
		}
		if got != ok {
			t.Fatalf("trial %d: clue %v over %d cells, %d values: SolveColor1 %v, Solve %v", trial, clue, n, vals, got, ok)
		}
		if !ok {
			fails++
			if !slices.Equal(planes, before) {
				t.Fatalf("trial %d: clue %v: no placement, but the masks changed", trial, clue)
			}
			continue
		}
		for i, d := range out {
			var g Set
			for v := range vals {
				g |= Set(planes[v]>>i&1) << v
			}
			if g != d&all {
				t.Fatalf("trial %d: clue %v over %d cells, %d values: cell %d: SolveColor1 %b, Solve %b", trial, clue, n, vals, i, g, d)
			}
		}
		for v := range vals {
			if n < 64 && planes[v]>>n != 0 {
				t.Fatalf("trial %d: value %d: bits beyond the line", trial, v)
			}
		}
	}
	if fails == 0 {
		t.Errorf("no line without a placement")
	}
}
