package learner

import (
	"math/rand/v2"
	"testing"

	"github.com/nonosat/nonosat/internal/brute"
	"github.com/nonosat/nonosat/linesolve"
	"github.com/nonosat/nonosat/puzzle"
)

// TestDive: on random puzzles of 8×8 to 12×12 in 1 to 4 colours with
// about half their solutions blocked, a Learner that dives first (after
// its hints, before any other decision) and then searches on reports the
// other solutions, as brute force finds them (brute.Pruned,
// when there are at most maxSolutions), each passing Check; and a dive
// that ends with every cell decided has found one of them. Enough dives
// meet conflicts, and enough end in a solution, for the test to
// exercise both.
func TestDive(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(41, 42))
	conflicted, solved, multi, compared, bw := 0, 0, 0, 0, 0
	cases := 500
	if testing.Short() {
		cases = 150
	}
	for i := range cases {
		h, w, m := 8+rng.IntN(5), 8+rng.IntN(5), 1+rng.IntN(4)
		p := brute.RandomPuzzle(rng, h, w, m, 0.3+0.3*rng.Float64())
		sols, all := brute.Pruned(p, maxSolutions)
		if !all {
			continue // too many solutions to compare
		}
		want := map[string]puzzle.Grid{}
		for _, g := range sols {
			want[g.String()] = g
		}
		compared++
		if len(want) > 1 {
			multi++
		}
		// Block about half the solutions, so that dives head for some
		// that are gone and meet conflicts.
		l := New(linesolve.NewState(p))
		left := map[string]bool{}
		for k, g := range want {
			if rng.IntN(2) == 0 {
				l.Block(g)
			} else {
				left[k] = true
			}
		}
		c := l.c
		if c.unsat || c.propagate() != noConflict {
			if len(left) > 0 {
				t.Fatalf("case %d: %d solutions left, and the learner has none", i, len(left))
			}
			continue // every solution blocked, and the facts decide every cell
		}
		if c.setHints(); c.bp0 == nil && !c.bw {
			t.Fatalf("case %d: a colour puzzle's hints kept no messages to dive from", i)
		}
		if c.dive(nil) {
			t.Fatalf("case %d: a dive without stop reports it stopped", i)
		}
		if m == 1 {
			bw++
		}
		if c.unsat && len(left) > 0 {
			t.Fatalf("case %d: the dive refuted a puzzle with %d solutions left", i, len(left))
		}
		if c.conflicts > 0 {
			conflicted++
		}
		done := !c.unsat // else the domains are those of the conflict
		g := puzzle.NewGrid(h, w)
		for x := range c.n {
			done = done && c.decided(x)
			g[x/w][x%w] = puzzle.Color(c.color(x))
		}
		if done {
			if !left[g.String()] {
				t.Fatalf("case %d: the dive decided every cell, and the grid is no solution left\n%v", i, g)
			}
			solved++
		}
		got, _ := runAll(t, i, p, l)
		if len(got) != len(left) {
			t.Fatalf("case %d: %d solutions after a dive, brute force %d (%d blocked)", i, len(got), len(left), len(want)-len(left))
		}
		for k := range left {
			if _, ok := got[k]; !ok {
				t.Fatalf("case %d: the dive lost a solution\n%s", i, k)
			}
		}
	}
	if compared < cases*2/5 || conflicted < cases*3/25 || solved < cases*3/25 || multi < cases*3/25 || bw < cases/10 {
		t.Fatalf("of %d dives (%d black and white) %d met a conflict and %d found a solution, %d puzzles had several: the test exercises too little", compared, bw, conflicted, solved, multi)
	}
	t.Logf("of %d dives (%d black and white) %d met a conflict and %d found a solution; %d puzzles had several", compared, bw, conflicted, solved, multi)
}

// runAll runs l without limits until it has reported maxSolutions, and
// returns the solutions it reports and whether they are all, failing
// case i if one fails Check or comes twice.
func runAll(t *testing.T, i int, p *puzzle.Puzzle, l *Learner) (map[string]puzzle.Grid, bool) {
	t.Helper()
	got := map[string]puzzle.Grid{}
	res := l.Run(Limits{}, func(g puzzle.Grid) bool {
		if err := puzzle.Check(p, g); err != nil {
			t.Fatalf("case %d: a grid that fails Check: %v\n%v", i, err, g)
		}
		if _, ok := got[g.String()]; ok {
			t.Fatalf("case %d: a grid reported twice\n%v", i, g)
		}
		got[g.String()] = g.Clone()
		return len(got) < maxSolutions
	})
	return got, res.Complete
}

const maxSolutions = 200

