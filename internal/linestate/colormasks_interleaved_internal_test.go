package linestate

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// cmConsistent reports where s.cm (when s has masks and has not failed)
// differs from s.cells.
func cmConsistent(s *State) error {
	if s.cm == nil || s.failed {
		return nil // a failed state's masks are never read again
	}
	V := s.vals
	for r := range s.h {
		for c := range s.w {
			d := s.cells[r*s.w+c]
			for v := range V {
				want := uint64(d) >> v & 1
				if s.cm[r*V+v]>>c&1 != want {
					return fmt.Errorf("row %d value %d bit %d: cm %d, cell %v", r, v, c, s.cm[r*V+v]>>c&1, d)
				}
				if s.cm[(s.h+c)*V+v]>>r&1 != want {
					return fmt.Errorf("col %d value %d bit %d: cm %d, cell %v", c, v, r, s.cm[(s.h+c)*V+v]>>r&1, d)
				}
			}
			if uint64(d)>>V != 0 {
				return fmt.Errorf("cell (%d,%d) %v has values >= vals %d", r, c, d, V)
			}
		}
		for v := range V {
			if s.cm[r*V+v]>>s.w != 0 && s.w < 64 {
				return fmt.Errorf("row %d value %d: bits beyond width", r, v)
			}
		}
	}
	return nil
}

// TestColorMasksInterleaved: on colour puzzles of 1 to 70 cells a side,
// 2 to 63 colours (colours of 8 and more included), a state with masks
// per value and one forced onto the cell path agree (cells, results and
// statistics) through Set, Propagate, PropagateUntil and Probe in random
// order, and so do clones taken mid-way; after every step the masks of
// the state, of its clone and of its probing branch state describe their
// cells exactly.
func TestColorMasksInterleaved(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(101, 102))
	sizes := []int{1, 2, 5, 12, 30, 63, 64, 65, 70}
	stats := map[string]int{}
	cases := 120
	if testing.Short() {
		cases = 28
	}
	for i := range cases {
		h, w := sizes[rng.IntN(len(sizes))], sizes[rng.IntN(len(sizes))]
		if h*w > 64*64 && i%2 == 0 {
			h, w = min(h, 40), min(w, 40)
		}
		k := 2 + rng.IntN(6)
		if i%5 == 0 {
			k = 8 + rng.IntN(56) // colours >= 8, up to 64 values
		}
		density := 0.2 + 0.6*rng.Float64()
		p := randomColorPuzzle(rng, h, w, k, density, i%4 == 0)
		A := NewState(p)
		B := NewState(p)
		B.cm = nil
		if (A.cm != nil) != (max(h, w) <= 64 && k+1 <= 64) {
			t.Fatalf("case %d: cm %v for %dx%d %d colours", i, A.cm != nil, h, w, k)
		}
		if A.cm != nil {
			stats["masks"]++
		}
		var C, D *State // clones of A and B, taken mid-way
		step := func(what string, fa, fb func(*State) bool) {
			t.Helper()
			oa, ob := fa(A), fb(B)
			if oa != ob || !slices.Equal(A.cells, B.cells) {
				t.Fatalf("case %d (%dx%d, %d colours) %s: masks %v, cells %v; cells equal %v", i, h, w, k, what, oa, ob, slices.Equal(A.cells, B.cells))
			}
			if C != nil {
				oc, od := fa(C), fb(D)
				if oc != od || !slices.Equal(C.cells, D.cells) {
					t.Fatalf("case %d (%dx%d, %d colours) %s on clones: masks %v, cells %v", i, h, w, k, what, oc, od)
				}
				if err := cmConsistent(C); err != nil {
					t.Fatalf("case %d %s clone: %v", i, what, err)
				}
			}
			if err := cmConsistent(A); err != nil {
				t.Fatalf("case %d (%dx%d, %d colours) %s: %v", i, h, w, k, what, err)
			}
			if A.probe != nil {
				if err := cmConsistent(A.probe.t); err != nil {
					t.Fatalf("case %d %s prober: %v", i, what, err)
				}
				if (A.probe.t.cm == nil) != (A.cm == nil) || B.probe != nil && B.probe.t.cm != nil {
					t.Fatalf("case %d: prober masks A %v B %v", i, A.probe.t.cm != nil, B.probe != nil && B.probe.t.cm != nil)
				}
			}
			sa, sb := A.Stats(), B.Stats()
			if sa != sb {
				t.Fatalf("case %d %s: stats %+v vs %+v", i, what, sa, sb)
			}
			stats[what+fmt.Sprint(oa)]++
		}
		for round := range 6 {
			switch rng.IntN(5) {
			case 0, 1:
				// a few Sets, then maybe Propagate
				for range 1 + rng.IntN(5) {
					r, c := rng.IntN(h), rng.IntN(w)
					var d Set
					if rng.IntN(2) == 0 {
						d = Set(1) << p.Goal[r][c]
					} else {
						d = Set(rng.Uint64()) | 1<<rng.IntN(k+1)
					}
					step("Set", func(s *State) bool { return s.Set(r, c, d) }, func(s *State) bool { return s.Set(r, c, d) })
				}
				if rng.IntN(2) == 0 {
					step("Propagate", (*State).Propagate, (*State).Propagate)
				}
			case 2:
				n := 0
				stop := func() bool { n++; return n > 3 }
				n2 := 0
				stop2 := func() bool { n2++; return n2 > 3 }
				step("PropagateUntil", func(s *State) bool { return s.PropagateUntil(stop) }, func(s *State) bool { return s.PropagateUntil(stop2) })
			case 3:
				b := 1 + rng.IntN(3*h*w)
				step("Probe", func(s *State) bool { return s.Probe(b) }, func(s *State) bool { return s.Probe(b) })
			case 4:
				if C == nil && round < 4 {
					C, D = A.Clone(), B.Clone()
					D.cm = nil // Clone allocates masks anew; keep D on the cell path
					if err := cmConsistent(C); err != nil {
						t.Fatalf("case %d clone: %v", i, err)
					}
				}
			}
			if A.failed {
				break
			}
		}
	}
	t.Logf("%v", stats)
	if stats["masks"] == 0 || stats["Probetrue"] == 0 || stats["Propagatefalse"] == 0 || stats["PropagateUntiltrue"] == 0 {
		t.Errorf("%v: not every path exercised", stats)
	}
}
