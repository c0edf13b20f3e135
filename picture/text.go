package picture

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/nonosat/nonosat/puzzle"
)

// ANSI is how [Text] colours a terminal.
type ANSI int

// The colourings, from none to the most faithful.
const (
	Plain     ANSI = iota // plain text: no escape sequences
	ANSI256               // the 256 colours of xterm, which nearly every terminal has
	TrueColor             // 24-bit colour (COLORTERM=truecolor)
)

// Text draws the puzzle for a terminal, as a printed puzzle: row clues on
// the left, column clues stacked above, and the cells of g (nil for an
// unsolved puzzle) in the puzzle's palette characters. In colour (ANSI256
// or TrueColor) every cell sits on its colour, black and white too, still
// holding its character, so that a grid copied from the terminal reads as
// the plain one; the clue numbers of a colour puzzle sit on their colours.
// Plain, clue numbers of a colour puzzle carry their colour's character
// ("3r").
func Text(w io.Writer, p *puzzle.Puzzle, g puzzle.Grid, color ANSI) error {
	return TextMarked(w, p, g, nil, color)
}

// TextMarked is [Text] with the given cells (row, column, from 0) drawn as
// '?', such as the [Diff] of two solutions.
func TextMarked(w io.Writer, p *puzzle.Puzzle, g puzzle.Grid, marks [][2]int, color ANSI) error {
	h, wd := p.Height(), p.Width()
	if err := checkGrid(p, g); err != nil {
		return err
	}
	marked := make(map[[2]int]bool, len(marks))
	for _, m := range marks {
		if m[0] < 0 || m[0] >= h || m[1] < 0 || m[1] >= wd {
			return fmt.Errorf("%w: mark (%d,%d) outside the %dx%d grid", ErrGrid, m[0]+1, m[1]+1, wd, h)
		}
		marked[m] = true
	}
	t := &textDrawer{p: p, color: color, chips: color != Plain && !p.IsBW()}

	// Column slots are wide enough for any column clue number and a space.
	sw := 2
	for _, cl := range p.Cols {
		for _, b := range cl {
			sw = max(sw, t.tokenWidth(b)+1)
		}
	}
	rowWidth := 1
	for _, cl := range p.Rows {
		rowWidth = max(rowWidth, t.rowClueWidth(cl))
	}

	bw := bufio.NewWriter(w)
	indent := strings.Repeat(" ", rowWidth+2)
	for i := range slots(p.Cols) {
		var sb strings.Builder
		sb.WriteString(indent)
		for _, cl := range p.Cols {
			k := i - (slots(p.Cols) - max(len(cl), 1)) // index into cl, bottom-aligned
			switch {
			case k < 0:
				sb.WriteString(strings.Repeat(" ", sw))
			case len(cl) == 0:
				sb.WriteString(strings.Repeat(" ", sw-1) + "0")
			default:
				sb.WriteString(strings.Repeat(" ", sw-t.tokenWidth(cl[k])))
				sb.WriteString(t.token(cl[k]))
			}
		}
		bw.WriteString(strings.TrimRight(sb.String(), " "))
		bw.WriteByte('\n')
	}
	bw.WriteString(strings.Repeat(" ", rowWidth+1) + "+" + strings.Repeat("-", wd*sw) + "\n")
	for r := range h {
		bw.WriteString(strings.Repeat(" ", rowWidth-t.rowClueWidth(p.Rows[r])))
		bw.WriteString(t.rowClue(p.Rows[r]))
		bw.WriteString(" |")
		last := ""
		for c := range wd {
			last = t.cell(bw, g, r, c, marked[[2]int{r, c}], sw, last)
		}
		if color != Plain {
			bw.WriteString(reset)
		}
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

const reset = "\x1b[0m"

// textDrawer holds what Text needs to draw clue numbers and cells.
type textDrawer struct {
	p     *puzzle.Puzzle
	color ANSI
	chips bool // clue numbers on their colours
}

// token is one clue number as drawn.
func (t *textDrawer) token(b puzzle.Block) string {
	n := strconv.Itoa(b.Len)
	switch {
	case t.chips:
		bg := colorOf(t.p, b.Color)
		return t.sgr(bg, contrast(bg)) + n + reset
	case t.p.IsBW():
		return n
	}
	return n + string(t.p.Char(b.Color))
}

// tokenWidth is the width token takes on a terminal.
func (t *textDrawer) tokenWidth(b puzzle.Block) int {
	n := len(strconv.Itoa(b.Len))
	if t.chips || t.p.IsBW() {
		return n
	}
	return n + runeWidth(t.p.Char(b.Color))
}

// rowClue is the clue of a row as drawn, rowClueWidth wide.
func (t *textDrawer) rowClue(cl puzzle.Clue) string {
	if len(cl) == 0 {
		return "0"
	}
	parts := make([]string, len(cl))
	for i, b := range cl {
		parts[i] = t.token(b)
	}
	return strings.Join(parts, " ")
}

func (t *textDrawer) rowClueWidth(cl puzzle.Clue) int {
	if len(cl) == 0 {
		return 1
	}
	n := len(cl) - 1
	for _, b := range cl {
		n += t.tokenWidth(b)
	}
	return n
}

// cell writes one cell, sw wide. In colour, it sets the colour only when
// it differs from last, the colour the cell before set; it returns the
// colour it leaves set.
func (t *textDrawer) cell(bw *bufio.Writer, g puzzle.Grid, r, c int, marked bool, sw int, last string) string {
	ch := '-' // unknown: no grid
	var bg puzzle.RGB
	if g != nil {
		ch = t.p.Char(g[r][c])
		bg = colorOf(t.p, g[r][c])
	} else {
		bg = guideLine
	}
	if marked {
		ch = '?'
	}
	if t.color != Plain {
		if set := t.sgr(bg, contrast(bg)); set != last {
			bw.WriteString(set)
			last = set
		}
	}
	bw.WriteString(strings.Repeat(" ", max(0, sw-runeWidth(ch))))
	bw.WriteRune(ch)
	return last
}

// sgr sets a background and foreground colour: 24-bit, or the nearest of
// xterm's 256.
func (t *textDrawer) sgr(bg, fg puzzle.RGB) string {
	if t.color == ANSI256 {
		return fmt.Sprintf("\x1b[48;5;%d;38;5;%dm", Nearest256(bg), Nearest256(fg))
	}
	return fmt.Sprintf("\x1b[48;2;%d;%d;%d;38;2;%d;%d;%dm", bg.R, bg.G, bg.B, fg.R, fg.G, fg.B)
}

// cubeLevels are the six levels of each primary in xterm's 6×6×6 colour
// cube (colours 16 to 231).
var cubeLevels = [6]int{0, 95, 135, 175, 215, 255}

// Nearest256 is the colour of xterm's 256 closest to c: one of the 6×6×6
// cube (16 to 231) or of the 24 greys (232 to 255, 8 to 238 in steps of
// 10), by squared distance. The first 16, which terminals set as they
// like, are left out.
func Nearest256(c puzzle.RGB) int {
	dist := func(r, g, b int) int {
		dr, dg, db := int(c.R)-r, int(c.G)-g, int(c.B)-b
		return dr*dr + dg*dg + db*db
	}
	level := func(v uint8) int {
		best := 0
		for i, l := range cubeLevels {
			if abs(int(v)-l) < abs(int(v)-cubeLevels[best]) {
				best = i
			}
		}
		return best
	}
	r, g, b := level(c.R), level(c.G), level(c.B)
	best, bestD := 16+36*r+6*g+b, dist(cubeLevels[r], cubeLevels[g], cubeLevels[b])
	for i := range 24 {
		v := 8 + 10*i
		if d := dist(v, v, v); d < bestD {
			best, bestD = 232+i, d
		}
	}
	return best
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// runeWidth is the number of terminal columns r takes: 2 for East Asian
// wide characters and emoji, else 1.
func runeWidth(r rune) int {
	switch {
	case r >= 0x1100 && r <= 0x115f,
		r >= 0x2e80 && r <= 0xa4cf,
		r >= 0xac00 && r <= 0xd7a3,
		r >= 0xf900 && r <= 0xfaff,
		r >= 0xfe30 && r <= 0xfe4f,
		r >= 0xff00 && r <= 0xff60,
		r >= 0xffe0 && r <= 0xffe6,
		r >= 0x1f300 && r <= 0x1f64f,
		r >= 0x1f680 && r <= 0x1f6ff,
		r >= 0x1f7e0 && r <= 0x1f7eb,
		r >= 0x1f900 && r <= 0x1faff,
		r >= 0x20000 && r <= 0x3fffd,
		r == 0x2b1b, r == 0x2b1c, r == 0x2b50, r == 0x2b55, r == 0x26aa, r == 0x26ab:
		return 2
	}
	return 1
}

// Diff lists the cells (row, column, from 0) where a and b differ, row by
// row. Where one grid is larger, its extra cells all count as different.
func Diff(a, b puzzle.Grid) [][2]int {
	var out [][2]int
	for r := range max(len(a), len(b)) {
		var ra, rb []puzzle.Color
		if r < len(a) {
			ra = a[r]
		}
		if r < len(b) {
			rb = b[r]
		}
		for c := range max(len(ra), len(rb)) {
			if c >= len(ra) || c >= len(rb) || ra[c] != rb[c] {
				out = append(out, [2]int{r, c})
			}
		}
	}
	return out
}
