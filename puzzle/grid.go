package puzzle

import (
	"fmt"
	"strings"
)

// Grid holds one colour per cell, g[r][c].
type Grid [][]Color

// NewGrid returns an all-background grid of the given size.
func NewGrid(height, width int) Grid {
	cells := make([]Color, height*width)
	g := make(Grid, height)
	for r := range g {
		g[r] = cells[r*width : (r+1)*width : (r+1)*width]
	}
	return g
}

// String draws the grid with '.' for the background, '#' for colour 1 and
// digits or letters for further colours; see [Puzzle.FormatGrid] for the
// puzzle's own characters.
func (g Grid) String() string {
	var sb strings.Builder
	for _, row := range g {
		for _, c := range row {
			sb.WriteRune(defaultChar(c))
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// Equal reports whether g and h have the same size and cells.
func (g Grid) Equal(h Grid) bool {
	if len(g) != len(h) {
		return false
	}
	for r := range g {
		if len(g[r]) != len(h[r]) {
			return false
		}
		for c := range g[r] {
			if g[r][c] != h[r][c] {
				return false
			}
		}
	}
	return true
}

// Clone returns a deep copy of g.
func (g Grid) Clone() Grid {
	if g == nil {
		return nil
	}
	w := 0
	if len(g) > 0 {
		w = len(g[0])
	}
	h := NewGrid(len(g), w)
	for r := range g {
		h[r] = append(h[r][:0], g[r]...)
	}
	return h
}

// Column returns column c of g as a new slice.
func (g Grid) Column(c int) []Color {
	col := make([]Color, len(g))
	for r := range g {
		col[r] = g[r][c]
	}
	return col
}

// LineClue returns the clue that describes a line of cells.
func LineClue(line []Color) Clue {
	var c Clue
	for i := 0; i < len(line); {
		v := line[i]
		j := i + 1
		for j < len(line) && line[j] == v {
			j++
		}
		if v != Background {
			c = append(c, Block{Len: j - i, Color: v})
		}
		i = j
	}
	return c
}

// FromGrid returns the puzzle whose clues describe g, with g as its goal.
// A nil palette means black and white. g must be rectangular: FromGrid
// panics, naming the row, when a row's length differs from the first's.
func FromGrid(g Grid, palette []Swatch) *Puzzle {
	if palette == nil {
		palette = BlackWhite()
	}
	p := &Puzzle{Palette: palette, Goal: g.Clone()}
	w := 0
	if len(g) > 0 {
		w = len(g[0])
	}
	for r := range g {
		if len(g[r]) != w {
			panic(fmt.Sprintf("puzzle.FromGrid: row %d has %d cells, row 1 has %d", r+1, len(g[r]), w))
		}
	}
	for r := range g {
		p.Rows = append(p.Rows, LineClue(g[r]))
	}
	for c := 0; c < w; c++ {
		p.Cols = append(p.Cols, LineClue(g.Column(c)))
	}
	return p
}
