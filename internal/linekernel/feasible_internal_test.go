package linekernel

import (
	"math/rand/v2"
	"testing"

	"github.com/nonosat/nonosat/puzzle"
)

// TestFeasibleBW: the forward-only feasibility test the Learner explains
// with agrees with the full line solver on random one-colour lines of 1 to
// 64 cells, random clues (some too long) and random known cells.
func TestFeasibleBW(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(5, 6))
	var w Scratch
	yes, no := 0, 0
	for i := range 200000 {
		n := 1 + rng.IntN(64)
		if i%10 == 0 {
			n = 64
		}
		var clue puzzle.Clue
		if rng.IntN(4) == 0 {
			for range rng.IntN(6) {
				clue = append(clue, puzzle.Block{Len: 1 + rng.IntN(6), Color: 1})
			}
		} else {
			line := make([]puzzle.Color, n)
			for j := range line {
				if rng.IntN(100) < 20+i%60 {
					line[j] = 1
				}
			}
			clue = puzzle.LineClue(line)
		}
		tp := NewTemplate(clue, n)
		full := ^uint64(0) >> (64 - n)
		a0, a1 := full, full
		known := rng.IntN(n + 1)
		for range known {
			b := uint64(1) << rng.IntN(n)
			if rng.IntN(2) == 0 {
				a0 &^= b // black
			} else {
				a1 &^= b // white
			}
		}
		cells := make([]Set, n)
		for j := range cells {
			cells[j] = Set(a0>>j&1) | Set(a1>>j&1)<<1
		}
		out := make([]Set, n)
		want := tp.Solve(cells, out, &w)
		if got := tp.FeasibleBW(a0, a1); got != want {
			t.Fatalf("clue %v, cells %v: feasibleBW = %v, line solver %v", clue, cells, got, want)
		}
		if want {
			yes++
		} else {
			no++
		}
	}
	if yes < 10000 || no < 10000 {
		t.Fatalf("%d feasible and %d infeasible cases: not both exercised", yes, no)
	}
}

// TestLineMasksW: the mask versions of the line solver (for lines of any
// length, of at most 64 cells, and of 65 to 128 cells through the
// two-word cache) and of the feasibility tests agree with the line solver
// on cells, on random one-colour lines of 1 to 200 cells.
func TestLineMasksW(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(7, 8))
	var w, w2 Scratch
	w3 := Scratch{Cache: new(LineCache), Cache2: new(LineCache2)}
	yes, no := 0, 0
	for i := range 30000 {
		n := 1 + rng.IntN(200)
		line := make([]puzzle.Color, n)
		for j := range line {
			if rng.IntN(100) < 20+i%60 {
				line[j] = 1
			}
		}
		switch {
		case i%97 == 0: // no blocks
			clear(line)
		case i%89 == 0: // one block over the whole line
			for j := range line {
				line[j] = 1
			}
		}
		clue := puzzle.LineClue(line)
		if i%5 == 0 {
			clue = append(clue, puzzle.Block{Len: 1 + rng.IntN(4), Color: 1})
		}
		tp := NewTemplate(clue, n)
		tp.ID = int32(i) // the caches tell lines apart by id
		W := (n + 63) / 64
		a0, a1 := make([]uint64, W), make([]uint64, W)
		cells := make([]Set, n)
		for j := range cells {
			cells[j] = 3
			if rng.IntN(100) < i%40 {
				cells[j] = Set(1 + rng.IntN(2))
			}
			a0[j/64] |= uint64(cells[j]&1) << (j % 64)
			a1[j/64] |= uint64(cells[j]>>1&1) << (j % 64)
		}
		out := make([]Set, n)
		want := tp.Solve(cells, out, &w)
		if got := tp.FeasibleW(a0, a1, &w2); got != want {
			t.Fatalf("clue %v, cells %v: feasibleW = %v, line solver %v", clue, cells, got, want)
		}
		if W == 2 {
			if got := tp.Feasible2(U128{a0[0], a0[1]}, U128{a1[0], a1[1]}, w2.Arrays2()); got != want {
				t.Fatalf("clue %v, cells %v: feasible2 = %v, line solver %v", clue, cells, got, want)
			}
		}
		n0, n1, ok := tp.SolveMasksW(a0, a1, &w2)
		if ok != want {
			t.Fatalf("clue %v, cells %v: solveMasksW ok = %v, line solver %v", clue, cells, ok, want)
		}
		if W == 1 {
			if _, _, ok := tp.SolveMasks(a0[0], a1[0], &w3); ok != want {
				t.Fatalf("clue %v, cells %v: solveMasks ok = %v, line solver %v", clue, cells, ok, want)
			}
		}
		if !want {
			no++
			continue
		}
		yes++
		check := func(what string, n0, n1 []uint64) {
			t.Helper()
			for j, d := range out {
				if got := Set(n0[j/64]>>(j%64)&1) | Set(n1[j/64]>>(j%64)&1)<<1; got != d {
					t.Fatalf("clue %v, cells %v: %s cell %d = %v, line solver %v", clue, cells, what, j, got, d)
				}
			}
		}
		check("solveMasksW", n0, n1)
		switch W {
		case 1:
			m0, m1, ok := tp.SolveMasks(a0[0], a1[0], &w3)
			if !ok {
				t.Fatalf("clue %v, cells %v: solveMasks finds no placement", clue, cells)
			}
			check("solveMasks", []uint64{m0}, []uint64{m1})
		case 2:
			for _, what := range []string{"solveMasks2", "solveMasks2 from its cache"} {
				m0, m1, ok := tp.SolveMasks2(a0, a1, &w3)
				if !ok {
					t.Fatalf("clue %v, cells %v: %s finds no placement", clue, cells, what)
				}
				check(what, m0, m1)
			}
		}
	}
	if yes < 3000 || no < 3000 {
		t.Fatalf("%d feasible and %d infeasible cases: not both exercised", yes, no)
	}
}
