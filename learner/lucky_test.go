package learner_test

import (
	"testing"

	"github.com/nonosat/nonosat/internal/randpuzzle"
	"github.com/nonosat/nonosat/learner"
	"github.com/nonosat/nonosat/linesolve"
	"github.com/nonosat/nonosat/puzzle"
)

// firstSolution runs a Learner on p (presolved as the solver does) until
// its first solution, and returns it and the run's result.
func firstSolution(t *testing.T, p *puzzle.Puzzle, lucky bool, lim learner.Limits) (puzzle.Grid, learner.Result) {
	t.Helper()
	st := linesolve.NewState(p)
	if !st.Propagate() {
		t.Fatal("line solving failed")
	}
	l := learner.New(st)
	l.SetLucky(lucky)
	var first puzzle.Grid
	res := l.Run(lim, func(g puzzle.Grid) bool {
		if err := puzzle.Check(p, g); err != nil {
			t.Fatalf("a grid that fails Check: %v", err)
		}
		first = g
		return false
	})
	return first, res
}

// TestLuckyFindsDom: 10-Dom's solution is one of the lucky descents,
// found before any conflict, where the search without them meets it only
// after conflicts.
func TestLuckyFindsDom(t *testing.T) {
	t.Parallel()
	p := randpuzzle.Dom(10)
	g, res := firstSolution(t, p, true, learner.Limits{})
	if g == nil || res.Conflicts != 0 {
		t.Fatalf("with lucky descents: solution found %v after %d conflicts, want one after none", g != nil, res.Conflicts)
	}
	if _, res := firstSolution(t, p, false, learner.Limits{}); res.Conflicts == 0 {
		t.Fatal("without lucky descents 10-Dom's solution came with no conflict: the test shows nothing")
	}
}

// TestLuckyLeavesNoTrace: on pictures no lucky descent solves, the search
// with the descents is the one without them, conflict for conflict and
// solution for solution.
func TestLuckyLeavesNoTrace(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		colors int
		seed   uint64
	}{{1, 3}, {1, 4}, {2, 7}, {3, 8}} {
		p := randpuzzle.Picture(c.seed, 20, 20, c.colors, 0.4)
		run := func(lucky bool) (string, int) {
			st := linesolve.NewState(p)
			st.Propagate()
			l := learner.New(st)
			l.SetLucky(lucky)
			var sols string
			n := 0
			res := l.Run(learner.Limits{Conflicts: 3000}, func(g puzzle.Grid) bool {
				sols += g.String() + "\n"
				n++
				return n < 3
			})
			return sols, res.Conflicts
		}
		s0, c0 := run(false)
		s1, c1 := run(true)
		if c0 == 0 {
			t.Fatalf("%d colours, seed %d: decided without a conflict, which shows nothing", c.colors, c.seed)
		}
		if s0 != s1 || c0 != c1 {
			t.Errorf("%d colours, seed %d: %d conflicts and the same solutions %v with lucky descents, %d without", c.colors, c.seed, c1, s0 == s1, c0)
		}
	}
}

// TestAfterSolution: Limits.AfterSolution counts the conflicts after the
// last solution the Learner found, and stops there; without one (a
// solution given to Block does not count) it does not stop the search.
func TestAfterSolution(t *testing.T) {
	t.Parallel()
	p := randpuzzle.Dom(12)
	st := linesolve.NewState(p)
	st.Propagate()
	l := learner.New(st)
	l.SetLucky(true)
	n := 0
	res := l.Run(learner.Limits{AfterSolution: 40}, func(puzzle.Grid) bool { n++; return true })
	if n != 1 || !res.Stopped || res.Conflicts != 40 {
		t.Fatalf("lucky 12-Dom: %d solutions, stopped %v after %d conflicts; want 1, true, 40", n, res.Stopped, res.Conflicts)
	}

	_, res = firstSolution(t, p, false, learner.Limits{AfterSolution: 40, Conflicts: 200})
	if res.Conflicts != 200 {
		t.Fatalf("12-Dom without a known solution: stopped after %d conflicts, want the 200 of Limits.Conflicts", res.Conflicts)
	}
	sol, _ := firstSolution(t, p, true, learner.Limits{})
	st = linesolve.NewState(p)
	st.Propagate()
	l = learner.New(st)
	l.Block(sol)
	res = l.Run(learner.Limits{AfterSolution: 40, Conflicts: 200}, func(puzzle.Grid) bool { return true })
	if res.Conflicts != 200 {
		t.Fatalf("12-Dom, its solution blocked: stopped after %d conflicts, want the 200 of Limits.Conflicts", res.Conflicts)
	}
}
