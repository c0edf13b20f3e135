package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/nonosat/nonosat/puzzle"
	"github.com/urfave/cli/v2"
)

func verifyCmd() *cli.Command {
	return &cli.Command{
		Name:      "verify",
		Usage:     "check a grid against a puzzle's clues",
		ArgsUsage: "PUZZLE GRID",
		Description: "GRID is a text file with one line per row and one character per cell: the\n" +
			"puzzle's palette characters; failing those, '#', 'X' or '1' for colour 1 and\n" +
			"'.', '0' or ' ' for the background (so black-and-white grids as nonosat prints\n" +
			"them). What solve prints for one solution reads back, in its frame of clues or\n" +
			"--plain. \"-\" reads GRID from standard input. Prints \"ok\" if every row and\n" +
			"column matches its clue; otherwise says which line does not and exits with\n" +
			"status 1.",
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "index", Aliases: []string{"puzzle"}, Value: 1, Usage: "check against puzzle `N` of a file that holds several (as decode --index; --puzzle N is the old name)"},
			formatFlag(),
		},
		Action: withArgs(2, 2, verify),
	}
}

func verify(c *cli.Context, args []string) error {
	if args[0] == "-" && args[1] == "-" {
		return usagef(c, "PUZZLE and GRID cannot both be standard input")
	}
	p, err := onePuzzle(c, args[0], c.Int("index"), "--index")
	if err != nil {
		return err
	}

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
	g, err := puzzle.ParseGrid(r, p)
	if err != nil {
		var pe *puzzle.ParseError
		if errors.As(err, &pe) {
			pe.File = name
			if name == "-" {
				pe.File = puzzle.StdinName
			}
		}
		return cli.Exit(err, exitError)
	}
	if err := puzzle.Check(p, g); err != nil {
		return cli.Exit(fmt.Errorf("%s: %w", name, err), exitError)
	}
	_, err = fmt.Fprintln(c.App.Writer, "ok")
	return err
}
