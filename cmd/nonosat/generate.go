package main

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/nonosat/nonosat/design"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/urfave/cli/v2"
)

func generateCmd() *cli.Command {
	return &cli.Command{
		Name:      "generate",
		Usage:     "make a random puzzle, unique and line-solvable if asked",
		ArgsUsage: "--size WxH [-o OUT]",
		Description: "Draws a random picture (each cell filled with probability --density, in one of\n" +
			"--colors colours) and, with --unique or --line-solvable, edits it a cell at a\n" +
			"time, keeping the edit that leaves line logic the fewest open cells, until the\n" +
			"puzzle is unique (or line logic solves it). Each run takes a new seed and says\n" +
			"which on standard error; the same flags and --seed give the same puzzle. Every puzzle written is checked again from its clues alone. The\n" +
			"puzzle, goal included, goes to OUT (format from its suffix or --to), else as XML\n" +
			"to standard output.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "size", Usage: "puzzle size `WxH` (e.g. 20x20; required)"},
			&cli.IntFlag{Name: "colors", Value: 1, Usage: "`K` colours besides the background (1 to 9)"},
			&cli.Float64Flag{Name: "density", Value: 0.6, Usage: "share `D` of cells filled in the first picture"},
			&cli.BoolFlag{Name: "unique", Usage: "edit the picture until the puzzle has one solution"},
			&cli.BoolFlag{Name: "line-solvable", Usage: "edit the picture until line logic alone solves it (so unique)"},
			&cli.Uint64Flag{Name: "seed", Usage: "random seed `N`", DefaultText: "a new one each run, printed"},
			&cli.StringFlag{Name: "title", Usage: "puzzle title `T` (default: generated WxH seed N)"},
			runTimeoutFlag(),
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write the puzzle to `OUT` instead of standard output"},
			&cli.StringFlag{Name: "to", Aliases: []string{"t"}, Usage: "write format `NAME` (default: from OUT's suffix, else xml)"},
		},
		Action: withArgs(0, 0, generate),
	}
}

func generate(c *cli.Context, _ []string) error {
	if !c.IsSet("size") {
		return usagef(c, "--size WxH is required")
	}
	w, h, err := puzzle.ParseSize(c.String("size"))
	if err != nil {
		return usagef(c, "--size %v", err) // too large, or not WxH
	}
	if w == 0 || h == 0 {
		return usagef(c, "--size %q: want WxH, e.g. 20x20", c.String("size"))
	}
	out := c.String("output")
	to, err := makeFormat(c, out)
	if err != nil {
		return err
	}
	o := design.GenerateOptions{
		Width: w, Height: h, Colors: c.Int("colors"), Density: c.Float64("density"),
		Unique: c.Bool("unique"), LineSolvable: c.Bool("line-solvable"), Seed: c.Uint64("seed"),
	}
	if o.Colors < 1 || o.Colors >= len(design.Palette) {
		return usagef(c, "--colors %d: want 1 to %d", o.Colors, len(design.Palette)-1)
	}
	if !(o.Density > 0 && o.Density < 1) {
		return usagef(c, "--density %v: want more than 0 and less than 1", o.Density)
	}
	if o.Colors > 1 && !to.Color() {
		return usagef(c, "%v: %s is black and white only", puzzle.ErrUnsupported, to)
	}
	if !c.IsSet("seed") {
		o.Seed = 1 + rand.Uint64N(999_999_999) // short enough to type again
		fmt.Fprintf(c.App.ErrWriter, "nonosat: generate: seed %d (--seed %d makes this puzzle again)\n", o.Seed, o.Seed)
	}
	ctx, cancel, err := designContext(c)
	if err != nil {
		return err
	}
	defer cancel()
	p, err := design.Generate(ctx, o)
	if err := designStopped(c, ctx, err, "generate"); err != nil {
		return err
	}
	if errors.Is(err, design.ErrGiveUp) {
		return cli.Exit(fmt.Sprintf("generate: %v (try another --seed or --density)", err), exitUndecided)
	}
	if err != nil {
		return cli.Exit(fmt.Sprintf("generate: %v", err), exitError)
	}
	p.Title = c.String("title")
	if p.Title == "" {
		p.Title = fmt.Sprintf("generated %dx%d seed %d", w, h, o.Seed)
	}
	var buf bytes.Buffer
	if err := puzzle.Encode(&buf, p, to); err != nil {
		return cli.Exit(err, exitError)
	}
	return writeOutput(c, out, buf.Bytes())
}
