package learner

import (
	"testing"

	"github.com/nonosat/nonosat/linesolve"
	"github.com/nonosat/nonosat/puzzle"
)

// TestBumpReasons: after a conflict, the cells of the reasons of the
// learnt clause's literals are bumped down to Params.BumpReasonDepth, and
// only once the search has made Params.BumpReasonAfter conflicts.
func TestBumpReasons(t *testing.T) {
	t.Parallel()
	// On an 8×8 grid with one black cell a line, cells a to f on a
	// diagonal, none forced by its lines. Level 1 decides a, and clauses
	// imply b, c and d from it; level 2 decides e, and two clauses on e,
	// d and f conflict. The learnt clause is (¬e ∨ ¬d): d's reason holds
	// c, c's b, b's a.
	const a, b, c, d, e, f = 1, 10, 19, 28, 37, 46
	black := func(x int) int32 { return lit(x, false) }
	white := func(x int) int32 { return lit(x, true) }
	tests := []struct {
		depth, after int
		bumped       string // of a, b, c
	}{
		{0, 0, ""},
		{1, 0, "c"},
		{2, 0, "bc"},
		{3, 0, "abc"},
		{2, 1, ""}, // the search has made no conflict yet
	}
	for _, tt := range tests {
		g := puzzle.NewGrid(8, 8)
		for i := range 8 {
			g[i][i] = 1
		}
		s := newCDCLOf(linesolve.NewState(puzzle.FromGrid(g, puzzleColors(1))))
		s.p.BumpReasonDepth, s.p.BumpReasonAfter = tt.depth, tt.after
		for _, cl := range [][]int32{
			{white(a), black(b)}, {white(b), black(c)}, {white(c), black(d)},
			{white(e), white(d), black(f)}, {white(e), white(d), white(f)},
		} {
			s.addClause(cl, false, 0)
		}
		for _, x := range []int{a, e} {
			s.lim = append(s.lim, int32(len(s.trail)))
			s.assign(black(x), rDecision)
			if x == e {
				break
			}
			if s.propagate() != noConflict {
				t.Fatal("a conflict at level 1")
			}
		}
		confl := s.propagate()
		if confl == noConflict {
			t.Fatal("no conflict at level 2")
		}
		learnt, _ := s.analyze(confl)
		if len(learnt) != 2 || learnt[0] != white(e) || learnt[1] != white(d) {
			t.Fatalf("learnt %v, want [%d %d]", learnt, white(e), white(d))
		}
		var bumped string
		for _, x := range []struct {
			name string
			cell int
		}{{"a", a}, {"b", b}, {"c", c}} {
			if s.act[x.cell] > 0 {
				bumped += x.name
			}
		}
		if bumped != tt.bumped {
			t.Errorf("depth %d, after %d: bumped %q of a, b, c, want %q", tt.depth, tt.after, bumped, tt.bumped)
		}
		for v, m := range s.seen {
			if m != 0 {
				t.Errorf("depth %d: variable %d left seen", tt.depth, v)
			}
		}
	}
}
