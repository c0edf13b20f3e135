package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/nonosat/nonosat/encode"
	"github.com/nonosat/nonosat/solver"
	"github.com/urfave/cli/v2"
)

// fallbackMemory is --max-memory auto where the machine's memory cannot be
// read (no /proc/meminfo).
const fallbackMemory = 4 << 30

func maxMemoryFlag() cli.Flag {
	return &cli.StringFlag{Name: "max-memory", Value: "auto", Usage: "refuse a puzzle whose CNF formula and SAT solver would take more than `SIZE` of memory, saying how much it would need (the learner gives way to SAT over half of it), and stop enumerating solutions at it (e.g. 2G, 500M; 0: no limit; auto: half the machine's memory)"}
}

// maxMemory reads --max-memory, in bytes (0: no limit).
func maxMemory(c *cli.Context) (int64, error) {
	s := c.String("max-memory")
	if s == "auto" || s == "" {
		if n := machineMemory(); n > 0 {
			return n / 2, nil
		}
		return fallbackMemory, nil
	}
	n, err := parseSize(s)
	if err != nil {
		return 0, usagef(c, "--max-memory %q: %v", s, err)
	}
	return n, nil
}

// parseSize reads a byte count with an optional suffix K, M, G or T
// (powers of 1024; a trailing B or iB is allowed).
func parseSize(s string) (int64, error) {
	t := strings.TrimSuffix(strings.TrimSuffix(strings.ToUpper(strings.TrimSpace(s)), "B"), "I")
	shift := 0
	if n := len(t); n > 0 {
		if i := strings.IndexByte("KMGT", t[n-1]); i >= 0 {
			shift, t = 10*(i+1), t[:n-1]
		}
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(t), 64)
	if err != nil || v < 0 || v*float64(int64(1)<<shift) > 1<<62 {
		return 0, errors.New("want a size such as 2G, 512M or 0")
	}
	return int64(v * float64(int64(1)<<shift)), nil
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
