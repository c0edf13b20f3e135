package linesolve

import (
	"github.com/nonosat/nonosat/internal/linekernel"
	"github.com/nonosat/nonosat/puzzle"
)

// Nodes says which automaton nodes of one line lie on some placement of the
// clue consistent with the cell domains; see the package comment.
//
// Start[j][p] (0 ≤ j < k, 0 ≤ p < n) reports that block j can start at cell
// p. Gap[j][i] (0 ≤ j ≤ k, 0 ≤ i < n) reports that cell i can be background
// inside gap j, where gap 0 is before block 0, gap j lies between block j-1
// and block j, and gap k follows the last block (k = len(clue)).
type Nodes struct {
	Start, Gap [][]bool
}

// Line solves one line exactly. cells are the current domains, one per
// cell. It returns the refined domains in a new slice: colour v survives at
// cell i iff some placement of the clue consistent with all domains gives
// cell i colour v. ok is false, and out nil, when no placement exists.
//
// Consecutive blocks of the same colour need at least one background cell
// between them; blocks of different colours may touch. A block with length
// below 1 or colour 0 or above 63 can never be placed.
func Line(clue puzzle.Clue, cells []Set) (out []Set, ok bool) {
	t := linekernel.NewTemplate(clue, len(cells))
	var w linekernel.Scratch
	out = make([]Set, len(cells))
	if !t.Solve(cells, out, &w) {
		return nil, false
	}
	return out, true
}

// Feasible returns the feasible nodes of the line for the same inputs as
// [Line]; ok is false, and the Nodes empty, when no placement exists.
func Feasible(clue puzzle.Clue, cells []Set) (Nodes, bool) {
	t := linekernel.NewTemplate(clue, len(cells))
	var w linekernel.Scratch
	out := make([]Set, len(cells))
	if !t.Solve(cells, out, &w) {
		return Nodes{}, false
	}
	n, k := t.N, t.K
	flat := make([]bool, (2*k+1)*n)
	nd := Nodes{Start: make([][]bool, k), Gap: make([][]bool, k+1)}
	rows := func(dst [][]bool, sets []uint64) {
		for j := range dst {
			row := flat[:n:n]
			flat = flat[n:]
			for i := range row {
				row[i] = sets[j*t.Words+i/64]>>(i%64)&1 != 0
			}
			dst[j] = row
		}
	}
	rows(nd.Start, w.Fs)
	rows(nd.Gap, w.Fg)
	return nd, true
}
