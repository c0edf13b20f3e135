package design_test

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/nonosat/nonosat/design"
	"github.com/nonosat/nonosat/internal/brute"
	"github.com/nonosat/nonosat/internal/randpuzzle"
	"github.com/nonosat/nonosat/linesolve"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/solver"
)

// checkSteps applies steps from the empty grid and fails t unless every
// cell a step fixes was open and equals the solution's (when the puzzle is
// unique), every line step's reason holds (checked by brute force on
// lines of up to brute cells, else with linesolve.Line), and the grid ends
// full. It returns the grid reached.
func checkSteps(t *testing.T, p *puzzle.Puzzle, steps []design.Step, sol puzzle.Grid, brute int) puzzle.Grid {
	t.Helper()
	g := design.EmptyGrid(p)
	for n, s := range steps {
		if len(s.Cells) == 0 {
			t.Fatalf("step %d fixes no cell: %+v", n+1, s)
		}
		switch s.Kind {
		case design.KindLine:
			checkReason(t, p, s, brute)
		case design.KindLookahead:
			checkRefutation(t, p, g, s)
		}
		for _, x := range s.Cells {
			v := colorOf(p, x.Color)
			if g[x.Row-1][x.Col-1] != design.Unknown {
				t.Fatalf("step %d fixes row %d, column %d again", n+1, x.Row, x.Col)
			}
			if sol != nil && v != sol[x.Row-1][x.Col-1] {
				t.Fatalf("step %d (%s) gives row %d, column %d %s, the solution %c", n+1, s.Reason, x.Row, x.Col, x.Color, p.Char(sol[x.Row-1][x.Col-1]))
			}
			g[x.Row-1][x.Col-1] = v
		}
	}
	if err := puzzle.Check(p, g); err != nil {
		t.Fatalf("after %d steps the grid is not a solution: %v\n%s", len(steps), err, p.FormatGrid(g))
	}
	return g
}

// checkRefutation: a lookahead step fixes one cell, and every other
// colour of it, assumed with the known cells of g, makes line logic
// (linesolve.State) fail.
func checkRefutation(t *testing.T, p *puzzle.Puzzle, g puzzle.Grid, s design.Step) {
	t.Helper()
	if len(s.Cells) != 1 || len(s.Assumed) != p.NumColors() {
		t.Fatalf("lookahead step %+v: want one cell and %d colours refuted", s, p.NumColors())
	}
	x := s.Cells[0]
	for _, a := range s.Assumed {
		if a.Row != x.Row || a.Col != x.Col || a.Color == x.Color {
			t.Fatalf("lookahead step %+v refutes another cell or its own colour", s)
		}
		st := linesolve.NewState(p)
		ok := true
		for r, row := range g {
			for c, v := range row {
				if v != design.Unknown {
					ok = ok && st.Set(r, c, linesolve.Of(v))
				}
			}
		}
		if ok && st.Set(a.Row-1, a.Col-1, linesolve.Of(colorOf(p, a.Color))) && st.Propagate() {
			t.Fatalf("lookahead step %s: with %v line logic finds no contradiction", s.Reason, a)
		}
	}
}

// checkReason: with only the cited cells of the line known, the clue
// forces every cell of the step.
func checkReason(t *testing.T, p *puzzle.Puzzle, s design.Step, brute int) {
	t.Helper()
	li := s.LineIndex
	var clue puzzle.Clue
	n := p.Width()
	if li < p.Height() {
		clue = p.Rows[li]
	} else {
		clue, n = p.Cols[li-p.Height()], p.Height()
	}
	known, want := map[int]puzzle.Color{}, map[int]puzzle.Color{}
	for _, x := range s.Because {
		known[lineIndex(p, li, x)] = colorOf(p, x.Color)
	}
	for _, x := range s.Cells {
		want[lineIndex(p, li, x)] = colorOf(p, x.Color)
	}
	var ok bool
	if n <= brute {
		ok = bruteForces(clue, n, p.NumColors(), known, want)
	} else {
		d := make([]linesolve.Set, n)
		for i := range d {
			d[i] = linesolve.All(p.NumColors())
			if v, k := known[i]; k {
				d[i] = linesolve.Of(v)
			}
		}
		out, fits := linesolve.Line(clue, d)
		ok = fits
		for i, v := range want {
			ok = ok && out[i] == linesolve.Of(v)
		}
	}
	if !ok {
		t.Fatalf("reason does not hold: %s (cited %v, cells %v)", s.Reason, s.Because, s.Cells)
	}
}

