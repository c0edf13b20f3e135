package picture

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/nonosat/nonosat/puzzle"
)

// ErrGrid is wrapped when a grid or mark given to a renderer does not fit
// the puzzle.
var ErrGrid = errors.New("grid does not fit the puzzle")

// DefaultCellSize is the side of a cell in pixels when
// RenderOptions.CellSize is zero.
const DefaultCellSize = 24

// RenderOptions say what [SVG], [PNG] and [Image] draw besides the clues.
type RenderOptions struct {
	Solution puzzle.Grid // cells to fill in; nil draws the empty puzzle
	Marks    [][2]int    // cells (row, column, from 0) to outline in red (black on reddish cells), such as a Diff
	CellSize int         // pixels per cell; 0 means DefaultCellSize, at least 8
}

// Colours of the drawing besides the puzzle's own.
var (
	paper     = puzzle.RGB{R: 255, G: 255, B: 255}
	ink       = puzzle.RGB{}
	thinLine  = puzzle.RGB{R: 160, G: 160, B: 160}
	guideLine = puzzle.RGB{R: 208, G: 208, B: 208}
	zeroInk   = puzzle.RGB{R: 128, G: 128, B: 128}
	markColor = puzzle.RGB{R: 230, G: 0, B: 0}
)

// box is an axis-aligned rectangle in pixels, filled or (for marks)
// outlined with a stroke of width 2 inside it.
type box struct {
	x, y, w, h int
	c          puzzle.RGB
}

// label is a clue number centred on (x, y).
type label struct {
	x, y int
	text string
	size float64 // font size in pixels
	c    puzzle.RGB
}

// scene is a rendered puzzle, shared by the SVG and PNG writers so that
// both draw exactly the same thing: fills in order, then labels, then
// outlined marks.
type scene struct {
	w, h   int
	title  string
	fills  []box
	labels []label
	marks  []box
}

// layout places everything. The picture is a margin of half a cell, the
// row clues (one cell-sized slot per number, right-aligned), the grid, and
// another margin; the column clues stand above the grid, one slot per
// number, bottom-aligned.
func layout(p *puzzle.Puzzle, o RenderOptions) (*scene, error) {
	s, err := checkLayout(p, o)
	if err != nil {
		return nil, err
	}
	h, w := p.Height(), p.Width()
	margin := s / 2
	g := frame{s: s, left: margin + slots(p.Rows)*s, top: margin + slots(p.Cols)*s, w: w, h: h, margin: margin}
	sc := &scene{w: g.left + w*s + margin, h: g.top + h*s + margin, title: p.Title}
	sc.fills = append(sc.fills, box{0, 0, sc.w, sc.h, paper})
	if sol := o.Solution; sol != nil {
		for r := range sol {
			for c, v := range sol[r] {
				if col := colorOf(p, v); col != paper {
					sc.fills = append(sc.fills, box{g.left + c*s, g.top + r*s, s, s, col})
				}
			}
		}
	}
	sc.addClues(p, g)
	sc.addLines(g)
	for _, m := range o.Marks {
		// Red, unless the cell is filled with a colour near red.
		col := markColor
		if sol := o.Solution; sol != nil && distance(colorOf(p, sol[m[0]][m[1]]), markColor) < 120*120 {
			col = ink
		}
		sc.marks = append(sc.marks, box{g.left + m[1]*s + 2, g.top + m[0]*s + 2, s - 4, s - 4, col})
	}
	return sc, nil
}

// frame is where a scene's cells are: cells of s pixels, the grid's top
// left corner at (left, top), w by h cells, margin pixels around it all.
type frame struct{ s, left, top, w, h, margin int }

// checkLayout checks what layout draws and returns the cell size.
func checkLayout(p *puzzle.Puzzle, o RenderOptions) (int, error) {
	h, w := p.Height(), p.Width()
	if h == 0 || w == 0 {
		return 0, fmt.Errorf("%w: puzzle has %d rows and %d columns", ErrGrid, h, w)
	}
	if err := checkGrid(p, o.Solution); err != nil {
		return 0, err
	}
	for _, m := range o.Marks {
		if m[0] < 0 || m[0] >= h || m[1] < 0 || m[1] >= w {
			return 0, fmt.Errorf("%w: mark (%d,%d) outside the %dx%d grid", ErrGrid, m[0]+1, m[1]+1, w, h)
		}
	}
	s := o.CellSize
	if s == 0 {
		s = DefaultCellSize
	}
	if s < 8 || s > 200 {
		return 0, fmt.Errorf("%w: cell size %d, want 8 to 200", ErrSize, s)
	}
	return s, nil
}

