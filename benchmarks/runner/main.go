//go:build unix

// Command runner solves the benchmark corpora in uniqueness mode (up to two
// solutions) and prints one table row per puzzle, a summary line per set
// and the machine it ran on. See the package doc of benchmarks for the
// flags and the sets.
//
// gophersat cannot be interrupted in process, so for a real per-puzzle
// timeout the runner runs it in a child process: the runner itself, started
// as "runner sat-worker", serves [solver.ServeWorker]; a deadline kills the
// child.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/nonosat/nonosat/encode"
	"github.com/nonosat/nonosat/solver"
	satbackend "github.com/nonosat/nonosat/solver/backend"
)

// workerArg is the first argument that makes the runner a SAT worker.
const workerArg = "sat-worker"

func main() {
	if len(os.Args) > 1 && os.Args[1] == workerArg {
		if err := satbackend.ServeWorker(os.Stdin, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, "runner sat-worker:", err)
			os.Exit(1)
		}
		return
	}
	os.Exit(realMain(os.Args[1:], os.Stdout, os.Stderr))
}

// config holds the flags.
type config struct {
	corpora    string
	sets       []string
	tournament string
	limit      int
	rows       int // print only the rows slowest and those not ok (0: all)
	run        *regexp.Regexp
	timeout    time.Duration
	sat        string
	compare    string
	noPresolve bool
	useGoal    bool
	jobs       int
	md         bool
	out        string
	appendOut  bool
	args       []string
}

// Exit codes.
const (
	exitOK    = 0
	exitWrong = 1 // a wrong verdict, a solver error, or an I/O error
	exitUsage = 2
)

func realMain(args []string, stdout, stderr io.Writer) int {
	cfg, err := parseFlags(args, stderr)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		fmt.Fprintln(stderr, "runner:", err)
		return exitUsage
	}
	if err := checkBackends(cfg); err != nil {
		fmt.Fprintln(stderr, "runner:", err)
		return exitUsage
	}
	worker, err := workerFor(cfg)
	if err != nil {
		fmt.Fprintln(stderr, "runner: cannot find my own executable for the SAT worker:", err)
		return exitWrong
	}

	// Load every set before solving anything, so a missing file fails fast.
	var sets []*set
	for _, name := range cfg.sets {
		s, err := loadSet(cfg, name)
		if err != nil {
			fmt.Fprintln(stderr, "runner:", err)
			return exitWrong
		}
		sets = append(sets, s)
	}

	w, progress := stdout, io.Writer(nil)
	if cfg.out != "" {
		fh, err := openOut(cfg)
		if err != nil {
			fmt.Fprintln(stderr, "runner:", err)
			return exitWrong
		}
		defer fh.Close()
		w, progress = fh, stderr
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	r := &runner{cfg: cfg, w: w, progress: progress}
	r.backends = append(r.backends, backend{name: backendName(cfg.sat), opts: cfg.options(cfg.sat, worker)})
	if cfg.compare != "" {
		r.backends = append(r.backends, backend{name: backendName(cfg.compare), opts: cfg.options(cfg.compare, worker)})
	}
	r.header()
	cpu0 := cpuTime()
	t0 := time.Now()
	var total summary
	for _, s := range sets {
		sum := r.runSet(ctx, s)
		total.add(sum)
		if ctx.Err() != nil {
			break
		}
	}
	r.footer(total, time.Since(t0), cpuTime()-cpu0, ctx.Err() != nil)
	if cfg.out != "" {
		if fh, ok := w.(*os.File); ok {
			if err := fh.Close(); err != nil {
				fmt.Fprintln(stderr, "runner:", err)
				return exitWrong
			}
		}
	}
	if total.wrong > 0 || total.errors > 0 {
		return exitWrong
	}
	return exitOK
}

// checkBackends reports a back end of -sat or -compare that cannot run
// here, or that asks for two encodings at once.
func checkBackends(cfg *config) error {
	for _, b := range []string{cfg.sat, cfg.compare} {
		if b == "" {
			continue
		}
		if bare := bareBackend(b); bare != "portfolio" { // portfolio: solver.Options.Portfolio
			if err := satbackend.Check(bare); err != nil {
				return err
			}
		}
		if strings.Contains(b, "+order") && strings.Contains(b, "+classic") {
			return fmt.Errorf("%s: +order and +classic together", b)
		}
	}
	return nil
}

