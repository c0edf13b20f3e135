package linekernel

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/nonosat/nonosat/puzzle"
)

// prefixReach is a scalar reachability over the nodes of a line, written
// from the definitions: gap[j][i] says cell i can be background in gap j,
// start[j][p] that block j can start at p, with every cell up to the node's
// last consistent with cells. It returns whether the line has a placement
// and the last cell a reachable node covers (-1: none).
func prefixReach(clue puzzle.Clue, cells []Set) (ok bool, far int) {
	n, k := len(cells), len(clue)
	gap := make([][]bool, k+1)
	start := make([][]bool, k)
	for j := range gap {
		gap[j] = make([]bool, n)
	}
	for j := range start {
		start[j] = make([]bool, n)
	}
	fits := func(j, p int) bool {
		if p+clue[j].Len > n {
			return false
		}
		for q := p; q < p+clue[j].Len; q++ {
			if cells[q]&Bit(clue[j].Color) == 0 {
				return false
			}
		}
		return true
	}
	far = -1
	for i := range n {
		for j := 0; j <= k; j++ {
			if cells[i]&1 == 0 {
				continue
			}
			switch {
			case i == 0:
				gap[j][i] = j == 0
			case gap[j][i-1]:
				gap[j][i] = true
			case j > 0 && i-clue[j-1].Len >= 0 && start[j-1][i-clue[j-1].Len]:
				gap[j][i] = true
			}
			if gap[j][i] {
				far = max(far, i)
			}
		}
		for j := range k {
			if !fits(j, i) {
				continue
			}
			switch {
			case i == 0:
				start[j][i] = j == 0
			case gap[j][i-1]:
				start[j][i] = true
			case j > 0 && clue[j-1].Color != clue[j].Color && i-clue[j-1].Len >= 0 && start[j-1][i-clue[j-1].Len]:
				start[j][i] = true
			}
			if start[j][i] {
				far = max(far, i+clue[j].Len-1)
			}
		}
	}
	if n == 0 {
		return true, -1
	}
	ok = gap[k][n-1] || k > 0 && n-clue[k-1].Len >= 0 && start[k-1][n-clue[k-1].Len]
	return ok, far
}

// TestFrontier checks frontier, both ways, against prefixReach and Line on
// random clues of 1 to 3 colours and random domains, lines of 1 to 130
// cells; and on the lines with no placement, that giving back a colour
// beyond the frontier (see frontier) leaves the line without a placement
// and the frontier where it was, as explainColor relies on.
func TestFrontier(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(17, 18))
	sizes := []int{1, 2, 5, 20, 63, 64, 65, 100, 128, 130}
	infeasible, free := 0, 0
	cases := 3000
	if testing.Short() {
		cases = 1000
	}
	for tc := range cases {
		n := sizes[rng.IntN(len(sizes))]
		colors := 1 + rng.IntN(3)
		var clue puzzle.Clue
		for used := 0; ; {
			b := puzzle.Block{Len: 1 + rng.IntN(max(1, n/4)), Color: puzzle.Color(1 + rng.IntN(colors))}
			if used+b.Len > n || rng.IntN(8) == 0 {
				break
			}
			clue = append(clue, b)
			used += b.Len + 1
		}
		cells := make([]Set, n)
		for i := range cells {
			for cells[i] == 0 {
				for v := range colors + 1 {
					if rng.IntN(10) < 8 {
						cells[i] |= Bit(puzzle.Color(v))
					}
				}
			}
		}
		tp := NewTemplate(clue, n)
		var w Scratch
		w.Grow(&tp)
		tp.fillMasks(cells, &w)
		pad := 64*tp.Words - n
		ReverseShift(w.Ra0, w.A0, pad)
		for ci := range tp.Colors {
			W := tp.Words
			ReverseShift(w.Racol[ci*W:(ci+1)*W], w.Acol[ci*W:(ci+1)*W], pad)
		}
		var w2 Scratch
		lineOK := tp.Solve(cells, make([]Set, n), &w2) // what Line does
		wantOK, wantFar := prefixReach(clue, cells)
		if wantOK != lineOK {
			t.Fatalf("case %d: prefixReach says %v, Line %v", tc, wantOK, lineOK)
		}
		rcells := make([]Set, n)
		rclue := make(puzzle.Clue, len(clue))
		for i := range cells {
			rcells[n-1-i] = cells[i]
		}
		for j := range clue {
			rclue[len(clue)-1-j] = clue[j]
		}
		_, wantRFar := prefixReach(rclue, rcells)
		ok, far := tp.Frontier(&w, false)
		rok, rfar := tp.Frontier(&w, true)
		if ok != wantOK || rok != wantOK || far != wantFar || rfar != wantRFar {
			t.Fatalf("case %d: clue %v: frontier %v %d, reversed %v %d; want %v %d, %d", tc, clue, ok, far, rok, rfar, wantOK, wantFar, wantRFar)
		}
		if ok {
			continue
		}
		infeasible++
		for i := range n {
			for ci, e := range append([]uint{0}, tp.Shift...) {
				reach := 1
				if ci > 0 {
					reach = tp.MaxLen[ci-1]
				}
				if cells[i]&(1<<e) != 0 || i <= far+reach {
					continue
				}
				free++
				cells[i] |= 1 << e
				ok2, far2 := prefixReach(clue, cells)
				cells[i] &^= 1 << e
				if ok2 || far2 != far {
					t.Fatalf("case %d: clue %v: colour %d given back at cell %d beyond frontier %d: placement %v, frontier %d", tc, clue, e, i, far, ok2, far2)
				}
			}
		}
	}
	t.Logf("%d lines without placement, %d colours beyond the frontier", infeasible, free)
	if infeasible < cases/30 || free < cases/30 {
		t.Errorf("%d lines without placement, %d colours beyond the frontier: too few to say much", infeasible, free)
	}
}

