package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/nonosat/nonosat/cnf"
	"github.com/nonosat/nonosat/decode"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/solver"
	"github.com/urfave/cli/v2"
)

func decodeCmd() *cli.Command {
	return &cli.Command{
		Name:      "decode",
		Usage:     "turn a SAT solver's answer to 'nonosat dimacs' into a grid",
		ArgsUsage: "--puzzle FILE [--cnf FILE.cnf] MODEL",
		Description: "MODEL is what a SAT solver printed for a CNF written by 'nonosat dimacs' (\"-\" for\n" +
			"standard input): SAT-competition output (\"s SATISFIABLE\" and \"v\" lines), MiniSat's\n" +
			"result file (\"SAT\" and the literals) or a bare list of literals. Prints the grid,\n" +
			"checked against the clues; \"s UNSATISFIABLE\" prints \"no solution\" and exits 20.\n" +
			"With --cnf the cell map comes from the CNF's header, and the model must satisfy its\n" +
			"clauses; the puzzle is then optional (the header carries the clues). Without --cnf\n" +
			"the puzzle is encoded again as 'nonosat dimacs' does by default (give --no-presolve\n" +
			"if the CNF was written with it).",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "puzzle", Usage: "the puzzle `FILE` the CNF was written for"},
			&cli.IntFlag{Name: "index", Value: 1, Usage: "use puzzle `N` of a file that holds several"},
			&cli.StringFlag{Name: "cnf", Usage: "read the cell map from the header of `FILE.cnf` written by 'nonosat dimacs'"},
			&cli.BoolFlag{Name: "no-presolve", Usage: "without --cnf: the CNF was written with --no-presolve"},
			formatFlag(),
		},
		Action: withArgs(1, 1, decodeModel),
	}
}

func decodeModel(c *cli.Context, args []string) error {
	puzzleFile, cnfFile, modelFile := c.String("puzzle"), c.String("cnf"), args[0]
	if err := checkDecodeArgs(c, puzzleFile, cnfFile, modelFile); err != nil {
		return err
	}
	var p *puzzle.Puzzle
	if puzzleFile != "" {
		var err error
		if p, err = onePuzzle(c, puzzleFile, c.Int("index"), "--index"); err != nil {
			return err
		}
	}
	mm, err := readModelMap(c, p, puzzleFile, cnfFile)
	if err != nil {
		return err
	}
	p = mm.p
	st, model, err := readModelFile(c, p, modelFile, mm.numVars)
	if err != nil {
		return err
	}
	switch st {
	case cnf.Unsat:
		msg := "no solution"
		if mm.blocked > 0 {
			msg = fmt.Sprintf("no solution besides the %d blocked", mm.blocked)
		}
		fmt.Fprintln(c.App.Writer, msg)
		return cli.Exit("", exitNoSolution)
	case cnf.Unknown:
		return cli.Exit(fmt.Sprintf("%s: the solver gave no answer", modelFile), exitUndecided)
	}
	if mm.formula != nil && !model.Satisfies(mm.formula) {
		return cli.Exit(fmt.Sprintf("%s: the model does not satisfy %s", modelFile, cnfFile), exitError)
	}
	g := mm.grid(model)
	if err := puzzle.Check(p, g); err != nil {
		fmt.Fprint(c.App.ErrWriter, p.FormatGrid(g))
		return cli.Exit(fmt.Sprintf("%s: the model's grid is %v%s", modelFile, err, mm.hint), exitError)
	}
	_, err = fmt.Fprint(c.App.Writer, p.FormatGrid(g))
	return err
}

// checkDecodeArgs checks decode's command line.
func checkDecodeArgs(c *cli.Context, puzzleFile, cnfFile, modelFile string) error {
	if puzzleFile == "" && cnfFile == "" {
		return usagef(c, "missing --puzzle FILE (or --cnf FILE.cnf)")
	}
	if c.IsSet("index") && puzzleFile == "" {
		return usagef(c, "--index needs --puzzle")
	}
	if c.Bool("no-presolve") && cnfFile != "" {
		return usagef(c, "--no-presolve is for decoding without --cnf")
	}
	stdin := 0
	for _, f := range []string{puzzleFile, cnfFile, modelFile} {
		if f == "-" {
			stdin++
		}
	}
	if stdin > 1 {
		return usagef(c, "only one input can be standard input")
	}
	return nil
}

// modelMap is how decode reads a model: grid turns it into a grid of p;
// formula is what it must satisfy (nil: not checked, as a CNF written
// with --no-units or --block differs from the formula encoded again).
type modelMap struct {
	p       *puzzle.Puzzle
	grid    func(cnf.Model) puzzle.Grid
	formula *cnf.Formula
	numVars int
	blocked int
	hint    string // for a grid that is no solution
}

