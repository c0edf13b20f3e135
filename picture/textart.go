package picture

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/nonosat/nonosat/puzzle"
)

// isText reports whether data could be text art: valid UTF-8 with no
// control characters besides line ends and tabs, and not empty.
func isText(data []byte) bool {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if len(bytes.TrimSpace(data)) == 0 || !utf8.Valid(data) {
		return false
	}
	for _, r := range string(data) {
		if unicode.IsControl(r) && r != '\n' && r != '\r' && r != '\t' {
			return false
		}
	}
	return true
}

// backgroundChars are the text-art characters that mean background.
const backgroundChars = " .·_-0⬜□◻▫"

// artColors give well-known text-art characters their colour. Other
// characters take the first of artSpare that no character has taken.
var artColors = map[rune]puzzle.Swatch{
	'#': {Name: "black", RGB: puzzle.RGB{}},
	'X': {Name: "black", RGB: puzzle.RGB{}},
	'x': {Name: "black", RGB: puzzle.RGB{}},
	'1': {Name: "black", RGB: puzzle.RGB{}},
	'*': {Name: "black", RGB: puzzle.RGB{}},
	'@': {Name: "black", RGB: puzzle.RGB{}},
	'█': {Name: "black", RGB: puzzle.RGB{}},
	'■': {Name: "black", RGB: puzzle.RGB{}},
	'◼': {Name: "black", RGB: puzzle.RGB{}},
	'⬛': {Name: "black", RGB: puzzle.RGB{}},
	'●': {Name: "black", RGB: puzzle.RGB{}},
	'⚫': {Name: "black", RGB: puzzle.RGB{}},
	'🟥': {Name: "red", RGB: puzzle.RGB{R: 221, G: 46, B: 68}},
	'🔴': {Name: "red", RGB: puzzle.RGB{R: 221, G: 46, B: 68}},
	'🟧': {Name: "orange", RGB: puzzle.RGB{R: 244, G: 144, B: 12}},
	'🟠': {Name: "orange", RGB: puzzle.RGB{R: 244, G: 144, B: 12}},
	'🟨': {Name: "yellow", RGB: puzzle.RGB{R: 253, G: 203, B: 88}},
	'🟡': {Name: "yellow", RGB: puzzle.RGB{R: 253, G: 203, B: 88}},
	'🟩': {Name: "green", RGB: puzzle.RGB{R: 120, G: 177, B: 89}},
	'🟢': {Name: "green", RGB: puzzle.RGB{R: 120, G: 177, B: 89}},
	'🟦': {Name: "blue", RGB: puzzle.RGB{R: 85, G: 172, B: 238}},
	'🔵': {Name: "blue", RGB: puzzle.RGB{R: 85, G: 172, B: 238}},
	'🟪': {Name: "purple", RGB: puzzle.RGB{R: 170, G: 142, B: 214}},
	'🟣': {Name: "purple", RGB: puzzle.RGB{R: 170, G: 142, B: 214}},
	'🟫': {Name: "brown", RGB: puzzle.RGB{R: 193, G: 105, B: 79}},
	'🟤': {Name: "brown", RGB: puzzle.RGB{R: 193, G: 105, B: 79}},
	'⚪': {Name: "white", RGB: puzzle.RGB{R: 255, G: 255, B: 255}},
	'r': {Name: "red", RGB: puzzle.RGB{R: 220, G: 20, B: 20}},
	'R': {Name: "red", RGB: puzzle.RGB{R: 220, G: 20, B: 20}},
	'g': {Name: "green", RGB: puzzle.RGB{R: 0, G: 160, B: 0}},
	'G': {Name: "green", RGB: puzzle.RGB{R: 0, G: 160, B: 0}},
	'b': {Name: "blue", RGB: puzzle.RGB{R: 0, G: 60, B: 220}},
	'B': {Name: "blue", RGB: puzzle.RGB{R: 0, G: 60, B: 220}},
	'y': {Name: "yellow", RGB: puzzle.RGB{R: 255, G: 220, B: 0}},
	'Y': {Name: "yellow", RGB: puzzle.RGB{R: 255, G: 220, B: 0}},
	'o': {Name: "orange", RGB: puzzle.RGB{R: 255, G: 140, B: 0}},
	'O': {Name: "orange", RGB: puzzle.RGB{R: 255, G: 140, B: 0}},
	'w': {Name: "white", RGB: puzzle.RGB{R: 255, G: 255, B: 255}},
	'W': {Name: "white", RGB: puzzle.RGB{R: 255, G: 255, B: 255}},
}

