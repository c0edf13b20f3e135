package design

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/nonosat/nonosat/puzzle"
)

// EmptyGrid is the partial grid of p with every cell open.
func EmptyGrid(p *puzzle.Puzzle) puzzle.Grid {
	g := puzzle.NewGrid(p.Height(), p.Width())
	for _, row := range g {
		for c := range row {
			row[c] = Unknown
		}
	}
	return g
}

// ParsePartial reads a partly filled grid for p: one line per row, one
// character per cell, "?" for an open cell, otherwise a palette character
// of p ('#' and '.' also stand for colour 1 and the background, as in
// [puzzle.ParseGrid]). Blank lines after the last row are ignored. Errors
// are *puzzle.ParseError values with the line.
func ParsePartial(r io.Reader, p *puzzle.Puzzle) (puzzle.Grid, error) {
	chars := map[rune]puzzle.Color{'?': Unknown}
	for c := 0; c <= p.NumColors(); c++ {
		if _, dup := chars[p.Char(puzzle.Color(c))]; !dup {
			chars[p.Char(puzzle.Color(c))] = puzzle.Color(c)
		}
	}
	for ch, c := range map[rune]puzzle.Color{'#': 1, '.': 0} {
		if _, dup := chars[ch]; !dup {
			chars[ch] = c
		}
	}
	bad := func(line int, format string, args ...any) error {
		return &puzzle.ParseError{Line: line, Err: fmt.Errorf(format, args...)}
	}
	h, w := p.Height(), p.Width()
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	var g puzzle.Grid
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimRight(sc.Text(), "\r")
		if len(g) == h {
			if strings.TrimSpace(line) != "" {
				return nil, bad(n, "grid has more than %d rows", h)
			}
			continue
		}
		if k := utf8.RuneCountInString(line); k != w {
			return nil, bad(n, "row %d has %d cells, puzzle width %d", len(g)+1, k, w)
		}
		row := make([]puzzle.Color, 0, w)
		for _, ch := range line {
			c, ok := chars[ch]
			if !ok {
				return nil, bad(n, "%w: row %d column %d: character %q is no colour of the puzzle and not ?", puzzle.ErrColor, len(g)+1, len(row)+1, ch)
			}
			row = append(row, c)
		}
		g = append(g, row)
	}
	if err := sc.Err(); err != nil {
		return nil, bad(n+1, "%v", err)
	}
	if len(g) != h {
		return nil, bad(n, "grid has %d rows, puzzle %d", len(g), h)
	}
	return g, nil
}

// checkPartial reports whether g has p's size and only p's colours or
// Unknown, so that library callers get an error, not a panic.
func checkPartial(p *puzzle.Puzzle, g puzzle.Grid) error {
	if len(g) != p.Height() {
		return fmt.Errorf("partial grid has %d rows, puzzle %d", len(g), p.Height())
	}
	for r, row := range g {
		if len(row) != p.Width() {
			return fmt.Errorf("partial grid row %d has %d cells, puzzle width %d", r+1, len(row), p.Width())
		}
		for c, v := range row {
			if v != Unknown && int(v) > p.NumColors() {
				return fmt.Errorf("partial grid row %d column %d: colour %d is not in the puzzle", r+1, c+1, v)
			}
		}
	}
	return nil
}
