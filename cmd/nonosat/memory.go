package main

import (
	"errors"
	"fmt"

	"github.com/nonosat/nonosat/encode"
	"github.com/nonosat/nonosat/internal/memsize"
	"github.com/nonosat/nonosat/solver"
	"github.com/urfave/cli/v2"
)

func maxMemoryFlag() cli.Flag {
	return &cli.StringFlag{Name: "max-memory", Value: "auto", Usage: "refuse a puzzle whose CNF formula and SAT solver would take more than `SIZE` of memory, saying how much it would need (the learner gives way to SAT over half of it), and stop enumerating solutions at it (e.g. 2G, 500M; 0: no limit; auto: half the machine's memory)"}
}

// maxMemory reads --max-memory, in bytes (0: no limit).
func maxMemory(c *cli.Context) (int64, error) {
	s := c.String("max-memory")
	n, err := memsize.Flag(s)
	if err != nil {
		return 0, usagef(c, "--max-memory %q: %v", s, err)
	}
	return n, nil
}

// tooBig rewords an encode.TooBigError for the command line, in terms of
// --max-memory; other errors pass unchanged.
func tooBig(err error) error {
	var tb *encode.TooBigError
	if !errors.As(err, &tb) {
		return err
	}
	return fmt.Errorf("its CNF formula alone would take about %s (%s), and with the SAT solver about %s, over --max-memory %s; raise it (0: no limit)",
		encode.Bytes(tb.Bytes), tb.Size(), encode.Bytes(tb.Bytes*solver.MemoryFactor), encode.Bytes(tb.Budget*solver.MemoryFactor))
}
