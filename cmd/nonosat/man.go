package main

import (
	"fmt"
	"io"
	"strings"

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

// The manual page is written here from the commands' own help rather than
// by urfave/cli's ToMan, which goes through Markdown: its Markdown library
// costs every run of the program its package initialisation, and its page
// had no per-command synopsis and showed every default as a string.

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
var manExitStatus = []struct {
	code int
	text string
}{
	{exitOK, "Success; for check, the solution is unique."},
	{exitError, "An input or I/O error; for verify, a grid that is not a solution."},
	{exitUsage, "A usage error: an unknown command or flag, missing or extra arguments."},
	{exitMultiple, "More than one solution."},
	{exitUndecided, "Timed out or otherwise undecided (count: --timeout stopped the count)."},
	{exitNoSolution, "No solution (the SAT-competition code for unsatisfiable)."},
	{exitInterrupted, "Interrupted (Ctrl-C, SIGTERM, SIGHUP): solve, check and count stop at once, killing any SAT solver they started; batch writes the results so far, and --resume finishes."},
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
	var b strings.Builder
	b.WriteString(".\\\" The manual page of nonosat, written by \"nonosat man\".\n")
	fmt.Fprintf(&b, ".TH %s 1 \"\" %q \"User Commands\"\n", app.Name, app.Name)
	b.WriteString(".nh\n.ad l\n")
	fmt.Fprintf(&b, ".SH NAME\n%s \\- %s\n", app.Name, roff(app.Usage))

	b.WriteString(".SH SYNOPSIS\n")
	fmt.Fprintf(&b, ".SY %s\n[\\fB\\-\\-format\\fR \\fINAME\\fR]\n\\fICOMMAND\\fR [\\fIflags\\fR] \\fIARGS\\fR...\n.YS\n", app.Name)
	for _, c := range app.VisibleCommands() {
		b.WriteString(synopsis(app.Name, c))
	}
	fmt.Fprintf(&b, ".SY \"%s help\"\n[\\fICOMMAND\\fR]\n.YS\n.SY %s\n\\fB\\-\\-version\\fR\n.YS\n", app.Name, app.Name)

	b.WriteString(".SH DESCRIPTION\n" + manDescription)

	b.WriteString(".SH COMMANDS\n")
	for _, c := range app.VisibleCommands() {
		fmt.Fprintf(&b, ".SS %s\n%s.\n", c.Name, roff(capitalize(c.Usage)))
		desc, _, _ := strings.Cut(c.Description, "\n\nExamples:\n") // they have their own section
		writeText(&b, desc)
		for _, f := range c.VisibleFlags() {
			if !hasName(f, "help") { // every command has it: DESCRIPTION says so
				writeFlag(&b, f)
			}
		}
	}

	b.WriteString(".SH GLOBAL OPTIONS\n")
	for _, f := range app.VisibleFlags() {
		writeFlag(&b, f)
	}

	b.WriteString(".SH EXIT STATUS\n")
	for _, e := range manExitStatus {
		fmt.Fprintf(&b, ".TP\n.B %d\n%s\n", e.code, roff(e.text))
	}

	writeFormats(&b)

	b.WriteString(".SH EXAMPLES\n" +
		"The puzzles named are those of the examples folder of the source tree.\n")
	b.WriteString(".PP\nFirst steps:\n.RS 4\n.nf\n")
	for _, line := range helpExamples[""] {
		b.WriteString(roffLine(line) + "\n")
	}
	b.WriteString(".fi\n.RE\n")
	for _, c := range app.VisibleCommands() {
		if ex := helpExamples[c.Name]; len(ex) > 0 {
			fmt.Fprintf(&b, ".PP\n%s:\n", roff(capitalize(c.Usage)))
			b.WriteString(".RS 4\n.nf\n")
			for _, line := range ex {
				b.WriteString(roffLine(line) + "\n")
			}
			b.WriteString(".fi\n.RE\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeFormats writes the FORMATS section: each puzzle format, its
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
	b.WriteString(".SH FORMATS\n" +
		"The puzzle formats, by the name that \\-\\-format takes (and \\-\\-to, where a command writes\n" +
		"puzzles), with the file suffixes that name them. The formats " + list(color) + " hold\n" +
		"colours; " + list(multi) + " may hold several puzzles per file. ")
	switch len(readOnly) {
	case 0:
		b.WriteString("Every format is read and written.\n")
	case 1:
		b.WriteString("All but " + readOnly[0] + " are written as well as read.\n")
	default:
		b.WriteString("All but " + list(readOnly) + " are written as well as read.\n")
	}
	for _, f := range puzzle.Formats() {
		d := manFormats[f]
		fmt.Fprintf(b, ".TP\n.BR %s \" (%s)\"\n%s\n", f, roff(strings.Join(d.suffixes, ", ")), roff(d.text))
	}
}

// list joins words as in a sentence: "a, b and c".
func list(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// synopsis is the roff synopsis of command c: its name, the flags the
// arguments usage names outside brackets (they are needed), every other
// flag in brackets, then the arguments.
func synopsis(prog string, c *cli.Command) string {
	needed, args := splitArgsUsage(c.ArgsUsage)
	parts := []string{fmt.Sprintf(".SY \"%s %s\"\n", prog, c.Name)}
	for _, n := range needed {
		if f := flagNamed(c.Flags, n); f != nil {
			parts = append(parts, flagSynopsis(f, false))
		}
	}
	for _, f := range c.VisibleFlags() {
		if !containsName(needed, f) && !hasName(f, "help") {
			parts = append(parts, flagSynopsis(f, true))
		}
	}
	for _, a := range args {
		parts = append(parts, argRoff(a))
	}
	return strings.Join(parts, "") + ".YS\n"
}

// splitArgsUsage reads an ArgsUsage string such as "FILE --to NAME [-o OUT]"
// into the names of the flags it gives unbracketed (needed flags) and its
// other words that are not flags or their values (the arguments).
func splitArgsUsage(s string) (needed, args []string) {
	words := strings.Fields(s)
	for i := 0; i < len(words); i++ {
		w := words[i]
		switch {
		case strings.HasPrefix(w, "[-"): // an optional flag: skip the group
			depth := 0
			for ; i < len(words); i++ {
				depth += strings.Count(words[i], "[") - strings.Count(words[i], "]")
				if depth <= 0 {
					break
				}
			}
		case strings.HasPrefix(w, "-"):
			needed = append(needed, strings.TrimLeft(w, "-"))
			i++ // its value
		default:
			args = append(args, w)
		}
	}
	return needed, args
}

// argRoff sets an argument word in italics, keeping brackets, bars and
// ellipses roman, and a literal lower-case word (proof's "check", the
// shells) in bold.
func argRoff(w string) string {
	var b strings.Builder
	word := func(s string) {
		switch {
		case s == "":
		case strings.ToLower(s) == s:
			b.WriteString("\\fB" + roff(s) + "\\fR")
		default:
			b.WriteString("\\fI" + roff(s) + "\\fR")
		}
	}
	start := 0
	for i := 0; i < len(w); i++ {
		if strings.IndexByte("[]|", w[i]) >= 0 || strings.HasPrefix(w[i:], "...") {
			word(w[start:i])
			if w[i] == '.' {
				b.WriteString("...")
				i += 2
			} else {
				b.WriteByte(w[i])
			}
			start = i + 1
		}
	}
	word(w[start:])
	return b.String() + "\n"
}

// flagSynopsis is one flag in a synopsis: its first name and value.
func flagSynopsis(f cli.Flag, optional bool) string {
	name := f.Names()[0]
	s := "\\fB" + roff(dashed(name)) + "\\fR"
	if value, _ := flagValue(f); value != "" {
		s += "\\ \\fI" + roff(value) + "\\fR"
	}
	if optional {
		s = "[" + s + "]"
	}
	return s + "\n"
}

// writeFlag writes one flag as a tagged paragraph: every name, the value,
// the usage and the default.
func writeFlag(b *strings.Builder, f cli.Flag) {
	value, usage := flagValue(f)
	var names []string
	for _, n := range f.Names() {
		names = append(names, "\\fB"+roff(dashed(n))+"\\fR")
	}
	tag := strings.Join(names, ", ")
	if value != "" {
		tag += " \\fI" + roff(value) + "\\fR"
	}
	text := usage
	if d := defaultText(f); d != "" {
		text += " (default: " + d + ")"
	}
	fmt.Fprintf(b, ".TP\n%s\n%s\n", tag, roff(text))
}

// flagValue returns the name of a flag's value, from the first `quoted`
// word of its usage as urfave/cli takes it ("" for a flag that takes
// none), and the usage without the quotes.
func flagValue(f cli.Flag) (value, usage string) {
	d, ok := f.(cli.DocGenerationFlag)
	if !ok {
		return "", ""
	}
	usage = d.GetUsage()
	if i := strings.IndexByte(usage, '`'); i >= 0 {
		if j := strings.IndexByte(usage[i+1:], '`'); j >= 0 {
			value = usage[i+1 : i+1+j]
			usage = usage[:i] + value + usage[i+2+j:]
		}
	}
	if !d.TakesValue() {
		return "", usage
	}
	if value == "" {
		value = "VALUE"
	}
	return value, usage
}

// defaultText is what a flag's value is when it is not given, or "" when
// there is nothing to say: a switch that is off, an empty string.
func defaultText(f cli.Flag) string {
	switch f := f.(type) {
	case *cli.BoolFlag:
		return f.DefaultText // only a switch on by default says so
	case *cli.StringFlag:
		if f.DefaultText != "" {
			return f.DefaultText
		}
		return f.Value
	case *cli.DurationFlag:
		if f.DefaultText != "" {
			return f.DefaultText
		}
		if f.Value == 0 {
			return "no limit" // every duration flag is a time limit
		}
		return f.Value.String()
	case cli.DocGenerationFlag:
		return f.GetDefaultText()
	}
	return ""
}

// dashed is a flag name as typed: -o, --output.
func dashed(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

func flagNamed(flags []cli.Flag, name string) cli.Flag {
	for _, f := range flags {
		if hasName(f, name) {
			return f
		}
	}
	return nil
}

func hasName(f cli.Flag, name string) bool {
	for _, n := range f.Names() {
		if n == name {
			return true
		}
	}
	return false
}

func containsName(names []string, f cli.Flag) bool {
	for _, n := range names {
		if hasName(f, n) {
			return true
		}
	}
	return false
}

// writeText writes help text as roff paragraphs: a blank line starts a
// paragraph, and indented lines (commands to type) are set as they are.
func writeText(b *strings.Builder, text string) {
	text = strings.TrimSpace(text)
	if text == "" {
		return
	}
	b.WriteString(".PP\n")
	literal := false
	for _, line := range strings.Split(text, "\n") {
		indented := strings.HasPrefix(line, " ") || strings.HasPrefix(line, "\t")
		switch {
		case strings.TrimSpace(line) == "":
			if !literal {
				b.WriteString(".PP\n")
			}
			continue
		case indented && !literal:
			b.WriteString(".RS 4\n.nf\n")
			literal = true
		case !indented && literal:
			b.WriteString(".fi\n.RE\n")
			literal = false
		}
		if literal {
			b.WriteString(roffLine(strings.TrimSpace(line)) + "\n")
		} else {
			b.WriteString(roffLine(line) + "\n")
		}
	}
	if literal {
		b.WriteString(".fi\n.RE\n")
	}
}

// roff escapes text for a roff line: backslashes and dashes (so that
// flags read as typed and can be copied).
func roff(s string) string {
	return strings.NewReplacer(`\`, `\e`, "-", `\-`).Replace(s)
}

// roffLine is roff for a whole input line: one that starts with a dot or
// an apostrophe would be read as a request.
func roffLine(s string) string {
	s = roff(s)
	if strings.HasPrefix(s, ".") || strings.HasPrefix(s, "'") {
		s = `\&` + s
	}
	return s
}

// capitalize upper-cases the first letter of s.
func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
