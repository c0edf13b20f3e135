package learner_test

import (
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/nonosat/nonosat/internal/brute"
	"github.com/nonosat/nonosat/learner"
	"github.com/nonosat/nonosat/linesolve"
	"github.com/nonosat/nonosat/puzzle"
)

// TestLearnerMatchesBruteForce: on random black-and-white puzzles up to
// 6×6, a Learner without limits reports exactly the brute-force
// solutions, each once, and says it is complete; from the bare state
// (nothing propagated) and from a probed one, with and without hints and
// lucky descents.
func TestLearnerMatchesBruteForce(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(21, 22))
	multi, many := 0, 0
	cases := 3000
	if testing.Short() {
		cases = 1000
	}
	for i := range cases {
		h, w := 1+rng.IntN(6), 1+rng.IntN(6)
		p := brute.RandomPuzzle(rng, h, w, 1, 0.2+0.6*rng.Float64())
		want := map[string]bool{}
		for _, g := range brute.Solutions(p) {
			want[gridKey(g)] = true
		}
		got := learnerSolutions(t, i, p, i%2 == 1, i%3 != 2, i%5 < 2, 0, paramsFor(i))
		if len(got) != len(want) {
			t.Fatalf("case %d: Learner found %d solutions, brute force %d\n%v", i, len(got), len(want), p.Goal)
		}
		if len(want) > 1 {
			multi++
		}
		if len(want) > 8 {
			many++
		}
	}
	if multi < cases/15 || many < cases/150 {
		t.Fatalf("%d of %d cases had several solutions, %d more than 8: the test does not exercise learning", multi, cases, many)
	}
}

// paramsFor is the settings of case i of a test: the default, or (every
// fourth case) with the restarts on the LBD averages from the first
// conflict, as often as Params.RestartGap lets them (a margin of 0.5),
// and a rephase every 20 conflicts, so that small puzzles take the road
// large ones take after Params.RestartEMAAfter conflicts, and often (in
// black and white: colour puzzles keep the Luby restarts).
func paramsFor(i int) learner.Params {
	p := learner.DefaultParams()
	if i%4 == 3 {
		p.RestartEMAAfter, p.RestartEMA, p.RephaseEvery = 0, 0.5, 20
	}
	return p
}

// learnerSolutions runs an unlimited Learner with settings prm on p (from
// the bare state, or a probed one; with or without hints and lucky
// descents) and returns the solutions it reports, failing case i if one
// fails Check, comes twice, or the run is not complete.
func learnerSolutions(t *testing.T, i int, p *puzzle.Puzzle, probe, hints, lucky bool, seed uint64, prm learner.Params) map[string]bool {
	t.Helper()
	st := linesolve.NewState(p)
	if probe {
		st.Probe(0)
	}
	l := learner.New(st)
	l.SetParams(prm)
	l.SetHints(hints)
	l.SetLucky(lucky)
	l.SetSeed(seed)
	got := map[string]bool{}
	res := l.Run(learner.Limits{}, func(g puzzle.Grid) bool {
		if err := puzzle.Check(p, g); err != nil {
			t.Fatalf("case %d: Learner reported a grid that fails Check: %v\n%v", i, err, g)
		}
		k := gridKey(g)
		if got[k] {
			t.Fatalf("case %d: Learner reported a grid twice\n%v", i, g)
		}
		got[k] = true
		return true
	})
	if !res.Complete || res.Stopped {
		t.Fatalf("case %d: unlimited Learner not complete: %+v", i, res)
	}
	return got
}

