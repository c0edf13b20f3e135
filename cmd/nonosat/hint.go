package main

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/nonosat/nonosat/design"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/solver"
	"github.com/urfave/cli/v2"
)

func hintCmd() *cli.Command {
	return &cli.Command{
		Name:      "hint",
		Usage:     "say the next deduction on a partly filled grid, and why",
		ArgsUsage: "FILE [--grid PARTIAL]",
		Description: "Prints the next step a person can make: the cells it fixes, the line, and the\n" +
			"reason (the clue and the few known cells of the line that force them), the\n" +
			"simplest kind first: one line, then a lookahead (a colour that line logic\n" +
			"refutes), then a guess from the solution. PARTIAL is a text grid, one line per\n" +
			"row, '?' for an open cell (\"-\": standard input); without it, the empty grid.\n" +
			"Known cells that no solution has are listed as mistakes. On a puzzle with several\n" +
			"solutions it warns, follows the goal (or one solution) and exits 3, as check does.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "grid", Usage: "the partly filled grid `PARTIAL` ('?' for open cells)"},
			&cli.BoolFlag{Name: "json", Usage: "print the hint as one JSON object: cells, line, reason, mistakes"},
			indexFlag(),
			runTimeoutFlag(),
			formatFlag(),
		},
		Action: withArgs(1, 1, hint),
	}
}

func hint(c *cli.Context, args []string) error {
	p, err := onePuzzle(c, args[0], c.Int("index"), "--index")
	if err != nil {
		return err
	}
	var g puzzle.Grid
	if name := c.String("grid"); name != "" {
		if name == "-" && args[0] == "-" {
			return usagef(c, "FILE and --grid cannot both be standard input")
		}
		if g, err = readPartial(c, name, p); err != nil {
			return err
		}
	}
	ctx, cancel, err := designContext(c)
	if err != nil {
		return err
	}
	defer cancel()
	several, err := warnNotUnique(c, ctx, args[0], p, "the hint follows")
	if err != nil {
		return err
	}
	h, err := design.NextHint(ctx, p, g)
	if err := designStopped(c, ctx, err, args[0]); err != nil {
		return err
	}
	if errors.Is(err, design.ErrNoSolution) {
		return cli.Exit(fmt.Sprintf("%s: %v", args[0], err), exitNoSolution)
	}
	if err != nil {
		return cli.Exit(fmt.Sprintf("%s: %v", args[0], err), exitError)
	}
	w := c.App.Writer
	if c.Bool("json") {
		err = writeJSON(w, h)
	} else {
		err = h.WriteText(w)
	}
	if err == nil && several {
		err = cli.Exit("", exitMultiple)
	}
	return err
}

// warnNotUnique solves p within ctx and, when it has several solutions,
// says on standard error that what follows (follows: "the hint follows")
// takes one of them, and
// returns true: hint and steps then exit 3, as check does. Their guesses
// say where the solutions part.
func warnNotUnique(c *cli.Context, ctx context.Context, file string, p *puzzle.Puzzle, follows string) (bool, error) {
	res, err := solver.Solve(ctx, p, solver.Options{})
	if err == nil && res.Verdict == solver.Timeout {
		err = cmp.Or(ctx.Err(), context.DeadlineExceeded)
	}
	if err := designStopped(c, ctx, err, file); err != nil {
		return false, err
	}
	if err != nil {
		return false, cli.Exit(fmt.Sprintf("%s: %v", file, err), exitError)
	}
	if res.Verdict != solver.Multiple {
		return false, nil
	}
	whose := "one of them"
	if p.Goal != nil && puzzle.Check(p, p.Goal) == nil {
		whose = "the goal"
	}
	fmt.Fprintf(c.App.ErrWriter, "nonosat: warning: %s: the puzzle is not unique (several solutions): %s %s, and a guess says where the solutions part\n", file, follows, whose)
	return true, nil
}

// readPartial reads a partial grid for p from the file name ("-":
// standard input).
func readPartial(c *cli.Context, name string, p *puzzle.Puzzle) (puzzle.Grid, error) {
	return parseGridFile(c, name, p, design.ParsePartial)
}

// writeJSON prints v as one line of JSON.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return cli.Exit(err, exitError)
	}
	return nil
}
