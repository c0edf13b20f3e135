package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/nonosat/nonosat/certify"
	"github.com/nonosat/nonosat/report"

	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/solver"
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
			"Puzzles are named by file and index (1-based in files holding several, else 0).\n" +
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
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write the JSON lines to `FILE` instead of standard output"},
			&cli.BoolFlag{Name: "resume", Usage: "skip the puzzles already in the --output file and append to it"},
			&cli.BoolFlag{Name: "progress", Usage: "draw the progress bar even when standard error is not a terminal"},
			&cli.BoolFlag{Name: "no-progress", Usage: "never draw the progress bar"},
			&cli.StringFlag{Name: "sat", Value: "gophersat", Usage: "SAT solver `NAME`: gophersat (in a child process), gini, portfolio (two learners with different random decisions race; with --no-search, gophersat and gini), or an external solver (cadical, kissat, minisat, picosat, cryptominisat, exec:/path/to/solver)"},
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

// solvePuzzle solves one puzzle of a batch; tests replace it to make a
// puzzle fail or panic.
var solvePuzzle = solver.Solve

// verdictError is the verdict of a result line that carries an error.
const verdictError = "error"

// batchKey names one puzzle of a batch: its file, and its 1-based index in
// a file of several puzzles (0 when the file holds one, or failed to parse).
type batchKey struct {
	file  string
	index int
}

// batchFile is a file to read, found on the command line or in a folder.
type batchFile struct {
	path     string
	explicit bool  // named on the command line: always read
	err      error // the folder walk could not read it
}

// scanned is what reading a batch file gave.
type scanned struct {
	path string
	es   []puzzle.Entry // nil after the first pass: only n is kept
	n    int            // puzzles in the file, invalid ones included
	err  error          // the file could not be read or parsed: one error line
	skip bool           // not a puzzle file
}

// batchJob is one puzzle to solve, or a file's error to write.
type batchJob struct {
	key batchKey
	p   *puzzle.Puzzle
	err error
}

// batch holds one run of the batch command.
type batch struct {
	format  puzzle.Format
	opts    solver.Options
	timeout time.Duration
	jobs    int
	proof   string // --proof DIR, or ""

	outMu sync.Mutex
	out   io.Writer
	outFn string             // the output file's name, for messages; "" for standard output
	werr  error              // the first write error: the run stops
	stop  context.CancelFunc // stops the run after a write error

	stats *batchStats
	prog  *progress
	sh    shard
}

