package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/nonosat/nonosat/clidoc"
	"github.com/nonosat/nonosat/internal/cliexit"
	"github.com/nonosat/nonosat/picture"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/urfave/cli/v2"
)

// commandTable lists the app's commands, in the order help lists them,
// each by its name and the function that builds it. Each is built afresh
// for every app: urfave/cli v2 writes into a Command while setting the
// app up (HelpName, help flags), so sharing one value between apps, as
// the tests do, would garble the second one. allCommands marks those
// whose action reads the others (completion scripts, the man page).
var commandTable = []struct {
	name        string
	build       func() *cli.Command
	allCommands bool
}{
	{"solve", solveCmd, false}, {"check", checkCmd, false}, {"count", countCmd, false},
	{"batch", batchCmd, false}, {"make", makeCmd, false}, {"render", renderCmd, false},
	{"convert", convertCmd, false}, {"info", infoCmd, false}, {"verify", verifyCmd, false},
	{"hint", hintCmd, false}, {"steps", stepsCmd, false}, {"fix", fixCmd, false},
	{"generate", generateCmd, false}, {"dimacs", dimacsCmd, false}, {"decode", decodeCmd, false},
	{"proof", proofCmd, false}, {"serve", serveCmd, false}, {"completion", completionCmd, true},
	{"man", manCmd, true}, {workerCommand, workerCmd, false},
}

// commands returns the app's commands, in the order help lists them.
func commands() []*cli.Command {
	cs := make([]*cli.Command, len(commandTable))
	for i, t := range commandTable {
		cs[i] = t.build()
	}
	return cs
}

// commandsFor returns the commands the app needs to run the command line
// args (the program name first): when the first argument names a command,
// that command alone, unless it reads the others; else all of them (help,
// an unknown command, flags before the command). A run of one command
// then builds only its flags and help text.
func commandsFor(args []string) []*cli.Command {
	if len(args) == 2 && (args[1] == "--version" || args[1] == "-v") {
		return nil // the version needs no command
	}
	if len(args) > 1 {
		for _, t := range commandTable {
			if t.name == args[1] && !t.allCommands {
				return []*cli.Command{t.build()}
			}
		}
	}
	return commands()
}

// newApp returns the whole command-line program writing to stdout and
// stderr. Run returns every error instead of exiting; main passes it to
// [report], which prints it once and chooses the exit code.
func newApp(stdout, stderr io.Writer) *cli.App {
	return newAppWith(stdout, stderr, commands())
}

// newAppFor is newApp with only the commands that running args needs
// (see commandsFor); main uses it.
func newAppFor(stdout, stderr io.Writer, args []string) *cli.App {
	return newAppWith(stdout, stderr, commandsFor(args))
}

func newAppWith(stdout, stderr io.Writer, cmds []*cli.Command) *cli.App {
	app := &cli.App{
		Name:            "nonosat",
		HelpName:        "nonosat",
		Usage:           "solve nonograms with a SAT solver",
		Version:         version(),
		UsageText:       "nonosat [--format NAME] COMMAND [flags] ARGS...",
		Writer:          stdout,
		ErrWriter:       stderr,
		HideHelpCommand: true,
		OnUsageError:    usageError,
		ExitErrHandler:  func(*cli.Context, error) {}, // report does it, once
		Flags:           []cli.Flag{formatFlag()},
		Commands:        cmds,
		Action:          rootAction,
	}
	// CommandNotFound is reached only through cli.ShowCommandHelp, which
	// cannot return an error; rootAction catches unknown names first.
	app.CommandNotFound = func(_ *cli.Context, name string) {
		fmt.Fprintf(stderr, "nonosat: unknown command %q\n", name)
		cli.OsExiter(exitUsage)
	}
	addExamples(app)
	for _, c := range app.Commands {
		c.HideHelpCommand = true
		if c.OnUsageError == nil {
			c.OnUsageError = usageError // bad flags are otherwise plain errors (exit 1)
		}
	}
	return app
}

// exitReport prints err, if any, to w once and returns the exit code
// for it, as nonosat-serve does.
func exitReport(w io.Writer, err error) int { return cliexit.Report(w, err) }

