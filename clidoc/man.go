package clidoc

import (
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"
)

// Page is what a manual page says that the app's commands and flags do
// not: text in roff, written into the page as it is.
type Page struct {
	Description string              // the DESCRIPTION section
	ExitStatus  []Exit              // the EXIT STATUS section, in this order
	Sections    []Section           // further sections, after EXIT STATUS
	Examples    map[string][]string // shell lines by command name ("": the program's first steps), for EXAMPLES
	ExamplesSay string              // the sentence that opens EXAMPLES
}

// Exit documents one exit code.
type Exit struct {
	Code int
	Text string // plain text
}

// Section is a section of the page with its heading.
type Section struct {
	Name string
	Roff string // the body, in roff
}

// Man writes the manual page of app in roff (man(7) macros, section 1):
// a synopsis per visible command, each command's description and flags,
// the global options, then what pg holds.
func Man(w io.Writer, app *cli.App, pg Page) error {
	var b strings.Builder
	fmt.Fprintf(&b, ".\\\" The manual page of %s, written by \"%s man\".\n", app.Name, app.Name)
	fmt.Fprintf(&b, ".TH %s 1 \"\" %q \"User Commands\"\n", app.Name, app.Name)
	b.WriteString(".nh\n.ad l\n")
	fmt.Fprintf(&b, ".SH NAME\n%s \\- %s\n", app.Name, Roff(app.Usage))
	writeSynopsis(&b, app)
	b.WriteString(".SH DESCRIPTION\n" + pg.Description)
	writeCommands(&b, app)
	b.WriteString(".SH GLOBAL OPTIONS\n")
	for _, f := range app.VisibleFlags() {
		writeFlag(&b, f)
	}
	b.WriteString(".SH EXIT STATUS\n")
	for _, e := range pg.ExitStatus {
		fmt.Fprintf(&b, ".TP\n.B %d\n%s\n", e.Code, Roff(e.Text))
	}
	for _, s := range pg.Sections {
		b.WriteString(".SH " + s.Name + "\n" + s.Roff)
	}
	writeExamples(&b, app, pg)
	_, err := io.WriteString(w, b.String())
	return err
}

// writeSynopsis writes the SYNOPSIS section: the program with its global
// flags, each visible command, help and --version.
func writeSynopsis(b *strings.Builder, app *cli.App) {
	b.WriteString(".SH SYNOPSIS\n")
	fmt.Fprintf(b, ".SY %s\n", app.Name)
	for _, f := range app.VisibleFlags() {
		if hasName(f, "help") || hasName(f, "version") {
			continue
		}
		s := "[\\fB" + Roff(Dashed(f.Names()[0])) + "\\fR"
		if value, _ := flagValue(f); value != "" {
			s += " \\fI" + Roff(value) + "\\fR"
		}
		b.WriteString(s + "]\n")
	}
	b.WriteString("\\fICOMMAND\\fR [\\fIflags\\fR] \\fIARGS\\fR...\n.YS\n")
	for _, c := range app.VisibleCommands() {
		b.WriteString(synopsis(app.Name, c))
	}
	fmt.Fprintf(b, ".SY \"%s help\"\n[\\fICOMMAND\\fR]\n.YS\n.SY %s\n\\fB\\-\\-version\\fR\n.YS\n", app.Name, app.Name)
}

// writeCommands writes the COMMANDS section: each visible command's
// usage, description (up to its examples, which have their own section)
// and flags.
func writeCommands(b *strings.Builder, app *cli.App) {
	b.WriteString(".SH COMMANDS\n")
	for _, c := range app.VisibleCommands() {
		fmt.Fprintf(b, ".SS %s\n%s.\n", c.Name, Roff(capitalize(c.Usage)))
		desc, _, _ := strings.Cut(c.Description, "\n\nExamples:\n")
		writeText(b, desc)
		for _, f := range c.VisibleFlags() {
			if !hasName(f, "help") { // every command has it: DESCRIPTION says so
				writeFlag(b, f)
			}
		}
	}
}

// writeExamples writes the EXAMPLES section: the program's own shell
// lines (Examples[""]) as first steps, then those of each visible command
// that has some, under its usage.
func writeExamples(b *strings.Builder, app *cli.App, pg Page) {
	b.WriteString(".SH EXAMPLES\n" + pg.ExamplesSay + "\n")
	if ex := pg.Examples[""]; len(ex) > 0 {
		b.WriteString(".PP\nFirst steps:\n")
		writeLines(b, ex)
	}
	for _, c := range app.VisibleCommands() {
		if ex := pg.Examples[c.Name]; len(ex) > 0 {
			fmt.Fprintf(b, ".PP\n%s:\n", Roff(capitalize(c.Usage)))
			writeLines(b, ex)
		}
	}
}

// writeLines writes shell lines as they are, indented.
func writeLines(b *strings.Builder, lines []string) {
	b.WriteString(".RS 4\n.nf\n")
	for _, line := range lines {
		b.WriteString(roffLine(line) + "\n")
	}
	b.WriteString(".fi\n.RE\n")
}

// List joins words as in a sentence: "a, b and c".
func List(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// synopsis is the roff synopsis of command c: its name, the flags the
// arguments usage names outside brackets (they are needed), every other
// flag in brackets, then the arguments.
func synopsis(prog string, c *cli.Command) string {
	needed, args := SplitArgsUsage(c.ArgsUsage)
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
		parts = append(parts, ArgRoff(a))
	}
	return strings.Join(parts, "") + ".YS\n"
}

// SplitArgsUsage reads an ArgsUsage string such as "FILE --to NAME [-o OUT]"
// into the names of the flags it gives unbracketed (needed flags) and its
// other words that are not flags or their values (the arguments).
func SplitArgsUsage(s string) (needed, args []string) {
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

// ArgRoff sets an argument word in italics, keeping brackets, bars and
// ellipses roman, and a literal lower-case word (proof's "check", the
// shells) in bold.
func ArgRoff(w string) string {
	var b strings.Builder
	word := func(s string) {
		switch {
		case s == "":
		case strings.ToLower(s) == s:
			b.WriteString("\\fB" + Roff(s) + "\\fR")
		default:
			b.WriteString("\\fI" + Roff(s) + "\\fR")
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
	s := "\\fB" + Roff(Dashed(name)) + "\\fR"
	if value, _ := flagValue(f); value != "" {
		s += "\\ \\fI" + Roff(value) + "\\fR"
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
		names = append(names, "\\fB"+Roff(Dashed(n))+"\\fR")
	}
	tag := strings.Join(names, ", ")
	if value != "" {
		tag += " \\fI" + Roff(value) + "\\fR"
	}
	text := usage
	if d := defaultText(f); d != "" {
		text += " (default: " + d + ")"
	}
	fmt.Fprintf(b, ".TP\n%s\n%s\n", tag, Roff(text))
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

// Dashed is a flag name as typed: -o, --output.
func Dashed(name string) string {
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

// Roff escapes text for a roff line: backslashes and dashes (so that
// flags read as typed and can be copied).
func Roff(s string) string {
	return strings.NewReplacer(`\`, `\e`, "-", `\-`).Replace(s)
}

// roffLine is roff for a whole input line: one that starts with a dot or
// an apostrophe would be read as a request.
func roffLine(s string) string {
	s = Roff(s)
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