func runBatch(c *cli.Context, args []string) error {
	b := &batch{jobs: c.Int("jobs"), timeout: c.Duration("timeout"), proof: c.String("proof")}
	var err error
	if b.sh, err = parseShard(c.String("shard")); err != nil {
		return usagef(c, "--shard %q: %v", c.String("shard"), err)
	}
	switch {
	case b.jobs < 0:
		return usagef(c, "-j must be 1 or more")
	case c.Int("max") < 0:
		return usagef(c, "--max must be 0 or more")
	case b.timeout < 0:
		return usagef(c, "--timeout must be positive")
	case c.Bool("resume") && c.String("output") == "":
		return usagef(c, "--resume needs -o FILE, the results of the earlier run")
	case c.Bool("progress") && c.Bool("no-progress"):
		return usagef(c, "--progress and --no-progress together")
	}
	for _, a := range args {
		if a == "-" {
			return usagef(c, "batch reads files and folders, not standard input")
		}
	}
	if b.jobs == 0 {
		b.jobs = runtime.NumCPU()
	}
	if b.format, err = inputFormat(c); err != nil {
		return err
	}
	if b.opts, err = solverOptions(c); err != nil {
		return err
	}
	b.opts.MaxMemory /= int64(b.jobs) // each of the jobs solving at once gets its share
	b.opts.Max = c.Int("max")
	if b.opts.Max == 0 {
		b.opts.Max = -1
	}
	// gophersat (alone or in the portfolio) runs in worker processes.
	if b.opts.Worker, err = workerArgv(); err != nil {
		return cli.Exit(fmt.Sprintf("cannot start SAT workers: %v", err), exitError)
	}

	files, err := batchFiles(args, c.String("output"))
	if err != nil {
		return cli.Exit(err, exitError)
	}

	// Results already written, for --resume.
	done := map[batchKey]bool{}
	b.out, b.outFn = c.App.Writer, ""
	if name := c.String("output"); name != "" {
		f, err := openResults(name, c.Bool("resume"), done)
		if err != nil {
			return cli.Exit(err, exitError)
		}
		defer f.Close()
		b.out, b.outFn = f, name
	}

	sigCtx, stop := notifyInterrupt(c.Context)
	defer stop()
	ctx, cancel := context.WithCancel(sigCtx)
	defer cancel()
	b.stop = cancel

	errw := c.App.ErrWriter
	showProgress := c.Bool("progress") || !c.Bool("no-progress") && isTerminal(errw)
	b.stats = newBatchStats()

	// First pass: find the puzzles, for the total the progress bar shows.
	var scans []scanned
	total := 0
	ordinal := 0 // of the puzzle (or file error line) in the whole run, for --shard
	for _, f := range files {
		if ctx.Err() != nil {
			total = -1 // not counted
			break
		}
		s, err := untilDone(ctx, func() (scanned, error) { return b.scan(f), nil })
		if err != nil { // interrupted while reading f
			total = -1
			break
		}
		count := func(k batchKey) {
			switch {
			case !b.sh.take(&ordinal):
			case done[k]:
				b.stats.resumed++
			default:
				total++
			}
		}
		switch {
		case s.skip:
			b.stats.skipped = append(b.stats.skipped, s.path)
			continue
		case s.err != nil:
			count(batchKey{s.path, 0})
		default:
			for i := range s.n {
				count(batchKey{s.path, puzzleIndex(i, s.n)})
			}
		}
		s.es = nil // read again when its turn comes: holding every puzzle costs too much memory
		scans = append(scans, s)
		b.stats.files++
	}
	if showProgress {
		b.prog = newProgress(errw, total)
		b.prog.shared = b.outFn == "" && sameOutput(c.App.Writer, errw)
	}

	start := time.Now()
	jobs := make(chan batchJob)
	var wg sync.WaitGroup
	for range b.jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				if ctx.Err() != nil {
					continue
				}
				b.run(ctx, j)
			}
		}()
	}
	b.feed(ctx, scans, done, jobs)
	close(jobs)
	wg.Wait()
	b.stats.wall = time.Since(start)
	if b.prog != nil {
		b.prog.finish(b.stats)
	}
	b.stats.interrupted = ctx.Err() != nil
	b.stats.left = -1
	if total >= 0 {
		b.stats.left = total - b.stats.written
	}
	b.stats.print(errw, b.jobs, b.outFn)

	switch {
	case b.werr != nil:
		return cli.Exit(fmt.Sprintf("writing results: %v", b.werr), exitError)
	case ctx.Err() != nil && b.stats.left < 0:
		return cli.Exit(fmt.Sprintf("interrupted while listing the puzzles: %d results written; run again with --resume to finish", b.stats.written), exitInterrupted)
	case ctx.Err() != nil:
		return cli.Exit(fmt.Sprintf("interrupted: %d results written, %d puzzles left; run again with --resume to finish", b.stats.written, b.stats.left), exitInterrupted)
	case b.stats.errors > 0:
		return cli.Exit(fmt.Sprintf("%d of %d puzzles could not be read or solved: see their \"error\" lines", b.stats.errors, b.stats.written), exitError)
	}
	return nil
}

// puzzleIndex is the index of the i-th (0-based) of n puzzles of a file.
func puzzleIndex(i, n int) int {
	if n == 1 {
		return 0
	}
	return i + 1
}

// feed reads each file again and hands out its puzzles that are not done,
// until every file is read or ctx is done.
func (b *batch) feed(ctx context.Context, scans []scanned, done map[batchKey]bool, jobs chan<- batchJob) {
	ordinal := 0
	send := func(j batchJob) bool {
		if !b.sh.take(&ordinal) || done[j.key] {
			return true
		}
		select {
		case jobs <- j:
			return true
		case <-ctx.Done():
			return false
		}
	}
	for _, s := range scans {
		if s.err == nil {
			path := s.path
			var err error
			if s, err = untilDone(ctx, func() (scanned, error) { return b.scan(batchFile{path: path, explicit: true}), nil }); err != nil {
				return // interrupted while reading the file
			}
		}
		if s.err != nil {
			if !send(batchJob{key: batchKey{s.path, 0}, err: s.err}) {
				return
			}
			continue
		}
		for i, e := range s.es { // an invalid puzzle is an error line of its own
			if !send(batchJob{key: batchKey{s.path, puzzleIndex(i, len(s.es))}, p: e.Puzzle, err: e.Err}) {
				return
			}
		}
	}
}