// TestCore2AgreesWithWords: on random lines of 65 to 128 cells with clues
// of one to four colours (those of random lines) and random domains around
// the line, some with colours of the line taken away, core2 leaves the same masks
// (feasible starts and gap cells, background and colour cover) as the
// word-by-word coreWordsAny.
func TestCore2AgreesWithWords(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(23, 24))
	feasible := 0
	for tc := range 2000 {
		n := 65 + rng.IntN(64)
		colors := 1 + rng.IntN(4)
		goal := make([]puzzle.Color, n)
		density := rng.Float64()
		for i := range goal {
			if rng.Float64() < density {
				goal[i] = puzzle.Color(1 + rng.IntN(colors))
			}
		}
		clue := puzzle.LineClue(goal)
		cells := make([]Set, n)
		for i := range cells {
			cells[i] = Bit(goal[i])
			for v := range colors + 1 {
				if rng.IntN(2) == 0 {
					cells[i] |= Bit(puzzle.Color(v))
				}
			}
		}
		for range tc % 3 * 2 { // some lose a colour of the goal: often no placement
			i := rng.IntN(n)
			if d := cells[i] &^ Bit(goal[i]); d != 0 {
				cells[i] = d
			}
		}
		tp := NewTemplate(clue, n)
		if !tp.OK {
			continue
		}
		var a, b Scratch
		for _, w := range []*Scratch{&a, &b} {
			w.Grow(&tp)
			tp.fillMasks(cells, w)
		}
		tp.core2(&a)
		tp.coreWordsAny(&b)
		if !slices.Equal(a.Fs, b.Fs) || !slices.Equal(a.Fg, b.Fg) || !slices.Equal(a.Bg, b.Bg) || !slices.Equal(a.Cov, b.Cov) {
			t.Fatalf("case %d: clue %v on %d cells: core2 and coreWordsAny differ", tc, clue, n)
		}
		if a.Bg[0]&1 != 0 || len(a.Cov) > 0 && a.Cov[0]&1 != 0 {
			feasible++
		}
	}
	t.Logf("%d of 2000 lines with a placement", feasible)
	if feasible < 200 || feasible > 1800 {
		t.Errorf("%d of 2000 lines with a placement: too few of one kind", feasible)
	}
}
