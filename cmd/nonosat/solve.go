package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/nonosat/nonosat/certify"
	"github.com/nonosat/nonosat/report"
	"github.com/nonosat/nonosat/solver/backend"

	"github.com/nonosat/nonosat/design"
	"github.com/nonosat/nonosat/encode"
	"github.com/nonosat/nonosat/picture"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/solver"
	"github.com/urfave/cli/v2"
)

// mode is what solve, check and count each want from the solver.
type mode int

const (
	modeSolve mode = iota
	modeCheck
	modeCount
)

const encodingUsage = "CNF encoding `KIND` of each line: path (automaton path; unit propagation equals line solving), classic (block starts, sequential at-most-one, covering) or order (order-encoded starts, as Sugar/Copris)"

// encodingFlag chooses the line encoding (encode.Kind) of dimacs.
func encodingFlag() cli.Flag {
	return &cli.StringFlag{Name: "encoding", Value: "path", Usage: encodingUsage}
}

// solveEncodingFlag chooses the line encoding of the SAT stage; unset,
// the solver picks (solver.Options.Encoding).
func solveEncodingFlag() cli.Flag {
	return &cli.StringFlag{Name: "encoding", DefaultText: "path, or order for an external --sat solver", Usage: encodingUsage}
}

func noSearchFlag() cli.Flag {
	return &cli.BoolFlag{Name: "no-search", Usage: "skip the learner (clause learning over the cells, the line solvers as propagators) between line solving and SAT"}
}

// solverFlags are the flags solve, check and count share.
func solverFlags() []cli.Flag {
	return []cli.Flag{
		formatFlag(),
		&cli.DurationFlag{Name: "timeout", Usage: "give up on each puzzle after `D` (e.g. 30s, 2m) with verdict timeout; the learner stops itself, gophersat runs in a child process that is killed"},
		&cli.BoolFlag{Name: "json", Usage: "print one JSON object per puzzle (JSON Lines)"},
		satFlag("in process"),
		verboseFlag(),
		&cli.BoolFlag{Name: "no-presolve", Usage: "skip line solving and the learner: the whole formula to SAT"},
		noSearchFlag(),
		solveEncodingFlag(),
		&cli.BoolFlag{Name: "progress", Usage: "say on standard error, every second, which puzzle is still being solved once one takes over 2 s, even when standard error is not a terminal (there as a plain line every 10 s; it does on a terminal)"},
		&cli.BoolFlag{Name: "no-progress", Usage: "never say which puzzle is still being solved"},
		maxMemoryFlag(),
	}
}

func solveCmd() *cli.Command {
	return &cli.Command{
		Name:      "solve",
		Usage:     "print the solutions of a puzzle",
		ArgsUsage: "FILE...",
		Description: "Solves every puzzle in FILE (\"-\" for standard input) and prints up to --max solutions,\n" +
			"each checked against the clues, as they are found, then the verdict: unique, multiple, none\n" +
			"or timeout.\n" +
			"Exit code 0 when a solution was found, 20 when there is none, 4 on timeout (also when\n" +
			"it stopped --max short: \"multiple (at least N solutions; timeout)\"), 130 when interrupted.",
		Flags: append(solverFlags(), proofFlag(),
			&cli.IntFlag{Name: "max", Value: 1, Usage: "print at most `N` solutions (0: all of them)"},
			&cli.StringFlag{Name: "color", Value: "auto", Usage: "draw the grids in ANSI colour: `WHEN` is always, never or auto (when standard output is a terminal and NO_COLOR is unset; 24-bit colour where COLORTERM is truecolor or 24bit, else 256 colours)"},
			&cli.BoolFlag{Name: "plain", Usage: "print bare grids, without the clues around them"},
		),
		Action: withArgs(1, -1, func(c *cli.Context, args []string) error {
			if _, err := colorWhen(c); err != nil {
				return err
			}
			return runSolver(c, args, modeSolve)
		}),
	}
}

func checkCmd() *cli.Command {
	return &cli.Command{
		Name:      "check",
		Usage:     "tell whether a puzzle has exactly one solution",
		ArgsUsage: "FILE...",
		Description: "Prints one verdict per puzzle: unique, multiple, none or timeout, and exits\n" +
			"0, 3, 20 or 4 accordingly (for several puzzles: the code of the first that is not unique);\n" +
			"130 when interrupted.\n" +
			"When the file carries the designer's goal image, it is the first solution: the search looks only for another.",
		Flags: append(solverFlags(), proofFlag(),
			&cli.BoolFlag{Name: "grade", Usage: "follow each verdict with the difficulty grade: 1 line logic, 2 lookahead (probing), 3 guessing (--json has it too); within --timeout, or \"(no grade: the timeout came first)\""},
		),
		Action: withArgs(1, -1, func(c *cli.Context, args []string) error { return runSolver(c, args, modeCheck) }),
	}
}

