package design_test

import (
	"github.com/nonosat/nonosat/design"
	"github.com/nonosat/nonosat/puzzle"
)

// placements lists every colouring of an n-cell line that reads as clue,
// by brute force over all (k+1)^n colourings; the oracle for reasons on
// short lines. It uses no linesolve code.
func placements(clue puzzle.Clue, n, colors int) [][]puzzle.Color {
	var out [][]puzzle.Color
	line := make([]puzzle.Color, n)
	var rec func(i int)
	rec = func(i int) {
		if i == n {
			if puzzle.LineClue(line).Equal(clue) {
				out = append(out, append([]puzzle.Color(nil), line...))
			}
			return
		}
		for v := range puzzle.Color(colors + 1) {
			line[i] = v
			rec(i + 1)
		}
	}
	rec(0)
	return out
}

// bruteForces reports whether every placement of clue that agrees with the
// known cells gives each cell of want its colour (and at least one
// placement exists).
func bruteForces(clue puzzle.Clue, n, colors int, known, want map[int]puzzle.Color) bool {
	any := false
	for _, pl := range placements(clue, n, colors) {
		fits := true
		for i, v := range known {
			if pl[i] != v {
				fits = false
				break
			}
		}
		if !fits {
			continue
		}
		any = true
		for i, v := range want {
			if pl[i] != v {
				return false
			}
		}
	}
	return any
}

// lineOf is line li of a puzzle (rows first) as cells of g and a position
// map for step cells.
func lineIndex(p *puzzle.Puzzle, li int, x design.Cell) int {
	if li < p.Height() {
		return x.Col - 1
	}
	return x.Row - 1
}

// colorOf maps a reported colour character back to a colour.
func colorOf(p *puzzle.Puzzle, ch string) puzzle.Color {
	for v := range puzzle.Color(p.NumColors() + 1) {
		if string(p.Char(v)) == ch {
			return v
		}
	}
	return design.Unknown
}