// TestColorLearnerMatchesBruteForce: on random puzzles up to 6×6 with 2
// to 5 colours, a Learner without limits reports exactly the brute-force
// solutions (brute.Pruned: placements enumerated and checked with
// puzzle.Check, no line solver), each once, and says it is complete; from the bare state and a
// probed one, with hints and lucky descents on and off and several seeds
// of its random decisions.
func TestColorLearnerMatchesBruteForce(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(23, 24))
	multi, many := 0, 0
	cases := 2500
	if testing.Short() {
		cases = 500
	}
	for i := range cases {
		h, w, m := 1+rng.IntN(6), 1+rng.IntN(6), 2+rng.IntN(4)
		if i%4 == 0 { // tall or wide: lines of different lengths
			h, w = 1+rng.IntN(3), 4+rng.IntN(3)
		}
		p := brute.RandomPuzzle(rng, h, w, m, 0.2+0.6*rng.Float64())
		want := map[string]bool{}
		sols, _ := brute.Pruned(p, 0)
		for _, g := range sols {
			want[gridKey(g)] = true
		}
		if h*w <= 12 && len(brute.Solutions(p)) != len(want) { // the two oracles agree
			t.Fatalf("case %d: brute.Pruned found %d solutions, brute.Solutions %d", i, len(want), len(brute.Solutions(p)))
		}
		got := learnerSolutions(t, i, p, i%2 == 1, i%3 != 2, i%7 < 3, uint64(i%5), paramsFor(i))
		if len(got) != len(want) {
			t.Fatalf("case %d: Learner found %d solutions, brute force %d\n%v", i, len(got), len(want), p.Goal)
		}
		if len(want) > 1 {
			multi++
		}
		if len(want) > 8 {
			many++
		}
	}
	if multi < cases/15 || many < cases/500 {
		t.Fatalf("%d of %d cases had several solutions, %d more than 8: the test does not exercise learning", multi, cases, many)
	}
}

// TestLearnerAgreesWithDepthFirst: on random 8×8 to 12×12 puzzles and thin
// ones with lines of up to 139 cells, many with hundreds of solutions, the
// Learner and a depth-first search (two independent algorithms on the same
// line solver) find the same set. Puzzles the search does not enumerate
// within its node budget are left out; with -short the budget is 4,000
// nodes instead of 20,000, which leaves out one of the compared puzzles
// (the one with most solutions) and most of the time.
func TestLearnerAgreesWithDepthFirst(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(31, 32))
	big, nodes := 0, 20000
	if testing.Short() {
		nodes = 4000
	}
	for i := range 90 {
		h, w := 8+rng.IntN(5), 8+rng.IntN(5)
		if i%3 == 2 { // lines over 64 cells (several words per line)
			h, w = 2+rng.IntN(4), 60+rng.IntN(80)
			if i%2 == 0 {
				h, w = w, h
			}
		}
		p := brute.RandomPuzzle(rng, h, w, 1, 0.15+0.5*rng.Float64())
		want := map[string]bool{}
		complete := enumerate(linesolve.NewState(p), nodes, func(g puzzle.Grid) bool {
			want[gridKey(g)] = true
			return len(want) < 3000
		})
		if !complete {
			continue // too many solutions to compare
		}
		st := linesolve.NewState(p)
		st.Probe(0)
		got := map[string]bool{}
		l := learner.New(st)
		l.SetParams(paramsFor(i))
		lres := l.Run(learner.Limits{}, func(g puzzle.Grid) bool {
			if err := puzzle.Check(p, g); err != nil {
				t.Fatalf("case %d: Learner reported a grid that fails Check: %v", i, err)
			}
			if got[gridKey(g)] {
				t.Fatalf("case %d: Learner reported a grid twice", i)
			}
			got[gridKey(g)] = true
			return true
		})
		if !lres.Complete || len(got) != len(want) {
			t.Fatalf("case %d (%dx%d): Learner found %d solutions (complete %v), depth-first search %d", i, h, w, len(got), lres.Complete, len(want))
		}
		for k := range want {
			if !got[k] {
				t.Fatalf("case %d: Learner missed a solution", i)
			}
		}
		if len(want) > 100 {
			big++
		}
	}
	t.Logf("%d cases with more than 100 solutions", big)
	if big < 5 {
		t.Fatalf("only %d cases with more than 100 solutions were compared", big)
	}
}

// enumerate passes the solutions of s to found by a depth-first search
// over the line solver: propagate, then branch on each colour of the
// first undecided cell. It stops after maxNodes nodes, or when found returns
// false, and then reports false.
func enumerate(s *linesolve.State, maxNodes int, found func(puzzle.Grid) bool) (complete bool) {
	nodes := 0
	var dfs func(s *linesolve.State) bool
	dfs = func(s *linesolve.State) bool {
		if nodes++; nodes > maxNodes {
			return false
		}
		if !s.Propagate() {
			return true
		}
		if s.Solved() {
			return found(s.Grid())
		}
		for r, row := range s.Cells {
			for c, d := range row {
				if d.Len() < 2 {
					continue
				}
				for rest := d; rest != 0; rest &= rest - 1 {
					t := s.Clone()
					if t.Set(r, c, rest&-rest) && !dfs(t) {
						return false
					}
				}
				return true
			}
		}
		return true
	}
	return dfs(s)
}