// artSpare are the colours, far apart, given to characters with no
// colour of their own, or whose colour another character already has.
var artSpare = []puzzle.RGB{
	{R: 0, G: 0, B: 0}, {R: 220, G: 20, B: 20}, {R: 0, G: 160, B: 0}, {R: 0, G: 60, B: 220},
	{R: 255, G: 200, B: 0}, {R: 230, G: 0, B: 230}, {R: 0, G: 200, B: 200}, {R: 255, G: 128, B: 0},
	{R: 128, G: 0, B: 128}, {R: 140, G: 80, B: 30}, {R: 128, G: 128, B: 128}, {R: 255, G: 160, B: 200},
	{R: 0, G: 80, B: 0}, {R: 0, G: 0, B: 128}, {R: 128, G: 0, B: 0}, {R: 128, G: 128, B: 0},
	{R: 0, G: 128, B: 128}, {R: 64, G: 64, B: 64}, {R: 192, G: 192, B: 192}, {R: 160, G: 220, B: 80},
}

// artSpareNames name the colours of artSpare.
var artSpareNames = []string{
	"black", "red", "green", "blue",
	"yellow", "magenta", "cyan", "orange",
	"purple", "brown", "grey", "pink",
	"dark green", "navy", "maroon", "olive",
	"teal", "dark grey", "silver", "lime",
}

// DecodeTextArt reads text art (see the package doc) into a grid and a
// palette, with o applied as [Decode] does. Errors are *puzzle.ParseError
// values with the line number.
func DecodeTextArt(r io.Reader, o Options) (puzzle.Grid, []puzzle.Swatch, error) {
	if err := o.check(); err != nil {
		return nil, nil, err
	}
	ras, err := readTextArt(r)
	if err != nil {
		return nil, nil, err
	}
	return ras.grid(o)
}

// readTextArt reads the characters of text art and gives each its colour.
func readTextArt(r io.Reader) (*raster, error) {
	rows, width, first, err := readArtRows(r)
	if err != nil {
		return nil, err
	}
	colorOf, known, bg, err := artPalette(rows, first)
	if err != nil {
		return nil, err
	}
	ras := newRaster(width, len(rows))
	ras.known, ras.text = known, true
	for y, row := range rows {
		for x := range width {
			i := y*width + x
			if x >= len(row) || strings.ContainsRune(backgroundChars, row[x]) {
				ras.clear[i] = true
				continue
			}
			ras.pix[i] = colorOf[row[x]]
		}
	}
	ras.bgSwat = bg
	return ras, nil
}

// readArtRows reads the lines of text art as rows of characters, without
// the blank lines around them: first is the number of blank lines dropped
// above, width the longest row.
func readArtRows(r io.Reader) (rows [][]rune, width, first int, err error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	n := 0
	for sc.Scan() {
		n++
		line := sc.Text()
		if n == 1 {
			line = strings.TrimPrefix(line, "\ufeff")
		}
		row, err := artRow(strings.TrimRight(line, "\r"), n)
		if err != nil {
			return nil, 0, 0, err
		}
		if len(row) > puzzle.MaxSide*4 || n > puzzle.MaxSide*4 {
			return nil, 0, 0, &puzzle.ParseError{Line: n, Err: fmt.Errorf("%w: text art over %d characters a side", ErrTooLarge, puzzle.MaxSide*4)}
		}
		rows = append(rows, row)
		width = max(width, len(row))
	}
	if err := sc.Err(); err != nil {
		return nil, 0, 0, &puzzle.ParseError{Line: n + 1, Err: err}
	}
	// Blank lines around the art are no part of it.
	for len(rows) > 0 && isBlank(rows[len(rows)-1]) {
		rows = rows[:len(rows)-1]
	}
	for first < len(rows) && isBlank(rows[first]) {
		first++
	}
	rows = rows[first:]
	if len(rows) == 0 || width == 0 {
		return nil, 0, 0, &puzzle.ParseError{Err: fmt.Errorf("%w: no text art", ErrMalformed)}
	}
	if width > MaxPixels/len(rows) {
		return nil, 0, 0, &puzzle.ParseError{Err: fmt.Errorf("%w: %dx%d text art, at most %d cells", ErrTooLarge, width, len(rows), MaxPixels)}
	}
	return rows, width, first, nil
}

