package solver_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/nonosat/nonosat/internal/randpuzzle"
	"github.com/nonosat/nonosat/learner"
	"github.com/nonosat/nonosat/linesolve"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/solver"
	"github.com/nonosat/nonosat/solver/backend"
)

// TestLearntClausesHold checks the clauses the hand-off passes to an
// external solver: every solution that the learner has not found (and so
// not blocked) satisfies each of them, read through the encoding's cell
// variables, on random puzzles of 1 to 3 colours with many solutions.
func TestLearntClausesHold(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(22, 1))
	passed, checks := 0, 0
	for i := 0; i < 400 && passed < 60; i++ {
		p, st, ok := randomOpen(rng, 3, 4, 0.3, 0.4)
		if !ok {
			continue
		}
		l := learner.New(st)
		var found []puzzle.Grid
		l.Run(learner.Limits{Conflicts: 1 + rng.IntN(30)}, func(g puzzle.Grid) bool {
			found = append(found, g)
			return false // the others stay to be checked
		})
		if n := checkPassedClauses(t, i, p, l, found, bruteSolutions(p)); n > 0 {
			passed++
			checks += n
		}
	}
	if passed < 30 || checks < 1000 {
		t.Fatalf("only %d puzzles gave clauses to check and %d checks were made, want 30 and 1000", passed, checks)
	}
}

// TestLearntClausesHoldAfterSolutions: as TestLearntClausesHold, with
// the learner as the hand-off runs it, lucky descents on and the search
// going on past the solutions it finds until Limits.AfterSolution: the
// clauses it learns with those solutions blocked hold in every other.
func TestLearntClausesHoldAfterSolutions(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(22, 3))
	passed, checks := 0, 0
	for i := 0; i < 400 && passed < 40; i++ {
		p, st, ok := randomOpen(rng, 7, 3, 0.4, 0.2)
		if !ok {
			continue
		}
		l := learner.New(st)
		l.SetLucky(true)
		var found []puzzle.Grid
		res := l.Run(learner.Limits{AfterSolution: 1 + rng.IntN(2)}, func(g puzzle.Grid) bool {
			found = append(found, g)
			return true
		})
		if len(found) == 0 || !res.Stopped {
			continue
		}
		if sols := bruteSolutions(p); len(sols) > len(found) {
			if n := checkPassedClauses(t, i, p, l, found, sols); n > 0 {
				passed++
				checks += n
			}
		}
	}
	if passed < 15 || checks < 1000 {
		t.Fatalf("only %d puzzles gave clauses to check and %d checks were made, want 15 and 1000", passed, checks)
	}
}

// randomOpen returns a random puzzle of base to base+spread-1 cells each
// way, 1 to 3 colours and density lo to lo+span, without its goal, and
// its line-solved state; ok is false when line solving decides it.
func randomOpen(rng *rand.Rand, base, spread int, lo, span float64) (p *puzzle.Puzzle, st *linesolve.State, ok bool) {
	h, w := base+rng.IntN(spread), base+rng.IntN(spread)
	colors := 1 + rng.IntN(3)
	p = puzzle.FromGrid(randpuzzle.Grid(rng, h, w, colors, lo+span*rng.Float64()), randpuzzle.Palette(colors))
	p.Goal = nil
	st = linesolve.NewState(p)
	return p, st, st.Propagate() && !st.Solved()
}

