package linesolve_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/nonosat/nonosat/internal/brute"
	"github.com/nonosat/nonosat/internal/randpuzzle"
	"github.com/nonosat/nonosat/linesolve"
	"github.com/nonosat/nonosat/puzzle"
)

// checkHolds fails unless every cell of s still allows the colour g has.
func checkHolds(t *testing.T, what string, s *linesolve.State, g puzzle.Grid) {
	t.Helper()
	for r := range g {
		for c, v := range g[r] {
			if !s.Cells[r][c].Has(v) {
				t.Fatalf("%s: cell (%d,%d) = %v lost solution colour %d\n%v", what, r, c, s.Cells[r][c], v, g)
			}
		}
	}
}

// checkFixpoint fails unless solving any line of s again changes nothing.
func checkFixpoint(t *testing.T, p *puzzle.Puzzle, s *linesolve.State) {
	t.Helper()
	for r, clue := range p.Rows {
		out, ok := linesolve.Line(clue, s.Cells[r])
		if !ok || !slices.Equal(out, s.Cells[r]) {
			t.Fatalf("row %d not at a fixpoint: %v → %v, %v", r, s.Cells[r], out, ok)
		}
	}
	for c, clue := range p.Cols {
		col := make([]linesolve.Set, p.Height())
		for r := range col {
			col[r] = s.Cells[r][c]
		}
		out, ok := linesolve.Line(clue, col)
		if !ok || !slices.Equal(out, col) {
			t.Fatalf("column %d not at a fixpoint: %v → %v, %v", c, col, out, ok)
		}
	}
}

func TestPropagateRandom(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 4))
	solved := 0
	for i := range 2000 {
		h, w, m := 1+rng.IntN(6), 1+rng.IntN(6), 1+rng.IntN(3)
		p := brute.RandomPuzzle(rng, h, w, m, 0.3+0.5*rng.Float64())
		s := linesolve.NewState(p)
		checkHolds(t, "NewState", s, p.Goal)
		if !s.Propagate() {
			t.Fatalf("case %d: Propagate() = false on a solvable puzzle\n%v", i, p.Goal)
		}
		checkHolds(t, "Propagate", s, p.Goal)
		checkFixpoint(t, p, s)
		if s.Solved() {
			solved++
			if err := puzzle.Check(p, s.Grid()); err != nil {
				t.Fatalf("case %d: Check(Grid()) = %v\n%v", i, err, s.Grid())
			}
		}
		if st := s.Stats(); st.Lines < h+w {
			t.Errorf("case %d: Stats().Lines = %d, want at least %d", i, st.Lines, h+w)
		}
	}
	if solved == 0 {
		t.Errorf("no random puzzle was line-solvable")
	}
}

// checkProbeFixpoint fails unless every colour left in every undecided
// cell of s survives propagation: Probe(0) has no failed probe left.
func checkProbeFixpoint(t *testing.T, s *linesolve.State) {
	t.Helper()
	for r := range s.Cells {
		for c, d := range s.Cells[r] {
			if d.Len() < 2 {
				continue
			}
			for v := range puzzle.Color(64) {
				if !d.Has(v) {
					continue
				}
				x := s.Clone()
				if !x.Set(r, c, linesolve.Of(v)) || !x.Propagate() {
					t.Fatalf("after Probe(0), colour %d at (%d,%d) still fails its probe", v, r, c)
				}
			}
		}
	}
}

// TestProbeAllSolutions checks on tiny puzzles that Propagate and Probe
// keep every colour of every solution, and that probing a puzzle with one
// solution at least never does worse than propagation.
func TestProbeAllSolutions(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(5, 6))
	probed := 0
	for i := range 600 {
		h, w, m := 1+rng.IntN(4), 1+rng.IntN(4), 1+rng.IntN(2)
		p := brute.RandomPuzzle(rng, h, w, m, 0.3+0.5*rng.Float64())
		sols := brute.Solutions(p)
		s := linesolve.NewState(p)
		if !s.Propagate() {
			t.Fatalf("case %d: Propagate() = false\n%v", i, p.Goal)
		}
		before := s.Clone()
		if !s.Probe(0) {
			t.Fatalf("case %d: Probe(0) = false\n%v", i, p.Goal)
		}
		for _, g := range sols {
			checkHolds(t, fmt.Sprintf("case %d: Propagate", i), before, g)
			checkHolds(t, fmt.Sprintf("case %d: Probe", i), s, g)
		}
		checkFixpoint(t, p, s)
		checkProbeFixpoint(t, s)
		for r := range h {
			for c := range w {
				if s.Cells[r][c]&^before.Cells[r][c] != 0 {
					t.Fatalf("case %d: Probe widened cell (%d,%d): %v → %v", i, r, c, before.Cells[r][c], s.Cells[r][c])
				}
			}
		}
		if len(sols) == 1 && s.Solved() {
			if !s.Grid().Equal(sols[0]) {
				t.Fatalf("case %d: Probe solved to\n%vwant\n%v", i, s.Grid(), sols[0])
			}
		}
		if s.Stats().Probes > 0 {
			probed++
		}
	}
	if probed == 0 {
		t.Errorf("Probe never ran a probe")
	}
}

