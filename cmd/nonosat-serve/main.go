// Command nonosat-serve is the server behind "nonosat serve": it serves
// the workbench page and the JSON API. It takes the flags of nonosat
// serve (see nonosat serve --help) and exits as it would. It is a
// program of its own so that nonosat's other commands start without the
// HTTP server linked in.
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/nonosat/nonosat/internal/cliexit"
	"github.com/nonosat/nonosat/internal/servecli"
	"github.com/nonosat/nonosat/solver/backend"
	"github.com/urfave/cli/v2"
)

// Exit codes, as nonosat's.
const (
	exitOK    = 0
	exitError = 1
	exitUsage = 2
)

// workerCommand is the hidden command that runs gophersat for a parent
// process, so that a deadline can kill it (as nonosat's sat-worker).
const workerCommand = "sat-worker"

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run serves with the flags args, as "nonosat serve args...", and returns
// the exit code.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 1 && args[0] == workerCommand {
		if err := backend.ServeWorker(os.Stdin, stdout); err != nil {
			fmt.Fprintln(stderr, "nonosat:", err)
			return exitError
		}
		return exitOK
	}
	return cliexit.Report(stderr, newApp(stdout, stderr).Run(append([]string{"nonosat", "serve"}, args...)))
}

func newApp(stdout, stderr io.Writer) *cli.App {
	serve := servecli.Command()
	serve.Action = serveAction
	serve.OnUsageError = func(c *cli.Context, err error, _ bool) error { return usagef(c, "%v", err) }
	return &cli.App{
		Name:           "nonosat",
		HelpName:       "nonosat",
		Writer:         stdout,
		ErrWriter:      stderr,
		HideVersion:    true,
		ExitErrHandler: func(*cli.Context, error) {}, // report does it, once
		Commands:       []*cli.Command{serve},
	}
}

// usagef is a usage error: exit 2, pointing at the help.
func usagef(c *cli.Context, format string, args ...any) error {
	return cli.Exit(fmt.Sprintf("%s (see 'nonosat serve --help')", fmt.Sprintf(format, args...)), exitUsage)
}

// workerArgv is the command line of a SAT worker: this program itself.
func workerArgv() ([]string, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	return []string{exe, workerCommand}, nil
}
