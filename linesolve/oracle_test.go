package linesolve_test

import (
	"math/rand/v2"

	"github.com/nonosat/nonosat/internal/brute"
	"github.com/nonosat/nonosat/linesolve"
	"github.com/nonosat/nonosat/puzzle"
)

// bruteLine is the oracle for Line and Feasible: the union over all
// placements allowed by cells of each cell's colour, and of the nodes used.
func bruteLine(clue puzzle.Clue, cells []linesolve.Set) ([]linesolve.Set, linesolve.Nodes, bool) {
	n, k := len(cells), len(clue)
	out := make([]linesolve.Set, n)
	nd := linesolve.Nodes{Start: make([][]bool, k), Gap: make([][]bool, k+1)}
	for j := range nd.Start {
		nd.Start[j] = make([]bool, n)
	}
	for j := range nd.Gap {
		nd.Gap[j] = make([]bool, n)
	}
	ok := false
	for _, pl := range brute.Placements(clue, n) {
		allowed := true
		for i, v := range pl.Line {
			if !cells[i].Has(v) {
				allowed = false
				break
			}
		}
		if !allowed {
			continue
		}
		ok = true
		for i, v := range pl.Line {
			out[i] |= linesolve.Set(1) << v
		}
		for j, p := range pl.Starts {
			nd.Start[j][p] = true
		}
		for i, v := range pl.Line {
			if v != 0 {
				continue
			}
			g := 0 // gap index: the blocks that end before cell i
			for j, p := range pl.Starts {
				if p+clue[j].Len <= i {
					g = j + 1
				}
			}
			nd.Gap[g][i] = true
		}
	}
	if !ok {
		return nil, linesolve.Nodes{}, false
	}
	return out, nd, true
}

// randomLine is a line of n cells over colours 0..m, about half background.
func randomLine(rng *rand.Rand, n, m int) []puzzle.Color {
	line := make([]puzzle.Color, n)
	for i := range line {
		if rng.IntN(2) == 0 {
			line[i] = puzzle.Color(1 + rng.IntN(m))
		}
	}
	return line
}

// randomClue is usually the clue of a random line (so feasible), sometimes
// a random list of blocks that may not fit.
func randomClue(rng *rand.Rand, n, m int) (puzzle.Clue, []puzzle.Color) {
	if rng.IntN(10) < 7 {
		line := randomLine(rng, n, m)
		return puzzle.LineClue(line), line
	}
	k := rng.IntN(5)
	clue := make(puzzle.Clue, k)
	for j := range clue {
		clue[j] = puzzle.Block{Len: 1 + rng.IntN(4), Color: puzzle.Color(1 + rng.IntN(m))}
	}
	return clue, nil
}

// randomDomains gives each cell the full domain, one colour (the true one
// when truth is known, mostly), or a random subset; rarely none.
func randomDomains(rng *rand.Rand, n, m int, truth []puzzle.Color) []linesolve.Set {
	all := linesolve.All(m)
	cells := make([]linesolve.Set, n)
	for i := range cells {
		switch x := rng.IntN(100); {
		case x < 50:
			cells[i] = all
		case x < 70:
			v := puzzle.Color(rng.IntN(m + 1))
			if truth != nil && rng.IntN(5) != 0 {
				v = truth[i]
			}
			cells[i] = linesolve.Set(1) << v
		case x < 99:
			cells[i] = linesolve.Set(rng.Uint64()) & all
		default:
			cells[i] = 0
		}
	}
	return cells
}

// automatonLine is a second oracle for lines too long to enumerate: the
// node-by-node forward/backward DP over the line automaton of
// docs/encodings.md, with every block offset a state of its own.
func automatonLine(clue puzzle.Clue, cells []linesolve.Set) ([]linesolve.Set, linesolve.Nodes, bool) {
	n, k := len(cells), len(clue)
	for _, b := range clue {
		if b.Len < 1 || b.Color == 0 || b.Color > 63 {
			return nil, linesolve.Nodes{}, false
		}
	}
	if n == 0 {
		if k > 0 {
			return nil, linesolve.Nodes{}, false
		}
		return []linesolve.Set{}, linesolve.Nodes{Start: [][]bool{}, Gap: [][]bool{{}}}, true
	}
	// States: gap j is gapState[j]; block j offset t is blockState[j]+t.
	type state struct {
		label puzzle.Color
		next  []int
	}
	var states []state
	gapState := make([]int, k+1)
	blockState := make([]int, k)
	for j := 0; j <= k; j++ {
		gapState[j] = len(states)
		states = append(states, state{label: 0})
		if j < k {
			blockState[j] = len(states)
			for range clue[j].Len {
				states = append(states, state{label: clue[j].Color})
			}
		}
	}
	for j := 0; j <= k; j++ {
		g := gapState[j]
		states[g].next = append(states[g].next, g)
		if j < k {
			states[g].next = append(states[g].next, blockState[j])
			for t := 0; t+1 < clue[j].Len; t++ {
				states[blockState[j]+t].next = []int{blockState[j] + t + 1}
			}
			last := blockState[j] + clue[j].Len - 1
			states[last].next = append(states[last].next, gapState[j+1])
			if j+1 < k && clue[j+1].Color != clue[j].Color {
				states[last].next = append(states[last].next, blockState[j+1])
			}
		}
	}
	m := len(states)
	fwd := make([][]bool, n)
	bwd := make([][]bool, n)
	for i := range fwd {
		fwd[i] = make([]bool, m)
		bwd[i] = make([]bool, m)
	}
	starts := []int{gapState[0]}
	accepts := []int{gapState[k]}
	if k > 0 {
		starts = append(starts, blockState[0])
		accepts = append(accepts, blockState[k-1]+clue[k-1].Len-1)
	}
	for _, q := range starts {
		fwd[0][q] = cells[0].Has(states[q].label)
	}
	for i := 1; i < n; i++ {
		for p := range m {
			if !fwd[i-1][p] {
				continue
			}
			for _, q := range states[p].next {
				if cells[i].Has(states[q].label) {
					fwd[i][q] = true
				}
			}
		}
	}
	for _, q := range accepts {
		bwd[n-1][q] = cells[n-1].Has(states[q].label)
	}
	for i := n - 2; i >= 0; i-- {
		for p := range m {
			if !cells[i].Has(states[p].label) {
				continue
			}
			for _, q := range states[p].next {
				if bwd[i+1][q] {
					bwd[i][p] = true
				}
			}
		}
	}
	out := make([]linesolve.Set, n)
	nd := linesolve.Nodes{Start: make([][]bool, k), Gap: make([][]bool, k+1)}
	for j := range nd.Start {
		nd.Start[j] = make([]bool, n)
	}
	for j := range nd.Gap {
		nd.Gap[j] = make([]bool, n)
	}
	for i := range n {
		for q := range m {
			if fwd[i][q] && bwd[i][q] {
				out[i] |= linesolve.Of(states[q].label)
			}
		}
		for j := range k {
			nd.Start[j][i] = fwd[i][blockState[j]] && bwd[i][blockState[j]]
		}
		for j := range k + 1 {
			nd.Gap[j][i] = fwd[i][gapState[j]] && bwd[i][gapState[j]]
		}
	}
	if out[0] == 0 {
		return nil, linesolve.Nodes{}, false
	}
	return out, nd, true
}