// rootAction runs when no command matched: it shows help for "help" and,
// as a usage error on standard error, for no arguments at all, and
// rejects anything else.
func rootAction(c *cli.Context) error {
	args := c.Args().Slice()
	switch {
	case len(args) == 0:
		out := c.App.Writer
		c.App.Writer = c.App.ErrWriter
		_ = cli.ShowAppHelp(c)
		c.App.Writer = out
		return cli.Exit("", exitUsage)
	case args[0] == "help" && len(args) == 1:
		return cli.ShowAppHelp(c)
	case args[0] == "help":
		if c.App.Command(args[1]) == nil {
			return unknownCommand(c, args[1])
		}
		return cli.ShowCommandHelp(c, args[1])
	}
	return unknownCommand(c, args[0])
}

func unknownCommand(c *cli.Context, name string) error {
	var names []string
	for _, cmd := range c.App.Commands {
		if !cmd.Hidden {
			names = append(names, cmd.Name)
		}
	}
	if near := clidoc.Nearest(name, names); near != "" {
		return usagef(c, "unknown command %q (did you mean %s?); the commands are %s", name, near, strings.Join(names, ", "))
	}
	return usagef(c, "unknown command %q; the commands are %s", name, strings.Join(names, ", "))
}

// usageError is the OnUsageError of the app and of every command: flag
// errors exit with exitUsage and point at the help.
func usageError(c *cli.Context, err error, _ bool) error {
	return usagef(c, "%s", flagMessage(c, err))
}

// usagef returns a usage error (exit code exitUsage) for the command of c.
func usagef(c *cli.Context, format string, args ...any) error {
	name := "nonosat"
	if c != nil && c.Command != nil && c.Command.HelpName != "" {
		name = c.Command.HelpName
	}
	return cli.Exit(fmt.Sprintf("%s (see '%s --help')", fmt.Sprintf(format, args...), name), exitUsage)
}

// formatFlag overrides format detection; the app and every command that
// reads puzzles carry one, so it may go before or after the command name.
func formatFlag() *cli.StringFlag {
	names := make([]string, 0, 16)
	for _, f := range puzzle.Formats() {
		names = append(names, string(f))
	}
	return &cli.StringFlag{
		Name:  "format",
		Usage: "read input as format `NAME` (" + strings.Join(names, ", ") + ") instead of detecting it from the suffix and content",
	}
}

// inputFormat is the --format given to the command or to the app, or ""
// to detect the format.
func inputFormat(c *cli.Context) (puzzle.Format, error) {
	for _, x := range c.Lineage() {
		if x.Command == nil || !hasFlag(x.Command.Flags, "format") || !x.IsSet("format") {
			continue
		}
		f, err := puzzle.ParseFormat(x.String("format"))
		if err != nil {
			return "", usagef(c, "--format: %v", err)
		}
		return f, nil
	}
	return "", nil
}

// readPuzzles reads every puzzle of the named file ("-" is standard input).
// Its errors already name the file and line, and exit with exitError.
func readPuzzles(c *cli.Context, name string) ([]*puzzle.Puzzle, error) {
	f, err := inputFormat(c)
	if err != nil {
		return nil, err
	}
	ps, err := puzzle.ReadFileAll(name, f)
	if err != nil {
		return nil, cli.Exit(pictureHint(name, f, err), exitError)
	}
	return ps, nil
}

// pictureHint is err, the error of reading the named file as a puzzle,
// or, when the file is a picture, one that says to make it into a puzzle
// first: a PNG, GIF, JPEG or PNM picture read as a puzzle only gives a
// puzzle format's complaint about its first bytes. Text that holds no
// digit at all, in a file whose suffix names no other puzzle format, may
// be text art: the error then says so. Standard input,
// which cannot be read again, and a --format given keep err.
func pictureHint(name string, f puzzle.Format, err error) error {
	if name == "-" || f != "" {
		return err
	}
	fh, oerr := os.Open(name)
	if oerr != nil {
		return err
	}
	defer fh.Close()
	head := make([]byte, 4096)
	n, _ := io.ReadFull(fh, head)
	head = head[:n]
	switch kind := picture.Sniff(head); {
	case kind == "":
	case kind != picture.FormatTextArt:
		return fmt.Errorf("%s is a %s picture, not a puzzle: nonosat make %s makes one of it", name, strings.ToUpper(string(kind)), name)
	case n > 0 && !bytes.ContainsAny(head, "0123456789") && !puzzleSuffix(name):
		return fmt.Errorf("%w (if it is text art, nonosat make %s makes a puzzle of it)", err, name)
	}
	return err
}