// checkPassedClauses fails case i if a clause the hand-off would pass on
// from learner l excludes one of p's solutions sols that l has not found,
// and returns how many clause checks it made (0: l passes no clause).
func checkPassedClauses(t *testing.T, i int, p *puzzle.Puzzle, l *learner.Learner, found, sols []puzzle.Grid) int {
	t.Helper()
	e := solver.Encode(p, solver.Options{NoPresolve: true})
	cellOf := e.CellOf()
	clauses := solver.LearntClauses(l, e)
	if len(clauses) == 0 {
		return 0
	}
	checks := 0
next:
	for _, g := range sols {
		for _, f := range found {
			if f.Equal(g) {
				continue next
			}
		}
		for _, cl := range clauses {
			checks++
			sat := false
			for _, q := range cl {
				r, c, v, ok := cellOf(q.Var())
				if !ok {
					t.Fatalf("case %d: clause %v has a variable that is no cell's", i, cl)
				}
				if (g[r][c] == v) == q.IsPos() {
					sat = true
					break
				}
			}
			if !sat {
				t.Fatalf("case %d: the passed clause %v excludes the solution\n%v", i, cl, g)
			}
		}
	}
	return checks
}

// TestHandoffVerdicts runs the hand-off to CaDiCaL after a few conflicts
// on random puzzles and N-Dom (unique by construction): the verdicts equal
// brute force's, and some puzzles really went to SAT. The learner's lucky
// descents are off for every other puzzle: with them, these small puzzles
// reach no conflict, and without them only one of the 80 does
// (TestLearntClausesHoldAfterSolutions covers what the learner hands on
// after the descents).
func TestHandoffVerdicts(t *testing.T) {
	t.Parallel()
	if err := backend.Check("cadical"); err != nil {
		t.Skipf("no CaDiCaL: %v", err)
	}
	prm := solver.DefaultParams()
	prm.HandoffConflicts = 1
	o := solver.Options{Backend: "cadical", Params: &prm}
	rng := rand.New(rand.NewPCG(22, 2))
	handed := 0
	for i := range 80 {
		prm.HandoffLucky = i%2 == 0
		h, w := 7+rng.IntN(4), 7+rng.IntN(4)
		colors := 1 + rng.IntN(3)
		p := puzzle.FromGrid(randpuzzle.Grid(rng, h, w, colors, 0.5), randpuzzle.Palette(colors))
		p.Goal = nil
		want := solver.Unique
		if n := bruteCount(p); n > 1 {
			want = solver.Multiple
		}
		res, err := solver.Solve(context.Background(), p, o)
		if err != nil || res.Verdict != want {
			t.Fatalf("case %d: Solve = %v, %v; brute force says %v", i, res.Verdict, err, want)
		}
		for _, g := range res.Solutions {
			if err := puzzle.Check(p, g); err != nil {
				t.Fatalf("case %d: %v", i, err)
			}
		}
		if res.Stats.SATCalls > 0 {
			handed++
		}
	}
	res, err := solver.Solve(context.Background(), randpuzzle.Dom(6), o)
	if err != nil || res.Verdict != solver.Unique || res.Stats.SATCalls == 0 {
		t.Fatalf("6-Dom: Solve = %v, %d SAT calls, %v; want unique through SAT", res.Verdict, res.Stats.SATCalls, err)
	}
	if handed == 0 {
		t.Fatalf("no random puzzle went to SAT: the hand-off was not exercised")
	}
}

// TestHandoffAfterSolution: with CaDiCaL as the back end, the learner's
// lucky descents find 12-Dom's solution at once, and 10,000 conflicts
// later the refutation goes to CaDiCaL, in one SAT call (the solution
// blocked), well before the 30,000 of a puzzle with no solution known.
func TestHandoffAfterSolution(t *testing.T) {
	t.Parallel()
	if err := backend.Check("cadical"); err != nil {
		t.Skipf("no CaDiCaL: %v", err)
	}
	res, err := solver.Solve(context.Background(), randpuzzle.Dom(12), solver.Options{Backend: "cadical"})
	if err != nil || res.Verdict != solver.Unique || res.Stats.SATCalls != 1 || res.Stats.Conflicts != 10000 {
		t.Fatalf("12-Dom: Solve = %v, %v, %d SAT calls after %d conflicts; want unique, one SAT call after 10000", res.Verdict, err, res.Stats.SATCalls, res.Stats.Conflicts)
	}
}
