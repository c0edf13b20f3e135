package solver_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"os/exec"
	"testing"
	"time"

	"github.com/nonosat/nonosat/certify"
	"github.com/nonosat/nonosat/internal/randpuzzle"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/solver"
)

// randomClue is up to three blocks of random colours, each up to n+1
// long: often more than the line holds.
func randomClue(rng *rand.Rand, n, colors int) puzzle.Clue {
	var c puzzle.Clue
	for range rng.IntN(4) {
		c = append(c, puzzle.Block{Len: 1 + rng.IntN(n+1), Color: puzzle.Color(1 + rng.IntN(colors))})
	}
	return c
}

// contradictoryPuzzle is a small puzzle whose clues often cannot hold:
// random clues, or a picture's clues with cells moved from blocks of
// other rows to one block (totals kept, as far as there are cells to
// move), often making that block's row too long.
func contradictoryPuzzle(rng *rand.Rand) *puzzle.Puzzle {
	h, w := 1+rng.IntN(4), 1+rng.IntN(4)
	colors := 1 + rng.IntN(3)
	if rng.IntN(5) == 0 {
		p := &puzzle.Puzzle{Palette: randpuzzle.Palette(colors)}
		for range h {
			p.Rows = append(p.Rows, randomClue(rng, w, colors))
		}
		for range w {
			p.Cols = append(p.Cols, randomClue(rng, h, colors))
		}
		return p
	}
	p := puzzle.FromGrid(randpuzzle.Grid(rng, h, w, colors, 0.6), randpuzzle.Palette(colors))
	p.Goal = nil
	a := rng.IntN(h)
	if len(p.Rows[a]) == 0 {
		return p
	}
	grow := rng.IntN(len(p.Rows[a]))
	k := 1
	if rng.IntN(2) == 0 {
		k = max(1, w-p.Rows[a].MinLen()+1) // the row no longer fits
	}
	p.Rows[a][grow].Len += k
	color := p.Rows[a][grow].Color
	for ; k > 0; k-- {
		type at struct{ r, i int }
		var from []at
		for r, clue := range p.Rows {
			for i, b := range clue {
				if b.Color == color && (r != a || i != grow) {
					from = append(from, at{r, i})
				}
			}
		}
		if len(from) == 0 {
			break // the totals differ
		}
		x := from[rng.IntN(len(from))]
		if p.Rows[x.r][x.i].Len--; p.Rows[x.r][x.i].Len == 0 {
			p.Rows[x.r] = append(p.Rows[x.r][:x.i:x.i], p.Rows[x.r][x.i+1:]...)
		}
	}
	return p
}

// TestCluesThatCannotHold: puzzles whose clues cannot all hold (totals
// that differ, clues longer than their lines, or clues that merely
// clash) get the count brute force gives, 0 mostly, and verdict none on
// every road: line solving, the learner, each SAT back end and encoding,
// without line solving, in colour; never a panic or an error.
func TestCluesThatCannotHold(t *testing.T) {
	roads := []solver.Options{{}, {NoSearch: true}, {SearchBudget: 3}, {NoPresolve: true},
		{Backend: "gini", NoSearch: true}, {Backend: "gini", NoPresolve: true},
		{Portfolio: true}, {Portfolio: true, NoSearch: true},
		{Encoding: "classic", NoPresolve: true}, {Encoding: "order", NoPresolve: true},
		{Encoding: "classic", NoSearch: true}, {Encoding: "order", NoSearch: true}}
	for _, ext := range []string{"cadical", "minisat"} {
		if _, err := exec.LookPath(ext); err != nil {
			t.Logf("%s not installed: its road is not tested", ext)
			continue
		}
		roads = append(roads, solver.Options{Backend: ext, NoPresolve: true}, solver.Options{Backend: ext, NoSearch: true})
	}
	rng := rand.New(rand.NewPCG(40, 4))
	var totals, long, clash int
	for i := range 400 {
		p := contradictoryPuzzle(rng)
		want := bruteCount(p)
		why := p.Contradiction()
		switch {
		case errors.Is(why, puzzle.ErrTotals):
			totals++
		case errors.Is(why, puzzle.ErrClueTooLong):
			long++
		case want == 0:
			clash++
		}
		if why != nil && want != 0 {
			t.Fatalf("case %d: Contradiction() = %v, but brute force finds %d solutions\n%v / %v", i, why, want, p.Rows, p.Cols)
		}
		for _, o := range roads {
			n, complete, err := solver.Count(context.Background(), p, 0, o)
			if err != nil || !complete || n != want {
				t.Fatalf("case %d (%+v): Count = %d, %v, %v; brute force %d\n%v / %v", i, o, n, complete, err, want, p.Rows, p.Cols)
			}
			res, err := solver.Solve(context.Background(), p, o)
			if err != nil || (res.Verdict == solver.None) != (want == 0) {
				t.Fatalf("case %d (%+v): Solve verdict %v, %v; brute force %d solutions\n%v / %v", i, o, res.Verdict, err, want, p.Rows, p.Cols)
			}
		}
	}
	// The mix must hold each kind, so that each road saw it.
	if totals < 30 || long < 30 || clash < 30 {
		t.Errorf("puzzles drawn: %d with totals that differ, %d with a clue too long, %d with clues that clash; want 30 of each", totals, long, clash)
	}
}

// TestTotalsDifferAtOnce: row and column totals that differ give verdict
// none at once, on every road. No search shows it quickly: ten rows of
// one cell over nine columns of one is the pigeonhole principle, which
// takes the learner and SAT minutes.
func TestTotalsDifferAtOnce(t *testing.T) {
	var rows, cols [][]int
	for range 12 {
		rows = append(rows, []int{1})
		cols = append(cols, []int{1})
	}
	cols[11] = nil
	p := puzzle.New(rows, cols)
	for _, o := range []solver.Options{{}, {NoSearch: true}, {NoPresolve: true}, {Portfolio: true}} {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		res, err := solver.Solve(ctx, p, o)
		if err != nil || res.Verdict != solver.None || !res.Complete {
			t.Errorf("Solve(12 rows of 1 over 11 columns of 1, %+v) = %v, %v; want none at once", o, res.Verdict, err)
		}
		if n, complete, err := solver.Count(ctx, p, 0, o); n != 0 || !complete || err != nil {
			t.Errorf("Count(12 rows of 1 over 11 columns of 1, %+v) = %d, %v, %v; want 0, complete", o, n, complete, err)
		}
		cancel()
	}
	// A certificate would be a DRAT proof of the count: none is short.
	res := &solver.Result{Verdict: solver.None, Complete: true}
	if _, err := certify.Verdict(context.Background(), p, res, solver.Options{}, nil); !errors.Is(err, certify.ErrNoProof) || !errors.Is(err, puzzle.ErrTotals) {
		t.Errorf("Certify(totals that differ) error = %v, want one wrapping ErrNoProof and ErrTotals", err)
	}
}
