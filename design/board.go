package design

import (
	"fmt"

	"github.com/nonosat/nonosat/linesolve"
	"github.com/nonosat/nonosat/puzzle"
)

// Unknown marks an open cell of a partial grid.
const Unknown puzzle.Color = 255

// Cell is a cell and its colour as results report them: row and column
// count from 1, the colour is its palette character.
type Cell struct {
	Row   int    `json:"row"`
	Col   int    `json:"col"`
	Color string `json:"color"`
}

// Pos is a cell without a colour, rows and columns counting from 1.
type Pos struct {
	Row int `json:"row"`
	Col int `json:"col"`
}

// cellOf is the reported form of cell (r, c) (from 0) with colour v.
func cellOf(p *puzzle.Puzzle, r, c int, v puzzle.Color) Cell {
	return Cell{Row: r + 1, Col: c + 1, Color: string(p.Char(v))}
}

// Lines are numbered rows first: line li < height is row li, the others
// column li-height.

func numLines(p *puzzle.Puzzle) int { return p.Height() + p.Width() }

func clueOf(p *puzzle.Puzzle, li int) puzzle.Clue {
	if li < p.Height() {
		return p.Rows[li]
	}
	return p.Cols[li-p.Height()]
}

// at is the grid position of cell i of line li.
func at(p *puzzle.Puzzle, li, i int) (r, c int) {
	if li < p.Height() {
		return li, i
	}
	return i, li - p.Height()
}

func lineLen(p *puzzle.Puzzle, li int) int {
	if li < p.Height() {
		return p.Width()
	}
	return p.Height()
}

// lineName is "row 3" or "column 5" (from 1).
func lineName(p *puzzle.Puzzle, li int) string {
	if li < p.Height() {
		return fmt.Sprintf("row %d", li+1)
	}
	return fmt.Sprintf("column %d", li-p.Height()+1)
}

// board holds a domain per cell and runs line logic over rows and columns
// with linesolve.Line, in passes a person could follow. It is slower than
// linesolve.State but says which line fails and counts passes.
type board struct {
	p     *puzzle.Puzzle
	cells [][]linesolve.Set
}

// newBoard starts from g: a known cell has its colour, an Unknown cell (or
// every cell, when g is nil) may be any colour of the puzzle.
func newBoard(p *puzzle.Puzzle, g puzzle.Grid) *board {
	all := linesolve.All(p.NumColors())
	b := &board{p: p, cells: make([][]linesolve.Set, p.Height())}
	for r := range b.cells {
		b.cells[r] = make([]linesolve.Set, p.Width())
		for c := range b.cells[r] {
			b.cells[r][c] = all
			if g != nil && g[r][c] != Unknown {
				b.cells[r][c] = linesolve.Of(g[r][c])
			}
		}
	}
	return b
}

func (b *board) line(li int) []linesolve.Set {
	out := make([]linesolve.Set, lineLen(b.p, li))
	for i := range out {
		r, c := at(b.p, li, i)
		out[i] = b.cells[r][c]
	}
	return out
}

// propagate runs line logic to its fixpoint in passes: each pass solves,
// rows first, then columns, every line marked dirty (nil: all of them),
// and marks the crossing lines of every cell that changed for the next
// pass. It returns ok false and the line that has no placement left on a
// contradiction, and counts the passes that solved a line and the solves.
func (b *board) propagate(dirty []bool) (ok bool, fail, passes, solves int) {
	p := b.p
	n := numLines(p)
	if dirty == nil {
		dirty = make([]bool, n)
		for i := range dirty {
			dirty[i] = true
		}
	}
	next := make([]bool, n)
	for {
		any := false
		for li := range n {
			if !dirty[li] {
				continue
			}
			any = true
			dirty[li] = false
			solves++
			out, ok := linesolve.Line(clueOf(p, li), b.line(li))
			if !ok {
				return false, li, passes + 1, solves
			}
			for i, d := range out {
				r, c := at(p, li, i)
				if d != b.cells[r][c] {
					b.cells[r][c] = d
					for _, x := range [2]int{r, p.Height() + c} {
						// The line itself is at its fixpoint (the
						// solver is exact); a later dirty line of
						// this pass sees the change anyway.
						if x != li && !(x > li && dirty[x]) {
							next[x] = true
						}
					}
				}
			}
		}
		if !any {
			return true, -1, passes, solves
		}
		passes++
		dirty, next = next, dirty
	}
}

// open counts the cells with more than one colour left.
func (b *board) open() int { return countOpen(b.cells) }

// countOpen counts the cells with more than one colour left.
func countOpen(cells [][]linesolve.Set) int {
	n := 0
	for _, row := range cells {
		for _, d := range row {
			if d.Len() > 1 {
				n++
			}
		}
	}
	return n
}
