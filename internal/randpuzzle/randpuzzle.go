// Package randpuzzle makes seeded random puzzles for tests and benchmarks
// of large inputs: a random grid of a given size, number of colours and
// density, and the puzzle whose clues describe it (with the grid as its
// goal). The same arguments always give the same puzzle.
package randpuzzle

import (
	"fmt"
	"math/rand/v2"

	"github.com/nonosat/nonosat/puzzle"
)

// palette holds the swatches colours 1…len-1 take; more colours than it
// has get grey shades.
var palette = []puzzle.Swatch{
	puzzle.White, puzzle.Black,
	{Name: "red", RGB: puzzle.RGB{R: 220, G: 40, B: 40}, Char: 'r'},
	{Name: "green", RGB: puzzle.RGB{R: 40, G: 160, B: 60}, Char: 'g'},
	{Name: "blue", RGB: puzzle.RGB{R: 40, G: 80, B: 220}, Char: 'b'},
	{Name: "yellow", RGB: puzzle.RGB{R: 230, G: 200, B: 40}, Char: 'y'},
}

// Grid returns a height×width grid in which each cell, independently, is
// filled with probability density, in one of colors colours chosen
// uniformly (colors ≥ 1; 1 is black and white).
func Grid(seed uint64, width, height, colors int, density float64) puzzle.Grid {
	rng := rand.New(rand.NewPCG(seed, 0x6e6f6e6f))
	g := puzzle.NewGrid(height, width)
	for r := range g {
		for c := range g[r] {
			if rng.Float64() < density {
				g[r][c] = puzzle.Color(1 + rng.IntN(colors))
			}
		}
	}
	return g
}

// Puzzle returns the puzzle of [Grid] with the same arguments, titled
// after them, its goal set. It panics if colors is not in 1…255.
func Puzzle(seed uint64, width, height, colors int, density float64) *puzzle.Puzzle {
	if colors < 1 || colors > 255 {
		panic("randpuzzle: colors out of range")
	}
	pal := make([]puzzle.Swatch, colors+1)
	for i := range pal {
		if i < len(palette) {
			pal[i] = palette[i]
			continue
		}
		v := uint8(40 + 180*i/(colors+1))
		pal[i] = puzzle.Swatch{Name: fmt.Sprint("grey", i), RGB: puzzle.RGB{R: v, G: v, B: v}, Char: rune('A' + (i-len(palette))%26)}
	}
	p := puzzle.FromGrid(Grid(seed, width, height, colors, density), pal)
	p.Title = fmt.Sprintf("random %dx%d, %d colours, density %g, seed %d", width, height, colors, density, seed)
	return p
}
