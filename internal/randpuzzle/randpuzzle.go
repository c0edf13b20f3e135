// Package randpuzzle makes puzzles for tests and benchmarks from seeded
// random pictures, and the N-Dom family of Wolter's survey. The same
// arguments always give the same puzzle.
package randpuzzle

import (
	"fmt"
	"math/rand/v2"

	"github.com/nonosat/nonosat/puzzle"
)

// Picture returns the puzzle of a random w×h picture whose cells are
// filled with probability density, each filled cell in one of colors
// colours chosen uniformly; the picture is the puzzle's goal. The title
// names the arguments.
func Picture(seed uint64, w, h, colors int, density float64) *puzzle.Puzzle {
	g := Grid(rand.New(rand.NewPCG(seed, uint64(w)<<32|uint64(h)<<16|uint64(colors))), h, w, colors, density)
	p := puzzle.FromGrid(g, Palette(colors))
	p.Goal = g
	p.Title = fmt.Sprintf("random %dx%d %dc %.0f%% #%d", w, h, colors, 100*density, seed)
	return p
}

// Grid draws an h×w picture from rng, row by row: each cell filled with
// probability density, in one of colors colours chosen uniformly.
func Grid(rng *rand.Rand, h, w, colors int, density float64) puzzle.Grid {
	g := puzzle.NewGrid(h, w)
	for r := range g {
		for c := range g[r] {
			if rng.Float64() < density {
				g[r][c] = puzzle.Color(1 + rng.IntN(colors))
			}
		}
	}
	return g
}

// Recolor returns the puzzle of black-and-white puzzle p's goal with each
// filled cell given one of colors colours at random (seeded by seed). Its
// solutions need not be solutions of p without their colours: the row
// "2 1 2" coloured red, blue, red fits the clue "2r 1b 2r" of a red, blue,
// red run of five. It panics if p has no goal.
func Recolor(p *puzzle.Puzzle, colors int, seed uint64) *puzzle.Puzzle {
	if p.Goal == nil {
		panic("randpuzzle: Recolor: the puzzle has no goal")
	}
	rng := rand.New(rand.NewPCG(seed, uint64(colors)))
	g := p.Goal.Clone()
	for r := range g {
		for c := range g[r] {
			if g[r][c] != 0 {
				g[r][c] = puzzle.Color(1 + rng.IntN(colors))
			}
		}
	}
	q := puzzle.FromGrid(g, Palette(colors))
	q.Goal = g
	q.Title = fmt.Sprintf("%s in %d colours", p.Title, colors)
	return q
}

// Palette returns a palette of the background and colors colours, black
// alone for one.
func Palette(colors int) []puzzle.Swatch {
	if colors == 1 {
		return []puzzle.Swatch{puzzle.White, puzzle.Black}
	}
	pal := []puzzle.Swatch{puzzle.White}
	for i := range colors {
		rgb := puzzle.RGB{R: uint8(40 + 190*(i%3)/2), G: uint8(200 - 60*(i%4)), B: uint8(30 + 50*i%220)}
		pal = append(pal, puzzle.Swatch{Name: fmt.Sprintf("c%d", i+1), RGB: rgb, Char: rune('a' + i)})
	}
	return pal
}

// Dom returns N-Dom, Wolter's survey puzzle 9-Dom (webpbn 8098)
// generalised to (2N+1)×(2N+1) cells: rows 3, 1, then N-1 times "3 1, 1",
// then 1; columns 1, 1, then N-1 times "1 3, 1", then 3. It has one
// solution, and proving that is the whole cost. n must be at least 1.
func Dom(n int) *puzzle.Puzzle {
	rows := [][]int{{3}, {1}}
	cols := [][]int{{1}, {1}}
	for range n - 1 {
		rows = append(rows, []int{3, 1}, []int{1})
		cols = append(cols, []int{1, 3}, []int{1})
	}
	rows = append(rows, []int{1})
	cols = append(cols, []int{3})
	p := puzzle.New(rows, cols)
	p.Title = fmt.Sprintf("%d-Dom", n)
	return p
}
