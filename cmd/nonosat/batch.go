package main

import (
	"fmt"
	"runtime"

	"github.com/nonosat/nonosat/batch"
	"github.com/urfave/cli/v2"
)

func batchCmd() *cli.Command {
	return &cli.Command{
		Name:      "batch",
		Usage:     "solve every puzzle of many files and folders, one JSON line each",
		ArgsUsage: "PATH... [-j N] [--timeout D] [--max N] [-o results.jsonl [--resume]] [--proof DIR]",
		Description: "Walks the files and folders given (folders recursively) and solves every puzzle\n" +
			"of every puzzle file, N at a time. Each result is written as one JSON line (the schema\n" +
			"of solve --json, verdict \"error\" and an \"error\" field for what could not be solved)\n" +
			"as soon as it is done, so the output holds every finished puzzle whenever the run stops.\n" +
			"Puzzles are named by file and index (from 1; 0 for a file that cannot be read).\n" +
			"\n" +
			"Which files: every file named on the command line is read. Inside folders, files\n" +
			"and folders whose names start with \".\" are ignored; a file whose suffix is that of\n" +
			"a puzzle format (.non, .xml, .nin, .g, ...) is a puzzle file, and one that fails\n" +
			"to parse gives an error line (index 0, \"FILE:LINE: message\"); any other file is\n" +
			"read only if its content looks like a puzzle format and parses as one, and is\n" +
			"skipped otherwise (READMEs, licences, tables, pictures, solution grids). Skipped\n" +
			"files are counted in the summary, not reported as errors.\n" +
			"\n" +
			"The SAT search of each puzzle runs in a child process, so -j N solves N puzzles\n" +
			"in parallel and --timeout kills a search that runs too long (verdict timeout).\n" +
			"A panic or failure while solving one puzzle becomes an error line for that puzzle.\n" +
			"With --proof DIR, each unique, none and multiple verdict also gets its certificate in DIR,\n" +
			"as check --proof writes it, named after the file (base name and a hash of its path) and\n" +
			"the index; the line's \"proof\" field gives the path less .cnf/.drat/.sol. Making the\n" +
			"certificate has a --timeout of its own; one that fails makes the line an error.\n" +
			"With -o FILE --resume, puzzles already in FILE are skipped and new lines appended\n" +
			"(a last line cut short by a killed run is dropped first). Ctrl-C stops handing out\n" +
			"puzzles, kills the searches under way, keeps every finished line and prints the\n" +
			"summary. A progress bar is drawn on standard error when it is a terminal; a summary\n" +
			"table (puzzles, median and longest time per verdict) is printed there at the end.\n" +
			"\n" +
			"Exit code 0 when every puzzle got a result, 1 when some lines are errors,\n" +
			"130 when interrupted (rerun with --resume to finish).",
		Flags: []cli.Flag{
			formatFlag(),
			&cli.IntFlag{Name: "jobs", Aliases: []string{"j"}, DefaultText: "number of cores", Usage: "solve `N` puzzles at once"},
			&cli.DurationFlag{Name: "timeout", Usage: "give up on each puzzle after `D` (e.g. 20s) with verdict timeout; the search is killed (0: no limit)"},
			&cli.IntFlag{Name: "max", Value: 2, Usage: "look for at most `N` solutions per puzzle (0: all); 2 tells unique from multiple"},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write the JSON lines to `FILE` instead of standard output (-: standard output)"},
			&cli.BoolFlag{Name: "resume", Usage: "skip the puzzles already in the --output file and append to it"},
			&cli.BoolFlag{Name: "progress", Usage: "draw the progress bar even when standard error is not a terminal (there as a plain line every 10 s)"},
			&cli.BoolFlag{Name: "no-progress", Usage: "never draw the progress bar"},
			satFlag("in a child process"),
			&cli.BoolFlag{Name: "no-presolve", Usage: "skip line solving and the learner: the whole formula to SAT"},
			noSearchFlag(),
			solveEncodingFlag(),
			maxMemoryFlag(),
			&cli.StringFlag{Name: "proof", Usage: "write each verdict's certificate to `DIR` (see check --proof and proof check)"},
			&cli.StringFlag{Name: "shard", Usage: "solve only shard `K/N` of the puzzles (K from 1 to N): every Nth puzzle in the order batch lists them, starting with the Kth, so that N runs (a Slurm array, GNU parallel, Kubernetes indexed jobs) share the work and their -o files concatenate"},
		},
		Action: withArgs(1, -1, runBatch),
	}
}

