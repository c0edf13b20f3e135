package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"

	"github.com/nonosat/nonosat/picture"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/solver"
	"github.com/urfave/cli/v2"
)

func makeCmd() *cli.Command {
	return &cli.Command{
		Name:      "make",
		Usage:     "make a puzzle from a picture and check that it has one solution",
		ArgsUsage: "IMAGE [-o OUT] [--colors N] [--size WxH]",
		Description: "Reads a PNG, GIF, JPEG, PBM, PGM or PPM picture, or text art (one character per cell,\n" +
			"'.' or ' ' for the background), reduces it to at most --colors colours plus the background\n" +
			"(median cut), scales it down to --size cells (each cell takes the most common colour of its\n" +
			"pixels) and writes the puzzle, goal included, to OUT (format from its suffix or --to) or, in\n" +
			"XML, to standard output. Then it solves the puzzle: \"unique\", or \"multiple\" with the cells\n" +
			"that differ between two solutions listed (row, column) and drawn as '?', so that you know\n" +
			"where to edit. Exit code 0 when unique, 3 when not, 4 when --timeout stopped the check.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write the puzzle to `OUT` instead of standard output"},
			&cli.StringFlag{Name: "to", Aliases: []string{"t"}, Usage: "write format `NAME` (default: from OUT's suffix, else xml)"},
			&cli.IntFlag{Name: "colors", Usage: "reduce the picture to at most `N` colours besides the background; 0 keeps its own, at most 63"},
			&cli.StringFlag{Name: "size", Usage: "scale the picture down to `WxH` cells; leave out W or H (30x, x20) to keep the aspect ratio"},
			&cli.StringFlag{Name: "background", Usage: "use the picture colour nearest to `RGB` (#rrggbb) as background (default: transparent pixels, else the lightest colour)"},
			&cli.StringFlag{Name: "title", Usage: "puzzle `TITLE` (default: the picture's file name)"},
			&cli.StringFlag{Name: "color", Value: "auto", Usage: "draw an ambiguous puzzle in colour: `WHEN` is always, never or auto (on a terminal)"},
			&cli.DurationFlag{Name: "timeout", Usage: "give up the uniqueness check after `D` (e.g. 30s)"},
		},
		Action: withArgs(1, 1, makePuzzle),
	}
}

func makePuzzle(c *cli.Context, args []string) error {
	in, out := args[0], c.String("output")
	if sameFile(in, out) { // as convert: the picture would be lost
		return usagef(c, "-o %s is the input picture; write to another file", out)
	}
	o, err := pictureOptions(c)
	if err != nil {
		return err
	}
	to, err := makeFormat(c, out)
	if err != nil {
		return err
	}
	color, err := colorWhen(c)
	if err != nil {
		return err
	}
	if c.Duration("timeout") < 0 {
		return usagef(c, "--timeout must be positive")
	}

	g, pal, err := picture.ReadFile(in, o)
	if errors.Is(err, picture.ErrTooManyColors) {
		return cli.Exit(fmt.Sprintf("%v (reduce them with --colors N)", err), exitError)
	}
	if err != nil {
		return cli.Exit(err, exitError)
	}
	p := puzzle.FromGrid(g, pal)
	p.Title = c.String("title")
	if !c.IsSet("title") && in != "-" {
		p.Title = strings.TrimSuffix(filepath.Base(in), filepath.Ext(in))
	}
	if err := p.Validate(); err != nil {
		return cli.Exit(fmt.Sprintf("%s: %v", in, err), exitError)
	}
	if !c.IsSet("colors") {
		if groups, a, b := picture.NearColors(p.Palette); groups < len(p.Palette)-1 {
			fmt.Fprintf(c.App.ErrWriter, "nonosat: warning: %s: %d colours, some nearly equal (as %v and %v), as a photo or a smoothed drawing gives: try --colors %d\n", in, p.NumColors(), a, b, max(1, groups-1))
		}
	}
	if !to.Color() && !p.IsBW() {
		return cli.Exit(fmt.Sprintf("%s: picture has %d colours; %v: %s is black and white only (use --colors 1 or another format)", in, p.NumColors(), puzzle.ErrUnsupported, to), exitError)
	}
	var buf bytes.Buffer
	if err := puzzle.Encode(&buf, p, to); err != nil {
		return cli.Exit(fmt.Sprintf("%s: %v", in, err), exitError)
	}

	res, err := makeCheck(c, p)
	if err != nil {
		return cli.Exit(fmt.Sprintf("%s: %v", in, err), exitError)
	}
	if err := writeOutput(c, out, buf.Bytes()); err != nil {
		return err
	}

	// The report goes where the puzzle does not.
	w := c.App.Writer
	if out == "" || out == "-" {
		w = c.App.ErrWriter
	}
	return makeReport(c, w, in, p, res, color)
}

