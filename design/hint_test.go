package design_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/nonosat/nonosat/design"
	"github.com/nonosat/nonosat/internal/randpuzzle"
	"github.com/nonosat/nonosat/puzzle"
)

// allSolutions enumerates the solutions of a small black-and-white puzzle
// by brute force over every grid, checked with puzzle.Check (the grids
// whose rows do not read their clues go first, without the error text
// Check would write for each).
func allSolutions(p *puzzle.Puzzle) []puzzle.Grid {
	h, w := p.Height(), p.Width()
	var out []puzzle.Grid
	g := puzzle.NewGrid(h, w)
next:
	for bits := 0; bits < 1<<(h*w); bits++ {
		for i := range h * w {
			g[i/w][i%w] = puzzle.Color(bits >> i & 1)
		}
		for r := range h {
			if !puzzle.LineClue(g[r]).Equal(p.Rows[r]) {
				continue next
			}
		}
		if puzzle.Check(p, g) == nil {
			out = append(out, g.Clone())
		}
	}
	return out
}

// TestHintMistakes: random 4×3 pictures (unique or not), random partial
// grids made from a solution with some cells changed; the mistakes must be
// exactly the known cells no solution has, found by brute force.
func TestHintMistakes(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 4))
	ctx := context.Background()
	caught := 0
	for i := range 80 {
		g := randpuzzle.Grid(rng, 4, 3, 1, 0.5)
		p := puzzle.FromGrid(g, randpuzzle.Palette(1))
		sols := allSolutions(p)
		part := design.EmptyGrid(p)
		for r := range part {
			for c := range part[r] {
				if rng.IntN(2) == 0 {
					part[r][c] = g[r][c]
					if rng.IntN(6) == 0 {
						part[r][c] ^= 1
					}
				}
			}
		}
		want := []design.Pos{}
		for r := range part {
			for c, v := range part[r] {
				if v == design.Unknown {
					continue
				}
				had := false
				for _, s := range sols {
					had = had || s[r][c] == v
				}
				if !had {
					want = append(want, design.Pos{Row: r + 1, Col: c + 1})
				}
			}
		}
		h, err := design.NextHint(ctx, p, part)
		if err != nil {
			t.Fatalf("case %d: NextHint: %v", i, err)
		}
		if !reflect.DeepEqual(h.Mistakes, want) {
			t.Fatalf("case %d: mistakes %v, want %v\npuzzle %v\npartial\n%s", i, h.Mistakes, want, p, p.FormatGrid(part))
		}
		caught += len(want)
	}
	if caught == 0 {
		t.Fatal("no mistakes among 80 cases: the test tests nothing")
	}
}

// TestHintOneWrongCell: on the house, a partial grid with one cell of
// the solution flipped names that cell and still gives a true next step.
func TestHintOneWrongCell(t *testing.T) {
	t.Parallel()
	p, err := puzzle.ReadFile("../examples/house.non")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	sols := allSolutionsSolver(t, p)
	if len(sols) != 1 {
		t.Fatalf("house: %d solutions, want 1", len(sols))
	}
	sol := sols[0]
	part := design.EmptyGrid(p)
	for c := range part[4] {
		part[4][c] = sol[4][c]
	}
	part[4][3] ^= 1
	h, err := design.NextHint(ctx, p, part)
	if err != nil {
		t.Fatal(err)
	}
	if want := []design.Pos{{Row: 5, Col: 4}}; !reflect.DeepEqual(h.Mistakes, want) {
		t.Fatalf("mistakes %v, want %v", h.Mistakes, want)
	}
	if len(h.Cells) == 0 || h.Reason == "" || h.Line == "" {
		t.Fatalf("no step with the mistake: %+v", h)
	}
	for _, x := range h.Cells {
		if colorOf(p, x.Color) != sol[x.Row-1][x.Col-1] {
			t.Errorf("hint %v disagrees with the solution", x)
		}
	}
	// The empty grid: a line step from the clue alone or nearly.
	h, err = design.NextHint(ctx, p, nil)
	if err != nil || h.Kind != design.KindLine || len(h.Mistakes) != 0 || !strings.Contains(h.Reason, "every placement gives") {
		t.Fatalf("NextHint(house, empty) = %+v, %v; want a line step", h, err)
	}
	// The full solution: nothing left.
	h, err = design.NextHint(ctx, p, sol)
	if err != nil || len(h.Cells) != 0 || len(h.Mistakes) != 0 {
		t.Fatalf("NextHint(house, solution) = %+v, %v; want no cells", h, err)
	}
}

func TestParsePartial(t *testing.T) {
	t.Parallel()
	p := puzzle.New([][]int{{1}, {2}}, [][]int{{2}, {1}})
	for _, tt := range []struct{ in, want string }{
		{"#?\n??\n", ""},
		{"#?\n??\n\n", ""},
		{"#?\n", "grid has 1 rows"},
		{"#??\n??\n", "row 1 has 3 cells"},
		{"#x\n??\n", "character 'x'"},
		{"#?\n??\n#.\n", "more than 2 rows"},
	} {
		g, err := design.ParsePartial(strings.NewReader(tt.in), p)
		if tt.want == "" {
			if err != nil || g[0][0] != 1 || g[0][1] != design.Unknown {
				t.Errorf("ParsePartial(%q) = %v, %v", tt.in, g, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParsePartial(%q) error = %v, want %q", tt.in, err, tt.want)
		}
	}
}

// TestNextHintNoSolution: a puzzle with no solution is ErrNoSolution, not
// a hint about the known cells.
func TestNextHintNoSolution(t *testing.T) {
	t.Parallel()
	p := puzzle.New([][]int{{2}, {}}, [][]int{{2}, {}})
	if _, err := design.NextHint(context.Background(), p, nil); !errors.Is(err, design.ErrNoSolution) {
		t.Fatalf("NextHint on a puzzle with no solution: error %v, want ErrNoSolution", err)
	}
}

// TestNextHintLookaheadHoldsContext: when no line forces a cell, NextHint
// looks ahead, which on a large puzzle takes minutes (hint --timeout 2s
// ran 36 s on a random 200×200); an ended context must end it with the
// context's error, not give the step late.
func TestNextHintLookaheadHoldsContext(t *testing.T) {
	// Two solutions: no line forces a cell, so the step is a lookahead
	// or, failing that, a guess from the goal.
	goal := puzzle.Grid{{1, 0}, {0, 1}}
	p := puzzle.FromGrid(goal, randpuzzle.Palette(1))
	p.Goal = goal
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	h, err := design.NextHint(ctx, p, nil)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("NextHint(ended context) = %+v, %v, want %v", h.Step, err, context.Canceled)
	}
}