// addClues draws the clue numbers: in boxes of their colour, except for a
// black-and-white puzzle whose colour is dark enough to print the numbers
// in.
func (sc *scene) addClues(p *puzzle.Puzzle, g frame) {
	s := g.s
	boxed := !p.IsBW() || luma(colorOf(p, 1)) > 255000/2
	clue := func(x, y int, b puzzle.Block) {
		text := strconv.Itoa(b.Len)
		col := colorOf(p, b.Color)
		if boxed {
			sc.fills = append(sc.fills, box{x + 1, y + 1, s - 2, s - 2, col})
			col = contrast(col)
		}
		sc.labels = append(sc.labels, label{x + s/2, y + s/2, text, fontSize(text, s), col})
	}
	zero := func(x, y int) {
		sc.labels = append(sc.labels, label{x + s/2, y + s/2, "0", fontSize("0", s), zeroInk})
	}
	for r, cl := range p.Rows {
		y := g.top + r*s
		if len(cl) == 0 {
			zero(g.left-s, y)
		}
		for i, b := range cl {
			clue(g.left-(len(cl)-i)*s, y, b)
		}
	}
	for c, cl := range p.Cols {
		x := g.left + c*s
		if len(cl) == 0 {
			zero(x, g.top-s)
		}
		for i, b := range cl {
			clue(x, g.top-(len(cl)-i)*s, b)
		}
	}
}

// addLines draws light guides every five cells through the clues, thin
// lines between cells, thick ones every five cells and around the grid.
func (sc *scene) addLines(g frame) {
	s, left, top, w, h, margin := g.s, g.left, g.top, g.w, g.h, g.margin
	for c := 5; c < w; c += 5 {
		sc.fills = append(sc.fills, box{left + c*s, margin, 1, top - margin, guideLine})
	}
	for r := 5; r < h; r += 5 {
		sc.fills = append(sc.fills, box{margin, top + r*s, left - margin, 1, guideLine})
	}
	for c := 1; c < w; c++ {
		if c%5 != 0 {
			sc.fills = append(sc.fills, box{left + c*s, top, 1, h * s, thinLine})
		}
	}
	for r := 1; r < h; r++ {
		if r%5 != 0 {
			sc.fills = append(sc.fills, box{left, top + r*s, w * s, 1, thinLine})
		}
	}
	for c := 0; c <= w; c += 5 {
		sc.fills = append(sc.fills, box{left + c*s - 1, top - 1, 2, h*s + 2, ink})
	}
	if w%5 != 0 {
		sc.fills = append(sc.fills, box{left + w*s - 1, top - 1, 2, h*s + 2, ink})
	}
	for r := 0; r <= h; r += 5 {
		sc.fills = append(sc.fills, box{left - 1, top + r*s - 1, w*s + 2, 2, ink})
	}
	if h%5 != 0 {
		sc.fills = append(sc.fills, box{left - 1, top + h*s - 1, w*s + 2, 2, ink})
	}
}

// distance is the squared distance between two colours in RGB.
func distance(a, b puzzle.RGB) int {
	dr, dg, db := int(a.R)-int(b.R), int(a.G)-int(b.G), int(a.B)-int(b.B)
	return dr*dr + dg*dg + db*db
}

// slots is the most numbers any clue of cs has, at least one (for "0").
func slots(cs []puzzle.Clue) int {
	n := 1
	for _, c := range cs {
		n = max(n, len(c))
	}
	return n
}

// fontSize fits text into a cell of side s.
func fontSize(text string, s int) float64 {
	if len(text) > 2 {
		return float64(s) * 0.42
	}
	return float64(s) * 0.6
}

// colorOf is the RGB of colour c of p, with defaults for a puzzle with no
// palette entry for it.
func colorOf(p *puzzle.Puzzle, c puzzle.Color) puzzle.RGB {
	if int(c) < len(p.Palette) {
		return p.Palette[c].RGB
	}
	if c == puzzle.Background {
		return paper
	}
	return artSpare[int(c-1)%len(artSpare)]
}

// contrast is black or white, whichever reads better on c.
func contrast(c puzzle.RGB) puzzle.RGB {
	if luma(c) > 255000*55/100 {
		return ink
	}
	return paper
}

// checkGrid checks that g, if not nil, has the puzzle's size and colours.
func checkGrid(p *puzzle.Puzzle, g puzzle.Grid) error {
	if g == nil {
		return nil
	}
	if len(g) != p.Height() {
		return fmt.Errorf("%w: grid has %d rows, puzzle %d", ErrGrid, len(g), p.Height())
	}
	for r := range g {
		if len(g[r]) != p.Width() {
			return fmt.Errorf("%w: grid row %d has %d cells, puzzle width %d", ErrGrid, r+1, len(g[r]), p.Width())
		}
		for c, v := range g[r] {
			if int(v) > p.NumColors() {
				return fmt.Errorf("%w: cell (%d,%d) has colour %d, puzzle has %d", ErrGrid, r+1, c+1, v, p.NumColors())
			}
		}
	}
	return nil
}