// TestLearnerRunsOn: a run stopped by found, by Limits.Conflicts, by
// Limits.Lines or by Stop goes on where it left off in the next Run, with
// no solution reported twice; Block keeps a known solution from being
// reported.
func TestLearnerRunsOn(t *testing.T) {
	t.Parallel()
	// Every row and column clue is "1": the 720 permutation matrices.
	g := puzzle.NewGrid(6, 6)
	for i := range 6 {
		g[i][(i*5+2)%6] = 1
	}
	p := puzzle.FromGrid(g, brute.Palette(1))
	l := learner.New(linesolve.NewState(p))
	l.Block(g)
	seen := map[string]bool{}
	add := func(sol puzzle.Grid) {
		if err := puzzle.Check(p, sol); err != nil {
			t.Fatalf("bad grid: %v", err)
		}
		if seen[gridKey(sol)] || sol.Equal(g) {
			t.Fatalf("grid reported twice, or the blocked one\n%v", sol)
		}
		seen[gridKey(sol)] = true
	}
	res := l.Run(learner.Limits{}, func(sol puzzle.Grid) bool { add(sol); return len(seen) < 10 })
	if len(seen) != 10 || res.Complete || res.Stopped {
		t.Fatalf("found stopping at 10: %d solutions, %+v", len(seen), res)
	}
	res = l.Run(learner.Limits{Conflicts: res.Conflicts + 1}, func(sol puzzle.Grid) bool { add(sol); return true })
	if !res.Stopped || res.Complete || len(seen) >= 719 {
		t.Fatalf("a run of one more conflict: %d solutions, %+v", len(seen), res)
	}
	res = l.Run(learner.Limits{Lines: res.Lines + 1}, func(sol puzzle.Grid) bool { add(sol); return true })
	if !res.Stopped || res.Complete || len(seen) >= 719 {
		t.Fatalf("a run of one more line solve: %d solutions, %+v", len(seen), res)
	}
	calls := 0
	res = l.Run(learner.Limits{Stop: func() bool { calls++; return calls > 3 }}, func(sol puzzle.Grid) bool { add(sol); return true })
	if !res.Stopped || res.Complete {
		t.Fatalf("a run stopped by Stop: %+v", res)
	}
	res = l.Run(learner.Limits{}, func(sol puzzle.Grid) bool { add(sol); return true })
	if !res.Complete || len(seen) != 719 {
		t.Fatalf("the last run: %d solutions in all (want 719), %+v", len(seen), res)
	}
	if res = l.Run(learner.Limits{}, func(puzzle.Grid) bool { t.Fatal("a solution after Complete"); return true }); !res.Complete {
		t.Fatalf("a run after the end is not complete: %+v", res)
	}
}

// TestLearnerContradiction: a contradictory state gives a Learner with no
// solution, in black and white and in colour.
func TestLearnerContradiction(t *testing.T) {
	t.Parallel()
	for _, m := range []int{1, 3} {
		p := &puzzle.Puzzle{Palette: brute.Palette(m), Rows: []puzzle.Clue{{{Len: 1, Color: puzzle.Color(m)}}, nil}, Cols: []puzzle.Clue{nil, nil}}
		res := learner.New(linesolve.NewState(p)).Run(learner.Limits{}, func(puzzle.Grid) bool {
			t.Fatal("a solution of a contradictory puzzle")
			return true
		})
		if !res.Complete {
			t.Fatalf("%d colours: contradictory puzzle: %+v", m, res)
		}
	}
}