// scan reads the puzzles of one file. Files found in folders that have
// no puzzle suffix are read only if their content looks like a puzzle and
// parses; otherwise they are skipped.
func (b *batch) scan(f batchFile) (s scanned) {
	s.path = f.path
	if f.err != nil {
		s.err = f.err
		return s
	}
	defer func() {
		if r := recover(); r != nil {
			s.es, s.n, s.skip = nil, 0, false
			s.err = fmt.Errorf("%s: reading crashed: %v", f.path, r)
		}
	}()
	claimed := f.explicit
	if !claimed {
		_, err := puzzle.Detect(f.path, nil) // the suffix alone
		claimed = err == nil
	}
	if !claimed {
		if skipByName(f.path) {
			s.skip = true
			return s
		}
		data, err := readHead(f.path, 4096)
		if err != nil || puzzle.Sniff(data) == "" {
			s.skip = true
			return s
		}
	}
	es, err := puzzle.ReadFileEntries(f.path, b.format)
	if err != nil && !claimed {
		s.skip = true
		return s
	}
	s.es, s.n, s.err = es, len(es), err
	return s
}

// readHead reads up to n bytes from the start of a file.
func readHead(name string, n int) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	buf := make([]byte, n)
	k, err := io.ReadFull(f, buf)
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		err = nil
	}
	return buf[:k], err
}

// skipByName reports whether a file found in a folder is surely not a
// puzzle: documentation, tables, pictures, archives, results and code.
func skipByName(name string) bool {
	base := strings.ToUpper(filepath.Base(name))
	for _, p := range []string{"LICENSE", "LICENCE", "COPYING", "README", "AUTHORS", "CHANGELOG", "NOTICE", "MAKEFILE"} {
		if strings.HasPrefix(base, p) {
			return true
		}
	}
	switch strings.ToLower(filepath.Ext(name)) {
	case ".md", ".rst", ".html", ".htm", ".pdf", ".tsv", ".csv", ".json", ".jsonl", ".toml", ".yaml", ".yml", ".ini",
		".png", ".gif", ".jpg", ".jpeg", ".bmp", ".svg", ".pbm", ".pgm", ".ppm", ".webp",
		".zip", ".gz", ".tgz", ".bz2", ".xz", ".zst", ".tar", ".7z",
		".err", ".golden", ".grid", ".sol", ".cnf", ".go", ".py", ".sh", ".c", ".h", ".rs", ".mod", ".sum":
		return true
	}
	return false
}