// makeReport prints what make found out about the puzzle and returns the
// exit status.
func makeReport(c *cli.Context, w io.Writer, in string, p *puzzle.Puzzle, res *solver.Result, color string) error {
	colours := "1 colour"
	if n := p.NumColors(); n > 1 {
		colours = fmt.Sprintf("%d colours", n)
	}
	head := fmt.Sprintf("%s: %dx%d, %s: %s", in, p.Width(), p.Height(), colours, res.Verdict)
	switch res.Verdict {
	case solver.Unique:
		fmt.Fprintln(w, head)
		return nil
	case solver.Timeout:
		fmt.Fprintf(w, "%s: uniqueness not decided in %v\n", head, c.Duration("timeout"))
		return cli.Exit("", exitUndecided)
	case solver.Multiple:
	default:
		return cli.Exit(fmt.Sprintf("%s: the picture's own grid is no solution (verdict %s)", in, res.Verdict), exitError)
	}
	other := res.Solutions[0]
	for _, s := range res.Solutions {
		if !s.Equal(p.Goal) {
			other = s
			break
		}
	}
	diff := picture.Diff(p.Goal, other)
	cells := make([]string, len(diff))
	for i, d := range diff {
		cells[i] = fmt.Sprintf("(%d,%d)", d[0]+1, d[1]+1)
	}
	fmt.Fprintf(w, "%s; %d cells differ between two solutions (row,column): %s\n", head, len(diff), strings.Join(cells, " "))
	if err := picture.TextMarked(w, p, p.Goal, diff, ansiColors(color, w)); err != nil {
		return cli.Exit(err, exitError)
	}
	return cli.Exit("", exitMultiple)
}

// makeCheck solves p, which carries its goal, for two solutions: the
// goal is the first, so the solver only looks for another.
func makeCheck(c *cli.Context, p *puzzle.Puzzle) (*solver.Result, error) {
	ctx, stop := signal.NotifyContext(c.Context, os.Interrupt)
	defer stop()
	o := solver.Options{Max: 2}
	if d := c.Duration("timeout"); d > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, d)
		defer cancel()
	}
	res, err := solver.Solve(ctx, p, o)
	if err != nil {
		return nil, err
	}
	if ctx.Err() != nil && res.Verdict != solver.Unique && res.Verdict != solver.Multiple {
		res.Verdict = solver.Timeout
	}
	return res, nil
}

// pictureOptions reads --colors, --size and --background.
func pictureOptions(c *cli.Context) (picture.Options, error) {
	var o picture.Options
	if c.IsSet("colors") {
		o.Colors = c.Int("colors")
		if o.Colors < 0 || o.Colors > puzzle.MaxColors {
			return o, usagef(c, "--colors %d: want 1 to %d, or 0 to keep the picture's own", o.Colors, puzzle.MaxColors)
		}
	}
	if s := c.String("size"); s != "" {
		w, h, err := puzzle.ParseSize(s)
		if err != nil {
			return o, usagef(c, "--size: %v", err)
		}
		o.Width, o.Height = w, h
	}
	if s := c.String("background"); s != "" {
		rgb, err := puzzle.ParseRGB(s)
		if err != nil {
			return o, usagef(c, "--background: %v", err)
		}
		o.Background = &rgb
	}
	return o, nil
}

// makeFormat is the --to format, else the one OUT's suffix names, else
// XML.
func makeFormat(c *cli.Context, out string) (puzzle.Format, error) {
	var f puzzle.Format
	switch {
	case c.IsSet("to"):
		var err error
		if f, err = puzzle.ParseFormat(c.String("to")); err != nil {
			return "", usagef(c, "--to: %v", err)
		}
		warnSuffix(c, out, f)
	case out != "" && out != "-":
		ext := strings.ToLower(filepath.Ext(out))
		if ext == ".txt" || ext == ".text" {
			f = puzzle.Text
			break
		}
		var err error
		if f, err = puzzle.Detect(out, nil); err != nil {
			return "", usagef(c, "cannot tell the format of %s from its suffix; use --to NAME", out)
		}
	default:
		f = puzzle.XML
	}
	if !f.CanWrite() {
		return "", usagef(c, "nonosat cannot write format %s", f)
	}
	return f, nil
}

// colorWhen reads --color.
func colorWhen(c *cli.Context) (string, error) {
	switch s := c.String("color"); s {
	case "always", "never", "auto":
		return s, nil
	default:
		return "", usagef(c, "--color %q: want always, never or auto", s)
	}
}

// ansiOn says whether to draw in ANSI colour on w: always, never, or
// (auto) when w is a terminal and NO_COLOR is not set.
func ansiOn(when string, w io.Writer) bool {
	switch when {
	case "always":
		return true
	case "never":
		return false
	}
	if os.Getenv("NO_COLOR") != "" || os.Getenv("TERM") == "dumb" {
		return false
	}
	return isTerminal(w)
}

// ansiColors is how to colour a grid on w where ansiOn says to: in 24-bit
// colour when COLORTERM says the terminal has it (truecolor, 24bit), else
// in xterm's 256 colours, which nearly every terminal has.
func ansiColors(when string, w io.Writer) picture.ANSI {
	if !ansiOn(when, w) {
		return picture.Plain
	}
	switch os.Getenv("COLORTERM") {
	case "truecolor", "24bit":
		return picture.TrueColor
	}
	return picture.ANSI256
}
