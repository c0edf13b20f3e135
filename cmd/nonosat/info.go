package main

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/nonosat/nonosat/design"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/report"
	"github.com/nonosat/nonosat/solver"
	"github.com/urfave/cli/v2"
)

func infoCmd() *cli.Command {
	return &cli.Command{
		Name:      "info",
		Usage:     "describe the puzzles of a file",
		ArgsUsage: "FILE... [--json]",
		Description: "Prints, for every puzzle of each FILE (\"-\" is standard input), its title, id, size,\n" +
			"palette with the cells each colour fills, and whether the file holds a goal grid\n" +
			"and that goal satisfies the clues. With --json it prints one JSON object per\n" +
			"puzzle, one per line. --grade also solves each puzzle and gives its difficulty\n" +
			"grade (1 line logic, 2 lookahead, 3 guessing; 0 when not unique or with no solution).",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "json", Usage: "print one JSON object per puzzle (JSON Lines)"},
			&cli.BoolFlag{Name: "grade", Usage: "solve each puzzle and give its difficulty grade"},
			&cli.DurationFlag{Name: "timeout", Usage: "with --grade, give each puzzle at most `D` (e.g. 30s): its verdict is then timeout, with no grade", DefaultText: "no limit"},
			formatFlag(),
		},
		Action: withArgs(1, -1, info),
	}
}

func info(c *cli.Context, args []string) error {
	if c.Duration("timeout") < 0 {
		return usagef(c, "--timeout must be positive")
	}
	if n := slices.Index(args, "-"); n >= 0 && slices.Contains(args[n+1:], "-") {
		return usagef(c, "standard input (-) named twice")
	}
	w := c.App.Writer
	var enc *json.Encoder
	if c.Bool("json") {
		enc = json.NewEncoder(w)
		enc.SetEscapeHTML(false)
	}
	// A file that cannot be read is reported, and the others described,
	// as solve and check do; the exit is then 1.
	bad, printed := false, false
	for _, name := range args {
		es, err := readEntries(c, name)
		if err == nil && len(es) == 1 && es[0].Err != nil {
			err = cli.Exit(es[0].Err, exitError)
		}
		if err != nil && len(args) == 1 {
			return err
		}
		if err != nil {
			fmt.Fprintf(c.App.ErrWriter, "nonosat: %v\n", err)
			bad = true
			continue
		}
		ok, err := infoFile(c, enc, name, es, len(args) > 1, &printed)
		if err != nil {
			return err
		}
		bad = bad || !ok
	}
	if bad {
		return cli.Exit("", exitError)
	}
	return nil
}

// infoFile describes the puzzles es of file name, after a blank line if
// printed says something came before; named puts the file's name in
// each description. It reports whether every puzzle could be read.
func infoFile(c *cli.Context, enc *json.Encoder, name string, es []puzzle.Entry, named bool, printed *bool) (bool, error) {
	w := c.App.Writer
	bad := false
	for i, e := range es {
		if e.Err != nil { // say so, and describe the others
			fmt.Fprintf(c.App.ErrWriter, "nonosat: %v\n", e.Err)
			bad = true
			if enc != nil { // its line too, as solve --json writes one
				if err := enc.Encode(report.Info{File: name, Index: i + 1, Puzzles: len(es), Error: e.Err.Error()}); err != nil {
					return false, cli.Exit(err, exitError)
				}
			}
			continue
		}
		p := e.Puzzle
		in := report.Describe(name, i+1, len(es), p)
		if c.Bool("grade") {
			if err := gradeInfo(c, &in, p); err != nil {
				return false, err
			}
		}
		var err error
		if enc != nil {
			err = enc.Encode(in)
		} else {
			if *printed {
				fmt.Fprintln(w)
			}
			err = in.WriteText(w, named)
		}
		if err != nil {
			return false, cli.Exit(err, exitError)
		}
		*printed = true
	}
	return !bad, nil
}

// gradeInfo solves p and grades it for info --grade, both within
// --timeout: a verdict the deadline stopped has no grade.
func gradeInfo(c *cli.Context, in *report.Info, p *puzzle.Puzzle) error {
	ctx, cancel := withTimeout(c.Context, c.Duration("timeout"))
	defer cancel()
	res, err := solver.Solve(ctx, p, solver.Options{})
	if err != nil {
		return cli.Exit(err, exitError)
	}
	in.Verdict = string(res.Verdict)
	in.Grade = design.GradeWithin(ctx, p, res)
	return nil
}
