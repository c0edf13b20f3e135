package main

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"sync/atomic"
	"time"

	"github.com/nonosat/nonosat/design"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/report"
	"github.com/nonosat/nonosat/solver"
	"github.com/urfave/cli/v2"
)

func fixCmd() *cli.Command {
	return &cli.Command{
		Name:      "fix",
		Usage:     "find small edits of the picture that make the puzzle unique",
		ArgsUsage: "FILE [--apply -o OUT]",
		Description: "Tries every single-cell edit of the goal picture (every other colour of every\n" +
			"cell) and prints the best, best first: edits that make the puzzle line-solvable,\n" +
			"then unique, then the rest, each by the cells line logic leaves open; pairs of\n" +
			"the best single edits when none makes it unique. Each effect is that of solving\n" +
			"the edited puzzle. Without a goal in FILE, the first solution found is the\n" +
			"picture. --apply writes the puzzle with the best edit to OUT (format from its\n" +
			"suffix or --to, else XML on standard output).\n" +
			"A puzzle that line logic solves has nothing to fix (--apply writes it unchanged);\n" +
			"a unique one gets only edits that leave line logic fewer cells open. When no edit\n" +
			"of one or two cells makes the puzzle unique, fix says so and exits 3, as check\n" +
			"does, and --apply writes nothing.",
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "best", Value: 5, Usage: "print the `N` best edits"},
			&cli.BoolFlag{Name: "apply", Usage: "write the puzzle with the best edit (to -o OUT)"},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "with --apply, write the edited puzzle to `OUT`"},
			&cli.StringFlag{Name: "to", Aliases: []string{"t"}, Usage: "with --apply, write format `NAME` (default: from OUT's suffix, else xml)"},
			&cli.BoolFlag{Name: "json", Usage: "print {\"edits\": [{\"cells\", \"verdict\", \"open\"}]}, best first"},
			indexFlag(),
			&cli.DurationFlag{Name: "edit-timeout", Value: 10 * time.Second, Usage: "give each edited puzzle's verdict at most `D`; an edit it stops gets the verdict timeout and ranks last (0: no limit)"},
			runTimeoutFlag(),
			formatFlag(),
		},
		Action: withArgs(1, 1, fix),
	}
}

func fix(c *cli.Context, args []string) error {
	if c.Int("best") < 1 {
		return usagef(c, "--best must be 1 or more")
	}
	if c.IsSet("output") && !c.Bool("apply") {
		return usagef(c, "-o OUT goes with --apply")
	}
	p, err := onePuzzle(c, args[0], c.Int("index"), "--index")
	if err != nil {
		return err
	}
	out := c.String("output")
	to, err := makeFormat(c, out)
	if err != nil {
		return err
	}
	if c.Duration("edit-timeout") < 0 {
		return usagef(c, "--edit-timeout must be 0 or more")
	}
	ctx, cancel, err := designContext(c)
	if err != nil {
		return err
	}
	defer cancel()
	goal, err := fixGoal(c, ctx, args[0], p)
	if err != nil {
		return err
	}
	base, err := design.Baseline(ctx, p, goal, c.Duration("edit-timeout"))
	if err := designStopped(c, ctx, err, args[0]); err != nil {
		return err
	}
	if err != nil {
		return cli.Exit(fmt.Sprintf("%s: %v", args[0], err), exitError)
	}
	var es []design.Edit
	if base.Open > 0 {
		if es, err = rankEdits(c, ctx, args[0], p, goal); err != nil {
			return err
		}
	}
	say, apply, code := fixVerdict(base, es)
	if c.Bool("apply") && code == exitOK {
		var cells []design.Cell
		if len(apply) > 0 {
			cells = apply[0].Cells
		}
		q, err := design.Edited(p, goal, cells)
		if err != nil {
			return cli.Exit(err, exitError)
		}
		var buf bytes.Buffer
		if err := puzzle.Encode(&buf, q, to); err != nil {
			return cli.Exit(fmt.Sprintf("%s: %v", args[0], err), exitError)
		}
		if err := writeOutput(c, out, buf.Bytes()); err != nil {
			return err
		}
	}
	return fixReport(c, args[0], out, say, es, code)
}

