package puzzle

import (
	"fmt"
	"strconv"
	"strings"
)

// Color is a cell or block colour: 0 is the background, 1..N index
// Puzzle.Palette.
type Color uint8

// Background is the colour of empty cells.
const Background Color = 0

// Limits on what a puzzle may hold. Readers reject anything larger with an
// error rather than allocating without bound.
const (
	MaxSide   = 1000 // rows or columns
	MaxColors = 63   // colours besides the background (a uint64 bit set holds all)
)

// Block is one run of cells of one colour in a clue.
type Block struct {
	Len   int
	Color Color
}

// Clue is the list of blocks of one row or column, in order. An empty clue
// means the line is all background.
type Clue []Block

// BW returns a black-and-white clue (every block colour 1) with the given
// block lengths.
func BW(lens ...int) Clue {
	c := make(Clue, len(lens))
	for i, n := range lens {
		c[i] = Block{Len: n, Color: 1}
	}
	return c
}

// Lens returns the block lengths of c.
func (c Clue) Lens() []int {
	l := make([]int, len(c))
	for i, b := range c {
		l[i] = b.Len
	}
	return l
}

// MinLen is the fewest cells the clue needs: its blocks plus one gap between
// neighbours of the same colour.
func (c Clue) MinLen() int {
	n := 0
	for i, b := range c {
		n += b.Len
		if i > 0 && c[i-1].Color == b.Color {
			n++
		}
	}
	return n
}

// String gives the clue as space-separated lengths; blocks of colours other
// than 1 carry their colour number after a colon ("2:3 1"). An empty clue
// is "0".
func (c Clue) String() string {
	if len(c) == 0 {
		return "0"
	}
	var sb strings.Builder
	for i, b := range c {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(strconv.Itoa(b.Len))
		if b.Color != 1 {
			fmt.Fprintf(&sb, ":%d", b.Color)
		}
	}
	return sb.String()
}

// Equal reports whether c and d have the same blocks.
func (c Clue) Equal(d Clue) bool {
	if len(c) != len(d) {
		return false
	}
	for i := range c {
		if c[i] != d[i] {
			return false
		}
	}
	return true
}

// RGB is a colour value.
type RGB struct{ R, G, B uint8 }

// String gives the colour as "#rrggbb".
func (c RGB) String() string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

// ParseRGB reads "#rgb", "rgb", "#rrggbb" or "rrggbb" (hex digits).
func ParseRGB(s string) (RGB, error) {
	h := strings.TrimPrefix(strings.TrimSpace(s), "#")
	if len(h) == 3 {
		h = string([]byte{h[0], h[0], h[1], h[1], h[2], h[2]})
	}
	if len(h) != 6 {
		return RGB{}, fmt.Errorf("colour %q: want 3 or 6 hex digits", s)
	}
	v, err := strconv.ParseUint(h, 16, 32)
	if err != nil {
		return RGB{}, fmt.Errorf("colour %q: want 3 or 6 hex digits", s)
	}
	return RGB{uint8(v >> 16), uint8(v >> 8), uint8(v)}, nil
}

// Swatch describes one palette entry.
type Swatch struct {
	Name string // "white", "black", "red", ...
	RGB  RGB
	Char rune // display character in grids and images
}

// White and Black are the swatches of a black-and-white puzzle.
var (
	White = Swatch{Name: "white", RGB: RGB{255, 255, 255}, Char: '.'}
	Black = Swatch{Name: "black", RGB: RGB{0, 0, 0}, Char: '#'}
)

// BlackWhite returns a new black-and-white palette.
func BlackWhite() []Swatch { return []Swatch{White, Black} }

// Puzzle is a nonogram: row and column clues over a palette, plus whatever
// descriptive data its file carried.
type Puzzle struct {
	ID          string // catalogue id or index within a file ("webpbn #1", "$3")
	Title       string
	Author      string
	Copyright   string
	Description string
	Palette     []Swatch // [0] is the background; len(Palette)-1 colours
	Rows, Cols  []Clue
	Goal        Grid // known solution, nil if none
}

// New returns a black-and-white puzzle with the given row and column block
// lengths.
func New(rows, cols [][]int) *Puzzle {
	p := &Puzzle{Palette: BlackWhite()}
	for _, r := range rows {
		p.Rows = append(p.Rows, BW(r...))
	}
	for _, c := range cols {
		p.Cols = append(p.Cols, BW(c...))
	}
	return p
}

// Width is the number of columns.
func (p *Puzzle) Width() int { return len(p.Cols) }

// Height is the number of rows.
func (p *Puzzle) Height() int { return len(p.Rows) }

// NumColors is the number of colours besides the background.
func (p *Puzzle) NumColors() int {
	if len(p.Palette) == 0 {
		return 1
	}
	return len(p.Palette) - 1
}

// IsBW reports whether the puzzle has a single non-background colour.
func (p *Puzzle) IsBW() bool { return p.NumColors() == 1 }

// Char is the display character of colour c.
func (p *Puzzle) Char(c Color) rune {
	if int(c) < len(p.Palette) && p.Palette[c].Char != 0 {
		return p.Palette[c].Char
	}
	return defaultChar(c)
}

func defaultChar(c Color) rune {
	switch {
	case c == 0:
		return '.'
	case c == 1:
		return '#'
	case c < 11:
		return rune('0' + c - 1)
	default:
		return rune('a' + (c-11)%26)
	}
}

// Totals returns, per colour (index 0 unused), the cells the row clues fill
// and the cells the column clues fill.
func (p *Puzzle) Totals() (rows, cols []int) {
	n := p.NumColors() + 1
	rows, cols = make([]int, n), make([]int, n)
	add := func(t []int, clues []Clue) {
		for _, c := range clues {
			for _, b := range c {
				if int(b.Color) < n {
					t[b.Color] += b.Len
				}
			}
		}
	}
	add(rows, p.Rows)
	add(cols, p.Cols)
	return rows, cols
}

// FormatGrid draws g with the puzzle's palette characters, one text line
// per row, each ending in a newline.
func (p *Puzzle) FormatGrid(g Grid) string {
	var sb strings.Builder
	for _, row := range g {
		for _, c := range row {
			sb.WriteRune(p.Char(c))
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}
