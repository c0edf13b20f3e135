package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/nonosat/nonosat/puzzle"
	"github.com/urfave/cli/v2"
)

func verifyCmd() *cli.Command {
	return &cli.Command{
		Name:      "verify",
		Usage:     "check a grid against a puzzle's clues",
		ArgsUsage: "PUZZLE GRID",
		Description: "GRID is a text file with one line per row and one character per cell: the\n" +
			"puzzle's palette characters, or '.' for the background and '#' for black in a\n" +
			"black-and-white puzzle (the way nonosat prints grids). \"-\" reads GRID from\n" +
			"standard input. Prints \"ok\" if every row and column matches its clue;\n" +
			"otherwise says which line does not and exits with status 1.",
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "puzzle", Value: 1, Usage: "check against puzzle `N` of a file that holds several"},
			formatFlag(),
		},
		Action: withArgs(2, 2, verify),
	}
}

func verify(c *cli.Context, args []string) error {
	ps, err := readPuzzles(c, args[0])
	if err != nil {
		return err
	}
	n := c.Int("puzzle")
	if n < 1 || n > len(ps) {
		return usagef(c, "--puzzle %d: %s holds %d puzzle(s)", n, args[0], len(ps))
	}
	p := ps[n-1]

	name := args[1]
	var r io.Reader = c.App.Reader
	if name != "-" {
		fh, err := os.Open(name)
		if err != nil {
			return cli.Exit(err, exitError)
		}
		defer fh.Close()
		r = fh
	}
	g, err := readGrid(r, name, p)
	if err != nil {
		return cli.Exit(err, exitError)
	}
	if err := puzzle.Check(p, g); err != nil {
		return cli.Exit(fmt.Errorf("%s: %w", name, err), exitError)
	}
	_, err = fmt.Fprintln(c.App.Writer, "ok")
	return err
}

// readGrid reads a text grid for p: one line per row, one character per
// cell, blank lines ignored. It accepts the palette's characters and, where
// they mean no other colour, the characters [puzzle.Grid.String] prints.
// Errors are *puzzle.ParseError values naming the file and line.
func readGrid(r io.Reader, name string, p *puzzle.Puzzle) (puzzle.Grid, error) {
	colors := map[rune]puzzle.Color{}
	var want strings.Builder
	for c := 0; c <= p.NumColors(); c++ {
		ch := p.Char(puzzle.Color(c))
		if _, dup := colors[ch]; !dup {
			colors[ch] = puzzle.Color(c)
			want.WriteRune(ch)
		}
	}
	plain := puzzle.NewGrid(1, p.NumColors()+1) // 0, 1, 2, ... in one row
	for c := range plain[0] {
		plain[0][c] = puzzle.Color(c)
	}
	for c, ch := range []rune(strings.TrimSuffix(plain.String(), "\n")) {
		if _, taken := colors[ch]; !taken {
			colors[ch] = puzzle.Color(c)
			want.WriteRune(ch)
		}
	}

	fail := func(line int, format string, args ...any) error {
		return &puzzle.ParseError{File: name, Line: line, Err: fmt.Errorf(format, args...)}
	}
	var g puzzle.Grid
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimRight(sc.Text(), " \t\r")
		if n == 1 {
			line = strings.TrimPrefix(line, "\ufeff")
		}
		if line == "" {
			continue
		}
		if len(g) == p.Height() {
			return nil, fail(n, "more rows than the puzzle's %d", p.Height())
		}
		if k := utf8.RuneCountInString(line); k != p.Width() {
			return nil, fail(n, "row %d has %d cells, puzzle width %d", len(g)+1, k, p.Width())
		}
		row := make([]puzzle.Color, 0, p.Width())
		for _, ch := range line {
			c, ok := colors[ch]
			if !ok {
				return nil, fail(n, "row %d, column %d: %q is no colour of this puzzle (want one of %q)", len(g)+1, len(row)+1, ch, want.String())
			}
			row = append(row, c)
		}
		g = append(g, row)
	}
	if err := sc.Err(); err != nil {
		return nil, fail(0, "%w", err)
	}
	if len(g) != p.Height() {
		return nil, fail(0, "grid has %d rows, puzzle height %d", len(g), p.Height())
	}
	return g, nil
}