func TestProbeRandom(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(8, 9))
	var failed int
	for i := range 300 {
		h, w, m := 1+rng.IntN(6), 1+rng.IntN(6), 1+rng.IntN(3)
		p := brute.RandomPuzzle(rng, h, w, m, 0.3+0.5*rng.Float64())
		s := linesolve.NewState(p)
		budget := 0
		if i%3 == 0 {
			budget = 1 + rng.IntN(5)
		}
		if !s.Probe(budget) {
			t.Fatalf("case %d: Probe(%d) = false on a solvable puzzle\n%v", i, budget, p.Goal)
		}
		checkHolds(t, "Probe", s, p.Goal)
		if budget > 0 && s.Stats().Probes > budget {
			t.Errorf("case %d: Probe(%d) ran %d probes", i, budget, s.Stats().Probes)
		}
		if s.Solved() {
			if err := puzzle.Check(p, s.Grid()); err != nil {
				t.Fatalf("case %d: Check(Grid()) = %v", i, err)
			}
		}
		failed += s.Stats().Failed
	}
	if failed == 0 {
		t.Errorf("no probe ever failed: probing is not being exercised")
	}
}

// TestProbeRefutes mutates one clue of tiny random puzzles, which often
// leaves no solution: Propagate and Probe may only report a contradiction
// when there is no solution, and Probe should refute some that
// propagation alone cannot.
func TestProbeRefutes(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(10, 11))
	refuted := 0
	for i := range 1500 {
		h, w, m := 2+rng.IntN(3), 2+rng.IntN(3), 1+rng.IntN(2)
		p := brute.RandomPuzzle(rng, h, w, m, 0.5)
		if r := rng.IntN(h); rng.IntN(2) == 0 {
			p.Rows[r] = puzzle.LineClue(randomLine(rng, w, m))
		} else {
			c := rng.IntN(w)
			p.Cols[c] = puzzle.LineClue(randomLine(rng, h, m))
		}
		sols := brute.Solutions(p)
		s := linesolve.NewState(p)
		prop := s.Propagate()
		probe := s.Probe(0)
		if (!prop || !probe) && len(sols) > 0 {
			t.Fatalf("case %d: Propagate, Probe = %v, %v but %d solutions, e.g.\n%v", i, prop, probe, len(sols), sols[0])
		}
		for _, g := range sols {
			checkHolds(t, fmt.Sprintf("case %d: Probe", i), s, g)
		}
		if prop && !probe {
			refuted++
		}
	}
	if refuted == 0 {
		t.Errorf("Probe never refuted a puzzle that Propagate left open")
	}
	t.Logf("Probe refuted %d puzzles that Propagate left open", refuted)
}

func TestSetAndClone(t *testing.T) {
	t.Parallel()
	p := puzzle.New([][]int{{1}, {1}}, [][]int{{1}, {1}})
	s := linesolve.NewState(p)
	if !s.Propagate() || s.Solved() {
		t.Fatalf("diagonal puzzle: Propagate, Solved = %v, want true, false", s.Solved())
	}
	c := s.Clone()
	if !c.Set(0, 0, linesolve.Of(1)) || !c.Propagate() || !c.Solved() {
		t.Fatalf("Set(0, 0, {1}) then Propagate did not solve the clone:\n%v", c.Grid())
	}
	if got, want := c.Grid().String(), "#.\n.#\n"; got != want {
		t.Errorf("clone Grid() = %q, want %q", got, want)
	}
	if s.Solved() || s.Cells[0][0] != linesolve.All(1) {
		t.Errorf("Set on the clone changed the original: %v", s.Cells)
	}
	if s.Set(1, 1, 0) {
		t.Errorf("Set(1, 1, {}) = true, want false")
	}
	if s.Propagate() || s.Solved() {
		t.Errorf("a failed state still propagates")
	}
}

func TestNewStateColours(t *testing.T) {
	t.Parallel()
	// Row 0 uses colours 1 and 2, column 0 only colour 2.
	p := &puzzle.Puzzle{
		Palette: brute.Palette(3),
		Rows:    []puzzle.Clue{{{Len: 1, Color: 2}, {Len: 1, Color: 1}}},
		Cols:    []puzzle.Clue{{{Len: 1, Color: 2}}, {{Len: 1, Color: 1}}},
	}
	s := linesolve.NewState(p)
	if got, want := s.Cells[0][0], linesolve.Of(0, 2); got != want {
		t.Errorf("NewState cell (0,0) = %v, want %v", got, want)
	}
	if got, want := s.Cells[0][1], linesolve.Of(0, 1); got != want {
		t.Errorf("NewState cell (0,1) = %v, want %v", got, want)
	}
	if !s.Propagate() || !s.Solved() || puzzle.Check(p, s.Grid()) != nil {
		t.Errorf("touching colours: Propagate/Solved failed, grid\n%v", s.Grid())
	}
}

