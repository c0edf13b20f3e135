package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/nonosat/nonosat/puzzle"
	"github.com/urfave/cli/v2"
)

// result is what one run of the app did.
type result struct {
	err            error
	code           int    // from the error, as main would exit
	stdout, stderr string // stderr includes what main's report prints
}

// run drives the whole app as main does, with args after the program name.
func run(t *testing.T, args ...string) result {
	t.Helper()
	return runIn(t, nil, args...)
}

// runIn is run with stdin as the app's standard input.
func runIn(t *testing.T, stdin io.Reader, args ...string) result {
	t.Helper()
	var out, errb bytes.Buffer
	app := newApp(&out, &errb)
	app.ExitErrHandler = func(*cli.Context, error) {}
	if stdin != nil {
		app.Reader = stdin
	}
	err := runApp(app, append([]string{"nonosat"}, args...))
	code := exitOK
	if err != nil {
		code = exitError
		var ec cli.ExitCoder
		if errors.As(err, &ec) {
			code = ec.ExitCode()
		}
	}
	if got := exitReport(&errb, err); got != code {
		t.Errorf("exitReport(%v) = %d, want %d", err, got, code)
	}
	return result{err: err, code: code, stdout: out.String(), stderr: errb.String()}
}

func (r result) String() string {
	return fmt.Sprintf("exit %d, error %v\nstdout:\n%s\nstderr:\n%s", r.code, r.err, r.stdout, r.stderr)
}

// needFormats skips the test unless every format f can write and read back
// a small puzzle: some readers are still being written.
func needFormats(t *testing.T, fs ...puzzle.Format) {
	t.Helper()
	p := puzzle.New([][]int{{1}, {}}, [][]int{{1}, {}})
	for _, f := range fs {
		var buf bytes.Buffer
		err := puzzle.Encode(&buf, p, f)
		if err == nil {
			_, err = puzzle.Decode(&buf, f)
		}
		if err != nil {
			t.Skipf("format %s not usable yet: %v", f, err)
		}
	}
}

