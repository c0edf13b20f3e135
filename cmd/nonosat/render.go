package main

import (
	"bytes"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"strings"

	"github.com/nonosat/nonosat/picture"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/solver"
	"github.com/urfave/cli/v2"
)

func renderCmd() *cli.Command {
	return &cli.Command{
		Name:      "render",
		Usage:     "draw a puzzle as a printed nonogram, in SVG or PNG",
		ArgsUsage: "FILE [-o OUT.svg|OUT.png] [--solution]",
		Description: "Draws the puzzle with its clue numbers (in their colours for a colour puzzle), thin lines\n" +
			"between cells and thick ones every five, to OUT (SVG or PNG by its suffix, or --to) or as\n" +
			"SVG to standard output (PNG only with -o - when that is a terminal). --solution fills in the solution: the goal the file carries if it\n" +
			"satisfies the clues, else the one the solver finds. For a file holding several puzzles, OUT\n" +
			"gets a numbered suffix per puzzle (out-0001.svg, ...).",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write to `OUT` instead of standard output"},
			&cli.StringFlag{Name: "to", Aliases: []string{"t"}, Usage: "draw `KIND` svg or png (default: from OUT's suffix, else svg)"},
			&cli.BoolFlag{Name: "solution", Aliases: []string{"s"}, Usage: "fill in the solution"},
			&cli.IntFlag{Name: "cell", Value: picture.DefaultCellSize, Usage: "draw cells `N` pixels wide (8 to 200)"},
			formatFlag(),
		},
		Action: withArgs(1, 1, renderPuzzles),
	}
}

func renderPuzzles(c *cli.Context, args []string) error {
	in, out := args[0], c.String("output")
	kind, err := renderKind(c, out)
	if err != nil {
		return err
	}
	if n := c.Int("cell"); n < 8 || n > 200 {
		return usagef(c, "--cell %d: want 8 to 200", n)
	}
	// A PNG would garble the terminal: only -o - asks for that.
	if kind == "png" && out == "" && isTerminal(c.App.Writer) {
		return usagef(c, "not writing PNG, which is binary, to a terminal; give -o OUT.png, or -o - to write it there anyway")
	}
	ps, err := readPuzzles(c, in)
	if err != nil {
		return err
	}
	names := []string{out}
	if len(ps) > 1 {
		if out == "" || out == "-" {
			return usagef(c, "%s holds %d puzzles; give -o OUT to draw each to its own file", in, len(ps))
		}
		names = numberedNames(out, puzzle.Format(kind), len(ps))
	}
	for i, p := range ps {
		where := in
		if len(ps) > 1 {
			where = fmt.Sprintf("%s #%d", in, i+1)
			if p.ID != "" {
				where = fmt.Sprintf("%s %s", in, p.ID)
			}
		}
		o := picture.RenderOptions{CellSize: c.Int("cell")}
		if c.Bool("solution") {
			if o.Solution, err = renderSolution(c, where, p); err != nil {
				return err
			}
		}
		var buf bytes.Buffer
		if kind == "png" {
			err = picture.PNG(&buf, p, o)
		} else {
			err = picture.SVG(&buf, p, o)
		}
		if err != nil {
			return cli.Exit(fmt.Sprintf("%s: %v", where, err), exitError)
		}
		if err := writeOutput(c, names[i], buf.Bytes()); err != nil {
			return err
		}
	}
	return nil
}

// renderKind is "svg" or "png": --to, else OUT's suffix, else svg.
func renderKind(c *cli.Context, out string) (string, error) {
	kind := "svg"
	switch {
	case c.IsSet("to"):
		kind = strings.ToLower(c.String("to"))
	case out != "" && out != "-":
		kind = strings.ToLower(strings.TrimPrefix(filepath.Ext(out), "."))
		if kind == "" {
			return "", usagef(c, "cannot tell from %s whether to draw SVG or PNG; use --to svg or --to png", out)
		}
	}
	if kind != "svg" && kind != "png" {
		return "", usagef(c, "cannot draw %q: want svg or png", kind)
	}
	return kind, nil
}

// renderSolution is the goal of p if it satisfies the clues, else the first
// solution the solver finds; a puzzle with several gets a warning.
func renderSolution(c *cli.Context, where string, p *puzzle.Puzzle) (puzzle.Grid, error) {
	if p.Goal != nil && puzzle.Check(p, p.Goal) == nil {
		return p.Goal, nil
	}
	ctx, stop := signal.NotifyContext(c.Context, os.Interrupt)
	defer stop()
	res, err := solver.Solve(ctx, p, solver.Options{Max: 2})
	if err != nil {
		return nil, cli.Exit(fmt.Sprintf("%s: %v", where, err), exitError)
	}
	switch res.Verdict {
	case solver.None:
		return nil, cli.Exit(fmt.Sprintf("%s: no solution to draw", where), exitNoSolution)
	case solver.Timeout:
		return nil, cli.Exit(fmt.Sprintf("%s: solving was interrupted", where), exitUndecided)
	case solver.Multiple:
		fmt.Fprintf(c.App.ErrWriter, "nonosat: warning: %s has more than one solution; drawing one of them\n", where)
	}
	return res.Solutions[0], nil
}
