package design_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/nonosat/nonosat/design"
	"github.com/nonosat/nonosat/internal/randpuzzle"
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
	t.Parallel()
	rng := rand.New(rand.NewPCG(5, 6))
	ctx := context.Background()
	seen := map[int]int{}
	for i := range 80 {
		colors, h, w := 1, 4, 4
		if i%3 != 0 {
			colors, h, w = 1+i%3, 5+rng.IntN(8), 5+rng.IntN(8)
		}
		p := puzzle.FromGrid(randpuzzle.Grid(rng, h, w, colors, 0.3+0.4*rng.Float64()), randpuzzle.Palette(colors))
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

// TestGradeResultContext: probing for the grade stops when the context
// ends, with its error; without a deadline it is GradeResult.
func TestGradeResultContext(t *testing.T) {
	p := puzzle.FromGrid(randpuzzle.Grid(rand.New(rand.NewPCG(60, 60)), 40, 40, 1, 0.5), randpuzzle.Palette(1))
	p.Goal = nil
	res, err := solver.Solve(context.Background(), p, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := design.GradeResult(p, res)
	if want.LineSolvable {
		t.Fatal("the test puzzle needs probing")
	}
	if g, err := design.GradeResultContext(context.Background(), p, res); err != nil || g != want {
		t.Errorf("GradeResultContext = %+v, %v; GradeResult = %+v", g, err, want)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if g, err := design.GradeResultContext(ctx, p, res); err == nil {
		t.Errorf("cancelled: grade %+v, no error", g)
	}
}

// TestGradeOfDeadline: a deadline that stops the solve is an error, not
// the grade "not unique" (LevelNone) of a puzzle whose verdict is unknown.
func TestGradeOfDeadline(t *testing.T) {
	p := puzzle.FromGrid(randpuzzle.Grid(rand.New(rand.NewPCG(60, 60)), 40, 40, 1, 0.5), randpuzzle.Palette(1))
	p.Goal = nil
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if g, err := design.GradeOf(ctx, p); err == nil {
		t.Fatalf("GradeOf with a cancelled context: grade %+v (%q), no error", g, g.Name)
	}
}

// TestGradeNames: grade 0 says why: "not unique" for several solutions,
// "no solution" for none (check --grade used to call that "not unique").
func TestGradeNames(t *testing.T) {
	tests := []struct {
		name       string
		rows, cols [][]int
		want       string
	}{
		{"diagonals", [][]int{{1}, {1}}, [][]int{{1}, {1}}, "not unique"},
		{"clash", [][]int{{2}, {}}, [][]int{{2}, {}}, "no solution"},
		{"totals", [][]int{{2}, {}}, [][]int{{1}, {}}, "no solution"},
		{"line", [][]int{{2}, {1}}, [][]int{{2}, {1}}, "line"},
	}
	for _, tt := range tests {
		g, err := design.GradeOf(context.Background(), puzzle.New(tt.rows, tt.cols))
		if err != nil || g.Name != tt.want {
			t.Errorf("%s: GradeOf = %+v, %v; want name %q", tt.name, g, err, tt.want)
		}
	}
}