// TestDiveKeepsLimits: on random puzzles of 15×15 to 30×30 in 1 to 4
// colours, a Learner run again and again with a conflict limit one
// higher each time never goes past it, dives included (black and white
// diving from the start, as large ones do after many conflicts); black
// and white with the gates as they are never dives at these sizes.
func TestDiveKeepsLimits(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 4))
	dived, bwDived := 0, 0
	for i := range 160 {
		h, w, m := 15+rng.IntN(16), 15+rng.IntN(16), 1+rng.IntN(4)
		p := brute.RandomPuzzle(rng, h, w, m, 0.3+0.2*rng.Float64())
		l := New(linesolve.NewState(p))
		gated := m == 1 && i%2 == 1 // under 2,500 cells: never dives
		if m == 1 && !gated {
			// Black and white dives once its hints are set, and at
			// every rephasing.
			params := DefaultParams()
			params.BWDiveCells, params.BWDiveConflicts = 0, 0
			l.SetParams(params)
		}
		for limit := 1; limit < 60; limit++ {
			res := l.Run(Limits{Conflicts: limit}, func(puzzle.Grid) bool { return false })
			if res.Conflicts > limit {
				t.Fatalf("case %d: %d conflicts under a limit of %d", i, res.Conflicts, limit)
			}
			if gated && l.c.dbp != nil {
				t.Fatalf("case %d: a black-and-white puzzle of %d cells dived", i, h*w)
			}
			if l.c.dbp != nil {
				dived++
				if m == 1 {
					bwDived++
				}
			}
			if res.Complete {
				break
			}
		}
	}
	if dived < 100 || bwDived < 20 {
		t.Fatalf("only %d runs had dived (%d black and white): the test exercises too little", dived, bwDived)
	}
}

// TestDiveFollowsBeliefs: on random puzzles of 20×20 in 1 to 3 colours,
// filled at 50 % (line solving leaves a quarter to a half of the cells
// open), a dive from the facts decides every cell without a conflict on
// three in four or more: it follows the beliefs (deciding each black and
// white cell in its less likely colour, 14 of 40 do). With the picture
// blocked, a dive meets a conflict, and right after it diveHints gives
// each cell the trail has decided its colour as the hint.
func TestDiveFollowsBeliefs(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(5, 6))
	clean, dives, open, hinted := [4]int{}, [4]int{}, [4]int{}, 0
	for i := range 120 {
		m := 1 + i%3
		p := brute.RandomPuzzle(rng, 20, 20, m, 0.5)
		for _, blocked := range []bool{false, true} {
			l := New(linesolve.NewState(p))
			if blocked {
				l.Block(p.Goal)
			}
			c := l.c
			if c.unsat || c.propagate() != noConflict {
				continue // the facts refute the blocked puzzle
			}
			c.setHints()
			for x := range c.n {
				if !blocked && !c.decided(x) {
					open[m]++
				}
			}
			c.dive(func() bool { return c.conflicts > 0 })
			if !blocked {
				dives[m]++
				done := c.conflicts == 0
				for x := range c.n {
					done = done && c.decided(x)
				}
				if done {
					clean[m]++
				}
				continue
			}
			if c.conflicts == 0 {
				continue // a dive to another solution
			}
			c.diveHints()
			for _, q := range c.trail {
				if x, v, not := c.cellLit(q); !not {
					if c.hint[x] != int8(v) {
						t.Fatalf("case %d: cell %d has colour %d on the trail and hint %d", i, x, v, c.hint[x])
					}
					hinted++
				}
			}
		}
	}
	for m := 1; m <= 3; m++ {
		t.Logf("%d colour(s): %d of %d dives decided every cell without a conflict, %d cells open", m, clean[m], dives[m], open[m])
		if clean[m] < dives[m]*3/4 {
			t.Errorf("%d colour(s): %d of %d dives decided every cell without a conflict, want three in four", m, clean[m], dives[m])
		}
	}
	if t.Logf("%d trail literals checked against the hints", hinted); hinted < 1000 {
		t.Fatalf("%d trail literals checked against the hints: the test exercises too little", hinted)
	}
}

// TestDiveWanted: a colour puzzle always dives; a black-and-white one
// only from Params.BWDiveCells cells and BWDiveConflicts conflicts on.
func TestDiveWanted(t *testing.T) {
	t.Parallel()
	p := DefaultParams()
	cells, conflicts := p.BWDiveCells, p.BWDiveConflicts
	for _, tt := range []struct {
		name            string
		bw              bool
		cells, conflict int
		want            bool
	}{
		{"colour", false, 100, 0, true},
		{"small and short", true, 100, 0, false},
		{"one cell short", true, cells - 1, conflicts, false},
		{"one conflict short", true, cells, conflicts - 1, false},
		{"at both gates", true, cells, conflicts, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := &cdcl{bw: tt.bw, n: tt.cells, conflicts: tt.conflict, p: p}
			if got := c.diveWanted(); got != tt.want {
				t.Errorf("%d cells, %d conflicts: diveWanted %v, want %v", tt.cells, tt.conflict, got, tt.want)
			}
		})
	}
}

// TestDiveStopsInFirstSweep: a black-and-white puzzle's first dive,
// stopped while it sweeps its messages from the facts, reports that it
// stopped and keeps no messages; the next dive sweeps them again and
// goes on.
func TestDiveStopsInFirstSweep(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(13, 14))
	p := brute.RandomPuzzle(rng, 30, 30, 1, 0.5)
	c := New(linesolve.NewState(p)).c
	if !c.bw || c.unsat || c.propagate() != noConflict {
		t.Fatal("a 30×30 picture is not an open black-and-white puzzle")
	}
	c.setHints()
	asked := 0
	if !c.dive(func() bool { asked++; return asked >= 3 }) {
		t.Fatal("a dive stopped in its first sweep does not report it")
	}
	if c.bp0 != nil || asked != 3 {
		t.Fatalf("stopped at the 3rd question, the dive asked %d and kept messages %v", asked, c.bp0 != nil)
	}
	if c.dive(nil) || c.bp0 == nil {
		t.Fatalf("the next dive without stop: stopped, or no messages kept (%v)", c.bp0 != nil)
	}
}