func countCmd() *cli.Command {
	return &cli.Command{
		Name:      "count",
		Usage:     "count the solutions of a puzzle",
		ArgsUsage: "FILE...",
		Description: "Counts solutions by finding each one and forbidding it, up to --max;\n" +
			"prints the number, or \"at least N\" when the limit stopped the count (\"at least N (timeout)\"\n" +
			"when --timeout did, \"at least N (interrupted)\" after Ctrl-C). The solutions are printed only with --solutions.\n" +
			"Exit code 0 when counted (or --max reached), 20 when there is none, 4 when --timeout\n" +
			"stopped the count, 130 when interrupted.",
		Flags: append(solverFlags(),
			&cli.IntFlag{Name: "max", Value: 10000, Usage: "stop counting at `N` solutions (0: no limit)"},
			&cli.BoolFlag{Name: "solutions", Usage: "also print the solutions (with --json: the solutions array, otherwise left empty)"},
		),
		Action: withArgs(1, -1, func(c *cli.Context, args []string) error { return runSolver(c, args, modeCount) }),
	}
}

// solverOptions reads the flags solve, check, count and batch share (--sat,
// --no-presolve, --encoding) for a run that looks for up to max solutions
// (negative: all), and checks them: an unknown back end or encoding is a
// usage error, a solver missing from PATH an input error.
func solverOptions(c *cli.Context, max int) (solver.Options, error) {
	kind, err := encode.ParseKind(c.String("encoding"))
	if err != nil {
		return solver.Options{}, usagef(c, "--encoding: %v", err)
	}
	mem, err := maxMemory(c)
	if err != nil {
		return solver.Options{}, err
	}
	if c.String("encoding") == "" {
		kind = "" // the solver picks
	}
	o := solver.Options{Backend: resolveSAT(c.String("sat"), max), NoPresolve: c.Bool("no-presolve"), Encoding: kind, MaxMemory: mem, Max: max}
	if o.Backend == "portfolio" { // --sat portfolio: not a back end, the race of two
		o.Backend, o.Portfolio = "", true
	}
	if c.Bool("no-search") {
		o.NoSearch = true
	}
	if err := backend.Check(o.Backend); err != nil {
		var nf *backend.NotFoundError
		if errors.As(err, &nf) {
			return o, cli.Exit(err, exitError)
		}
		return o, usagef(c, "--sat: %v; or portfolio, the race of two", err)
	}
	return o, nil
}

// childMayStart reports whether a solve with o may start a worker
// process before Options.BeforeChild is called, as an external solver
// does not. A child runs in its own process group, so only the interrupt
// handler kills it: the handler must be in place before it starts.
func childMayStart(o solver.Options) bool {
	return o.Worker != nil
}

// armInterrupt arms the interrupt handler at once when the solve with o
// may start a worker process first thing, and has o arm it just before
// an external solver's process starts (after the hand-off, or for a
// certificate).
func armInterrupt(o *solver.Options, arm func()) {
	if childMayStart(*o) {
		arm()
	}
	o.BeforeChild = arm
}

// runSolver solves every puzzle of each file for the given mode, prints
// the results and returns the exit status: that of the first puzzle that
// is not a success. A file that cannot be read is reported and the others
// go on.
func runSolver(c *cli.Context, files []string, m mode) error {
	if c.Int("max") < 0 {
		return usagef(c, "--max must be 0 or more")
	}
	if c.Duration("timeout") < 0 {
		return usagef(c, "--timeout must be positive")
	}
	if c.Bool("progress") && c.Bool("no-progress") {
		return usagef(c, "--progress and --no-progress together")
	}
	showProgress := c.Bool("progress") || !c.Bool("no-progress") && isTerminal(c.App.ErrWriter)
	printMax := c.Int("max")
	o, err := solverOptions(c, solutionsWanted(m, printMax))
	if err != nil {
		return err
	}
	if n := slices.Index(files, "-"); n >= 0 && slices.Index(files[n+1:], "-") >= 0 {
		return usagef(c, "standard input (-) named twice")
	}
	if o.Portfolio || (backend.NeedsWorker(o.Backend) && c.Duration("timeout") > 0) {
		if o.Worker, err = workerArgv(); err != nil {
			return cli.Exit(fmt.Sprintf("cannot start a SAT worker process: %v", err), exitError)
		}
	}
	if m == modeCount {
		o.IgnoreGoal = true
		o.CountOnly = !c.Bool("solutions") // keep no more than the verdict needs
	}
	ctx, arm, stop := lazyInterrupt(c.Context)
	defer stop()
	armInterrupt(&o, arm)
	sayAuto(c, o)
	r := &solveRun{c: c, o: o, m: m, many: len(files) > 1, showProgress: showProgress, printMax: printMax, code: exitOK}
	for _, file := range files {
		es, err := readQuickly(ctx, file, func() ([]puzzle.Entry, error) { return readEntries(c, file) })
		if ctx.Err() != nil {
			return cli.Exit("interrupted", exitInterrupted)
		}
		if err != nil && !r.many {
			return err
		}
		if err != nil {
			fmt.Fprintf(c.App.ErrWriter, "nonosat: %v\n", err)
			if r.code == exitOK {
				r.code = exitError
			}
			continue
		}
		stop, err := r.solveFile(ctx, file, es)
		if err != nil || stop {
			return err
		}
	}
	if r.code != exitOK {
		return cli.Exit("", r.code)
	}
	return nil
}