// readModelMap is the map from the header of cnfFile, when given (its
// clues are the puzzle's when p is nil), else p encoded again as dimacs
// does.
func readModelMap(c *cli.Context, p *puzzle.Puzzle, puzzleFile, cnfFile string) (modelMap, error) {
	if cnfFile == "" {
		e := solver.Encode(p, solver.Options{NoPresolve: c.Bool("no-presolve")})
		return modelMap{
			p:       p,
			grid:    func(m cnf.Model) puzzle.Grid { return decode.Grid(e, m) },
			numVars: e.Formula.NumVars,
			hint:    " (was the CNF written with other options? --cnf reads the map from its header)",
		}, nil
	}
	f, m, err := readCNF(c, cnfFile)
	if err != nil {
		return modelMap{}, err
	}
	q := m.Puzzle()
	switch {
	case p == nil && q == nil:
		return modelMap{}, cli.Exit(fmt.Sprintf("%s: the header has no clues: give --puzzle FILE", cnfFile), exitError)
	case p == nil:
		p = q
	case p.Width() != m.Width || p.Height() != m.Height:
		return modelMap{}, cli.Exit(fmt.Sprintf("%s is for a %dx%d puzzle, %s is %dx%d", cnfFile, m.Width, m.Height, puzzleFile, p.Width(), p.Height()), exitError)
	case q != nil && !cluesMatch(p, q):
		return modelMap{}, cli.Exit(fmt.Sprintf("%s was written for other clues than those of %s", cnfFile, puzzleFile), exitError)
	}
	return modelMap{p: p, grid: m.Grid, formula: f, numVars: f.NumVars, blocked: m.Blocked}, nil
}

// readModelFile reads a SAT solver's answer for a formula of numVars
// variables. Without --cnf, a model that fits the formula dimacs
// --no-presolve writes says so.
func readModelFile(c *cli.Context, p *puzzle.Puzzle, modelFile string, numVars int) (cnf.Status, cnf.Model, error) {
	r, closeFn, err := open(c, modelFile)
	if err != nil {
		return 0, nil, err
	}
	data, err := io.ReadAll(r)
	closeFn()
	if err != nil {
		return 0, nil, cli.Exit(fmt.Sprintf("%s: %v", modelFile, err), exitError)
	}
	st, model, err := cnf.ReadModel(bytes.NewReader(data), numVars)
	if err == nil {
		return st, model, nil
	}
	msg := fmt.Sprintf("%s: %v", modelFile, err)
	var de *cnf.DIMACSError
	if errors.As(err, &de) {
		msg = fmt.Sprintf("%s:%d: %v", modelFile, de.Line, de.Err)
	}
	if c.String("cnf") == "" && !c.Bool("no-presolve") {
		all := solver.Encode(p, solver.Options{NoPresolve: true})
		if _, _, err := cnf.ReadModel(bytes.NewReader(data), all.Formula.NumVars); err == nil {
			msg += " (was the CNF written with --no-presolve? decode --no-presolve reads its model; --cnf FILE.cnf reads the map from the CNF's header)"
		}
	}
	return 0, nil, cli.Exit(msg, exitError)
}

// readCNF reads a CNF written by 'nonosat dimacs' and its header.
func readCNF(c *cli.Context, name string) (*cnf.Formula, *decode.Map, error) {
	r, closeFn, err := open(c, name)
	if err != nil {
		return nil, nil, err
	}
	defer closeFn()
	f, m, err := decode.ReadCNF(r, name)
	if err != nil {
		return nil, nil, cli.Exit(err, exitError)
	}
	return f, m, nil
}

// open opens the named file, or standard input for "-".
func open(c *cli.Context, name string) (io.Reader, func(), error) {
	if name == "-" {
		return c.App.Reader, func() {}, nil
	}
	fh, err := os.Open(name)
	if err != nil {
		return nil, nil, cli.Exit(err, exitError)
	}
	return fh, func() { fh.Close() }, nil
}

// cluesMatch reports whether p and q have the same clues.
func cluesMatch(p, q *puzzle.Puzzle) bool {
	same := func(a, b []puzzle.Clue) bool {
		if len(a) != len(b) {
			return false
		}
		for i := range a {
			if !a[i].Equal(b[i]) && (len(a[i]) > 0 || len(b[i]) > 0) {
				return false
			}
		}
		return true
	}
	return same(p.Rows, q.Rows) && same(p.Cols, q.Cols)
}
