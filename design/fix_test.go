package design_test

import (
	"bytes"
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/nonosat/nonosat/design"
	"github.com/nonosat/nonosat/internal/randpuzzle"
	"github.com/nonosat/nonosat/linesolve"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/solver"
)

// resolve writes q out and reads it back (so that nothing of Fix's own
// puzzle value is reused), then gives its verdict with the goal ignored
// and the cells line logic leaves open.
func resolve(t *testing.T, q *puzzle.Puzzle) (solver.Verdict, int) {
	t.Helper()
	q2 := roundTrip(t, q)
	res, err := solver.Solve(context.Background(), q2, solver.Options{IgnoreGoal: true})
	if err != nil {
		t.Fatal(err)
	}
	s := linesolve.NewState(q2)
	s.Propagate()
	open := 0
	for _, row := range s.Cells {
		for _, d := range row {
			if d.Len() > 1 {
				open++
			}
		}
	}
	return res.Verdict, open
}

// roundTrip writes q as XML and reads it back.
func roundTrip(t *testing.T, q *puzzle.Puzzle) *puzzle.Puzzle {
	t.Helper()
	var buf bytes.Buffer
	if err := puzzle.Encode(&buf, q, puzzle.XML); err != nil {
		t.Fatal(err)
	}
	q2, err := puzzle.Decode(&buf, puzzle.XML)
	if err != nil {
		t.Fatal(err)
	}
	return q2
}

// TestFixEffects: for random pictures with several solutions, every edit
// Fix reports has the effect a re-solve of the edited puzzle finds, the
// edits come best first, and the edited goal satisfies the edited clues.
func TestFixEffects(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(7, 8))
	ctx := context.Background()
	tried, fixed, pairs := 0, 0, 0
	for i := 0; tried < 24 && i < 500; i++ {
		colors := 1 + i%3
		h, w := 5+rng.IntN(6), 5+rng.IntN(6)
		g := randpuzzle.Grid(rng, h, w, colors, 0.5)
		p := puzzle.FromGrid(g, randpuzzle.Palette(colors))
		p.Goal = g
		if v, _ := resolve(t, p); v != solver.Multiple {
			continue
		}
		tried++
		es, err := design.Fix(ctx, p, g, design.FixOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if len(es) == 0 {
			t.Fatalf("case %d: no edits", i)
		}
		last := -1
		for _, e := range es {
			q, err := design.Edited(p, g, e.Cells)
			if err != nil {
				t.Fatal(err)
			}
			if err := puzzle.Check(q, q.Goal); err != nil {
				t.Fatalf("case %d: edited goal fails its clues: %v", i, err)
			}
			v, open := resolve(t, q)
			if string(v) != e.Verdict || open != e.Open {
				t.Fatalf("case %d: edit %v reported %s with %d open, re-solve says %s with %d open", i, e.Cells, e.Verdict, e.Open, v, open)
			}
			r := 2
			if v == solver.Unique {
				r = 1
				if open == 0 {
					r = 0
				}
			}
			if r < last {
				t.Fatalf("case %d: edits not best first: %+v", i, es)
			}
			last = r
			if len(e.Cells) == 2 {
				pairs++
			}
		}
		if es[0].Verdict == "unique" {
			fixed++
		}
	}
	if tried < 10 || fixed == 0 {
		t.Fatalf("%d ambiguous pictures, %d fixed: the test tests too little", tried, fixed)
	}
	t.Logf("%d ambiguous pictures, %d made unique, %d pair edits reported", tried, fixed, pairs)
}

func TestFixErrors(t *testing.T) {
	t.Parallel()
	p := puzzle.New([][]int{{1}, {1}}, [][]int{{1}, {1}})
	bad := puzzle.Grid{{1, 1}, {0, 0}}
	if _, err := design.Fix(context.Background(), p, bad, design.FixOptions{}); err != design.ErrNoGoal {
		t.Errorf("Fix with a wrong goal: error %v, want ErrNoGoal", err)
	}
	if _, err := design.Edited(p, puzzle.Grid{{1, 0}, {0, 1}}, []design.Cell{{Row: 3, Col: 1, Color: "#"}}); err == nil {
		t.Error("Edited outside the grid: no error")
	}
}

// permutationDiagonal is 12×12 with a 1 in every line (12! solutions)
// and the diagonal as its goal.
func permutationDiagonal() (*puzzle.Puzzle, puzzle.Grid) {
	ones := make([][]int, 12)
	for i := range ones {
		ones[i] = []int{1}
	}
	goal := puzzle.NewGrid(12, 12)
	for i := range goal {
		goal[i][i] = 1
	}
	return puzzle.New(ones, ones), goal
}