func TestUsageErrors(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string // in the one error line on stderr
	}{
		{"no command", nil, ""},
		{"unknown command", []string{"bogus"}, `unknown command "bogus"`},
		{"unknown command with args", []string{"bogus", "x.non"}, `unknown command "bogus"`},
		{"help for unknown command", []string{"help", "bogus"}, `unknown command "bogus"`},
		{"bad global flag", []string{"--bogus", "info", "x.non"}, "unknown flag --bogus (see"},
		{"bad flag", []string{"info", "--bogus", "x.non"}, "unknown flag --bogus (see"},
		{"bad flag after args", []string{"info", "x.non", "--bogus"}, "unknown flag --bogus (see"},
		{"flag missing its value", []string{"convert", "x.non", "--to"}, "--to needs a value"},
		{"bad int flag", []string{"verify", "--puzzle", "two", "a", "b"}, "--puzzle two: want a whole number"},
		{"bad int flag after args", []string{"verify", "a", "b", "--puzzle", "two"}, "--puzzle two: want a whole number"},
		// Flags as typed, the kind of value wanted, near misses (as git
		// and go suggest them).
		{"duration without unit", []string{"solve", "--timeout", "5", "x.non"}, "--timeout 5: want a duration such as 5s, 2m or 1h30m"},
		{"duration after args", []string{"solve", "x.non", "-timeout", "5"}, "nonosat: -timeout 5: want a duration"},
		{"bad number", []string{"generate", "--size", "3x3", "--density=lots"}, "--density lots: want a number such as 0.5"},
		{"bad bool", []string{"solve", "--json=maybe", "x.non"}, "--json=maybe: want true or false"},
		{"near flag", []string{"solve", "--maxx", "3", "x.non"}, "unknown flag --maxx (did you mean --max?)"},
		{"app's flag after a command", []string{"info", "-v", "x.non"}, "unknown flag -v (-v is nonosat's own flag, given alone: nonosat -v)"},
		{"version before a command", []string{"-v", "check", "x.non"}, "-v before a command asks for nonosat's version; for check's verbose output give -v after the command: nonosat check -v ..."},
		{"version with a value before a command", []string{"-v=true", "check", "x.non"}, "-v=true before a command asks for nonosat's version"},
		{"version before a command without -v", []string{"--format", "non", "--version", "info", "x.non"}, "--version asks for nonosat's version and takes no command: nonosat --version"},
		{"near flag after args", []string{"solve", "x.non", "--maxx", "3"}, "unknown flag --maxx (did you mean --max?)"},
		{"flag prefix", []string{"solve", "--no-pre", "x.non"}, "unknown flag --no-pre (did you mean --no-presolve?)"},
		{"near global flag", []string{"--formt", "nin", "solve", "x.non"}, "unknown flag --formt (did you mean --format?)"},
		{"near command", []string{"slove", "x.non"}, `unknown command "slove" (did you mean solve?)`},
		{"near command for help", []string{"help", "chek"}, `unknown command "chek" (did you mean check?)`},
		{"convert without file", []string{"convert", "--to", "nin"}, "missing arguments"},
		{"convert without --to", []string{"convert", "testdata/heart.non"}, "missing --to NAME"},
		{"convert to unknown format", []string{"convert", "testdata/heart.non", "--to", "pdf"}, `unknown format "pdf"`},
		{"convert two files", []string{"convert", "a.non", "b.non", "--to", "nin"}, "too many arguments"},
		{"info without file", []string{"info"}, "missing arguments"},
		{"verify three files", []string{"verify", "a.non", "b.txt", "c.txt"}, "too many arguments"},
		{"verify without grid", []string{"verify", "testdata/heart.non"}, "missing arguments"},
		{"verify stdin twice", []string{"verify", "-", "-"}, "cannot both be standard input"},
		{"unknown --format", []string{"--format", "pdf", "info", "testdata/heart.non"}, `--format: unknown format "pdf"`},
		{"unknown command --format", []string{"info", "testdata/heart.non", "--format", "pdf"}, `--format: unknown format "pdf"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := run(t, tt.args...)
			if r.code != exitUsage {
				t.Fatalf("nonosat %q: %v\nwant exit %d", tt.args, r, exitUsage)
			}
			if tt.want == "" {
				return
			}
			if n := strings.Count(r.stderr, tt.want); n != 1 {
				t.Errorf("nonosat %q: stderr has %q %d times, want once:\n%s", tt.args, tt.want, n, r.stderr)
			}
			if !strings.HasPrefix(r.stderr, "nonosat: ") || strings.Count(r.stderr, "\n") != 1 {
				t.Errorf("nonosat %q: stderr = %q, want one line starting \"nonosat: \"", tt.args, r.stderr)
			}
			if !strings.Contains(r.stderr, "--help") {
				t.Errorf("nonosat %q: stderr = %q, want a pointer to --help", tt.args, r.stderr)
			}
		})
	}
}

// TestNoCommandShowsHelp: bare nonosat is a usage error: the help goes
// to standard error, with exit 2; "nonosat help" asks for it: standard
// output, exit 0.
func TestNoCommandShowsHelp(t *testing.T) {
	r := run(t)
	if r.code != exitUsage || !strings.Contains(r.stderr, "COMMANDS:") || r.stdout != "" {
		t.Errorf("nonosat: %v\nwant exit %d and the command list on standard error", r, exitUsage)
	}
	r = run(t, "help")
	if r.code != exitOK || !strings.Contains(r.stdout, "COMMANDS:") || r.stderr != "" {
		t.Errorf("nonosat help: %v\nwant exit 0 and the command list on standard output", r)
	}
}

func TestHelp(t *testing.T) {
	app := newApp(io.Discard, io.Discard)
	for _, args := range [][]string{{"--help"}, {"-h"}, {"help"}} {
		r := run(t, args...)
		if r.code != exitOK || r.stderr != "" {
			t.Errorf("nonosat %q: %v\nwant exit 0 and nothing on stderr", args, r)
		}
		for _, c := range app.Commands {
			if !c.Hidden && !strings.Contains(r.stdout, c.Name) {
				t.Errorf("nonosat %q does not list command %s:\n%s", args, c.Name, r.stdout)
			}
		}
		if strings.Contains(r.stdout, "help, h ") {
			t.Errorf("nonosat %q lists a help command; HideHelpCommand is off:\n%s", args, r.stdout)
		}
	}
	for _, c := range app.Commands {
		if c.Hidden {
			continue
		}
		for _, args := range [][]string{
			{c.Name, "--help"},
			{c.Name, "-h"},
			{"help", c.Name},
			{c.Name, "some-file", "--help"},
		} {
			r := run(t, args...)
			if r.code != exitOK || r.stderr != "" {
				t.Errorf("nonosat %q: %v\nwant exit 0 and nothing on stderr", args, r)
				continue
			}
			if !strings.Contains(r.stdout, "nonosat "+c.Name) {
				t.Errorf("nonosat %q: help does not name %q:\n%s", args, "nonosat "+c.Name, r.stdout)
			}
			for _, f := range c.Flags {
				if !strings.Contains(r.stdout, "--"+f.Names()[0]) {
					t.Errorf("nonosat %q: help does not mention --%s:\n%s", args, f.Names()[0], r.stdout)
				}
			}
		}
	}
}

// TestFlagUsageNamesFlags checks that every --flag a flag's usage text
// names is a flag of the same command or a global one, so that help never
// sends the user to a flag that does not exist.
func TestFlagUsageNamesFlags(t *testing.T) {
	app := newApp(io.Discard, io.Discard)
	global := map[string]bool{}
	for _, f := range app.Flags {
		for _, n := range f.Names() {
			global[n] = true
		}
	}
	mention := regexp.MustCompile(`(^|[^\w-])--([a-z][a-z-]*)`)
	for _, c := range app.Commands {
		names := map[string]bool{}
		for _, f := range c.Flags {
			for _, n := range f.Names() {
				names[n] = true
			}
		}
		for _, f := range c.Flags {
			df, ok := f.(cli.DocGenerationFlag)
			if !ok {
				continue
			}
			for _, m := range mention.FindAllStringSubmatch(df.GetUsage(), -1) {
				if n := m[2]; !names[n] && !global[n] {
					t.Errorf("nonosat %s --%s: usage names --%s, which %s does not have", c.Name, f.Names()[0], n, c.Name)
				}
			}
		}
	}
}

// TestHelpOneDefault: each flag's help says its default once (a default
// written into the usage text and urfave/cli's own said it twice).
func TestHelpOneDefault(t *testing.T) {
	for _, c := range newApp(io.Discard, io.Discard).Commands {
		if c.Hidden {
			continue
		}
		r := run(t, c.Name, "--help")
		for _, line := range strings.Split(r.stdout, "\n") {
			if strings.Count(line, "(default: ") > 1 {
				t.Errorf("nonosat %s --help: %q says its default twice", c.Name, strings.TrimSpace(line))
			}
		}
	}
}

// TestSatUnknown: an unknown --sat is a usage error naming every road,
// the portfolio too (not a back end, so not in the back ends' list).
func TestSatUnknown(t *testing.T) {
	r := run(t, "check", "--sat", "nope", "../../examples/house.non")
	if r.code != exitUsage || !strings.Contains(r.stderr, "cadical") || !strings.Contains(r.stderr, "portfolio") {
		t.Errorf("check --sat nope: %v; want exit %d naming cadical and portfolio", r, exitUsage)
	}
}

func TestCommandNotFound(t *testing.T) {
	var stderr bytes.Buffer
	app := newApp(io.Discard, &stderr)
	code := -1
	defer func(f func(int)) { cli.OsExiter = f }(cli.OsExiter)
	cli.OsExiter = func(c int) { code = c }
	app.CommandNotFound(nil, "bogus")
	if code != exitUsage || !strings.Contains(stderr.String(), `unknown command "bogus"`) {
		t.Errorf("CommandNotFound(bogus) exited %d, printed %q; want exit %d and the name", code, stderr.String(), exitUsage)
	}
}

func TestReport(t *testing.T) {
	pe := &puzzle.ParseError{File: "p.non", Line: 7, Err: errors.New("row 3: bad clue")}
	tests := []struct {
		name string
		err  error
		code int
		out  string
	}{
		{"nil", nil, exitOK, ""},
		{"plain error", errors.New("boom"), exitError, "nonosat: boom\n"},
		{"parse error", cli.Exit(pe, exitError), exitError, "nonosat: p.non:7: row 3: bad clue\n"},
		{"usage", cli.Exit("bad flag", exitUsage), exitUsage, "nonosat: bad flag\n"},
		{"silent", cli.Exit("", exitUsage), exitUsage, ""},
		{"wrapped exit coder", fmt.Errorf("context: %w", cli.Exit("x", exitNoSolution)), exitNoSolution, "nonosat: context: x\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			if code := exitReport(&buf, tt.err); code != tt.code || buf.String() != tt.out {
				t.Errorf("exitReport(%v) = %d, printed %q; want %d, %q", tt.err, code, buf.String(), tt.code, tt.out)
			}
		})
	}
}

func TestInputErrors(t *testing.T) {
	t.Run("missing file", func(t *testing.T) {
		r := run(t, "info", "testdata/missing.non")
		if r.code != exitError || strings.Count(r.stderr, "testdata/missing.non") != 1 {
			t.Errorf("info testdata/missing.non: %v\nwant exit 1 naming the file once", r)
		}
	})
	t.Run("undetectable format", func(t *testing.T) {
		r := run(t, "info", "testdata/empty.dat")
		var pe *puzzle.ParseError
		if r.code != exitError || !errors.As(r.err, &pe) || pe.File != "testdata/empty.dat" {
			t.Fatalf("info testdata/empty.dat: %v\nwant exit 1 with a ParseError for the file", r)
		}
		if want := "nonosat: testdata/empty.dat: "; !strings.HasPrefix(r.stderr, want) || strings.Count(r.stderr, "empty.dat") != 1 {
			t.Errorf("info testdata/empty.dat: stderr = %q, want one line starting %q", r.stderr, want)
		}
	})
	t.Run("bad clue", func(t *testing.T) {
		needFormats(t, puzzle.NON)
		for _, cmd := range [][]string{
			{"info", "testdata/bad-clue.non"},
			{"convert", "testdata/bad-clue.non", "--to", "non"},
			{"verify", "testdata/bad-clue.non", "testdata/heart.grid"},
			{"dimacs", "--index", "2", "testdata/bad-clue.non"}, // the parse error, not "holds 1 puzzle"
		} {
			r := run(t, cmd...)
			var pe *puzzle.ParseError
			if r.code != exitError || !errors.As(r.err, &pe) {
				t.Fatalf("nonosat %q: %v\nwant exit 1 with a ParseError", cmd, r)
			}
			if pe.File != "testdata/bad-clue.non" || pe.Line != 8 {
				t.Errorf("nonosat %q: error at %s:%d, want testdata/bad-clue.non:8", cmd, pe.File, pe.Line)
			}
			if want := "nonosat: testdata/bad-clue.non:8: "; !strings.HasPrefix(r.stderr, want) ||
				strings.Count(r.stderr, "bad-clue.non") != 1 || strings.Count(r.stderr, "\n") != 1 {
				t.Errorf("nonosat %q: stderr = %q, want one line starting %q and naming the file once", cmd, r.stderr, want)
			}
			if r.stdout != "" {
				t.Errorf("nonosat %q: stdout = %q, want nothing", cmd, r.stdout)
			}
		}
	})
}

func TestFormatFlag(t *testing.T) {
	needFormats(t, puzzle.NON, puzzle.NIN)
	// misnamed.nin holds a .non file: detection by suffix fails, --format
	// non works wherever it is given.
	if r := run(t, "info", "testdata/misnamed.nin"); r.code != exitError {
		t.Errorf("info testdata/misnamed.nin: %v\nwant exit 1 (read as nin)", r)
	}
	want := run(t, "info", "testdata/heart.non")
	if want.code != exitOK {
		t.Fatalf("info testdata/heart.non: %v", want)
	}
	for _, args := range [][]string{
		{"--format", "non", "info", "testdata/misnamed.nin"},
		{"--format=non", "info", "testdata/misnamed.nin"},
		{"info", "--format", "non", "testdata/misnamed.nin"},
		{"info", "testdata/misnamed.nin", "--format", "non"},
		{"info", "testdata/misnamed.nin", "--format=NON"},
		{"--format", "nin", "info", "--format", "non", "testdata/misnamed.nin"}, // the command's wins
	} {
		r := run(t, args...)
		if r.code != exitOK || r.stdout != want.stdout {
			t.Errorf("nonosat %q: %v\nwant exit 0 and\n%s", args, r, want.stdout)
		}
	}
}

func TestParseInterspersed(t *testing.T) {
	// "-" and everything after "--" are arguments, not flags.
	var got []string
	cmd := &cli.Command{
		Name:  "x",
		Flags: []cli.Flag{&cli.StringFlag{Name: "to", Aliases: []string{"t"}}, &cli.BoolFlag{Name: "json", Aliases: []string{"j"}}},
		Action: withArgs(0, -1, func(c *cli.Context, args []string) error {
			got = append(args, c.String("to"), fmt.Sprint(c.Bool("json")))
			return nil
		}),
	}
	app := &cli.App{Commands: []*cli.Command{cmd}, Writer: io.Discard, ErrWriter: io.Discard, ExitErrHandler: func(*cli.Context, error) {}}
	if err := app.Run([]string{"nonosat", "x", "a", "-", "-j", "-t", "nin", "--", "--to", "-h"}); err != nil {
		t.Fatal(err)
	}
	want := []string{"a", "-", "--to", "-h", "nin", "true"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("arguments and flags = %q, want %q", got, want)
	}
}

// TestDoubleDash: "--" ends the flags, before the arguments or among
// them, so that a file whose name starts with "-" can be named.
func TestDoubleDash(t *testing.T) {
	src, err := os.ReadFile("testdata/heart.non")
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	if err := os.WriteFile("-h.non", src, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("heart.non", src, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		args   []string
		unique int
	}{
		{[]string{"check", "--", "-h.non"}, 1},
		{[]string{"check", "--timeout", "10s", "--", "-h.non"}, 1},
		{[]string{"check", "heart.non", "--", "-h.non"}, 2},
	} {
		if r := run(t, tt.args...); r.code != exitOK || strings.Count(r.stdout, "unique") != tt.unique {
			t.Errorf("%q: %v; want exit 0 and %d puzzles unique", tt.args, r, tt.unique)
		}
	}
}
