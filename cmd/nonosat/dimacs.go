package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/nonosat/nonosat/cnf"
	"github.com/nonosat/nonosat/encode"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/solver"
	"github.com/urfave/cli/v2"
)

func dimacsCmd() *cli.Command {
	return &cli.Command{
		Name:      "dimacs",
		Usage:     "write the CNF nonosat would solve, for another SAT solver",
		ArgsUsage: "FILE [-o OUT.cnf]",
		Description: "Writes the puzzle's formula in DIMACS CNF form, exactly as nonosat solves it (after\n" +
			"line solving, unless --no-presolve), with a comment header that maps cells to variables:\n" +
			"\"c cell ROW COL COLOUR LIT\" says the cell has COLOUR exactly when LIT is true (see the\n" +
			"README). Any solver's answer turns back into a grid with 'nonosat decode'. --block and\n" +
			"--block-goal add a clause that forbids a known solution, so that the formula asks\n" +
			"\"is there another solution?\": unsatisfiable means the solution is unique.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write to `OUT` instead of standard output"},
			&cli.IntFlag{Name: "index", Aliases: []string{"puzzle"}, Value: 1, Usage: "encode puzzle `N` of a file that holds several (as decode --index; --puzzle N is the old name)"},
			&cli.StringSliceFlag{Name: "block", Usage: "forbid the solution in text grid `FILE` (as 'nonosat verify' reads it); may be repeated"},
			&cli.BoolFlag{Name: "block-goal", Usage: "forbid the solution the puzzle file carries (its goal)"},
			&cli.BoolFlag{Name: "no-presolve", Usage: "encode the clues alone, without line solving first"},
			encodingFlag(),
			&cli.BoolFlag{Name: "units", DefaultText: "true, unless --no-units", Usage: "keep the unit clauses of cells presolving fixed"},
			&cli.BoolFlag{Name: "no-units", Usage: "leave out the unit clauses of fixed cells and list them as \"c fixed\" in the header"},
			formatFlag(),
			maxMemoryFlag(),
			runTimeoutFlag(),
		},
		Action: withArgs(1, 1, dimacs),
	}
}

func dimacs(c *cli.Context, args []string) error {
	if c.Bool("units") && c.Bool("no-units") {
		return usagef(c, "--units and --no-units exclude each other")
	}
	kind, err := encode.ParseKind(c.String("encoding"))
	if err != nil {
		return usagef(c, "--encoding: %v", err)
	}
	ctx, stop, err := designContext(c) // --timeout counts the reading too
	if err != nil {
		return err
	}
	defer stop()
	p, err := untilDone(ctx, func() (*puzzle.Puzzle, error) { return onePuzzle(c, args[0], c.Int("index"), "--index") })
	if ctx.Err() != nil {
		return dimacsStopped(c, ctx, args[0])
	}
	if err != nil {
		return err
	}
	var o encode.DIMACSOptions
	// --units=false says what --no-units says.
	o.NoUnits = c.Bool("no-units") || c.IsSet("units") && !c.Bool("units")
	for _, name := range c.StringSlice("block") {
		g, err := readGrid(c, name, p)
		if err != nil {
			return err
		}
		o.Block = appendNew(o.Block, g)
	}
	if c.Bool("block-goal") {
		if p.Goal == nil {
			return cli.Exit(fmt.Sprintf("%s: --block-goal: the puzzle carries no goal", args[0]), exitError)
		}
		if err := puzzle.Check(p, p.Goal); err != nil {
			return cli.Exit(fmt.Sprintf("%s: --block-goal: the goal is %v", args[0], err), exitError)
		}
		o.Block = appendNew(o.Block, p.Goal)
	}
	mem, err := maxMemory(c)
	if err != nil {
		return err
	}
	// No SAT solver runs: the formula may take half of --max-memory (the
	// Go heap grows to about twice what is live), where a solve gives it
	// a MemoryFactor-th.
	e, err := solver.EncodeContext(ctx, p, solver.Options{NoPresolve: c.Bool("no-presolve"), Encoding: kind, MaxMemory: mem / 2 * solver.MemoryFactor})
	var tb *encode.TooBigError
	switch {
	case ctx.Err() != nil:
		return dimacsStopped(c, ctx, args[0])
	case errors.As(err, &tb):
		return cli.Exit(fmt.Sprintf("%s: its CNF formula would take about %s (%s), and writing it about %s, over --max-memory %s; raise it (0: no limit)",
			args[0], encode.Bytes(tb.Bytes), tb.Size(), encode.Bytes(2*tb.Bytes), encode.Bytes(mem)), exitError)
	case err != nil:
		return cli.Exit(fmt.Sprintf("%s: %v", args[0], err), exitError)
	}
	out := c.String("output")
	if size := e.Formula.DIMACSSize(); size >= bigDIMACS {
		to := out
		if to == "" || to == "-" {
			to = "standard output"
		}
		fmt.Fprintf(c.App.ErrWriter, "nonosat: writing about %s to %s (%d variables, %d clauses)\n", encode.Bytes(size), to, e.Formula.NumVars, len(e.Formula.Clauses))
	}
	if err := writeDIMACS(ctx, c, out, e, p, o); err != nil {
		if ctx.Err() != nil {
			return dimacsStopped(c, ctx, args[0])
		}
		return cli.Exit(fmt.Sprintf("%s: %v", args[0], err), exitError)
	}
	return nil
}

