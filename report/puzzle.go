package report

import (
	"strings"

	"github.com/nonosat/nonosat/puzzle"
)

// Puzzle is a puzzle as the workbench page holds it: palette, clues and
// goal. /api/parse and /api/make answer it.
type Puzzle struct {
	Title   string     `json:"title"`
	ID      string     `json:"id,omitempty"`
	Author  string     `json:"author,omitempty"`
	Width   int        `json:"width"`
	Height  int        `json:"height"`
	Palette []Swatch   `json:"palette"` // [0] is the background
	Rows    [][][2]int `json:"rows"`    // per row, blocks as [length, colour]
	Cols    [][][2]int `json:"cols"`
	Goal    []string   `json:"goal"` // rows of palette characters; null when the file has no goal that fits the clues
}

// NewPuzzle describes p as [Puzzle].
func NewPuzzle(p *puzzle.Puzzle) Puzzle {
	j := Puzzle{Title: p.Title, ID: p.ID, Author: p.Author, Width: p.Width(), Height: p.Height()}
	j.Palette = PaletteOf(p)
	clues := func(cs []puzzle.Clue) [][][2]int {
		out := make([][][2]int, len(cs))
		for i, c := range cs {
			out[i] = [][2]int{}
			for _, b := range c {
				out[i] = append(out[i], [2]int{b.Len, int(b.Color)})
			}
		}
		return out
	}
	j.Rows, j.Cols = clues(p.Rows), clues(p.Cols)
	if p.Goal != nil && puzzle.Check(p, p.Goal) == nil {
		j.Goal = strings.Split(strings.TrimSuffix(p.FormatGrid(p.Goal), "\n"), "\n")
	}
	return j
}