// workerFor returns the command line of the SAT worker process (this
// program) when a back end of cfg runs gophersat in one, else nil.
func workerFor(cfg *config) ([]string, error) {
	if !isGophersat(bareBackend(cfg.sat)) && !isGophersat(bareBackend(cfg.compare)) && !strings.Contains(cfg.sat+cfg.compare, "portfolio") {
		return nil, nil
	}
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	return []string{exe, workerArg}, nil
}

// openOut opens the -o file, for appending with -append.
func openOut(cfg *config) (*os.File, error) {
	flags := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	if cfg.appendOut {
		flags = os.O_WRONLY | os.O_CREATE | os.O_APPEND
	}
	return os.OpenFile(cfg.out, flags, 0o666)
}

func parseFlags(args []string, stderr io.Writer) (*config, error) {
	fs := flag.NewFlagSet("runner", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: go run ./benchmarks/runner [flags]")
		fs.PrintDefaults()
	}
	cfg := &config{args: args}
	var sets, run string
	fs.StringVar(&cfg.corpora, "corpora", "", "corpus folder (default ../shared/corpora beside the repository root)")
	fs.StringVar(&sets, "set", "survey,hard", "comma list of sets: survey, hard, tournament, hardtests, webpbn (3,903 puzzles), all; random (random pictures, not in all: random1 black and white, random2 to random4 of 2 to 4 colours); dom (N-Dom, N = 8 to 20, not in all); dense (black and white at 50 %, 30×30 to 100×100, not in all)")
	fs.StringVar(&cfg.tournament, "tournament", "taai2011", "tournament set `NAME` (question/NAME.txt)")
	fs.IntVar(&cfg.limit, "limit", 0, "take the first `N` puzzles of each set (0: all)")
	fs.IntVar(&cfg.rows, "rows", 0, "print only the `N` slowest puzzles of each set and every one not decided right, after the set (0: every puzzle, as it finishes); the summary still covers all")
	fs.StringVar(&run, "run", "", "only puzzles whose name matches `REGEXP`")
	fs.DurationVar(&cfg.timeout, "timeout", 60*time.Second, "time limit per puzzle and back end")
	fs.StringVar(&cfg.sat, "sat", "gophersat", "SAT back end: gophersat, gini, portfolio, cadical, minisat, …, exec:PATH; a +nosearch suffix skips the learner stage, +order and +classic choose that encoding instead of path")
	fs.StringVar(&cfg.compare, "compare", "", "second back end run on the same puzzles, for a time ratio (e.g. gophersat+nosearch: the same without the search stage)")
	fs.BoolVar(&cfg.noPresolve, "no-presolve", false, "skip line solving before SAT (for before/after)")
	fs.BoolVar(&cfg.useGoal, "use-goal", false, "let puzzles that carry a goal use it (the goal as the first solution: a search for another instead of a 2-solution search)")
	fs.IntVar(&cfg.jobs, "j", 1, "puzzles solved at once (1 for clean timings)")
	fs.BoolVar(&cfg.md, "md", false, "Markdown output")
	fs.StringVar(&cfg.out, "o", "", "write the table to `FILE` (progress goes to standard error)")
	fs.BoolVar(&cfg.appendOut, "append", false, "append to the -o file instead of replacing it")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	for _, s := range strings.Split(sets, ",") {
		s = strings.TrimSpace(s)
		switch {
		case s == "all":
			cfg.sets = append(cfg.sets, allSets...)
		case s == "random":
			cfg.sets = append(cfg.sets, randomSets...)
		case slices.Contains(allSets, s), slices.Contains(randomSets, s), s == "dom", s == "dense":
			cfg.sets = append(cfg.sets, s)
		default:
			return nil, fmt.Errorf("-set: unknown set %q (want survey, hard, tournament, hardtests, webpbn, all, random, random1 to random4, dom or dense)", s)
		}
	}
	cfg.sets = uniq(cfg.sets)
	if run != "" {
		re, err := regexp.Compile(run)
		if err != nil {
			return nil, fmt.Errorf("-run: %v", err)
		}
		cfg.run = re
	}
	if cfg.timeout <= 0 {
		return nil, fmt.Errorf("-timeout must be positive")
	}
	if cfg.jobs < 1 {
		return nil, fmt.Errorf("-j must be at least 1")
	}
	if cfg.appendOut && cfg.out == "" {
		return nil, fmt.Errorf("-append needs -o FILE")
	}
	if cfg.limit < 0 {
		return nil, fmt.Errorf("-limit must not be negative")
	}
	if cfg.rows < 0 {
		return nil, fmt.Errorf("-rows must not be negative")
	}
	if backendName(cfg.compare) == backendName(cfg.sat) && cfg.compare != "" {
		return nil, fmt.Errorf("-compare %s is the -sat back end already", cfg.compare)
	}
	if cfg.corpora == "" {
		root, err := repoRoot()
		if err != nil {
			return nil, err
		}
		cfg.corpora = filepath.Join(root, "..", "shared", "corpora")
	}
	return cfg, nil
}