func runBatch(c *cli.Context, args []string) error {
	r := &batch.Runner{Jobs: c.Int("jobs"), Timeout: c.Duration("timeout"), ProofDir: c.String("proof")}
	var err error
	output := c.String("output")
	if output == "-" {
		output = "" // standard output, as for every writer
	}
	if r.Shard, err = batch.ParseShard(c.String("shard")); err != nil {
		return usagef(c, "--shard %q: %v", c.String("shard"), err)
	}
	switch {
	case r.Jobs < 0:
		return usagef(c, "-j must be 1 or more")
	case c.Int("max") < 0:
		return usagef(c, "--max must be 0 or more")
	case r.Timeout < 0:
		return usagef(c, "--timeout must be positive")
	case c.Bool("resume") && output == "":
		return usagef(c, "--resume needs -o FILE, the results of the earlier run")
	case c.Bool("progress") && c.Bool("no-progress"):
		return usagef(c, "--progress and --no-progress together")
	}
	for _, a := range args {
		if a == "-" {
			return usagef(c, "batch reads files and folders, not standard input")
		}
	}
	if r.Jobs == 0 {
		r.Jobs = runtime.NumCPU()
	}
	if r.Format, err = inputFormat(c); err != nil {
		return err
	}
	max := c.Int("max")
	if max == 0 {
		max = -1
	}
	if r.Options, err = solverOptions(c, max); err != nil {
		return err
	}
	r.Options.MaxMemory /= int64(r.Jobs) // each of the jobs solving at once gets its share
	// gophersat (alone or in the portfolio) runs in worker processes.
	if r.Options.Worker, err = workerArgv(); err != nil {
		return cli.Exit(fmt.Sprintf("cannot start SAT workers: %v", err), exitError)
	}

	return batchRun(c, r, args, output)
}

// batchRun lists the puzzle files of args and runs r on them, writing to
// output (standard output for ""), with the progress bar and the summary
// on standard error.
func batchRun(c *cli.Context, r *batch.Runner, args []string, output string) error {
	files, err := batch.List(args, output)
	if err != nil {
		return cli.Exit(err, exitError)
	}
	r.Out = c.App.Writer
	outFn := "" // the output file's name, for messages; "" for standard output
	if name := output; name != "" {
		f, done, err := batch.OpenResults(name, c.Bool("resume"))
		if err != nil {
			return cli.Exit(err, exitError)
		}
		defer f.Close()
		r.Out, r.Done, outFn = f, done, name
	}

	ctx, stop := notifyInterrupt(c.Context)
	defer stop()
	errw := c.App.ErrWriter
	var bar *progress
	if c.Bool("progress") || !c.Bool("no-progress") && isTerminal(errw) {
		bar = newProgress(errw)
		r.Observer = bar
		if outFn == "" && sameOutput(c.App.Writer, errw) {
			// Each result line is written after clearing the bar, and
			// the bar is redrawn after it.
			r.Out = clearingWriter{r.Out, bar}
		}
	}
	st, err := r.Run(ctx, files)
	if bar != nil {
		bar.finish(st)
	}
	_ = st.WriteSummary(errw, r.Jobs, outFn, c.String("shard")) // standard error failing changes no result

	switch {
	case err != nil:
		return cli.Exit(err, exitError)
	case st.Interrupted && st.Left < 0:
		return cli.Exit(fmt.Sprintf("interrupted while listing the puzzles: %d results written; run again with --resume to finish", st.Written), exitInterrupted)
	case st.Interrupted:
		return cli.Exit(fmt.Sprintf("interrupted: %d results written, %d puzzles left; run again with --resume to finish", st.Written, st.Left), exitInterrupted)
	case st.Errors > 0:
		return cli.Exit(fmt.Sprintf("%d of %d puzzles could not be read or solved: see their \"error\" lines", st.Errors, st.Written), exitError)
	}
	return nil
}