// TestFixBest: Fix returns o.Best edits when there are that many, even
// beyond the default number of candidates it verifies (fix --best 30).
func TestFixBest(t *testing.T) {
	t.Parallel()
	p, goal := permutationDiagonal()
	for _, best := range []int{5, 20, 30, 50} {
		es, err := design.Fix(context.Background(), p, goal, design.FixOptions{Best: best})
		if err != nil {
			t.Fatal(err)
		}
		if len(es) != best { // 144 single edits
			t.Errorf("Best %d: %d edits", best, len(es))
		}
	}
}

// TestFixUniqueAlready: a puzzle that line logic solves has nothing to
// fix (fix used to rank edits of the house, and --apply added a cell);
// of a unique puzzle that line logic does not finish, only the edits
// that keep it unique and leave fewer cells open are offered, each as a
// re-solve finds it.
func TestFixUniqueAlready(t *testing.T) {
	ctx := context.Background()
	house, err := puzzle.ReadFile("../examples/house.non")
	if err != nil {
		t.Fatal(err)
	}
	base, err := design.Baseline(ctx, house, house.Goal, 0)
	if err != nil || base.Verdict != string(solver.Unique) || base.Open != 0 {
		t.Errorf("Baseline(house) = %+v, %v; want unique, 0 open", base, err)
	}
	if es, err := design.Fix(ctx, house, house.Goal, design.FixOptions{}); err != nil || len(es) != 0 {
		t.Errorf("Fix(house) = %v, %v; want no edits", es, err)
	}
	rng := rand.New(rand.NewPCG(40, 1))
	tried, offered := 0, 0
	for i := 0; tried < 6 && i < 2000; i++ {
		colors := 1 + i%2
		g := randpuzzle.Grid(rng, 5+rng.IntN(5), 5+rng.IntN(5), colors, 0.5)
		p := puzzle.FromGrid(g, randpuzzle.Palette(colors))
		v, open := resolve(t, p)
		if v != solver.Unique || open == 0 {
			continue
		}
		tried++
		base, err := design.Baseline(ctx, p, g, 0)
		if err != nil || base.Verdict != string(v) || base.Open != open {
			t.Fatalf("case %d: Baseline = %+v, %v; a re-solve says %s with %d open", i, base, err, v, open)
		}
		es, err := design.Fix(ctx, p, g, design.FixOptions{Best: 50})
		if err != nil {
			t.Fatal(err)
		}
		offered += len(es)
		for _, e := range es {
			q, err := design.Edited(p, g, e.Cells)
			if err != nil {
				t.Fatal(err)
			}
			if v, n := resolve(t, q); v != solver.Unique || n >= open || string(v) != e.Verdict || n != e.Open {
				t.Fatalf("case %d (%d open): edit %v reported %s with %d open, re-solve says %s with %d open; want unique with fewer open", i, open, e.Cells, e.Verdict, e.Open, v, n)
			}
		}
	}
	if tried == 0 || offered == 0 {
		t.Errorf("%d unique puzzles that line logic leaves open, %d edits offered: the test tests too little", tried, offered)
	}
}

// TestFixEditTimeout: an edited puzzle whose verdict the edit's timeout
// stops gets the verdict "timeout" and ranks after every other; the run
// goes on, and Progress follows it to the end. The puzzle (a 12×12 with a 1 in every line, 12! solutions) is
// left with open cells by every edit, so every verdict needs the solver,
// which a nanosecond never leaves time for.
func TestFixEditTimeout(t *testing.T) {
	p, goal := permutationDiagonal()
	var ranked, total, verified int
	progress := func(r, t, v int) { ranked, total, verified = r, t, v }
	es, err := design.Fix(context.Background(), p, goal, design.FixOptions{Best: 10, EditTimeout: time.Nanosecond, Progress: progress})
	if err != nil {
		t.Fatal(err)
	}
	if ranked != 144 || total != 144 || verified < 10 {
		t.Errorf("progress at the end: %d of %d ranked, %d verified; want 144 of 144, 10 or more", ranked, total, verified)
	}
	timeouts, seenTimeout := 0, false
	for _, e := range es {
		switch {
		case e.Verdict == string(solver.Timeout):
			timeouts++
			seenTimeout = true
		case seenTimeout:
			t.Errorf("edit %v (%s) ranked after a timeout", e.Cells, e.Verdict)
		}
	}
	if timeouts == 0 {
		t.Errorf("no edit timed out in a nanosecond: %+v", es)
	}
	es, err = design.Fix(context.Background(), p, goal, design.FixOptions{Best: 10})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range es {
		if e.Verdict == string(solver.Timeout) {
			t.Errorf("edit %v timed out with no edit timeout", e.Cells)
		}
	}
}