// fixGoal is the picture fix edits (design.FixGoal), saying on standard
// error when it is a solution found in place of the puzzle's goal.
func fixGoal(c *cli.Context, ctx context.Context, file string, p *puzzle.Puzzle) (puzzle.Grid, error) {
	goal, res, err := design.FixGoal(ctx, p, solver.Options{})
	if err == nil && res != nil && res.Verdict == solver.Timeout {
		err = ctx.Err()
	}
	if err := designStopped(c, ctx, err, file); err != nil {
		return nil, err
	}
	if err != nil {
		return nil, cli.Exit(fmt.Sprintf("%s: %v", file, err), exitError)
	}
	if goal == nil {
		return nil, cli.Exit(fmt.Sprintf("%s: %s: no picture to edit", file, report.VerdictLine(p, res)), exitNoSolution)
	}
	if res != nil {
		why := "has no goal picture"
		if p.Goal != nil {
			why = "has a goal picture that is not a solution"
		}
		fmt.Fprintf(c.App.ErrWriter, "nonosat: %s %s; editing the first solution found\n", file, why)
	}
	return goal, nil
}

// fixVerdict is what fix says of the baseline base and the ranked edits
// es, what --apply writes (the puzzle with the best edit, or unchanged
// when it needs none), and the exit code: OUT is written exactly when
// the exit is 0.
func fixVerdict(base design.Edit, es []design.Edit) (say string, apply []design.Edit, code int) {
	unique := string(solver.Unique)
	apply, code = es, exitOK
	switch {
	case base.Open == 0:
		say = "already unique (line logic solves it): nothing to fix"
	case base.Verdict == unique && len(es) == 0:
		say = fmt.Sprintf("already unique (%s open after line logic); no edit of one or two cells leaves fewer open", plural(base.Open, "cell", "cells"))
	case len(es) == 0 || es[0].Verdict != unique:
		say = "no edit of one or two cells makes it unique"
		if len(es) > 0 {
			say += fmt.Sprintf("; the best leaves %s open after line logic", plural(es[0].Open, "cell", "cells"))
		}
		code = exitMultiple
		if base.Verdict != string(solver.Multiple) {
			code = exitUndecided // the puzzle's own verdict timed out
		}
	}
	if base.Verdict == unique && len(es) == 0 {
		apply = nil
	}
	return say, apply, code
}

// fixReport prints what fix found (the edits, and what the verdict says
// of them) and returns the exit for code; file is the puzzle's file, out
// the -o OUT of --apply.
func fixReport(c *cli.Context, file, out, say string, es []design.Edit, code int) error {
	var err error
	// The report goes where the puzzle does not.
	w := c.App.Writer
	if c.Bool("apply") && (out == "" || out == "-") {
		w = c.App.ErrWriter
	}
	if c.Bool("json") {
		if es == nil {
			es = []design.Edit{}
		}
		err = writeJSON(w, design.Edits{Edits: es})
	} else {
		if say != "" {
			if len(es) > 0 {
				say += ":"
			}
			fmt.Fprintln(w, say)
		}
		err = design.WriteEdits(w, es)
	}
	if err == nil && code != exitOK {
		msg := ""
		if c.Bool("apply") {
			msg = file + ": nothing applied"
		}
		err = cli.Exit(msg, code)
	}
	return err
}

// rankEdits runs design.Fix on p and its picture goal, with a progress
// line on a terminal: ranking and verifying can take minutes.
func rankEdits(c *cli.Context, ctx context.Context, file string, p *puzzle.Puzzle, goal puzzle.Grid) ([]design.Edit, error) {
	o := design.FixOptions{Best: c.Int("best"), EditTimeout: c.Duration("edit-timeout")}
	var progress *progressLine
	if isTerminal(c.App.ErrWriter) {
		var ranked, total, verified atomic.Int64
		o.Progress = func(r, t, v int) { ranked.Store(int64(r)); total.Store(int64(t)); verified.Store(int64(v)) }
		progress = stillWorking(c.App.ErrWriter, filepath.Base(file), "still fixing", func(int64) string {
			return fmt.Sprintf(", %d of %d single edits tried by line logic, %d verdicts", ranked.Load(), total.Load(), verified.Load())
		})
	}
	es, err := design.Fix(ctx, p, goal, o)
	progress.done()
	if err := designStopped(c, ctx, err, file); err != nil {
		return nil, err
	}
	if err != nil {
		return nil, cli.Exit(fmt.Sprintf("%s: %v", file, err), exitError)
	}
	return es, nil
}
