package learner

import (
	"testing"

	"github.com/nonosat/nonosat/internal/randpuzzle"
	"github.com/nonosat/nonosat/linesolve"
	"github.com/nonosat/nonosat/puzzle"
)

// TestReuseLevel: a restart keeps the decision levels whose cells are
// more active than the most active open cell, and no more; all of them
// when no cell is open.
func TestReuseLevel(t *testing.T) {
	t.Parallel()
	// On an 8×8 grid whose lines hold one black cell each (so that no
	// cell is a fact), cells a, b, c decided at levels 1 to 3 (no
	// propagation), with activities 5, 3 and 1; cell y is open, with
	// activity next.
	const a, b, c, y = 0, 9, 18, 27
	tests := []struct {
		next float64
		want int
	}{
		{6, 0}, {4, 1}, {2, 2}, {0.5, 3},
	}
	for _, tt := range tests {
		g := puzzle.NewGrid(8, 8)
		for i := range 8 {
			g[i][i] = 1
		}
		s := newCDCLOf(linesolve.NewState(puzzle.FromGrid(g, puzzleColors(1))))
		if len(s.heap) != 64 {
			t.Fatalf("%d open cells, want 64", len(s.heap))
		}
		for x := range s.act {
			s.act[x] = 0.1
		}
		s.act[a], s.act[b], s.act[c], s.act[y] = 5, 3, 1, tt.next
		for _, x := range []int{a, b, c, y} {
			s.heapUp(int(s.hpos[x]))
		}
		for _, x := range []int{a, b, c} {
			s.lim = append(s.lim, int32(len(s.trail)))
			s.assign(lit(x, false), rDecision)
		}
		if got := s.reuseLevel(); got != tt.want {
			t.Errorf("open cell's activity %v: reuseLevel() = %d, want %d", tt.next, got, tt.want)
		}
		// No open cell left (every cell decided: a solution): every
		// level stays.
		for _, x := range s.heap {
			s.hpos[x] = -1
		}
		s.heap = s.heap[:0]
		if got := s.reuseLevel(); got != 3 {
			t.Errorf("no open cell: reuseLevel() = %d, want 3", got)
		}
	}
}

// TestRestartDue: the Luby sequence before Params.RestartEMAAfter
// conflicts; after them a restart when the fast LBD average passes
// Params.RestartEMA times the slow one, RestartGap conflicts at least
// after the last restart. The averages start as plain means.
func TestRestartDue(t *testing.T) {
	t.Parallel()
	s := newCDCLOf(linesolve.NewState(puzzle.FromGrid(puzzle.NewGrid(4, 4), puzzleColors(1))))
	s.p.RestartEMAAfter, s.p.RestartEMA, s.p.RestartGap = 100, 1.1, 2
	for _, lbd := range []int{10, 20} {
		s.noteLBD(lbd)
	}
	if s.lbdFast != 15 || s.lbdSlow != 15 {
		t.Fatalf("averages of LBD 10 and 20: %v and %v, want 15 and 15", s.lbdFast, s.lbdSlow)
	}
	tests := []struct {
		conflicts, sinceRestart, restartAt int
		fast, slow                         float64
		want                               bool
	}{
		{50, 99, 100, 20, 10, false}, // Luby: not yet
		{50, 100, 100, 10, 10, true}, // Luby: due
		{100, 5, 100, 11, 10, false}, // averages: not past 1.1 times
		{100, 5, 100, 11.5, 10, true},
		{100, 1, 100, 20, 10, false}, // within RestartGap
	}
	for _, tt := range tests {
		s.conflicts, s.restartN, s.restartAt, s.lbdFast, s.lbdSlow = tt.conflicts, tt.sinceRestart, tt.restartAt, tt.fast, tt.slow
		if got := s.restartDue(); got != tt.want {
			t.Errorf("%+v: restartDue() = %v, want %v", tt, got, tt.want)
		}
	}
}

// TestLBDRestartsDecideDom: N-Dom (one solution) for N = 9 to 11, with
// the restarts switching to the LBD averages after 1,000 conflicts, gives
// exactly one solution and a complete run, having taken that road.
func TestLBDRestartsDecideDom(t *testing.T) {
	t.Parallel()
	for n := 9; n <= 11; n++ {
		p := randpuzzle.Dom(n)
		l := New(linesolve.NewState(p))
		prm := DefaultParams()
		prm.RestartEMAAfter = 1000
		l.SetParams(prm)
		sols := 0
		res := l.Run(Limits{}, func(g puzzle.Grid) bool {
			if err := puzzle.Check(p, g); err != nil {
				t.Fatalf("%d-Dom: a grid that fails Check: %v", n, err)
			}
			sols++
			return true
		})
		if !res.Complete || sols != 1 {
			t.Errorf("%d-Dom: %d solutions, complete %v; want 1, complete", n, sols, res.Complete)
		}
		if l.c.nextRephase == 0 {
			t.Errorf("%d-Dom: %d conflicts, and the restarts never followed the LBD averages", n, l.c.conflicts)
		}
	}
}

// TestLBDRestartsOnlyWithoutDives: the LBD averages decide the restarts
// only on a black-and-white puzzle under Params.BWDiveCells cells; a
// colour puzzle and a larger black-and-white one keep the Luby schedule
// their dives come on.
func TestLBDRestartsOnlyWithoutDives(t *testing.T) {
	t.Parallel()
	bw := puzzle.NewGrid(4, 4)
	bw[0][0] = 1
	color := puzzle.NewGrid(4, 4)
	color[0][0], color[1][1] = 1, 2
	tests := []struct {
		name        string
		g           puzzle.Grid
		colors      int
		diveCells   int
		wantLBD     bool
		wantRestart bool
	}{
		{"black and white, under BWDiveCells", bw, 1, 17, true, true},
		{"black and white, BWDiveCells cells", bw, 1, 16, false, false},
		{"two colours", color, 2, 17, false, false},
	}
	for _, tt := range tests {
		s := newCDCLOf(linesolve.NewState(puzzle.FromGrid(tt.g, puzzleColors(tt.colors))))
		s.p.RestartEMAAfter, s.p.RestartEMA, s.p.RestartGap, s.p.BWDiveCells = 100, 1.1, 2, tt.diveCells
		// Past the switch, the fast average twice the slow one, and the
		// Luby restart not due.
		s.conflicts, s.restartN, s.restartAt, s.lbdFast, s.lbdSlow = 200, 5, 100, 20, 10
		if got := s.lbdRestarts(); got != tt.wantLBD {
			t.Errorf("%s: lbdRestarts() = %v, want %v", tt.name, got, tt.wantLBD)
		}
		if got := s.restartDue(); got != tt.wantRestart {
			t.Errorf("%s: restartDue() = %v, want %v", tt.name, got, tt.wantRestart)
		}
	}
}