// solveRun is a run of solve, check or count: what the puzzles of every
// file share.
type solveRun struct {
	c            *cli.Context
	o            solver.Options
	m            mode
	many         bool // several files: name every puzzle
	showProgress bool
	printMax     int // --max
	code         int // the exit status: that of the first puzzle that is not a success
}

// solveFile solves and prints the puzzles es of file, updating r.code; an
// error (or interruption) ends the whole run.
func (r *solveRun) solveFile(ctx context.Context, file string, es []puzzle.Entry) (stop bool, err error) {
	c, o, m, many, printMax := r.c, r.o, r.m, r.many, r.printMax
	if c.String("proof") != "" {
		o.Proof = &certify.Trace{} // the verdict's run records its proof
	}
	fail := func(err error, index int) error { // one puzzle failed: say so, go on
		if r.code == exitOK {
			r.code = exitError
		}
		return printBad(c, file, index, err)
	}
	for i, e := range es {
		index := 0
		if len(es) > 1 {
			index = i + 1
		}
		if e.Err != nil {
			if err := fail(e.Err, index); err != nil {
				return true, err
			}
			continue
		}
		p := e.Puzzle
		r.warnGoal(file, index, p)
		progress := r.progressFor(file, index, p)
		gp := streamGrids(c, file, index, many, p, m, progress)
		var each func(puzzle.Grid) bool
		po := o
		if gp != nil {
			each = gp.take
			// The grids are printed as they come: keep none past the
			// verdict's two, unless the proof needs them.
			po.CountOnly = po.Proof == nil
		}
		pctx, cancel := withTimeout(ctx, c.Duration("timeout"))
		res, err := solver.SolveEach(pctx, p, po, progress.counting(each))
		var grade *design.Grade // check's, within the same deadline
		if err == nil && m == modeCheck && (c.Bool("json") || c.Bool("grade")) {
			grade = design.GradeWithin(pctx, p, res)
		}
		cancel()
		progress.done()
		if gp != nil {
			if werr := gp.flush(); werr != nil && err == nil {
				return true, werr
			}
		}
		var tb *encode.TooBigError
		switch {
		case ctx.Err() != nil:
			return true, r.interrupted(file, index, p, res)
		case errors.As(err, &tb):
			if err := fail(fmt.Errorf("%s: %w", name(file, index, p), tooBig(err)), index); err != nil {
				return true, err
			}
			continue
		case err != nil:
			return true, cli.Exit(fmt.Sprintf("%s: %v", name(file, index, p), err), exitError)
		}
		if err := r.writeProof(ctx, file, index, p, res, o); err != nil {
			return true, err
		}
		if gp != nil { // the header of a puzzle that found no grid
			if gp.writeHeader(); gp.err != nil {
				return true, gp.err
			}
		}
		if err := r.printResult(outcome{file, index, p, res, grade}); err != nil {
			return true, err
		}
		sayHow(c, file, index, p, res)
		if pc := exitCode(res, m, printMax); r.code == exitOK {
			r.code = pc
		}
	}
	return false, nil
}

// interrupted is the exit of a run stopped (Ctrl-C) while solving p, the
// index-th puzzle of file; count prints first what it counted, which
// stands as a lower bound.
func (r *solveRun) interrupted(file string, index int, p *puzzle.Puzzle, res *solver.Result) error {
	if r.m == modeCount && res != nil && !r.c.Bool("json") {
		prefix := ""
		if index > 0 || r.many {
			prefix = name(file, index, p) + ": "
		}
		fmt.Fprintf(r.c.App.Writer, "%sat least %d (interrupted)\n", prefix, res.Count)
	}
	return cli.Exit("interrupted", exitInterrupted)
}