// batchFiles lists the files to read: each file named, and every file
// under each folder named, in lexical order, each once. The output file is
// left out when it is the results of an earlier run; when it is a puzzle
// file (named, or found in a folder and read as one), batchFiles refuses
// to overwrite it with an error. Names starting with "." inside folders
// are ignored. A path named that does not exist is an error; a file or
// folder inside that cannot be read is listed with its error, for an
// error line.
func batchFiles(args []string, output string) ([]batchFile, error) {
	outAbs := ""
	var outInfo fs.FileInfo
	if output != "" {
		outAbs, _ = filepath.Abs(output)
		outInfo, _ = os.Stat(output)
	}
	seen := map[string]bool{}
	var files []batchFile
	var clash error
	add := func(path string, explicit bool) {
		path = filepath.Clean(path)
		if seen[path] {
			return
		}
		seen[path] = true
		if isOutput(path, outAbs, outInfo) {
			if explicit || isPuzzleFile(path) {
				clash = fmt.Errorf("-o %s: it is one of the input puzzle files; write the results elsewhere", output)
			}
			return
		}
		files = append(files, batchFile{path: path, explicit: explicit})
	}
	for _, a := range args {
		fi, err := os.Stat(a)
		if err != nil {
			return nil, err
		}
		if !fi.IsDir() {
			add(a, true)
			continue
		}
		err = filepath.WalkDir(a, func(path string, d fs.DirEntry, err error) error {
			if err != nil && path == a {
				return err
			}
			if err != nil { // an unreadable file or folder inside: an error line
				if !seen[path] {
					seen[path] = true
					files = append(files, batchFile{path: path, err: err})
				}
				return nil
			}
			if path != a && strings.HasPrefix(d.Name(), ".") {
				if d.IsDir() {
					return filepath.SkipDir
				}
				return nil
			}
			if d.Type().IsRegular() || d.Type()&fs.ModeSymlink != 0 && !d.IsDir() {
				add(path, false)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	if clash != nil {
		return nil, clash
	}
	return files, nil
}

// isOutput reports whether path is the output file: the same name, or the
// same file under another name (a link).
func isOutput(path, outAbs string, outInfo fs.FileInfo) bool {
	if outAbs == "" {
		return false
	}
	if abs, err := filepath.Abs(path); err == nil && abs == outAbs {
		return true
	}
	fi, err := os.Stat(path)
	return err == nil && outInfo != nil && os.SameFile(fi, outInfo)
}

// isPuzzleFile reports whether a file found in a folder would be read as
// puzzles: a puzzle suffix, or content that looks like a puzzle format.
func isPuzzleFile(path string) bool {
	if skipByName(path) {
		return false
	}
	if _, err := puzzle.Detect(path, nil); err == nil {
		return true
	}
	data, err := readHead(path, 4096)
	return err == nil && puzzle.Sniff(data) != ""
}

// openResults opens the output file. Without resume it is created afresh.
// With resume, the keys of its lines go into done, a last line cut short
// is cut off, and the file is opened for appending.
func openResults(name string, resume bool, done map[batchKey]bool) (*os.File, error) {
	if !resume {
		return os.Create(name)
	}
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o666)
	if err != nil {
		return nil, err
	}
	keep, err := readResults(f, name, done)
	if err == nil {
		err = f.Truncate(keep)
	}
	if err == nil {
		_, err = f.Seek(keep, io.SeekStart)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// readResults reads the JSON lines of an earlier run into done and returns
// the length of the file up to the end of its last whole line. A last line
// without its newline was cut short by a killed run and is dropped; any
// other line that is not a result is an error, so that --resume never
// writes over something that is not a batch result file.
func readResults(r io.Reader, name string, done map[batchKey]bool) (int64, error) {
	br := bufio.NewReader(r)
	var keep int64
	for n := 1; ; n++ {
		line, err := br.ReadBytes('\n')
		if errors.Is(err, io.EOF) {
			return keep, nil // a last line without its newline, if any, is dropped
		}
		if err != nil {
			return 0, err
		}
		keep += int64(len(line))
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		var j struct {
			File  *string `json:"file"`
			Index int     `json:"index"`
		}
		if err := json.Unmarshal(line, &j); err != nil || j.File == nil {
			return 0, fmt.Errorf("%s:%d: not a batch result line; --resume wants the output of an earlier batch run", name, n)
		}
		done[batchKey{*j.File, j.Index}] = true
	}
}

// run solves one puzzle and writes its line. An interrupted solve writes
// nothing: --resume will do it again.
func (b *batch) run(ctx context.Context, j batchJob) {
	t0 := time.Now()
	line, ok := b.solve(ctx, j)
	if !ok {
		return
	}
	b.write(line, time.Since(t0))
}

// solve returns the result line for j, or ok false when the run was
// interrupted before j was decided. A panic becomes an error line.
func (b *batch) solve(ctx context.Context, j batchJob) (line report.Result, ok bool) {
	if j.err != nil {
		return errorResult(j.key, j.err.Error()), true
	}
	defer func() {
		if r := recover(); r != nil {
			line = report.New(j.key.file, j.key.index, j.p, nil)
			line.Verdict = verdictError
			line.Error = fmt.Sprintf("panic while solving: %v%s", r, panicSite())
			ok = true
		}
	}()
	pctx := ctx
	if b.timeout > 0 {
		var cancel context.CancelFunc
		pctx, cancel = context.WithTimeout(ctx, b.timeout)
		defer cancel()
	}
	o := b.opts
	if b.proof != "" {
		o.Proof = &solver.ProofTrace{} // one per puzzle: jobs run at once
	}
	res, err := solvePuzzle(pctx, j.p, o)
	if ctx.Err() != nil && (err != nil || res == nil || res.Verdict == solver.Timeout) {
		return report.Result{}, false
	}
	if err == nil && res == nil {
		err = errors.New("solver returned no result")
	}
	if err != nil && !errors.Is(err, solver.ErrBug) && interruptedSoon(ctx) {
		// Ctrl-C on a terminal signals the SAT worker too, which may
		// die before this process sees the signal: not a result.
		return report.Result{}, false
	}
	if err != nil {
		line = report.New(j.key.file, j.key.index, j.p, nil)
		line.Verdict = verdictError
		line.Error = err.Error()
		if errors.Is(err, solver.ErrBug) {
			b.stats.addCheckFailure()
		}
		return line, true
	}
	// Check every grid again here: the solver does too, but a line of
	// this file must never carry a wrong grid.
	for i, g := range res.Solutions {
		if err := puzzle.Check(j.p, g); err != nil {
			b.stats.addCheckFailure()
			line = report.New(j.key.file, j.key.index, j.p, nil)
			line.Verdict = verdictError
			line.Error = fmt.Sprintf("solution %d fails Check: %v", i+1, err)
			return line, true
		}
	}
	line = report.New(j.key.file, j.key.index, j.p, res)
	if b.proof == "" {
		return line, true
	}
	switch res.Verdict {
	case solver.Unique, solver.None, solver.Multiple:
	default:
		return line, true // no certificate
	}
	name := batchCertName(j.key)
	if err := certify.Write(ctx, certify.Dir(b.proof), name, j.p, res, o, b.timeout); err != nil {
		if ctx.Err() != nil {
			return report.Result{}, false // interrupted: --resume does it again
		}
		if errors.Is(err, solver.ErrBug) {
			b.stats.addCheckFailure()
		}
		line = report.New(j.key.file, j.key.index, j.p, nil)
		line.Verdict = verdictError
		line.Error = fmt.Sprintf("%s verdict: %v", res.Verdict, err)
		return line, true
	}
	line.Proof = filepath.Join(b.proof, name)
	return line, true
}

// batchCertName names the certificate of a puzzle of a batch: the file's
// base name, a hash of its path (files of one name in different folders
// differ) and the index in a file of several.
func batchCertName(k batchKey) string {
	h := fnv.New32a()
	h.Write([]byte(filepath.ToSlash(k.file)))
	base := strings.TrimSuffix(filepath.Base(k.file), filepath.Ext(k.file))
	name := fmt.Sprintf("%s-%08x", base, h.Sum32())
	if k.index > 0 {
		name += fmt.Sprintf("-%04d", k.index)
	}
	return name
}

// errorResult is the line for a puzzle or file that could not be read.
func errorResult(k batchKey, msg string) report.Result {
	return report.Result{File: k.file, Index: k.index, Palette: []report.Swatch{}, Verdict: verdictError, Solutions: [][]string{}, Error: msg}
}

// interruptGrace is how long a failed solve waits to learn whether the run
// was interrupted.
const interruptGrace = 250 * time.Millisecond

// interruptedSoon reports whether ctx is done now or within interruptGrace.
func interruptedSoon(ctx context.Context) bool {
	t := time.NewTimer(interruptGrace)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return true
	case <-t.C:
		return false
	}
}

// write writes one result line at once and counts it.
func (b *batch) write(line report.Result, d time.Duration) {
	data, err := json.Marshal(line)
	if err != nil { // cannot happen for these types; keep the run going
		data, _ = json.Marshal(errorResult(batchKey{line.File, line.Index}, err.Error()))
	}
	data = append(data, '\n')
	b.outMu.Lock()
	defer b.outMu.Unlock()
	if b.werr != nil {
		return
	}
	if b.prog != nil && b.prog.shared {
		b.prog.clear() // the line goes where the bar is; update redraws it below
	}
	if _, err := b.out.Write(data); err != nil {
		b.werr = err
		b.stop()
		return
	}
	b.stats.add(line.Verdict, d)
	if b.prog != nil {
		b.prog.update(b.stats)
	}
}

// panicSite returns " (at FUNC FILE:LINE)" for the innermost frame of a
// panicking goroutine outside the runtime, for the error line; it is
// called from the deferred recover.
func panicSite() string {
	pcs := make([]uintptr, 32)
	n := runtime.Callers(3, pcs)
	frames := runtime.CallersFrames(pcs[:n])
	for {
		f, more := frames.Next()
		if f.Function != "" && !strings.HasPrefix(f.Function, "runtime.") {
			return fmt.Sprintf(" (at %s %s:%d)", f.Function, filepath.Base(f.File), f.Line)
		}
		if !more {
			return ""
		}
	}
}
