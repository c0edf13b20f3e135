package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/nonosat/nonosat/clidoc"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/urfave/cli/v2"
)

func manCmd() *cli.Command {
	return &cli.Command{
		Name:  "man",
		Usage: "print the manual page (roff, section 1)",
		Description: "Prints the manual page: a synopsis of every command, their flags with defaults, the\n" +
			"exit status, the file formats and examples. 'make install' puts it where man finds it;\n" +
			"by hand:\n" +
			"\n" +
			"   nonosat man > ~/.local/share/man/man1/nonosat.1",
		Action: withArgs(0, 0, func(c *cli.Context, _ []string) error {
			return writeMan(c.App.Writer, c.App)
		}),
	}
}

// manDescription is the DESCRIPTION section, in roff.
const manDescription = `.B nonosat
reads, converts and checks nonogram (paint-by-number) puzzles, black and white or in
colour, and solves them with a SAT solver: it says whether a puzzle has exactly one
solution. Every grid it prints has passed a checker that uses no SAT code.
.PP
Flags may come before or after the arguments;
.B \-\-
ends the flags.
A
.I FILE
of
.B \-
is standard input. The input format is chosen from the file suffix, then from the
content;
.BI \-\-format " NAME"
(before or after the command) overrides that (see
.BR FORMATS ).
Files with several puzzles are handled puzzle by puzzle.
.B nonosat help
.I COMMAND
or
.B nonosat
.I COMMAND
.B \-\-help
shows a command's flags.
`

// manExitStatus documents each exit code, in this order.
var manExitStatus = []clidoc.Exit{
	{Code: exitOK, Text: "Success; for check, the solution is unique."},
	{Code: exitError, Text: "An input or I/O error; for verify, a grid that is not a solution."},
	{Code: exitUsage, Text: "A usage error: an unknown command or flag, missing or extra arguments."},
	{Code: exitMultiple, Text: "More than one solution."},
	{Code: exitUndecided, Text: "Timed out or otherwise undecided (count: --timeout stopped the count)."},
	{Code: exitNoSolution, Text: "No solution (the SAT-competition code for unsatisfiable)."},
	{Code: exitInterrupted, Text: "Interrupted (Ctrl-C, SIGTERM, SIGHUP): solve, check and count stop at once, killing any SAT solver they started; batch writes the results so far, and --resume finishes."},
}

// manFormats describes each puzzle format, with the suffixes that name it.
var manFormats = map[puzzle.Format]struct {
	suffixes []string
	text     string
}{
	puzzle.XML:    {[]string{".xml", ".pbn"}, "XML from webpbn.com, with colours and the goal picture."},
	puzzle.NON:    {[]string{".non", ".nonpack"}, "Steve Simpson's format, with the goal and colour extensions."},
	puzzle.NIN:    {[]string{".nin"}, "Jakub Wilk's format."},
	puzzle.MK:     {[]string{".mk"}, "Petr Olšák's simple format."},
	puzzle.G:      {[]string{".g"}, "Petr Olšák's format with colours."},
	puzzle.CWD:    {[]string{".cwd"}, "The QNonograms/Copris format."},
	puzzle.CWC:    {[]string{".cwc"}, "The multicolour QNonograms/Copris format."},
	puzzle.TAAI:   {[]string{".taai"}, "The TAAI/TCGA tournament format."},
	puzzle.Tatham: {[]string{".tatham", ".pattern"}, "Simon Tatham's Pattern game ids, one per line."},
	puzzle.Text:   {[]string{".txt", ".text"}, "Row clues, a blank line, column clues (for these suffixes the content decides first)."},
	puzzle.String: {[]string{".str"}, "The compact form 2:2:3-1,1:3:2: row clues, a dash, column clues."},
}

// writeMan writes the manual page of app in roff (man(7) macros, section 1).
func writeMan(w io.Writer, app *cli.App) error {
	var formats strings.Builder
	writeFormats(&formats)
	return clidoc.Man(w, app, clidoc.Page{
		Description: manDescription,
		ExitStatus:  manExitStatus,
		Sections:    []clidoc.Section{{Name: "FORMATS", Roff: formats.String()}},
		Examples:    helpExamples,
		ExamplesSay: "The puzzles named are those of the examples folder of the source tree.",
	})
}

// writeFormats writes the body of the FORMATS section: each puzzle format, its
// suffixes and what it holds.
func writeFormats(b *strings.Builder) {
	var color, multi, readOnly []string
	for _, f := range puzzle.Formats() {
		if f.Color() {
			color = append(color, string(f))
		}
		if f.Multi() {
			multi = append(multi, string(f))
		}
		if !f.CanWrite() {
			readOnly = append(readOnly, string(f))
		}
	}
	b.WriteString("The puzzle formats, by the name that \\-\\-format takes (and \\-\\-to, where a command writes\n" +
		"puzzles), with the file suffixes that name them. The formats " + clidoc.List(color) + " hold\n" +
		"colours; " + clidoc.List(multi) + " may hold several puzzles per file. ")
	switch len(readOnly) {
	case 0:
		b.WriteString("Every format is read and written.\n")
	case 1:
		b.WriteString("All but " + readOnly[0] + " are written as well as read.\n")
	default:
		b.WriteString("All but " + clidoc.List(readOnly) + " are written as well as read.\n")
	}
	for _, f := range puzzle.Formats() {
		d := manFormats[f]
		fmt.Fprintf(b, ".TP\n.BR %s \" (%s)\"\n%s\n", f, clidoc.Roff(strings.Join(d.suffixes, ", ")), clidoc.Roff(d.text))
	}
}
