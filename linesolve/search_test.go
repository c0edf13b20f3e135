package linesolve_test

import (
	"math/rand/v2"
	"testing"

	"github.com/nonosat/nonosat/linesolve"
	"github.com/nonosat/nonosat/puzzle"
)

// bruteSolutions lists every grid satisfying p without the package's code:
// each row runs through every placement of its clue and the columns are
// checked by puzzle.Check at the leaves.
func bruteSolutions(p *puzzle.Puzzle) []puzzle.Grid {
	rows := make([][]placement, p.Height())
	for r, clue := range p.Rows {
		rows[r] = placements(clue, p.Width())
		if len(clue) == 0 {
			rows[r] = []placement{{line: make([]puzzle.Color, p.Width())}}
		}
	}
	var out []puzzle.Grid
	g := make(puzzle.Grid, p.Height())
	var rec func(r int)
	rec = func(r int) {
		if r == p.Height() {
			if puzzle.Check(p, g) == nil {
				out = append(out, g.Clone())
			}
			return
		}
		for _, pl := range rows[r] {
			g[r] = pl.line
			rec(r + 1)
		}
	}
	rec(0)
	return out
}

func gridKey(g puzzle.Grid) string { return g.String() }

// TestSearchMatchesBruteForce: on random small puzzles with up to three
// colours, Search without limits reports exactly the brute-force
// solutions, each once, and says it is complete; with and without
// restarts (a cap of 1–3 nodes restarts even on these small puzzles).
func TestSearchMatchesBruteForce(t *testing.T) {
	for _, restarts := range []bool{false, true} {
		t.Run(map[bool]string{false: "dfs", true: "restarts"}[restarts], func(t *testing.T) {
			testSearchMatchesBruteForce(t, restarts)
		})
	}
}

func testSearchMatchesBruteForce(t *testing.T, restarts bool) {
	rng := rand.New(rand.NewPCG(11, 12))
	multi, restarted := 0, 0
	for i := range 1500 {
		h, w, m := 1+rng.IntN(5), 1+rng.IntN(5), 1+rng.IntN(3)
		p := randomPuzzle(rng, h, w, m, 0.3+0.5*rng.Float64())
		var lim linesolve.SearchLimits
		if restarts {
			lim.Restarts = 1 + rng.IntN(3)
		}
		want := map[string]bool{}
		for _, g := range bruteSolutions(p) {
			want[gridKey(g)] = true
		}
		got := map[string]bool{}
		res := linesolve.NewState(p).Search(lim, func(g puzzle.Grid) bool {
			if err := puzzle.Check(p, g); err != nil {
				t.Fatalf("case %d: Search reported a grid that fails Check: %v\n%v", i, err, g)
			}
			k := gridKey(g)
			if got[k] {
				t.Fatalf("case %d: Search reported a grid twice\n%v", i, g)
			}
			got[k] = true
			return true
		})
		if !res.Complete || res.Stopped {
			t.Fatalf("case %d: unlimited search not complete: %+v", i, res)
		}
		if len(got) != len(want) {
			t.Fatalf("case %d: Search found %d solutions, brute force %d\n%v", i, len(got), len(want), p.Goal)
		}
		for k := range want {
			if !got[k] {
				t.Fatalf("case %d: Search missed a solution\n%s", i, k)
			}
		}
		if len(want) > 1 {
			multi++
		}
		if res.Runs > 2 {
			restarted++
		}
	}
	if multi < 100 {
		t.Fatalf("only %d of 1500 cases had several solutions: the test does not exercise branching", multi)
	}
	if restarts && restarted < 25 {
		t.Fatalf("only %d of 1500 cases restarted: the test does not exercise restarts", restarted)
	}
}