// artRow is line n of text art as cells: one per character, without the
// variation selectors and joiners that follow emoji.
func artRow(line string, n int) ([]rune, error) {
	if !utf8.ValidString(line) {
		return nil, &puzzle.ParseError{Line: n, Err: fmt.Errorf("%w: text art is not valid UTF-8", ErrMalformed)}
	}
	line = strings.Map(func(r rune) rune {
		if r == 0xfe0e || r == 0xfe0f || r == 0x200d {
			return -1
		}
		return r
	}, line)
	row := []rune(line)
	for i, ch := range row {
		if ch == '\t' {
			return nil, &puzzle.ParseError{Line: n, Err: fmt.Errorf("%w: column %d: tab in text art; use spaces", ErrMalformed, i+1)}
		}
		if unicode.IsControl(ch) || ch == utf8.RuneError || unicode.In(ch, unicode.Cf, unicode.Mn, unicode.Me) {
			return nil, &puzzle.ParseError{Line: n, Err: fmt.Errorf("%w: column %d: character %q cannot be a cell", ErrMalformed, i+1, ch)}
		}
	}
	return row, nil
}

// artPalette gives each character of the art's rows a colour: first every
// well-known character, in order of appearance, then the others from the
// spare colours, so that a character met early cannot take the colour of
// a well-known one met later. It returns each character's colour, the
// swatch of each colour, and the background (the first background
// character other than a space, else '.'). first is the line of rows[0]
// less one, for errors.
func artPalette(rows [][]rune, first int) (map[rune]puzzle.RGB, map[puzzle.RGB]puzzle.Swatch, *puzzle.Swatch, error) {
	var order []rune
	line := make(map[rune]int) // where each character first appears
	var bg *puzzle.Swatch
	for y, row := range rows {
		for _, ch := range row {
			if strings.ContainsRune(backgroundChars, ch) {
				if bg == nil && ch != ' ' {
					bg = &puzzle.Swatch{Name: "white", RGB: puzzle.White.RGB, Char: ch}
				}
				continue
			}
			if _, seen := line[ch]; !seen {
				line[ch] = first + y + 1
				order = append(order, ch)
			}
		}
	}
	if len(order) > puzzle.MaxColors {
		ch := order[puzzle.MaxColors]
		return nil, nil, nil, &puzzle.ParseError{Line: line[ch], Err: fmt.Errorf("%w: character %q is colour %d, at most %d", ErrTooManyColors, ch, puzzle.MaxColors+1, puzzle.MaxColors)}
	}
	colorOf := make(map[rune]puzzle.RGB)
	known := make(map[puzzle.RGB]puzzle.Swatch)
	taken := map[puzzle.RGB]bool{puzzle.White.RGB: true} // the background's
	names := map[string]bool{puzzle.White.Name: true}
	give := func(ch rune, sw puzzle.Swatch) {
		sw.Char = ch
		if ch == '?' { // an open cell in partial grids and make's marks
			sw.Char = spareChar(line)
		}
		if names[sw.Name] { // a second "black": "black 1"
			sw.Name = fmt.Sprintf("%s %c", sw.Name, sw.Char)
		}
		names[sw.Name] = true
		taken[sw.RGB] = true
		colorOf[ch] = sw.RGB
		known[sw.RGB] = sw
	}
	for _, ch := range order {
		if sw, ok := artColors[ch]; ok && !taken[sw.RGB] {
			give(ch, sw)
		}
	}
	for _, ch := range order {
		if _, ok := colorOf[ch]; !ok {
			give(ch, spareSwatch(taken))
		}
	}
	if bg == nil {
		bg = &puzzle.Swatch{Name: "white", RGB: puzzle.White.RGB, Char: '.'}
	}
	return colorOf, known, bg, nil
}

func isBlank(row []rune) bool {
	for _, ch := range row {
		if ch != ' ' {
			return false
		}
	}
	return true
}

// spareSwatch is the first spare colour not taken, with its name, or
// failing that a colour made up from the count of colours taken, named
// by its number.
func spareSwatch(taken map[puzzle.RGB]bool) puzzle.Swatch {
	for i, c := range artSpare {
		if !taken[c] {
			return puzzle.Swatch{Name: artSpareNames[i], RGB: c}
		}
	}
	for n := len(taken); ; n++ {
		c := puzzle.RGB{R: uint8(37*n + 11), G: uint8(91*n + 53), B: uint8(151*n + 97)}
		if !taken[c] && c != puzzle.White.RGB {
			return puzzle.Swatch{Name: fmt.Sprintf("colour %d", n), RGB: c}
		}
	}
}

// spareChar is the first letter the art does not use (in): the palette
// character of a '?' colour, since '?' means an open cell in a partial
// grid (hint --grid, the page's Play) and a cell to edit in make's
// report.
func spareChar(in map[rune]int) rune {
	for _, r := range "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ" {
		if _, used := in[r]; !used {
			return r
		}
	}
	return '?' // 52 letters in use, and at most 63 colours: rare enough
}
