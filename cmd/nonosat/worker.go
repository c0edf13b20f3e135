package main

import (
	"os"

	"github.com/nonosat/nonosat/solver/backend"
	"github.com/urfave/cli/v2"
)

// workerCommand is the name of the hidden command that runs gophersat for
// a parent nonosat process, so that the parent can kill it on a deadline.
const workerCommand = "sat-worker"

func workerCmd() *cli.Command {
	return &cli.Command{
		Name:   workerCommand,
		Hidden: true,
		Usage:  "run gophersat on DIMACS from standard input (internal: used for --timeout)",
		Action: func(c *cli.Context) error {
			return backend.ServeWorker(os.Stdin, c.App.Writer)
		},
	}
}

// workerArgv is the command line of a SAT worker: this program itself.
func workerArgv() ([]string, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	return []string{exe, workerCommand}, nil
}