// TestSearchLimits: found returning false ends the search (not complete,
// not stopped); a node budget of 1 or a stop that fires stops it.
func TestSearchLimits(t *testing.T) {
	// Every row and column clue is "1": the 720 permutation matrices.
	rows := []string{"#.....", ".#....", "..#...", "...#..", "....#.", ".....#"}
	g := puzzle.NewGrid(6, 6)
	for r, row := range rows {
		for c, ch := range row {
			if ch == '#' {
				g[r][c] = 1
			}
		}
	}
	p := puzzle.FromGrid(g, palette(1))
	n := 0
	res := linesolve.NewState(p).Search(linesolve.SearchLimits{}, func(puzzle.Grid) bool { n++; return n < 2 })
	if n != 2 || res.Complete || res.Stopped {
		t.Fatalf("found stopping at 2: n = %d, %+v", n, res)
	}
	all := 0
	res = linesolve.NewState(p).Search(linesolve.SearchLimits{}, func(puzzle.Grid) bool { all++; return true })
	if !res.Complete || all != 720 {
		t.Fatalf("full search: %d solutions, %+v", all, res)
	}
	// With restarts: every solution once, after several runs; and a stop
	// after the first solution ends the search within the run that found it.
	seen := map[string]bool{}
	res = linesolve.NewState(p).Search(linesolve.SearchLimits{Restarts: 1}, func(g puzzle.Grid) bool {
		if seen[gridKey(g)] {
			t.Fatalf("restarts: a solution reported twice\n%v", g)
		}
		seen[gridKey(g)] = true
		return true
	})
	if !res.Complete || len(seen) != 720 || res.Runs < 3 {
		t.Fatalf("restarts: %d solutions, %+v", len(seen), res)
	}
	n = 0
	res = linesolve.NewState(p).Search(linesolve.SearchLimits{Restarts: 1}, func(puzzle.Grid) bool { n++; return false })
	if n != 1 || res.Complete || res.Stopped {
		t.Fatalf("restarts, found stopping at 1: n = %d, %+v", n, res)
	}
	for _, restarts := range []int{0, 1} {
		n = 0
		res = linesolve.NewState(p).Search(linesolve.SearchLimits{Restarts: restarts, AfterFirst: 1}, func(puzzle.Grid) bool { n++; return true })
		if n < 1 || n > 2 || res.Complete || !res.Stopped { // the node after the first may finish
			t.Fatalf("restarts %d, AfterFirst 1: n = %d, %+v", restarts, n, res)
		}
		n = 0
		res = linesolve.NewState(p).Search(linesolve.SearchLimits{Restarts: restarts, AfterFirst: 1 << 40}, func(puzzle.Grid) bool { n++; return true })
		if n != 720 || !res.Complete {
			t.Fatalf("restarts %d, AfterFirst 2^40: n = %d, %+v", restarts, n, res)
		}
	}
	res = linesolve.NewState(p).Search(linesolve.SearchLimits{Restarts: 1, Nodes: 5}, func(puzzle.Grid) bool { return true })
	if res.Complete || !res.Stopped || res.Nodes != 5 {
		t.Fatalf("restarts, budget 5: %+v", res)
	}
	res = linesolve.NewState(p).Search(linesolve.SearchLimits{Nodes: 1}, func(puzzle.Grid) bool { return true })
	if res.Complete || !res.Stopped || res.Nodes != 1 {
		t.Fatalf("budget 1: %+v", res)
	}
	res = linesolve.NewState(p).Search(linesolve.SearchLimits{Lines: 1}, func(puzzle.Grid) bool { return true })
	if res.Complete || !res.Stopped || res.Nodes != 1 || res.Lines == 0 {
		t.Fatalf("line budget 1: %+v", res)
	}
	res = linesolve.NewState(p).Search(linesolve.SearchLimits{Stop: func() bool { return true }}, func(puzzle.Grid) bool { return true })
	if res.Complete || !res.Stopped {
		t.Fatalf("stop: %+v", res)
	}
}

// pruneSolutions is bruteSolutions with the columns followed along: row
// placements are tried in turn, and each column keeps the placements of
// its clue that agree with the rows so far, so that a dead end is left at
// once. It uses no line solver, and its answers pass puzzle.Check.
func pruneSolutions(p *puzzle.Puzzle) []puzzle.Grid {
	h, w := p.Height(), p.Width()
	lines := func(clue puzzle.Clue, n int) [][]puzzle.Color {
		if len(clue) == 0 {
			return [][]puzzle.Color{make([]puzzle.Color, n)}
		}
		var out [][]puzzle.Color
		for _, pl := range placements(clue, n) {
			out = append(out, pl.line)
		}
		return out
	}
	rows := make([][][]puzzle.Color, h)
	for r, clue := range p.Rows {
		rows[r] = lines(clue, w)
	}
	cols := make([][][]puzzle.Color, w)
	for c, clue := range p.Cols {
		cols[c] = lines(clue, h)
	}
	var out []puzzle.Grid
	g := make(puzzle.Grid, h)
	var rec func(r int, cols [][][]puzzle.Color)
	rec = func(r int, cols [][][]puzzle.Color) {
		if r == h {
			if puzzle.Check(p, g) == nil {
				out = append(out, g.Clone())
			}
			return
		}
		next := make([][][]puzzle.Color, w)
	rows:
		for _, line := range rows[r] {
			for c := range w {
				next[c] = next[c][:0]
				for _, col := range cols[c] {
					if col[r] == line[c] {
						next[c] = append(next[c], col)
					}
				}
				if len(next[c]) == 0 {
					continue rows
				}
			}
			g[r] = line
			kept := make([][][]puzzle.Color, w)
			for c := range w {
				kept[c] = append([][]puzzle.Color(nil), next[c]...)
			}
			rec(r+1, kept)
		}
	}
	rec(0, cols)
	return out
}