// puzzleSuffix reports whether name ends in the suffix of a puzzle
// format other than text (.non, .xml, ...).
func puzzleSuffix(name string) bool {
	f, err := puzzle.Detect(name, nil)
	return err == nil && f != puzzle.Text
}

// readEntries is readPuzzles for commands that go on past an invalid
// puzzle of a file that holds several: each entry is a puzzle or its error.
func readEntries(c *cli.Context, name string) ([]puzzle.Entry, error) {
	f, err := inputFormat(c)
	if err != nil {
		return nil, err
	}
	es, err := puzzle.ReadFileEntries(name, f)
	if err != nil {
		return nil, cli.Exit(pictureHint(name, f, err), exitError)
	}
	return es, nil
}

// untilDone runs read and returns what it returns, or an interrupted
// exit as soon as ctx ends (Ctrl-C), leaving read to finish unseen in
// the background: the parsers do not stop, and a 60 MB file takes them
// 10 s and more.
// quickReadSize is the largest regular file readQuickly reads without
// untilDone: the readers parse it in a few milliseconds.
const quickReadSize = 1 << 20

// readQuickly is untilDone, except that a regular file of at most
// quickReadSize bytes is read at once, without the goroutine (and the
// thread it may start) that untilDone needs to stay interruptible.
func readQuickly[T any](ctx context.Context, name string, read func() (T, error)) (T, error) {
	if fi, err := os.Stat(name); name != "-" && err == nil && fi.Mode().IsRegular() && fi.Size() <= quickReadSize {
		return read()
	}
	return untilDone(ctx, read)
}

func untilDone[T any](ctx context.Context, read func() (T, error)) (T, error) {
	type answer struct {
		v   T
		err error
	}
	done := make(chan answer, 1)
	go func() {
		v, err := read()
		done <- answer{v, err}
	}()
	select {
	case a := <-done:
		return a.v, a.err
	case <-ctx.Done():
		var zero T
		return zero, cli.Exit("interrupted", exitInterrupted)
	}
}

func hasFlag(flags []cli.Flag, name string) bool {
	for _, f := range flags {
		if slices.Contains(f.Names(), name) {
			return true
		}
	}
	return false
}

// runApp runs app on the command line args (the program name first),
// noting how many arguments follow the first "--": urfave/cli drops a
// "--" that comes before any other argument, and withArgs must not take
// what follows it for flags.
func runApp(app *cli.App, args []string) error {
	if err := versionWithCommand(app, args); err != nil {
		return err
	}
	app.Metadata = map[string]any{argsKey: args}
	if i := slices.Index(args, "--"); i > 0 {
		app.Metadata[literalKey] = len(args) - i - 1
	}
	return app.Run(args)
}

// versionWithCommand rejects the version flag before a command
// ("nonosat -v check x"), which urfave/cli would answer with the version
// alone, the command unrun: a command's own -v, where it has one, asks
// for verbose output and goes after the command's name.
func versionWithCommand(app *cli.App, args []string) error {
	for i := 1; i < len(args); i++ {
		switch a := args[i]; {
		case a == "--format" || a == "-format":
			i++ // its value
		case strings.HasPrefix(a, "--format=") || strings.HasPrefix(a, "-format="):
		case isVersionFlag(a):
			j := slices.IndexFunc(args[i+1:], func(s string) bool { return !strings.HasPrefix(s, "-") })
			if j < 0 {
				return nil // the version, perhaps with other flags: urfave/cli's way
			}
			name := args[i+1+j]
			if cmd := app.Command(name); cmd != nil && hasFlag(cmd.Flags, "verbose") {
				return cli.Exit(fmt.Sprintf("%s before a command asks for nonosat's version; for %s's verbose output give -v after the command: nonosat %s -v ... (see 'nonosat %s --help')", a, name, name, name), exitUsage)
			}
			return cli.Exit(fmt.Sprintf("%s asks for nonosat's version and takes no command: nonosat %s (see 'nonosat --help')", a, a), exitUsage)
		default:
			return nil // the command, or a flag urfave/cli will judge
		}
	}
	return nil
}

