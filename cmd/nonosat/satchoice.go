package main

import (
	"fmt"
	"os/exec"
	"time"

	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/report"
	"github.com/nonosat/nonosat/solver"
	"github.com/nonosat/nonosat/solver/backend"
	"github.com/urfave/cli/v2"
)

// satAuto is --sat's default: resolveSAT picks the back end.
const satAuto = "auto"

// satFlag is --sat; gophersat runs where (in process, or in a child
// process for batch).
func satFlag(where string) cli.Flag {
	return &cli.StringFlag{Name: "sat", Value: satAuto, Usage: "SAT solver `NAME`: auto (for a verdict, up to 2 solutions: cadical or kissat when one is in PATH, which refutes the hardest unique puzzles faster once the learner hands them over; else, and to enumerate, gophersat), gophersat (" + where + "), gini, portfolio (on two cores: two learners with different random decisions race; with --no-search, gophersat and gini), or an external solver (cadical, kissat, minisat, picosat, cryptominisat, exec:/path/to/solver)"}
}

func verboseFlag() cli.Flag {
	return &cli.BoolFlag{Name: "verbose", Aliases: []string{"v"}, Usage: "say on standard error which SAT solver --sat auto chose, and for each puzzle what decided it (line solving, the learner, or the SAT solver) and in how many conflicts"}
}

// resolveSAT is the back end --sat names, with auto resolved for a run
// that looks for up to max solutions (negative: all): an external
// solver runs once per solution, so auto takes one only for a verdict.
func resolveSAT(name string, max int) string {
	if name != satAuto {
		return name
	}
	if max >= 1 && max <= 2 {
		return backend.Auto()
	}
	return "gophersat"
}

// solutionsWanted is Options.Max for mode m and --max printMax: solve
// and check want 2 (unique or multiple), solve more when asked to print
// more; count every one up to --max (0: no limit).
func solutionsWanted(m mode, printMax int) int {
	switch m {
	case modeSolve:
		if printMax > 0 {
			return max(printMax, 2)
		}
		return -1
	case modeCheck:
		return 2
	}
	if printMax == 0 {
		return -1
	}
	return printMax
}

// sayAuto tells, with --verbose, what --sat auto chose for o.
func sayAuto(c *cli.Context, o solver.Options) {
	if !c.Bool("verbose") || c.String("sat") != satAuto {
		return
	}
	var why string
	switch {
	case backend.External(o.Backend):
		path, _ := exec.LookPath(o.Backend)
		why = fmt.Sprintf("%s (%s), for what line solving and the learner leave undecided", o.Backend, path)
	case o.Max < 1 || o.Max > 2:
		why = "gophersat in process: to enumerate, since an external solver runs once per solution"
	default:
		why = "gophersat in process: no cadical or kissat in PATH"
	}
	fmt.Fprintf(c.App.ErrWriter, "nonosat: --sat auto: %s\n", why)
}

// sayHow tells, with --verbose, what decided res, the result of p (the
// index-th puzzle of file).
func sayHow(c *cli.Context, file string, index int, p *puzzle.Puzzle, res *solver.Result) {
	if !c.Bool("verbose") {
		return
	}
	how := "decided by " + report.By(res)
	switch {
	case res.Verdict == solver.Timeout:
		how = "not decided"
	case report.By(res) == "":
		how = "stopped by --timeout or --max-memory"
	case res.LineSolved:
		how = "decided by line solving"
	case res.Learned:
		how = "decided by the learner"
	}
	fmt.Fprintf(c.App.ErrWriter, "nonosat: %s: %s, %s; %s of the learner, %s, %.1f ms\n",
		name(file, index, p), res.Verdict, how, plural(res.Stats.Conflicts, "conflict", "conflicts"), plural(res.Stats.SATCalls, "SAT call", "SAT calls"), float64(res.Stats.Total)/float64(time.Millisecond))
}
