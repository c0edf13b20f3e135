package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/nonosat/nonosat/puzzle"
	"github.com/urfave/cli/v2"
)

func convertCmd() *cli.Command {
	return &cli.Command{
		Name:      "convert",
		Usage:     "write a puzzle file in another format",
		ArgsUsage: "FILE --to NAME [-o OUT] | FILE -o OUT",
		Description: "Reads every puzzle of FILE (\"-\" is standard input) and writes them in format NAME,\n" +
			"to standard output or to OUT; without --to, OUT's suffix names the format. A format that holds one puzzle per file gets one file\n" +
			"per puzzle, OUT with a numbered suffix (out-0001.nin, out-0002.nin, ...); on standard\n" +
			"output such puzzles follow one another, separated by a blank line.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "to", Aliases: []string{"t"}, Usage: "write format `NAME` (default: from OUT's suffix)"},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write to `OUT` instead of standard output"},
			formatFlag(),
		},
		Action: withArgs(1, 1, convert),
	}
}

func convert(c *cli.Context, args []string) error {
	in, out := args[0], c.String("output")
	if !c.IsSet("to") && (out == "" || out == "-") {
		return usagef(c, "missing --to NAME (or -o OUT, whose suffix names the format)")
	}
	// The format of --to, else of OUT's suffix, as make, generate and
	// fix take it.
	to, err := makeFormat(c, out)
	if err != nil {
		return err
	}
	if sameFile(in, out) {
		return usagef(c, "-o %s is the input file; write to another one", out)
	}
	ps, err := readPuzzles(c, in)
	if err != nil {
		return err
	}

	for i, p := range ps {
		if !to.Color() && !p.IsBW() {
			return cli.Exit(fmt.Errorf("%s: puzzle %d has %d colours; %w: %s is black and white only", in, i+1, p.NumColors(), puzzle.ErrUnsupported, to), exitError)
		}
	}
	// Encode everything before writing anything, so that a puzzle the
	// format cannot express leaves no partial output behind.
	if to.Multi() || len(ps) == 1 {
		var buf bytes.Buffer
		if err := puzzle.EncodeAll(&buf, ps, to); err != nil {
			return cli.Exit(fmt.Errorf("%s: %w", in, err), exitError)
		}
		return writeOutput(c, out, buf.Bytes())
	}
	bufs := make([][]byte, len(ps))
	for i, p := range ps {
		var buf bytes.Buffer
		if err := puzzle.Encode(&buf, p, to); err != nil {
			return cli.Exit(fmt.Errorf("%s: puzzle %d: %w", in, i+1, err), exitError)
		}
		bufs[i] = buf.Bytes()
	}
	if out == "" || out == "-" {
		fmt.Fprintf(c.App.ErrWriter, "nonosat: warning: %s holds one puzzle per file; writing %d puzzles separated by blank lines\n", to, len(ps))
		return writeOutput(c, out, bytes.Join(bufs, []byte("\n")))
	}
	names := numberedNames(out, to, len(ps))
	for i, b := range bufs {
		if err := writeOutput(c, names[i], b); err != nil {
			return err
		}
	}
	fmt.Fprintf(c.App.ErrWriter, "nonosat: %s holds one puzzle per file; wrote %d files %s ... %s\n", to, len(ps), names[0], names[len(names)-1])
	return nil
}

// sameFile reports whether the named files both exist and are one file
// (standard input, "-", is no file).
func sameFile(a, b string) bool {
	if a == "-" || b == "" || b == "-" {
		return false
	}
	fa, err := os.Stat(a)
	if err != nil {
		return false
	}
	fb, err := os.Stat(b)
	return err == nil && os.SameFile(fa, fb)
}

// warnSuffix warns when file out, to be written in format f, has the
// suffix of another format, which is how nonosat would read it back.
func warnSuffix(c *cli.Context, out string, f puzzle.Format) {
	if out == "" || out == "-" || filepath.Ext(out) == "" {
		return
	}
	if g, err := puzzle.Detect(out, nil); err == nil && g != f {
		fmt.Fprintf(c.App.ErrWriter, "nonosat: warning: %s is written in format %s, but its suffix says %s: read it back with --format %s\n", out, f, g, f)
	}
}

// numberedNames returns n file names made from out by inserting -0001,
// -0002, ... before its suffix (or before the format's usual suffix, if
// out has none).
func numberedNames(out string, f puzzle.Format, n int) []string {
	ext := filepath.Ext(out)
	base := strings.TrimSuffix(out, ext)
	if ext == "" {
		ext = f.Suffix()
	}
	width := max(4, len(fmt.Sprint(n)))
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("%s-%0*d%s", base, width, i+1, ext)
	}
	return names
}

// writeOutput writes b to the named file, or to the app's standard output
// for "" or "-".
func writeOutput(c *cli.Context, name string, b []byte) error {
	var err error
	if name == "" || name == "-" {
		_, err = c.App.Writer.Write(b)
	} else {
		err = os.WriteFile(name, b, 0o666)
	}
	if err != nil {
		return cli.Exit(err, exitError)
	}
	return nil
}