func TestEmptyPuzzles(t *testing.T) {
	t.Parallel()
	for _, p := range []*puzzle.Puzzle{
		puzzle.New(nil, nil),
		puzzle.New([][]int{{}, {}}, nil),
		puzzle.New([][]int{{}}, [][]int{{}, {}, {}}),
		puzzle.New([][]int{{3}}, [][]int{{1}, {1}, {1}}),
		// Over 64 cells a side: masks of two words, and lines of none.
		puzzle.New(make([][]int, 65), nil),
		puzzle.New(nil, make([][]int, 65)),
		puzzle.New(make([][]int, 130), [][]int{{}}),
	} {
		s := linesolve.NewState(p)
		if !s.Propagate() || !s.Solved() {
			t.Errorf("%dx%d: Propagate/Solved = false", p.Height(), p.Width())
			continue
		}
		if err := puzzle.Check(p, s.Grid()); err != nil {
			t.Errorf("%dx%d: Check = %v", p.Height(), p.Width(), err)
		}
	}
	// A clue that cannot fit.
	s := linesolve.NewState(puzzle.New([][]int{{2}}, [][]int{{1}}))
	if s.Propagate() {
		t.Errorf("1×1 with row clue 2: Propagate() = true, want false")
	}
}

// TestPropagateLongLines covers black-and-white puzzles with lines of over
// 64 cells, whose masks take two words (through the two-word cache when
// probing) or more: propagation and probing keep the goal, and every line
// ends at the fixpoint of Line.
func TestPropagateLongLines(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(12, 13))
	sizes := []int{1, 40, 64, 65, 100, 128, 129, 150}
	solved := 0
	for i := range 60 {
		h, w := sizes[rng.IntN(len(sizes))], sizes[rng.IntN(len(sizes))]
		if max(h, w) <= 64 {
			w = 65 + rng.IntN(100)
		}
		p := brute.RandomPuzzle(rng, h, w, 1, 0.4+0.4*rng.Float64())
		s := linesolve.NewState(p)
		if !s.Propagate() {
			t.Fatalf("case %d (%dx%d): Propagate() = false on a solvable puzzle", i, w, h)
		}
		checkHolds(t, "Propagate", s, p.Goal)
		checkFixpoint(t, p, s)
		if !s.Probe(200) {
			t.Fatalf("case %d (%dx%d): Probe = false on a solvable puzzle", i, w, h)
		}
		checkHolds(t, "Probe", s, p.Goal)
		checkFixpoint(t, p, s)
		if s.Solved() {
			solved++
			if err := puzzle.Check(p, s.Grid()); err != nil {
				t.Fatalf("case %d: Check(Grid()) = %v", i, err)
			}
		}
	}
	if solved == 0 || solved == 60 {
		t.Errorf("%d of 60 long puzzles solved: want a mix", solved)
	}
}

// TestClueColourOutsidePalette: a puzzle whose clue names a colour the
// palette lacks (which puzzle.Validate rejects, but NewState may still be
// given) has no placement for that line, without a panic: in black and
// white, and in colour, whose lines of up to 64 cells solve from masks
// per value (the colour has none) and longer ones from cells.
func TestClueColourOutsidePalette(t *testing.T) {
	t.Parallel()
	b := func(n int, c puzzle.Color) puzzle.Block { return puzzle.Block{Len: n, Color: c} }
	for _, k := range []int{1, 2} {
		out := puzzle.Color(k + 1)
		for _, w := range []int{3, 64, 70} {
			for _, clue := range []puzzle.Clue{{b(1, out)}, {b(1, 1), b(1, out)}} {
				p := &puzzle.Puzzle{Palette: randpuzzle.Palette(k),
					Rows: []puzzle.Clue{clue, nil},
					Cols: make([]puzzle.Clue, w)}
				p.Cols[0], p.Cols[1] = puzzle.Clue{b(1, 1)}, puzzle.Clue{b(1, out)}
				if linesolve.NewState(p).Propagate() {
					t.Errorf("%d colour(s), width %d, row %v: Propagate() = true with a clue of colour %d", k, w, clue, out)
				}
			}
		}
	}
}

// TestStatsWork: Stats.Work weighs each line solve, in probes too, by
// the line's words times its blocks plus four, six times over for lines
// of more than two words.
func TestStatsWork(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		n    int
		cost int64 // of a line with one block
	}{{60, 1 * 5}, {128, 2 * 5}, {129, 6 * 3 * 5}} {
		one := make([][]int, tt.n)
		for i := range one {
			one[i] = []int{1}
		}
		s := linesolve.NewState(puzzle.New(one, one))
		if !s.Propagate() || !s.Probe(3*tt.n) {
			t.Fatalf("%d×%d permutations: contradiction", tt.n, tt.n)
		}
		st := s.Stats()
		if st.Probes == 0 || st.Work != int64(st.Lines)*tt.cost {
			t.Errorf("%d×%d permutations: %d line solves (%d probes), work %d; want %d a line", tt.n, tt.n, st.Lines, st.Probes, st.Work, tt.cost)
		}
	}
}
