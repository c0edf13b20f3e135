package brute_test

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/nonosat/nonosat/internal/brute"
	"github.com/nonosat/nonosat/puzzle"
)

// binomial is n choose k.
func binomial(n, k int) int {
	if k < 0 || k > n {
		return 0
	}
	r := 1
	for i := range k {
		r = r * (n - i) / (i + 1)
	}
	return r
}

// TestPlacements: every placement's line has the clue, the placements
// are distinct, and a one-colour clue of k blocks of total length L has
// C(n-L+1, k) of them over n cells.
func TestPlacements(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 300 {
		n, m := 1+rng.IntN(9), 1+rng.IntN(3)
		var line []puzzle.Color
		for range n {
			if rng.IntN(2) == 0 {
				line = append(line, 0)
			} else {
				line = append(line, puzzle.Color(1+rng.IntN(m)))
			}
		}
		clue := puzzle.LineClue(line)
		pls := brute.Placements(clue, n)
		seen := map[string]bool{}
		for _, pl := range pls {
			if got := puzzle.LineClue(pl.Line); !reflect.DeepEqual(got, clue) {
				t.Fatalf("case %d: placement %v of %v has the clue %v", i, pl.Line, clue, got)
			}
			if key := string(pl.Line); seen[key] {
				t.Fatalf("case %d: placement %v twice", i, pl.Line)
			} else {
				seen[key] = true
			}
		}
		if m == 1 {
			sum := 0
			for _, b := range clue {
				sum += b.Len
			}
			if want := binomial(n-sum+1, len(clue)); len(pls) != want {
				t.Fatalf("case %d: %d placements of %v over %d cells, want %d", i, len(pls), clue, n, want)
			}
		}
	}
}

// TestSolutions: every grid Solutions lists passes Check, and the
// puzzle's own picture is among them.
func TestSolutions(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 100 {
		p := brute.RandomPuzzle(rng, 1+rng.IntN(4), 1+rng.IntN(4), 1+rng.IntN(3), rng.Float64())
		found := false
		for _, g := range brute.Solutions(p) {
			if err := puzzle.Check(p, g); err != nil {
				t.Fatalf("case %d: %v", i, err)
			}
			found = found || g.Equal(p.Goal)
		}
		if !found {
			t.Fatalf("case %d: the picture is not among the solutions of\n%v", i, p.Goal)
		}
	}
}

// TestPruned: Pruned lists the same solutions as Solutions, and with a
// limit the first ones of them, saying the list is not complete.
func TestPruned(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	capped := 0
	for i := range 600 {
		p := brute.RandomPuzzle(rng, 2+rng.IntN(4), 2+rng.IntN(4), 1+rng.IntN(2), 0.3+0.4*rng.Float64())
		want := map[string]bool{}
		for _, g := range brute.Solutions(p) {
			want[g.String()] = true
		}
		got, complete := brute.Pruned(p, 0)
		if !complete || len(got) != len(want) {
			t.Fatalf("case %d: Pruned found %d solutions (complete %v), Solutions %d", i, len(got), complete, len(want))
		}
		for _, g := range got {
			if !want[g.String()] {
				t.Fatalf("case %d: Pruned lists a grid Solutions does not\n%v", i, g)
			}
		}
		if len(want) > 2 {
			capped++
			if got, complete := brute.Pruned(p, 2); complete || len(got) != 2 {
				t.Fatalf("case %d: Pruned with a limit of 2 gave %d solutions, complete %v, of %d", i, len(got), complete, len(want))
			}
		}
	}
	if capped < 10 {
		t.Fatalf("only %d puzzles had more than 2 solutions", capped)
	}
}
