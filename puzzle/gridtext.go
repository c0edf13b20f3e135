package puzzle

import (
	"bufio"
	"errors"
	"io"
	"strings"
	"unicode/utf8"
)

// ParseGrid reads a text grid for p: one line per row, one character per
// cell. A character is first looked up among the palette characters of p;
// failing that, '#', 'X' and '1' stand for colour 1 and '.', '0' and ' ' for
// the background. Blank lines after the last row are ignored, and so is one
// verdict line, as `nonosat solve --plain` prints after its grid ("unique",
// "multiple", "none", "solved" or "timeout", then anything), so that its
// output reads back. The grid must have exactly p's height and width.
// Errors are *ParseError values.
func ParseGrid(r io.Reader, p *Puzzle) (Grid, error) {
	chars := gridChars(p)
	h, w := p.Height(), p.Width()
	lr := newLineReader(r)
	g := make(Grid, 0, h)
	verdict := false
	for {
		line, ok := lr.next()
		if !ok {
			break
		}
		if len(g) == h {
			switch {
			case strings.TrimSpace(line) == "":
				continue
			case !verdict && isVerdictLine(line):
				verdict = true
				continue
			}
			return nil, syntaxAt(lr.line(), "grid has more than %d rows", h)
		}
		if n := utf8.RuneCountInString(line); n != w {
			return nil, syntaxAt(lr.line(), "row %d has %d cells, puzzle width %d", len(g)+1, n, w)
		}
		row := make([]Color, 0, w)
		for _, ch := range line {
			c, ok := chars[ch]
			if !ok {
				return nil, errorf(lr.line(), "%w: row %d column %d: character %q is no colour of the puzzle", ErrColor, len(g)+1, len(row)+1, ch)
			}
			row = append(row, c)
		}
		g = append(g, row)
	}
	if err := lineReaderError(lr); err != nil {
		return nil, err
	}
	if len(g) != h {
		return nil, syntaxAt(lr.line(), "grid has %d rows, puzzle %d", len(g), h)
	}
	return g, nil
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