// warnGoal says on standard error when p, the index-th puzzle of file,
// carries a goal that does not solve it: solve and check ignore it.
func (r *solveRun) warnGoal(file string, index int, p *puzzle.Puzzle) {
	if p.Goal != nil && r.m != modeCount {
		if err := puzzle.Check(p, p.Goal); err != nil {
			fmt.Fprintf(r.c.App.ErrWriter, "nonosat: warning: %s: the goal in the file is ignored: it is %v\n", name(file, index, p), err)
		}
	}
}

// progressFor is the "still solving" line of p, the index-th puzzle of
// file, or nil when the run shows none.
func (r *solveRun) progressFor(file string, index int, p *puzzle.Puzzle) *progressLine {
	if !r.showProgress {
		return nil
	}
	// The file's base name keeps the line short: a line wider than the
	// terminal wraps, and then \r cannot redraw it.
	return stillSolving(r.c.App.ErrWriter, fmt.Sprintf("%s (%dx%d)", name(filepath.Base(file), index, p), p.Width(), p.Height()))
}

// writeProof writes the certificate of res, p's result solved with o,
// into the --proof folder, if one was given. A verdict with no proof
// (row and column totals that differ) stands, with a warning.
func (r *solveRun) writeProof(ctx context.Context, file string, index int, p *puzzle.Puzzle, res *solver.Result, o solver.Options) error {
	dir := r.c.String("proof")
	if dir == "" {
		return nil
	}
	err := certify.Write(ctx, certify.Dir(dir), certify.Name(file, index), p, res, o, r.c.Duration("timeout"))
	if errors.Is(err, certify.ErrNoProof) {
		fmt.Fprintf(r.c.App.ErrWriter, "nonosat: warning: %s: %v\n", name(file, index, p), err)
	} else if err != nil {
		return cli.Exit(fmt.Sprintf("%s: %v", name(file, index, p), err), exitError)
	}
	return nil
}

// withTimeout is ctx with the deadline timeout from now (0: none).
func withTimeout(ctx context.Context, timeout time.Duration) (context.Context, context.CancelFunc) {
	if timeout > 0 {
		return context.WithTimeout(ctx, timeout)
	}
	return context.WithCancel(ctx)
}

// streamGrids is the printer of the grids solve (and count --solutions)
// prints as they come, holding solve's header of a named puzzle until
// there is a grid or a verdict to print; nil when the mode prints no
// grids or --json prints them at the end.
func streamGrids(c *cli.Context, file string, index int, many bool, p *puzzle.Puzzle, m mode, progress *progressLine) *gridPrinter {
	if c.Bool("json") {
		return nil
	}
	gp := &gridPrinter{c: c, max: c.Int("max")}
	if isTerminal(c.App.Writer) {
		// The grids share the terminal with the progress line: take it
		// away while one is printed (on a file, it would never show).
		gp.progress = progress
	}
	gp.show = func(g puzzle.Grid) error { return showGrid(c, p, g) }
	switch {
	case m == modeCount && c.Bool("solutions"):
		gp.number = true
		if index > 0 || many {
			gp.prefix = name(file, index, p) + ": "
		}
		gp.show = func(g puzzle.Grid) error {
			_, err := fmt.Fprint(c.App.Writer, p.FormatGrid(g))
			return err
		}
		return gp
	case m != modeSolve:
		return nil
	}
	if index > 0 || many {
		title := p.Title
		if title != "" {
			title = " " + title
		}
		gp.header = fmt.Sprintf("== %s%s (%dx%d)\n", name(file, index, p), title, p.Width(), p.Height())
	}
	return gp
}

// name says which puzzle of a file is meant, for messages.
func name(file string, index int, p *puzzle.Puzzle) string {
	if index == 0 {
		return file
	}
	if p.ID != "" {
		return fmt.Sprintf("%s %s", file, p.ID)
	}
	return fmt.Sprintf("%s #%d", file, index)
}

// exitCode is the exit status for one puzzle's result; printMax is --max.
func exitCode(res *solver.Result, m mode, printMax int) int {
	if m != modeCheck && stoppedShort(res, printMax) {
		return exitUndecided // fewer solutions than asked for: the deadline or the memory
	}
	switch res.Verdict {
	case solver.None:
		return exitNoSolution
	case solver.Timeout:
		return exitUndecided
	case solver.Multiple:
		if m == modeCheck {
			return exitMultiple
		}
	}
	return exitOK
}

