package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/nonosat/nonosat/puzzle"
)

// manSections splits a roff page into its sections, by .SH name.
func manSections(page string) map[string]string {
	out := map[string]string{}
	for _, s := range strings.Split(page, "\n.SH ")[1:] {
		name, body, _ := strings.Cut(s, "\n")
		out[strings.Trim(name, `"`)] = body
	}
	return out
}

// TestManPage: the man page is roff for section 1, with the sections a
// manual page has, and groff reads it without a warning.
func TestManPage(t *testing.T) {
	r := run(t, "man")
	if r.code != exitOK || !strings.Contains(r.stdout, ".TH nonosat 1") {
		t.Fatalf("nonosat man: %v", r)
	}
	sections := manSections(r.stdout)
	for _, s := range []string{"NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "GLOBAL OPTIONS", "EXIT STATUS", "FORMATS", "EXAMPLES"} {
		if strings.TrimSpace(sections[s]) == "" {
			t.Errorf("the man page has no %s section", s)
		}
	}
	if _, err := exec.LookPath("groff"); err != nil {
		t.Log("groff is not installed: the page is not typeset")
		return
	}
	cmd := exec.Command("groff", "-man", "-ww", "-z")
	cmd.Stdin = strings.NewReader(r.stdout)
	if out, err := cmd.CombinedOutput(); err != nil || len(out) > 0 {
		t.Errorf("groff -man -ww -z: %v\n%s", err, out)
	}
}

// TestManCommands: SYNOPSIS gives each command with every flag it takes
// and its arguments, and COMMANDS its help: the description and every
// flag with its value and default, the defaults as the flags have them.
func TestManCommands(t *testing.T) {
	sections := manSections(run(t, "man").stdout)
	synopsis, commands := sections["SYNOPSIS"], sections["COMMANDS"]
	app := newApp(nil, nil)
	for _, c := range app.Commands {
		head := ".SY \"nonosat " + c.Name + "\"\n"
		if c.Hidden {
			if strings.Contains(synopsis, head) {
				t.Errorf("SYNOPSIS shows the hidden command %s", c.Name)
			}
			continue
		}
		syn, ok := strings.CutPrefix(synopsis[strings.Index(synopsis, head)+1:], head[1:])
		if !strings.Contains(synopsis, head) || !ok {
			t.Errorf("SYNOPSIS has no line for %s", c.Name)
			continue
		}
		syn, _, _ = strings.Cut(syn, ".YS")
		for _, f := range c.Flags {
			if !strings.Contains(syn, `\fB`+roff(dashed(f.Names()[0]))+`\fR`) {
				t.Errorf("SYNOPSIS of %s lacks --%s:\n%s", c.Name, f.Names()[0], syn)
			}
		}
		if _, args := splitArgsUsage(c.ArgsUsage); len(args) > 0 && !strings.Contains(syn, argRoff(args[len(args)-1])) {
			t.Errorf("SYNOPSIS of %s lacks its argument %s:\n%s", c.Name, args[len(args)-1], syn)
		}
		body, ok := strings.CutPrefix(commands[strings.Index(commands, ".SS "+c.Name+"\n"):], ".SS "+c.Name+"\n")
		if !ok {
			t.Errorf("COMMANDS has no %s", c.Name)
			continue
		}
		body, _, _ = strings.Cut(body, "\n.SS ")
		if first, _, _ := strings.Cut(c.Description, "\n"); !strings.Contains(body, roff(first)) {
			t.Errorf("COMMANDS: %s lacks its description %q", c.Name, first)
		}
		for _, f := range c.Flags {
			if !strings.Contains(body, ".TP\n\\fB"+roff(dashed(f.Names()[0]))+"\\fR") {
				t.Errorf("COMMANDS: %s lacks its flag --%s", c.Name, f.Names()[0])
			}
		}
	}
	if strings.Contains(commands, `=""`) {
		t.Errorf(`COMMANDS shows an empty default (=""):\n%s`, commands)
	}
	// Defaults as the flags have them, of every kind of flag.
	for _, tt := range []struct{ command, tag, want string }{
		{"check", `\fB\-\-timeout\fR \fID\fR`, "(default: no limit)"},
		{"fix", `\fB\-\-edit\-timeout\fR \fID\fR`, "(default: 10s)"},
		{"solve", `\fB\-\-max\fR \fIN\fR`, "(default: 1)"},
		{"count", `\fB\-\-max\fR \fIN\fR`, "(default: 10000)"},
		{"check", `\fB\-\-sat\fR \fINAME\fR`, "(default: auto)"},
		{"solve", `\fB\-\-encoding\fR \fIKIND\fR`, "(default: path, or order for an external \\-\\-sat solver)"},
		{"generate", `\fB\-\-density\fR \fID\fR`, "(default: 0.6)"},
		{"dimacs", `\fB\-\-units\fR`, "(default: true, unless \\-\\-no\\-units)"},
	} {
		body := commands[strings.Index(commands, ".SS "+tt.command+"\n"):]
		_, text, ok := strings.Cut(body, ".TP\n"+tt.tag+"\n")
		text, _, _ = strings.Cut(text, "\n")
		if !ok || !strings.HasSuffix(text, tt.want) {
			t.Errorf("COMMANDS: %s %s reads %q, want it to end %q", tt.command, tt.tag, text, tt.want)
		}
	}
	for _, tag := range []string{`\fB\-\-json\fR`, `\fB\-\-plain\fR`} { // off unless given
		_, text, _ := strings.Cut(commands, ".TP\n"+tag+"\n")
		if text, _, _ = strings.Cut(text, "\n"); strings.Contains(text, "default") {
			t.Errorf("COMMANDS: %s reads %q: a switch that is off has no default to show", tag, text)
		}
	}
}