func uniq(ss []string) []string {
	var out []string
	for _, s := range ss {
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// repoRoot is the nearest folder at or above the working directory that
// holds a go.mod.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", fmt.Errorf("no go.mod at or above the working directory: run inside the repository or give -corpora")
		}
		dir = up
	}
}

// decidedBy names the stage that decided: line (line solving and
// probing), learn (the learner) or sat.
func decidedBy(o outcome) string {
	switch {
	case o.err != nil || o.check == "timeout":
		return "-"
	case o.lineSolved:
		return "line"
	case o.learned:
		return "learn"
	}
	return "sat"
}

func isGophersat(name string) bool { return name == "gophersat" || name == "" }

func backendName(name string) string {
	if name == "" {
		return "gophersat"
	}
	return name
}

// backendSuffixes are the option suffixes a back end name may carry, in
// any order.
var backendSuffixes = []string{"+nosearch", "+order", "+classic"}

// bareBackend is the back end name without its option suffixes.
func bareBackend(b string) string {
	for trimmed := true; trimmed; {
		trimmed = false
		for _, suf := range backendSuffixes {
			if t, ok := strings.CutSuffix(b, suf); ok {
				b, trimmed = t, true
			}
		}
	}
	return b
}

// options are the solver options for one back end: uniqueness mode, and
// gophersat (alone or in the portfolio) in a worker child process so that
// the timeout holds.
func (c *config) options(backend string, worker []string) solver.Options {
	o := solver.Options{Max: 2, Backend: backend, NoPresolve: c.noPresolve, IgnoreGoal: !c.useGoal}
	for {
		if b, ok := strings.CutSuffix(backend, "+nosearch"); ok {
			o.NoSearch, backend = true, b
		} else if b, ok := strings.CutSuffix(backend, "+order"); ok {
			o.Encoding, backend = encode.Order, b
		} else if b, ok := strings.CutSuffix(backend, "+classic"); ok {
			o.Encoding, backend = encode.Classic, b
		} else {
			break
		}
	}
	o.Backend = backend
	if isGophersat(backend) {
		o.Backend = "gophersat"
	}
	if backend == "portfolio" {
		o.Backend, o.Portfolio = "", true
	}
	if satbackend.NeedsWorker(o.Backend) || o.Portfolio {
		o.Worker = worker // so that a deadline or a lost race stops gophersat
	}
	return o
}

// A backend is one SAT back end to run every puzzle with.
type backend struct {
	name string
	opts solver.Options
}

// An outcome is what one back end did with one puzzle.
type outcome struct {
	verdict    string // solver verdict, or "error"
	check      string // ok, WRONG, timeout, error, ?
	wall, cpu  time.Duration
	stats      solver.Stats
	lineSolved bool
	learned    bool
	err        error
	stopped    bool // interrupted (SIGINT or SIGTERM), not timed out
}

func (o outcome) decided() bool { return o.check == "ok" || o.check == "?" }

type runner struct {
	cfg      *config
	w        io.Writer
	progress io.Writer
	backends []backend
}