// outcome is one puzzle's result to print: the puzzle, the index-th of
// file, its result and, for check, its grade (nil when the deadline came
// first).
type outcome struct {
	file  string
	index int
	p     *puzzle.Puzzle
	res   *solver.Result
	grade *design.Grade
}

// printResult prints one puzzle's result, after the grids that
// streamGrids printed as they came (with --json, the grids too); the
// puzzle is named when its index is not 0 or many files are being solved.
func (r *solveRun) printResult(s outcome) error {
	c, m, printMax := r.c, r.m, r.printMax
	file, index, p, res, grade := s.file, s.index, s.p, s.res, s.grade
	w := c.App.Writer
	if c.Bool("json") {
		var j report.Result
		switch m {
		case modeSolve:
			j = report.ForSolve(file, max(index, 1), p, res, printMax)
		case modeCheck:
			j = report.ForCheck(file, max(index, 1), p, res, grade)
		case modeCount:
			j = report.ForCount(file, max(index, 1), p, res, c.Bool("solutions"))
		}
		if m == modeSolve && res.Verdict == solver.Timeout && len(res.Solutions) == 0 && !c.Bool("no-presolve") {
			j.Known, _ = report.Known(c.Context, p, partialBudget)
		}
		b, err := json.Marshal(j)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(w, "%s\n", b)
		return err
	}
	prefix := ""
	if index > 0 || r.many {
		prefix = name(file, index, p) + ": "
	}
	switch m {
	case modeCheck:
		g := ""
		switch {
		case !c.Bool("grade") || res.Verdict == solver.Timeout:
		case grade == nil:
			g = " (no grade: the timeout came first)"
		default:
			g = " " + report.GradeText(*grade, res.Verdict)
		}
		_, err := fmt.Fprintf(w, "%s%s%s\n", prefix, res.Verdict, g)
		return err
	case modeCount:
		n := fmt.Sprint(res.Count)
		if !res.Complete {
			n = "at least " + n
		}
		if stoppedShort(res, printMax) {
			n += " (" + stopReason(res) + ")"
		}
		_, err := fmt.Fprintf(w, "%s%s\n", prefix, n)
		return err
	}
	// The header and the grids came as the solver found them (streamGrids).
	// --no-presolve asked for no line solving: then there is none to show.
	if res.Verdict == solver.Timeout && res.Count == 0 && !c.Bool("no-presolve") {
		if rows, known := report.Known(c.Context, p, partialBudget); rows != nil {
			fmt.Fprintf(w, "known cells after line solving, %d of %d (? = undecided):\n%s\n", known, p.Width()*p.Height(), strings.Join(rows, "\n"))
		}
	}
	line := report.VerdictLine(p, res)
	if res.Verdict == solver.Multiple && stoppedShort(res, printMax) {
		line = strings.TrimSuffix(line, ")") + "; " + stopReason(res) + ")"
	}
	_, err := fmt.Fprintln(w, line)
	return err
}

// printBad reports the invalid puzzle index of file: an error line with
// --json (verdict "error", as batch writes), else a message on standard
// error; err already names the file, line and puzzle.
func printBad(c *cli.Context, file string, index int, err error) error {
	if c.Bool("json") {
		b, jerr := json.Marshal(report.Failed(file, max(index, 1), err.Error()))
		if jerr != nil {
			return jerr
		}
		_, jerr = fmt.Fprintf(c.App.Writer, "%s\n", b)
		return jerr
	}
	_, werr := fmt.Fprintf(c.App.ErrWriter, "nonosat: %v\n", err)
	return werr
}

// stoppedShort reports whether a count, or solve --max, stopped before
// it was complete for another reason than reaching --max (printMax; 0: no
// limit): the deadline, or --max-memory (see stopReason).
func stoppedShort(res *solver.Result, printMax int) bool {
	return !res.Complete && (printMax == 0 || res.Count < printMax)
}

// stopReason says what cut a count short: the memory limit or the
// timeout.
func stopReason(res *solver.Result) string {
	if res.MemoryOut {
		return "memory limit"
	}
	return "timeout"
}

// plural is n with the noun for one or for several.
func plural(n int, one, several string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, several)
}

// showGrid prints one solution grid: with the clues around it, like a
// printed puzzle, in ANSI colour where asked for, or bare with --plain.
func showGrid(c *cli.Context, p *puzzle.Puzzle, g puzzle.Grid) error {
	if c.Bool("plain") {
		_, err := fmt.Fprint(c.App.Writer, p.FormatGrid(g))
		return err
	}
	when, _ := colorWhen(c)
	return picture.Text(c.App.Writer, p, g, ansiColors(when, c.App.Writer))
}