func TestStepsRandom(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	ctx := context.Background()
	kinds := map[design.Kind]int{}
	for i := range 60 {
		colors := 1 + i%3
		h, w := 4+rng.IntN(5), 4+rng.IntN(5)
		g := randpuzzle.Grid(rng, h, w, colors, 0.4+0.3*rng.Float64())
		p := puzzle.FromGrid(g, randpuzzle.Palette(colors))
		res, err := solver.Solve(ctx, p, solver.Options{})
		if err != nil {
			t.Fatal(err)
		}
		var sol puzzle.Grid
		if res.Verdict == solver.Unique {
			sol = res.Solutions[0]
		}
		steps, err := design.Steps(ctx, p)
		if err != nil {
			t.Fatalf("case %d: Steps: %v\n%s", i, err, p.FormatGrid(g))
		}
		checkSteps(t, p, steps, sol, 10)
		for _, s := range steps {
			kinds[s.Kind]++
		}
	}
	if kinds[design.KindLine] == 0 || kinds[design.KindGuess] == 0 {
		t.Errorf("steps by kind %v: want line steps and guesses among 60 random puzzles", kinds)
	}
	t.Logf("steps by kind: %v", kinds)
}

// TestStepsFollowGoal: the 2×2 puzzle with a 1 in every line has two
// solutions; its steps end on the goal the file carries, whichever of
// the two it is.
func TestStepsFollowGoal(t *testing.T) {
	t.Parallel()
	for _, goal := range []string{"#.\n.#", ".#\n#."} {
		g := make(puzzle.Grid, 2)
		for r, row := range strings.Split(goal, "\n") {
			for _, ch := range row {
				g[r] = append(g[r], map[rune]puzzle.Color{'.': 0, '#': 1}[ch])
			}
		}
		p := puzzle.FromGrid(g, nil)
		steps, err := design.Steps(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, s := range steps {
			for _, c := range s.Cells {
				n++
				if want := string(p.Char(g[c.Row-1][c.Col-1])); c.Color != want {
					t.Errorf("goal %q: step %q sets (%d,%d) to %s, the goal has %s", goal, s.Reason, c.Row, c.Col, c.Color, want)
				}
			}
		}
		if n != 4 {
			t.Errorf("goal %q: the steps set %d cells, want 4", goal, n)
		}
	}
}

// TestHintGoalOfWrongSize: a goal of another size than the puzzle (a
// Puzzle built by hand, not validated) is no solution: NextHint goes on
// without it rather than index past its rows.
func TestHintGoalOfWrongSize(t *testing.T) {
	t.Parallel()
	p := puzzle.New([][]int{{1}, {1}}, [][]int{{1}, {1}})
	p.Goal = puzzle.Grid{{1, 0}}
	g := design.EmptyGrid(p)
	g[1][0] = 1 // a known cell in the row the goal lacks
	if _, err := design.NextHint(context.Background(), p, g); err != nil {
		t.Fatal(err)
	}
}

// TestGuessesSayWhetherTheyChoose: a guess of a puzzle with several
// solutions says so (Choice, "the puzzle is not unique") exactly when
// the solutions that agree with the cells known before it differ at its
// cell (brute force); else it claims, rightly, that the solution has its
// colour there.
func TestGuessesSayWhetherTheyChoose(t *testing.T) {
	rng := rand.New(rand.NewPCG(40, 2))
	ctx := context.Background()
	var choices, forced int
	for i := range 120 {
		colors := 1 + i%2
		g := randpuzzle.Grid(rng, 2+rng.IntN(4), 2+rng.IntN(4), colors, 0.5)
		p := puzzle.FromGrid(g, randpuzzle.Palette(colors))
		if i%2 == 0 {
			p.Goal = nil
		}
		sols, _ := brute.Pruned(p, 0)
		steps, err := design.Steps(ctx, p)
		if err != nil {
			t.Fatalf("case %d: Steps: %v", i, err)
		}
		known := design.EmptyGrid(p)
		for _, s := range steps {
			if s.Kind == design.KindGuess {
				x := s.Cells[0]
				differ := false
				for _, sol := range sols {
					agrees := true
					for r, row := range known {
						for c, v := range row {
							agrees = agrees && (v == design.Unknown || sol[r][c] == v)
						}
					}
					differ = differ || agrees && string(p.Char(sol[x.Row-1][x.Col-1])) != x.Color
				}
				if s.Choice != differ || strings.Contains(s.Reason, "not unique") != differ || strings.Contains(s.Reason, "only trying both ways") == differ {
					t.Fatalf("case %d (%d solutions): guess %q, Choice %v; solutions with the known cells differ there: %v", i, len(sols), s.Reason, s.Choice, differ)
				}
				if differ {
					choices++
				} else {
					forced++
				}
			}
			for _, x := range s.Cells {
				for v := range puzzle.Color(p.NumColors() + 1) {
					if string(p.Char(v)) == x.Color {
						known[x.Row-1][x.Col-1] = v
					}
				}
			}
		}
	}
	// Forced guesses (a unique puzzle that probing does not finish)
	// are rare in small pictures; the check above holds for any there is.
	if choices == 0 {
		t.Errorf("no guess among 120 small puzzles was a choice (%d forced): the test misses a case", forced)
	}
	t.Logf("guesses: %d choices, %d forced", choices, forced)
}
