package design_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/nonosat/nonosat/design"
	"github.com/nonosat/nonosat/linesolve"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/solver"
)

func allSolutionsSolver(t *testing.T, p *puzzle.Puzzle) []puzzle.Grid {
	t.Helper()
	res, err := solver.Solve(context.Background(), p, solver.Options{Max: -1, IgnoreGoal: true})
	if err != nil {
		t.Fatal(err)
	}
	return res.Solutions
}

// TestGradeLevels: on random puzzles, the grade agrees with oracles that
// do not use the grading code: the solution count (brute force on 4×4
// black and white, else the solver's full enumeration), linesolve.State's
// line fixpoint and its probing; and grading twice gives the same grade.
func TestGradeLevels(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	ctx := context.Background()
	seen := map[int]int{}
	for i := range 80 {
		colors, h, w := 1, 4, 4
		if i%3 != 0 {
			colors, h, w = 1+i%3, 5+rng.IntN(8), 5+rng.IntN(8)
		}
		p := puzzle.FromGrid(randomGrid(rng, h, w, colors, 0.3+0.4*rng.Float64()), palette(colors))
		var n int
		if colors == 1 && h*w <= 16 {
			n = len(allSolutions(p))
		} else {
			n = len(allSolutionsSolver(t, p))
		}
		g, err := design.GradeOf(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		s := linesolve.NewState(p)
		s.Propagate()
		lineSolved := s.Solved()
		s.Probe(0)
		probeSolved := s.Solved()
		want := design.LevelGuessing
		switch {
		case n != 1:
			want = design.LevelNone
		case lineSolved:
			want = design.LevelLine
		case probeSolved:
			want = design.LevelLookahead
		}
		if g.Level != want || g.LineSolvable != lineSolved {
			t.Fatalf("case %d: grade %+v, want level %d, line solvable %v (%d solutions)\n%v", i, g, want, lineSolved, n, p)
		}
		if again, _ := design.GradeOf(ctx, p); again != g {
			t.Fatalf("case %d: graded twice: %+v, then %+v", i, g, again)
		}
		seen[g.Level]++
	}
	// Small random pictures that are unique but need guessing are rare
	// (none in 20,000 tried); TestGradeSurvey has them.
	for l := range 3 {
		if seen[l] == 0 {
			t.Errorf("no puzzle of level %d among 80 (seen %v): the test misses a case", l, seen)
		}
	}
	t.Logf("levels: %v", seen)
}
