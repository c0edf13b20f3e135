package puzzle

import (
	"bufio"
	"errors"
	"io"
	"regexp"
	"strings"
)

// ParseGrid reads a text grid for p: one line per row, one character per
// cell. A character is first looked up among the palette characters of p;
// failing that, '#', 'X' and '1' stand for colour 1 and '.', '0' and ' ' for
// the background. Blank lines after the last row are ignored, and so is one
// verdict line, as `nonosat solve --plain` prints after its grid ("unique",
// "multiple", "none", "solved" or "timeout", then anything), so that its
// output reads back. What `nonosat solve` prints without --plain reads
// back too: the grid drawn in a frame with the clues around it (ANSI
// colour escapes and all), whose cells are the characters after each
// row's "|". The grid must have exactly p's height and width. Errors are
// *ParseError values.
func ParseGrid(r io.Reader, p *Puzzle) (Grid, error) {
	lines, err := readAllLines(r)
	if err != nil {
		return nil, err
	}
	var ansiEscape *regexp.Regexp // the colour escapes of a grid drawn for a terminal
	for i, l := range lines {
		if strings.Contains(l, "\x1b") {
			if ansiEscape == nil {
				ansiEscape = regexp.MustCompile("\x1b\\[[0-9;]*m")
			}
			lines[i] = ansiEscape.ReplaceAllString(l, "")
		}
	}
	first := 0 // index of the first row
	framed := false
	for i, l := range lines {
		if isFrame(l) {
			if framed {
				return nil, syntaxAt(i+1, "a second grid: the file holds several solutions, and only one can be checked")
			}
			framed, first = true, i+1
		}
	}
	chars := gridChars(p)
	h, w := p.Height(), p.Width()
	g := make(Grid, 0, h)
	verdict := false
	for i := first; i < len(lines); i++ {
		line, n := lines[i], i+1
		if len(g) == h {
			switch {
			case strings.TrimSpace(line) == "":
				continue
			case !verdict && isVerdictLine(line):
				verdict = true
				continue
			}
			return nil, syntaxAt(n, "grid has more than %d rows", h)
		}
		cells := []rune(line)
		if framed {
			_, after, ok := strings.Cut(line, "|")
			if !ok {
				return nil, syntaxAt(n, "grid has %d rows, puzzle %d", len(g), h)
			}
			cells = []rune(strings.Join(strings.Fields(after), ""))
		}
		if len(cells) != w {
			return nil, syntaxAt(n, "row %d has %d cells, puzzle width %d", len(g)+1, len(cells), w)
		}
		row := make([]Color, 0, w)
		for _, ch := range cells {
			c, ok := chars[ch]
			if !ok {
				return nil, errorf(n, "%w: row %d column %d: character %q is no colour of the puzzle", ErrColor, len(g)+1, len(row)+1, ch)
			}
			row = append(row, c)
		}
		g = append(g, row)
	}
	if len(g) != h {
		return nil, syntaxAt(len(lines), "grid has %d rows, puzzle %d", len(g), h)
	}
	return g, nil
}

// isFrame reports whether line is the top of the frame `nonosat solve`
// draws around a grid: spaces, "+", then dashes.
func isFrame(line string) bool {
	rest, ok := strings.CutPrefix(strings.TrimLeft(line, " "), "+")
	return ok && rest != "" && strings.Trim(rest, "-") == ""
}

// isVerdictLine reports whether line starts with a verdict word of
// nonosat's solve command, alone or followed by a space.
func isVerdictLine(line string) bool {
	word, _, _ := strings.Cut(line, " ")
	switch word {
	case "unique", "multiple", "none", "solved", "timeout":
		return true
	}
	return false
}

// gridChars maps each character ParseGrid accepts to its colour.
func gridChars(p *Puzzle) map[rune]Color {
	m := make(map[rune]Color)
	for c := 0; c <= p.NumColors() && c <= MaxColors; c++ {
		ch := p.Char(Color(c))
		if _, dup := m[ch]; !dup {
			m[ch] = Color(c)
		}
	}
	for _, ch := range "#X1" {
		if _, ok := m[ch]; !ok {
			m[ch] = 1
		}
	}
	for _, ch := range ".0 " {
		if _, ok := m[ch]; !ok {
			m[ch] = Background
		}
	}
	return m
}

// lineReaderError is the *ParseError for a read error of lr, or nil.
func lineReaderError(lr *lineReader) error {
	err := lr.err()
	switch {
	case err == nil:
		return nil
	case errors.Is(err, bufio.ErrTooLong):
		return errorf(lr.line()+1, "%w: line too long", ErrTooLarge)
	}
	return &ParseError{Line: lr.line() + 1, Err: err}
}