// TestManExitStatus: EXIT STATUS documents every exit code exit.go
// declares.
func TestManExitStatus(t *testing.T) {
	status := manSections(run(t, "man").stdout)["EXIT STATUS"]
	f, err := parser.ParseFile(token.NewFileSet(), "exit.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	ast.Inspect(f, func(node ast.Node) bool {
		vs, ok := node.(*ast.ValueSpec)
		if !ok {
			return true
		}
		for i, name := range vs.Names {
			code, err := strconv.Atoi(vs.Values[i].(*ast.BasicLit).Value)
			if err != nil {
				t.Fatalf("exit.go: %s: %v", name, err)
			}
			n++
			if !strings.Contains(status, ".TP\n.B "+strconv.Itoa(code)+"\n") {
				t.Errorf("EXIT STATUS lacks %s (%d):\n%s", name, code, status)
			}
		}
		return true
	})
	if n < 7 {
		t.Errorf("found %d exit codes in exit.go, want 7 or more", n)
	}
}

// TestManFormats: FORMATS names every puzzle format with its suffixes,
// each of which the reader takes for that format.
func TestManFormats(t *testing.T) {
	formats := manSections(run(t, "man").stdout)["FORMATS"]
	for _, f := range puzzle.Formats() {
		d, ok := manFormats[f]
		if !ok || d.text == "" {
			t.Errorf("format %s has no description", f)
			continue
		}
		if !strings.Contains(formats, ".BR "+string(f)+" ") {
			t.Errorf("FORMATS lacks %s", f)
		}
		if !strings.Contains(strings.Join(d.suffixes, " "), f.Suffix()) {
			t.Errorf("FORMATS: %s lacks its suffix %s", f, f.Suffix())
		}
		for _, s := range d.suffixes {
			if f == puzzle.Text {
				continue // .txt and .text: the content decides, as FORMATS says
			}
			if got, err := puzzle.Detect("puzzle"+s, nil); got != f {
				t.Errorf("FORMATS gives %s to %s, but puzzle.Detect(%q) = %q, %v", s, f, "puzzle"+s, got, err)
			}
		}
	}
}

// TestManExamples: EXAMPLES has every example of every command's help.
func TestManExamples(t *testing.T) {
	examples := manSections(run(t, "man").stdout)["EXAMPLES"]
	for name, lines := range helpExamples {
		for _, l := range lines {
			if !strings.Contains(examples, "\n"+roff(l)+"\n") {
				t.Errorf("EXAMPLES lacks %s's %q", name, l)
			}
		}
	}
}