// appendNew appends g to gs unless gs holds it already: a solution named
// twice is blocked by one clause, and the header counts it once.
func appendNew(gs []puzzle.Grid, g puzzle.Grid) []puzzle.Grid {
	for _, k := range gs {
		if k.Equal(g) {
			return gs
		}
	}
	return append(gs, g)
}

// dimacsStopped is the exit of a dimacs run that ctx (from designContext)
// ended: exit 4 naming --timeout, or 130 on an interrupt.
func dimacsStopped(c *cli.Context, ctx context.Context, name string) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		hint := ""
		if !c.Bool("no-presolve") {
			hint = "; --no-presolve skips line solving, most of the time on large puzzles"
		}
		return cli.Exit(fmt.Sprintf("%s: the CNF was not written within %v (--timeout%s)", name, c.Duration("timeout"), hint), exitUndecided)
	}
	return cli.Exit("interrupted", exitInterrupted)
}

// bigDIMACS is the size from which dimacs says how big its output will be
// before it writes it.
const bigDIMACS = 64 << 20

// writeDIMACS streams e's DIMACS form to the file out (standard output
// for "" or "-"), stopping when ctx ends; a file left unfinished is
// removed.
func writeDIMACS(ctx context.Context, c *cli.Context, out string, e *encode.Encoding, p *puzzle.Puzzle, o encode.DIMACSOptions) error {
	if out == "" || out == "-" {
		return e.WriteDIMACS(cnf.ContextWriter(ctx, c.App.Writer), p, o)
	}
	fh, err := os.Create(out)
	if err != nil {
		return err
	}
	err = e.WriteDIMACS(cnf.ContextWriter(ctx, fh), p, o)
	if cerr := fh.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(out)
	}
	return err
}

// indexFlag picks one puzzle of a file that holds several: --index N, as
// verify, dimacs and decode have it; --puzzle N is its other name.
func indexFlag() cli.Flag {
	return &cli.IntFlag{Name: "index", Aliases: []string{"puzzle"}, Value: 1, Usage: "use puzzle `N` of a file that holds several (--puzzle N is the old name)"}
}

// onePuzzle reads puzzle n (from 1) of the named file; flag names the
// option that chose n, for the error.
func onePuzzle(c *cli.Context, name string, n int, flag string) (*puzzle.Puzzle, error) {
	es, err := readEntries(c, name)
	if err != nil {
		return nil, err
	}
	if len(es) == 1 && es[0].Err != nil { // a file of one bad puzzle: say what is wrong
		return nil, cli.Exit(es[0].Err, exitError)
	}
	if n < 1 || n > len(es) {
		return nil, usagef(c, "%s %d: %s holds %d puzzle(s)", flag, n, name, len(es))
	}
	if err := es[n-1].Err; err != nil { // the others may be fine
		return nil, cli.Exit(err, exitError)
	}
	return es[n-1].Puzzle, nil
}

// parseGridFile parses the named file ("-" is standard input) with parse;
// a parse error names the file.
func parseGridFile(c *cli.Context, name string, p *puzzle.Puzzle, parse func(io.Reader, *puzzle.Puzzle) (puzzle.Grid, error)) (puzzle.Grid, error) {
	r := c.App.Reader
	if name != "-" {
		fh, err := os.Open(name)
		if err != nil {
			return nil, cli.Exit(err, exitError)
		}
		defer fh.Close()
		r = fh
	}
	g, err := parse(r, p)
	if err != nil {
		var pe *puzzle.ParseError
		if errors.As(err, &pe) {
			pe.File = name
		}
		return nil, cli.Exit(err, exitError)
	}
	return g, nil
}

// readGrid reads a text grid for p from the named file ("-" is standard
// input) and checks that it solves p.
func readGrid(c *cli.Context, name string, p *puzzle.Puzzle) (puzzle.Grid, error) {
	g, err := parseGridFile(c, name, p, puzzle.ParseGrid)
	if err != nil {
		return nil, err
	}
	if err := puzzle.Check(p, g); err != nil {
		return nil, cli.Exit(fmt.Errorf("%s: %w", name, err), exitError)
	}
	return g, nil
}