// TestLearnerPigeonhole: n rows with clue "1" and n columns of which one
// is empty and the others have clue "1" ask for n black cells in n−1
// columns, one in each: the pigeonhole problem, which has no solution and
// no short refutation by clauses. Line solving and probing see nothing
// wrong; the Learner must prove it through thousands of conflicts (n = 8:
// about 3,800), and so through a clause-database reduction and compaction
// (the first at 2,000 conflicts): the one test of those without the
// corpora.
func TestLearnerPigeonhole(t *testing.T) {
	t.Parallel()
	for _, n := range []int{6, 8} {
		p := &puzzle.Puzzle{Palette: brute.Palette(1)}
		one := puzzle.Clue{{Len: 1, Color: 1}}
		for i := range n {
			p.Rows = append(p.Rows, one)
			if i < n-1 {
				p.Cols = append(p.Cols, one)
			} else {
				p.Cols = append(p.Cols, puzzle.Clue{})
			}
		}
		st := linesolve.NewState(p)
		if !st.Probe(0) {
			t.Fatalf("n=%d: probing found the contradiction; the test wants the Learner to", n)
		}
		res := learner.New(st).Run(learner.Limits{}, func(g puzzle.Grid) bool {
			t.Fatalf("n=%d: a solution of a puzzle with none\n%v", n, g)
			return false
		})
		if !res.Complete {
			t.Fatalf("n=%d: not complete: %+v", n, res)
		}
		if n == 8 && res.Conflicts < 2000 {
			t.Fatalf("n=%d: only %d conflicts, too few to reach the clause-database reductions", n, res.Conflicts)
		}
	}
}

// TestFootprint: what New allocates is within a factor of two of
// Footprint, so that a caller's memory limit holds, for black and white
// and for many colours. It is not parallel: it reads the process's
// allocation counter.
func TestFootprint(t *testing.T) {
	for _, colors := range []int{1, 4, 40} {
		const n = 120
		g := puzzle.NewGrid(n, n)
		for r := range g {
			for c := range g[r] {
				if (r+c)%3 != 0 {
					g[r][c] = puzzle.Color(1 + (r*7+c)%colors)
				}
			}
		}
		pal := []puzzle.Swatch{{Name: "white", Char: '.'}}
		for i := range colors {
			pal = append(pal, puzzle.Swatch{Char: rune('a' + i)})
		}
		s := linesolve.NewState(puzzle.FromGrid(g, pal))
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		l := learner.New(s)
		runtime.ReadMemStats(&after)
		got, want := int64(after.TotalAlloc-before.TotalAlloc), learner.Footprint(n, n, colors)
		if got > 2*want || 2*got < want {
			t.Errorf("%d×%d in %d colours: New allocated %d bytes, Footprint says %d", n, n, colors, got, want)
		}
		runtime.KeepAlive(l)
	}
}

// TestUsedTierKeepsWhatItNeeds: with the learnt clauses halved after
// every conflict and the used tier on from the first (Params), the
// Learner still finds each of the n! solutions of the permutation
// puzzle (every row and column "1") once, and proves that 6 and 7 rows
// of "1" over one column fewer have none (5,656 conflicts): clause
// deletion under the tier keeps every clause the search relies on. (8
// rows over 7 columns took 210,188 conflicts, 4 minutes under -race, and
// caught no more: both fail when reasons may be deleted.)
func TestUsedTierKeepsWhatItNeeds(t *testing.T) {
	t.Parallel()
	params := learner.DefaultParams()
	params.ReduceFirst, params.ReduceInc, params.KeepLBD = 1, 0, 0
	params.ReduceUsedAfter, params.ReduceUsedRounds = 0, 1
	one := puzzle.Clue{{Len: 1, Color: 1}}
	conflicts := 0
	for _, tt := range []struct {
		n, pigeons, want int
	}{{5, 5, 120}, {6, 6, 720}, {6, 5, 0}, {7, 6, 0}} {
		p := &puzzle.Puzzle{Palette: brute.Palette(1)}
		for i := range tt.n {
			p.Rows = append(p.Rows, one)
			if i < tt.pigeons {
				p.Cols = append(p.Cols, one)
			} else {
				p.Cols = append(p.Cols, puzzle.Clue{})
			}
		}
		l := learner.New(linesolve.NewState(p))
		l.SetParams(params)
		got := map[string]bool{}
		res := l.Run(learner.Limits{}, func(g puzzle.Grid) bool {
			if err := puzzle.Check(p, g); err != nil {
				t.Fatalf("n=%d: a grid that fails Check: %v\n%v", tt.n, err, g)
			}
			if k := gridKey(g); got[k] {
				t.Fatalf("n=%d: a grid twice\n%v", tt.n, g)
			} else {
				got[k] = true
			}
			return true
		})
		if !res.Complete || len(got) != tt.want {
			t.Fatalf("n=%d, %d non-empty columns: %d solutions (complete %v), want %d", tt.n, tt.pigeons, len(got), res.Complete, tt.want)
		}
		conflicts += res.Conflicts
	}
	if conflicts < 1000 {
		t.Fatalf("%d conflicts in all: too few halvings to test the tier", conflicts)
	}
}
