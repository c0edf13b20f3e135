package linesolve_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/nonosat/nonosat/internal/brute"
	"github.com/nonosat/nonosat/internal/randpuzzle"
	"github.com/nonosat/nonosat/linesolve"
)

// afterCalls returns a stop function that answers true from its n+1st call.
func afterCalls(n int) (stop func() bool, calls *int) {
	calls = new(int)
	return func() bool { *calls++; return *calls > n }, calls
}

// TestPropagateUntilStopsBig checks that PropagateUntil on a 1000×1000
// three-colour puzzle (whose first pass takes tens of seconds) stops as
// soon as stop says so: after the 64 lines it solves before asking, and
// those stop allowed, with lines still queued.
func TestPropagateUntilStopsBig(t *testing.T) {
	t.Parallel()
	p := randpuzzle.Picture(1, 1000, 1000, 3, 0.7)
	for _, n := range []int{0, 5} {
		s := linesolve.NewState(p)
		stop, calls := afterCalls(n)
		if !s.PropagateUntil(stop) {
			t.Fatalf("PropagateUntil(stop after %d) = false, want true (the clues have a solution)", n)
		}
		if got := s.Stats().Lines; got != 64+n {
			t.Errorf("PropagateUntil(stop after %d) solved %d lines, want %d", n, got, 64+n)
		}
		if *calls != n+1 {
			t.Errorf("PropagateUntil(stop after %d) asked stop %d times, want %d", n, *calls, n+1)
		}
		if s.Pending() == 0 {
			t.Errorf("PropagateUntil(stop after %d) left no line queued", n)
		}
		checkHolds(t, "after PropagateUntil", s, p.Goal)
	}
}

// TestPropagateUntilResumes checks that Propagate after a stopped
// PropagateUntil reaches the same fixpoint as Propagate alone, in black and
// white (one-word and multi-word masks) and in colour.
func TestPropagateUntilResumes(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(18, 1))
	for _, tc := range []struct{ h, w, m int }{{20, 25, 1}, {70, 90, 1}, {20, 25, 3}} {
		for range 5 {
			p := brute.RandomPuzzle(rng, tc.h, tc.w, tc.m, 0.55)
			whole := linesolve.NewState(p)
			okWhole := whole.Propagate()
			s := linesolve.NewState(p)
			stop, _ := afterCalls(0)
			if !s.PropagateUntil(stop) {
				t.Fatalf("%dx%d, %d colours: PropagateUntil(stop at once) = false", tc.h, tc.w, tc.m)
			}
			if tc.h+tc.w > 64 && s.Pending() == 0 {
				t.Fatalf("%dx%d: PropagateUntil(stop at once) finished its %d lines", tc.h, tc.w, tc.h+tc.w)
			}
			ok := s.Propagate()
			if ok != okWhole || s.Pending() != 0 {
				t.Fatalf("%dx%d, %d colours: resumed Propagate = %v with %d queued, whole = %v", tc.h, tc.w, tc.m, ok, s.Pending(), okWhole)
			}
			for r := range s.Cells {
				if !slices.Equal(s.Cells[r], whole.Cells[r]) {
					t.Fatalf("%dx%d, %d colours: row %d after a resumed Propagate = %v, after Propagate alone %v", tc.h, tc.w, tc.m, r, s.Cells[r], whole.Cells[r])
				}
			}
		}
	}
}
