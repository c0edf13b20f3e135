package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"time"

	"github.com/nonosat/nonosat/internal/servecli"
	"github.com/urfave/cli/v2"
)

// serveCmd is nonosat serve. The server is another program,
// nonosat-serve (see servecli): this command checks its flags, as
// nonosat-serve would, and runs it with them.
func serveCmd() *cli.Command {
	c := servecli.Command()
	c.Action = withArgs(0, 0, serve)
	return c
}

func serve(c *cli.Context, _ []string) error {
	if _, err := servecli.Check(c); err != nil {
		return usagef(c, "%v", err)
	}
	prog, err := serveProgram()
	if err != nil {
		return cli.Exit(err.Error(), exitError)
	}
	args := servecli.Args(c)
	// Replace this process when its output is the process's own, so that
	// signals and the exit code are the server's; else (tests, a caller
	// that captures the output) run it as a child.
	if c.App.Writer == os.Stdout && c.App.ErrWriter == os.Stderr {
		if err := execServe(prog, args); err != nil {
			return cli.Exit(fmt.Sprintf("cannot run %s: %v", prog, err), exitError)
		}
	}
	return serveChild(c, prog, args)
}

// serveChild runs the server as a child process writing to the app's
// writers, and stops it (SIGTERM, as the user would) when c's context
// ends.
func serveChild(c *cli.Context, prog string, args []string) error {
	cmd := exec.CommandContext(c.Context, prog, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, c.App.Writer, c.App.ErrWriter
	cmd.Cancel = func() error { return stopServer(cmd.Process) }
	cmd.WaitDelay = time.Minute // the server's --grace, and more
	err := cmd.Run()
	// After Cancel, Run gives the context's error even when the server
	// shut down cleanly: its exit code says.
	switch code := cmd.ProcessState.ExitCode(); {
	case cmd.ProcessState == nil || code < 0:
		return cli.Exit(fmt.Sprintf("%s: %v", prog, err), exitError)
	case code > 0:
		return cli.Exit("", code)
	}
	return nil
}

// serveProgram finds nonosat-serve: beside this program, else on PATH.
func serveProgram() (string, error) {
	name := servecli.Program
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	exe, err := os.Executable()
	if err == nil {
		p := filepath.Join(filepath.Dir(exe), name)
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
			return p, nil
		}
	}
	if p, err := exec.LookPath(name); err == nil {
		return p, nil
	}
	where := "nonosat"
	if exe != "" {
		where = filepath.Dir(exe)
	}
	return "", fmt.Errorf("serve runs the program %s, which is neither beside nonosat (in %s) nor on PATH: install it with make install, or go install github.com/nonosat/nonosat/cmd/%s@latest", servecli.Program, where, servecli.Program)
}