// solveOne runs one back end on one puzzle with the per-puzzle timeout.
func (r *runner) solveOne(ctx context.Context, it item, b backend) outcome {
	tctx, cancel := context.WithTimeout(ctx, r.cfg.timeout)
	defer cancel()
	cpu0 := cpuTime()
	t0 := time.Now()
	res, err := solver.Solve(tctx, it.p, b.opts)
	o := outcome{wall: time.Since(t0), cpu: cpuTime() - cpu0, stopped: ctx.Err() != nil}
	if err != nil {
		o.verdict, o.check, o.err = "error", "error", err
		return o
	}
	o.verdict, o.stats, o.lineSolved, o.learned = string(res.Verdict), res.Stats, res.LineSolved, res.Learned
	o.check = judge(it, res)
	return o
}

// judge compares a result with what is known about the puzzle. Every grid
// in res passed puzzle.Check, so "multiple" is always a true answer; a
// unique answer must match the known solution.
func judge(it item, res *solver.Result) string {
	v := res.Verdict
	switch {
	case v == solver.Timeout:
		return "timeout"
	case it.want != "" && v != it.want:
		return "WRONG"
	case v == solver.None && it.sol != nil:
		return "WRONG" // a known solution exists
	case v == solver.Unique && it.sol != nil && !res.Solutions[0].Equal(it.sol):
		return "WRONG"
	case it.want == "" && it.sol == nil:
		return "?"
	}
	return "ok"
}

// runSet solves every puzzle of s with every back end (one puzzle at a
// time, each back end in turn, unless -j) and prints the rows in order.
func (r *runner) runSet(ctx context.Context, s *set) summary {
	n := len(s.items)
	results := make([][]outcome, n)
	done := make([]chan struct{}, n)
	for i := range done {
		done[i] = make(chan struct{})
	}
	jobs := make(chan int)
	for range min(r.cfg.jobs, max(n, 1)) {
		go func() {
			for i := range jobs {
				for _, b := range r.backends {
					if ctx.Err() != nil {
						break
					}
					results[i] = append(results[i], r.solveOne(ctx, s.items[i], b))
				}
				close(done[i])
			}
		}()
	}
	go func() {
		defer close(jobs)
		for i := range n {
			select {
			case jobs <- i:
			case <-ctx.Done():
				for ; i < n; i++ {
					close(done[i])
				}
				return
			}
		}
	}()

	cols := r.columns(s)
	r.setHeader(s, cols)
	cpu0 := cpuTime()
	t0 := time.Now()
	sums := make([]summary, len(r.backends))
	var ratios []float64
	var cmpTotal, mainTotal time.Duration
	ran := 0
	var kept []keptRow // with -rows: every row, printed after the set
	for i, it := range s.items {
		<-done[i]
		if len(results[i]) < len(r.backends) || slices.ContainsFunc(results[i], func(o outcome) bool { return o.stopped }) {
			continue // interrupted: not counted
		}
		ran++
		outs := results[i]
		for k, o := range outs {
			sums[k].addOutcome(it.name, o)
			if o.err != nil {
				fmt.Fprintf(r.errw(), "runner: %s %s (%s): %v\n", s.name, it.name, r.backends[k].name, o.err)
			}
		}
		if len(outs) == 2 && outs[0].decided() && outs[1].decided() {
			mainTotal += outs[0].wall
			cmpTotal += outs[1].wall
			if !outs[0].lineSolved && outs[0].wall > 0 && outs[1].wall > 0 {
				ratios = append(ratios, math.Log(float64(outs[1].wall)/float64(outs[0].wall)))
			}
		}
		row := r.row(it, outs, s.ref)
		if r.cfg.rows > 0 {
			kept = append(kept, keptRow{i, outs[0].wall, !slices.ContainsFunc(outs, func(o outcome) bool { return !o.decided() }), row})
		} else {
			r.printRow(cols, row)
		}
		if r.progress != nil {
			fmt.Fprintf(r.progress, "%s %d/%d %s %s %s ms\n", s.name, i+1, n, it.name, outs[0].verdict, ms(outs[0].wall))
		}
	}
	wall, cpu := time.Since(t0), cpuTime()-cpu0
	if r.cfg.rows > 0 {
		for _, k := range pickRows(kept, r.cfg.rows) {
			r.printRow(cols, k.row)
		}
	}
	r.setFooter(s, sums, ran, wall, cpu, mainTotal, cmpTotal, ratios, ctx.Err() != nil)
	return sums[0]
}

func (r *runner) errw() io.Writer {
	if r.progress != nil {
		return r.progress
	}
	return os.Stderr
}