// isVersionFlag reports whether a is the version flag in any spelling
// (-v, --version, -v=true, ...).
func isVersionFlag(a string) bool {
	if !strings.HasPrefix(a, "-") {
		return false
	}
	name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
	return name == "v" || name == "version"
}

// literalKey is the app metadata that runApp leaves for withArgs: the
// number of arguments after "--"; argsKey holds the command line as
// typed, for messages that spell a flag as the user did.
const (
	literalKey = "literal"
	argsKey    = "args"
)

// errHelp asks withArgs to print the command's help.
var errHelp = errors.New("help requested")

// withArgs adapts a command action so that flags may also follow the
// arguments ("nonosat convert in.xml --to non"), which urfave/cli v2 leaves
// unparsed, and checks the number of arguments. The action gets the
// arguments without the flags.
func withArgs(minArgs, maxArgs int, action func(c *cli.Context, args []string) error) cli.ActionFunc {
	return func(c *cli.Context) error {
		args, err := parseInterspersed(c)
		if errors.Is(err, errHelp) {
			cli.HelpPrinter(c.App.Writer, cli.CommandHelpTemplate, c.Command)
			return nil
		}
		if err != nil {
			return usagef(c, "%s", flagMessage(c, err))
		}
		switch {
		case len(args) < minArgs:
			return usagef(c, "missing arguments: usage: %s %s", c.Command.HelpName, c.Command.ArgsUsage)
		case maxArgs >= 0 && len(args) > maxArgs:
			return usagef(c, "too many arguments: usage: %s %s", c.Command.HelpName, c.Command.ArgsUsage)
		}
		return action(c, args)
	}
}

// parseInterspersed sets the flags left among the arguments of c and
// returns the remaining arguments. "-" is an argument; "--" ends the flags
// (see runApp).
func parseInterspersed(c *cli.Context) ([]string, error) {
	in := c.Args().Slice()
	n, _ := c.App.Metadata[literalKey].(int)
	n = min(n, len(in))
	args, err := parseFlags(c, in[:len(in)-n])
	return append(args, in[len(in)-n:]...), err
}

// parseFlags is parseInterspersed on arguments in.
func parseFlags(c *cli.Context, in []string) ([]string, error) {
	var args []string
	for i := 0; i < len(in); i++ {
		a := in[i]
		if a == "--" {
			return append(args, in[i+1:]...), nil
		}
		if len(a) < 2 || a[0] != '-' {
			args = append(args, a)
			continue
		}
		name, value, hasValue := strings.Cut(strings.TrimPrefix(a[1:], "-"), "=")
		if name == "h" || name == "help" {
			return nil, errHelp
		}
		fl := lookupFlag(c, name)
		if fl == nil {
			return nil, fmt.Errorf("flag provided but not defined: -%s", name)
		}
		if !hasValue {
			if _, ok := fl.(*cli.BoolFlag); ok {
				value = "true"
			} else {
				if i+1 == len(in) {
					return nil, fmt.Errorf("flag needs an argument: -%s", name)
				}
				i++
				value = in[i]
			}
		}
		// Each name of a flag has its own flag.Value; cli copies the
		// one given to the others only for flags it parsed itself.
		for _, n := range fl.Names() {
			if err := c.Set(n, value); err != nil {
				return nil, fmt.Errorf("invalid value %q for flag -%s: %v", value, name, err)
			}
		}
	}
	return args, nil
}

// lookupFlag finds the flag called name on the command of c or an ancestor.
func lookupFlag(c *cli.Context, name string) cli.Flag {
	for _, x := range c.Lineage() {
		if x.Command == nil {
			continue
		}
		for _, f := range x.Command.Flags {
			if slices.Contains(f.Names(), name) {
				return f
			}
		}
	}
	return nil
}
