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
	"cmp"
	"context"
	"encoding/csv"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/nonosat/nonosat/encode"
	"github.com/nonosat/nonosat/internal/randpuzzle"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/solver"
)

// workerArg is the first argument that makes the runner a SAT worker.
const workerArg = "sat-worker"

// allSets are the sets "-set all" runs, in order.
var allSets = []string{"survey", "hard", "tournament", "hardtests", "webpbn"}

// randomSets are the seeded random pictures (randpuzzle.Picture) of
// black and white and of 2, 3 and 4 colours, over the same sizes,
// densities and seeds: "-set random" runs the four.
var randomSets = []string{"random1", "random2", "random3", "random4"}

// denseSizes and denseSeeds make the "dense" set: random black-and-white
// pictures at 50 %, for the curve of the size at which half are still
// decided in time (issue 22).
var (
	denseSizes = []int{30, 40, 50, 60, 70, 80, 90, 100}
	denseSeeds = 4
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == workerArg {
		if err := solver.ServeWorker(os.Stdin, os.Stdout); err != nil {
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
	for _, b := range []string{cfg.sat, cfg.compare} {
		if b == "" {
			continue
		}
		if err := solver.CheckBackend(bareBackend(b)); err != nil {
			fmt.Fprintln(stderr, "runner:", err)
			return exitUsage
		}
		if strings.Contains(b, "+order") && strings.Contains(b, "+classic") {
			fmt.Fprintf(stderr, "runner: %s: +order and +classic together\n", b)
			return exitUsage
		}
	}
	var worker []string
	if isGophersat(bareBackend(cfg.sat)) || isGophersat(bareBackend(cfg.compare)) || strings.Contains(cfg.sat+cfg.compare, "portfolio") {
		exe, err := os.Executable()
		if err != nil {
			fmt.Fprintln(stderr, "runner: cannot find my own executable for the SAT worker:", err)
			return exitWrong
		}
		worker = []string{exe, workerArg}
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

	w := stdout
	var progress io.Writer
	if cfg.out != "" {
		flags := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
		if cfg.appendOut {
			flags = os.O_WRONLY | os.O_CREATE | os.O_APPEND
		}
		fh, err := os.OpenFile(cfg.out, flags, 0o666)
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
			o.Search, backend = -1, b
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
	if o.Backend == "gophersat" || o.Backend == "portfolio" {
		o.Worker = worker // so that a deadline or a lost race stops gophersat
	}
	return o
}

// A set is a named list of puzzles with what is known about their answers.
type set struct {
	name  string
	title string // the heading: what the set is and where it comes from
	items []item
	ref   bool // items carry reference times of other solvers
}

// An item is one puzzle to solve.
type item struct {
	name   string
	p      *puzzle.Puzzle
	expect string         // shown in the expected column
	want   solver.Verdict // "" if unknown
	sol    puzzle.Grid    // a known solution: a unique answer must equal it
	ref    string         // reference CPU seconds of other solvers
}

func loadSet(cfg *config, name string) (*set, error) {
	var s *set
	var err error
	switch name {
	case "survey":
		s, err = loadSurvey(cfg, filepath.Join(cfg.corpora, "webpbn-survey-nin"))
		if s != nil {
			s.name, s.title = "survey", "Wolter's survey puzzles (webpbn-survey-nin/*.nin)"
		}
	case "hard":
		s, err = loadSurvey(cfg, filepath.Join(cfg.corpora, "webpbn-survey-nin", "hard"))
		if s != nil {
			s.name, s.title = "hard", "four hard webpbn puzzles (webpbn-survey-nin/hard/*.nin)"
		}
	case "tournament":
		s, err = loadTournament(cfg)
	case "hardtests":
		s, err = loadGoals(cfg, "hardtests", "hardtests", "webpbn hardtests (storyyeller-webpbn-scrape/hardtests/*.non)")
	case "webpbn":
		s, err = loadGoals(cfg, "webpbn", "results", "webpbn puzzles with goals (storyyeller-webpbn-scrape/results/*.non)")
	case "dense":
		s = &set{name: "dense", title: fmt.Sprintf("random black-and-white pictures, half filled (the hardest density), %v cells square, seeds 0 to %d each (internal/randpuzzle)", denseSizes, denseSeeds-1)}
		for _, n := range denseSizes {
			for seed := range denseSeeds {
				p := randpuzzle.Picture(uint64(seed), n, n, 1, 0.5)
				s.items = append(s.items, item{name: p.Title, p: p, expect: "goal", sol: p.Goal})
			}
		}
	case "dom":
		s = &set{name: "dom", title: "N-Dom, the survey's 9-Dom generalised (internal/randpuzzle.Dom), N = 8 to 20: unique"}
		for n := 8; n <= 20; n++ {
			s.items = append(s.items, item{name: fmt.Sprintf("%d-Dom", n), p: randpuzzle.Dom(n), expect: "unique", want: solver.Unique})
		}
	default:
		s = loadRandom(name)
	}
	if err != nil {
		return nil, err
	}
	var kept []item
	for _, it := range s.items {
		if cfg.run != nil && !cfg.run.MatchString(it.name) {
			continue
		}
		if cfg.limit > 0 && len(kept) == cfg.limit {
			break
		}
		kept = append(kept, it)
	}
	s.items = kept
	return s, nil
}

// expectation is one line of expected-results-summary.csv.
type expectation struct {
	title   string
	verdict solver.Verdict
	ref     string
}

func readExpected(corpora string) (map[string]expectation, error) {
	fh, err := os.Open(filepath.Join(corpora, "fastnonogramsolver-survey", "expected-results-summary.csv"))
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	r := csv.NewReader(fh)
	r.Comment = '#'
	r.FieldsPerRecord = -1
	recs, err := r.ReadAll()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", fh.Name(), err)
	}
	out := map[string]expectation{}
	for i, rec := range recs {
		if i == 0 || len(rec) < 6 {
			continue // the header
		}
		out[rec[0]] = expectation{
			title:   rec[1],
			verdict: solver.Verdict(strings.ToLower(rec[2])),
			ref:     rec[3] + " / " + rec[4] + " / " + rec[5],
		}
	}
	return out, nil
}

func loadSurvey(cfg *config, dir string) (*set, error) {
	want, err := readExpected(cfg.corpora)
	if err != nil {
		return nil, err
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.nin"))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no .nin files in %s", dir)
	}
	s := &set{ref: true}
	for _, f := range files {
		p, err := puzzle.ReadFile(f)
		if err != nil {
			return nil, err
		}
		base := strings.TrimSuffix(filepath.Base(f), ".nin")
		it := item{name: base, p: p, expect: "?"}
		if e, ok := want[base]; ok {
			it.want, it.expect, it.ref = e.verdict, string(e.verdict), e.ref
			if e.title != "" && !strings.EqualFold(e.title, base) {
				it.name += " " + e.title
			}
		}
		if fh, err := os.Open(filepath.Join(dir, "solutions", base+".txt")); err == nil {
			g, err := puzzle.ParseGrid(fh, p)
			fh.Close()
			if err != nil {
				return nil, fmt.Errorf("%s: %w", fh.Name(), err)
			}
			it.sol = g
		}
		s.items = append(s.items, it)
	}
	return s, nil
}

func loadTournament(cfg *config) (*set, error) {
	dir := filepath.Join(cfg.corpora, "tournament-NonogramRecord")
	ps, err := puzzle.ReadFileAll(filepath.Join(dir, "question", cfg.tournament+".txt"), puzzle.TAAI)
	if err != nil {
		return nil, err
	}
	fh, err := os.Open(filepath.Join(dir, "solution", cfg.tournament+".txt"))
	if err != nil {
		return nil, err
	}
	sols, err := puzzle.DecodeTAAISolutions(fh)
	fh.Close()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", fh.Name(), err)
	}
	s := &set{name: "tournament", title: fmt.Sprintf("tournament set %s (tournament-NonogramRecord/question/%[1]s.txt)", cfg.tournament)}
	for _, p := range ps {
		sol, ok := sols[p.ID]
		if !ok {
			return nil, fmt.Errorf("%s: no published solution for puzzle %s", fh.Name(), p.ID)
		}
		n, _ := strconv.Atoi(strings.TrimPrefix(p.ID, "$"))
		s.items = append(s.items, item{
			name: fmt.Sprintf("%s-%04d", cfg.tournament, n), p: p, expect: "published", sol: sol,
		})
	}
	return s, nil
}

// loadGoals loads set name: the .non files of folder dir of the webpbn
// scrape, each with its goal, which a unique answer must equal.
func loadGoals(cfg *config, name, dir, title string) (*set, error) {
	dir = filepath.Join(cfg.corpora, "storyyeller-webpbn-scrape", dir)
	files, err := filepath.Glob(filepath.Join(dir, "*.non"))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no .non files in %s", dir)
	}
	num := func(f string) int {
		n, _ := strconv.Atoi(strings.TrimSuffix(filepath.Base(f), ".non"))
		return n
	}
	slices.SortFunc(files, func(a, b string) int { return num(a) - num(b) })
	s := &set{name: name, title: title}
	for _, f := range files {
		p, err := puzzle.ReadFile(f)
		if err != nil {
			return nil, err
		}
		it := item{name: fmt.Sprintf("webpbn-%05d", num(f)), p: p, expect: "goal"}
		if p.Goal != nil && puzzle.Check(p, p.Goal) == nil {
			it.sol = p.Goal
		} else {
			it.expect = "?"
		}
		s.items = append(s.items, it)
	}
	return s, nil
}

// The random sets: pictures of randomSizes squared, randomDensities filled,
// randomSeeds of each.
var (
	randomSizes     = []int{30, 40, 50, 60}
	randomDensities = []float64{0.20, 0.275, 0.35}
	randomSeeds     = 2
)

// loadRandom makes random set "randomK": the pictures of K colours. A
// unique verdict must give the picture back.
func loadRandom(name string) *set {
	k, _ := strconv.Atoi(strings.TrimPrefix(name, "random"))
	s := &set{name: name, title: fmt.Sprintf("random pictures of %d colour(s), %v cells square, %v filled, %d seeds each (internal/randpuzzle)", k, randomSizes, randomDensities, randomSeeds)}
	for _, n := range randomSizes {
		for _, d := range randomDensities {
			for seed := range randomSeeds {
				p := randpuzzle.Picture(uint64(seed), n, n, k, d)
				s.items = append(s.items, item{name: p.Title, p: p, expect: "goal", sol: p.Goal})
			}
		}
	}
	return s
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

// A summary totals the outcomes of one back end.
type summary struct {
	n, wrong, timeouts, errors int
	total, cpu                 time.Duration
	walls                      []time.Duration
	maxName                    string
	max                        time.Duration
	lineSolved, learned        int
	maxLine                    time.Duration
	maxLineName                string
	lineSlow                   int // line-solved in 5 ms or more
}

func (s *summary) addOutcome(name string, o outcome) {
	s.n++
	s.total += o.wall
	s.cpu += o.cpu
	s.walls = append(s.walls, o.wall)
	if o.wall > s.max {
		s.max, s.maxName = o.wall, name
	}
	switch o.check {
	case "WRONG":
		s.wrong++
	case "timeout":
		s.timeouts++
	case "error":
		s.errors++
	}
	if o.learned {
		s.learned++
	}
	if o.lineSolved {
		s.lineSolved++
		if o.wall > s.maxLine {
			s.maxLine, s.maxLineName = o.wall, name
		}
		if o.wall >= 5*time.Millisecond {
			s.lineSlow++
		}
	}
}

func (s *summary) add(t summary) {
	s.n += t.n
	s.wrong += t.wrong
	s.timeouts += t.timeouts
	s.errors += t.errors
	s.total += t.total
	s.cpu += t.cpu
	s.walls = append(s.walls, t.walls...)
	if t.max > s.max {
		s.max, s.maxName = t.max, t.maxName
	}
	s.lineSolved += t.lineSolved
	s.learned += t.learned
	if t.maxLine > s.maxLine {
		s.maxLine, s.maxLineName = t.maxLine, t.maxLineName
	}
}

func (s *summary) median() time.Duration {
	if len(s.walls) == 0 {
		return 0
	}
	w := slices.Clone(s.walls)
	slices.Sort(w)
	if len(w)%2 == 1 {
		return w[len(w)/2]
	}
	return (w[len(w)/2-1] + w[len(w)/2]) / 2
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

// A keptRow is a table row held back by -rows: the puzzle's place in its
// set, the first back end's wall time, whether every back end decided it
// right (or could not be checked), and the row.
type keptRow struct {
	i    int
	wall time.Duration
	ok   bool
	row  []string
}

// pickRows returns, in set order, the n slowest rows and every row that
// is not ok.
func pickRows(rows []keptRow, n int) []keptRow {
	byTime := slices.Clone(rows)
	slices.SortStableFunc(byTime, func(a, b keptRow) int { return cmp.Compare(b.wall, a.wall) })
	pick := make(map[int]bool)
	for _, k := range byTime[:min(n, len(byTime))] {
		pick[k.i] = true
	}
	var out []keptRow
	for _, k := range rows {
		if pick[k.i] || !k.ok {
			out = append(out, k)
		}
	}
	return out
}

func (r *runner) errw() io.Writer {
	if r.progress != nil {
		return r.progress
	}
	return os.Stderr
}

// A column is a table column; right-aligned columns hold numbers.
type column struct {
	head  string
	width int
	right bool
}

func (r *runner) columns(s *set) []column {
	nameW := len("name")
	for _, it := range s.items {
		nameW = max(nameW, len(it.name))
	}
	cols := []column{
		{"name", nameW, false}, {"size", 5, true}, {"verdict", 8, false}, {"expected", 9, false},
		{"check", 7, false}, {"wall ms", 8, true}, {"cpu ms", 8, true}, {"presolve ms", 11, true}, {"SAT calls", 9, true},
		{"vars", 7, true}, {"clauses", 8, true}, {"fixed", 5, true}, {"line-solved", 11, false},
		{"conflicts", 9, true}, {"by", 6, false},
	}
	if len(r.backends) == 2 {
		c, m := r.backends[1].name, r.backends[0].name
		cols = append(cols,
			column{c + " ms", max(8, len(c)+3), true},
			column{c + " check", max(7, len(c)+6), false},
			column{c + "/" + m, len(c) + len(m) + 1, true})
	}
	if s.ref {
		cols = append(cols, column{"ref CPU s nonosolve / nonogrid-SAT / pbnsolve", 24, false})
	}
	return cols
}

func (r *runner) row(it item, outs []outcome, ref bool) []string {
	o := outs[0]
	cpu := ms(o.cpu)
	if r.cfg.jobs > 1 {
		cpu = "-" // shared by the puzzles that ran at the same time
	}
	row := []string{
		it.name, fmt.Sprintf("%dx%d", it.p.Width(), it.p.Height()), o.verdict, it.expect, o.check,
		ms(o.wall), cpu, ms(o.stats.Presolve), strconv.Itoa(o.stats.SATCalls), strconv.Itoa(o.stats.Vars),
		strconv.Itoa(o.stats.Clauses), strconv.Itoa(o.stats.FixedCells), yesNo(o.lineSolved),
		strconv.Itoa(o.stats.Conflicts), decidedBy(o),
	}
	if len(r.backends) == 2 {
		if len(outs) < 2 {
			row = append(row, "-", "-", "-")
		} else {
			c := outs[1]
			row = append(row, ms(c.wall), c.check, ratio(o, c))
		}
	}
	if ref {
		row = append(row, it.ref)
	}
	return row
}

// ratio is the compare back end's time over the main one's; a timeout
// makes it a bound.
func ratio(main, cmp outcome) string {
	q := fmt.Sprintf("%.2f", float64(cmp.wall)/float64(max(main.wall, time.Microsecond)))
	mt, ct := main.check == "timeout", cmp.check == "timeout"
	switch {
	case main.check == "error" || cmp.check == "error" || mt && ct:
		return "-"
	case mt:
		return "<" + q
	case ct:
		return ">" + q
	}
	return q
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// ms formats a duration in milliseconds with three significant digits or
// more.
func ms(d time.Duration) string {
	f := float64(d) / float64(time.Millisecond)
	switch {
	case f < 10:
		return fmt.Sprintf("%.2f", f)
	case f < 1000:
		return fmt.Sprintf("%.1f", f)
	}
	return fmt.Sprintf("%.0f", f)
}

func secs(d time.Duration) string { return fmt.Sprintf("%.2f s", d.Seconds()) }

func (r *runner) printRow(cols []column, row []string) {
	var sb strings.Builder
	if r.cfg.md {
		sb.WriteString("|")
		for _, v := range row {
			sb.WriteString(" " + strings.ReplaceAll(v, "|", `\|`) + " |")
		}
	} else {
		for i, v := range row {
			if i >= len(cols) {
				break
			}
			if i > 0 {
				sb.WriteString("  ")
			}
			if cols[i].right {
				fmt.Fprintf(&sb, "%*s", cols[i].width, v)
			} else {
				fmt.Fprintf(&sb, "%-*s", cols[i].width, v)
			}
		}
	}
	fmt.Fprintln(r.w, strings.TrimRight(sb.String(), " "))
}

func (r *runner) setHeader(s *set, cols []column) {
	heads := make([]string, len(cols))
	for i, c := range cols {
		heads[i] = c.head
	}
	if r.cfg.md {
		fmt.Fprintf(r.w, "\n### %s: %s, %d puzzles\n\n", s.name, s.title, len(s.items))
		r.printRow(cols, heads)
		var sb strings.Builder
		sb.WriteString("|")
		for _, c := range cols {
			if c.right {
				sb.WriteString("---:|")
			} else {
				sb.WriteString("---|")
			}
		}
		fmt.Fprintln(r.w, sb.String())
		return
	}
	fmt.Fprintf(r.w, "\n== %s: %s, %d puzzles\n", s.name, s.title, len(s.items))
	r.printRow(cols, heads)
}

func (r *runner) setFooter(s *set, sums []summary, ran int, wall, cpu, mainTotal, cmpTotal time.Duration, ratios []float64, interrupted bool) {
	var lines []string
	for k, sum := range sums {
		b := r.backends[k].name
		line := fmt.Sprintf("%s, %s: %d puzzles, total %s, median %s ms, max %s ms (%s), wrong %d, timeouts %d, errors %d",
			s.name, b, sum.n, secs(sum.total), ms(sum.median()), ms(sum.max), sum.maxName, sum.wrong, sum.timeouts, sum.errors)
		if r.cfg.jobs == 1 {
			line += fmt.Sprintf(", CPU %s", secs(sum.cpu))
		}
		if sum.lineSolved > 0 {
			line += fmt.Sprintf("; line-solved %d, max %s ms (%s), %d of them in 5 ms or more", sum.lineSolved, ms(sum.maxLine), sum.maxLineName, sum.lineSlow)
		}
		if sum.learned > 0 {
			line += fmt.Sprintf("; decided by the learner %d", sum.learned)
		}
		lines = append(lines, line)
	}
	if len(sums) == 2 && mainTotal > 0 {
		c, m := r.backends[1].name, r.backends[0].name
		line := fmt.Sprintf("%s/%s time ratio over the puzzles both decided: total %.2f", c, m, float64(cmpTotal)/float64(mainTotal))
		if len(ratios) > 0 {
			sum := 0.0
			for _, x := range ratios {
				sum += x
			}
			line += fmt.Sprintf(", geometric mean %.2f over the %d that needed SAT", math.Exp(sum/float64(len(ratios))), len(ratios))
		}
		lines = append(lines, line)
	}
	lines = append(lines, fmt.Sprintf("%s: wall %s, process CPU %s (user+sys of the runner and its children, every back end)", s.name, secs(wall), secs(cpu)))
	if r.cfg.rows > 0 && ran > r.cfg.rows {
		lines = append(lines, fmt.Sprintf("%s: the table shows the %d slowest of the %d puzzles and every one not decided right (-rows %d)", s.name, r.cfg.rows, ran, r.cfg.rows))
	}
	if interrupted {
		lines = append(lines, fmt.Sprintf("%s: interrupted after %d of %d puzzles", s.name, ran, len(s.items)))
	}
	if r.cfg.md {
		fmt.Fprintln(r.w)
		for _, l := range lines {
			fmt.Fprintf(r.w, "- %s\n", l)
		}
		return
	}
	for _, l := range lines {
		fmt.Fprintf(r.w, "-- %s\n", l)
	}
}

// header prints the machine description and the run's options.
func (r *runner) header() {
	cfg := r.cfg
	b := r.backends[0].name
	if isGophersat(b) {
		b += " (in a worker child process)"
	}
	if len(r.backends) == 2 {
		b += ", compared with " + r.backends[1].name
	}
	presolve := "on"
	if cfg.noPresolve {
		presolve = "off (-no-presolve)"
	}
	goal := "ignored: a genuine 2-solution search"
	if cfg.useGoal {
		goal = "used when present (-use-goal)"
	}
	lines := [][2]string{
		{"command", commandLine(cfg.args)},
		{"date", time.Now().Format("2006-01-02 15:04:05 MST")},
		{"machine", machine()},
		{"load average at start", loadAvg()},
		{"Go", runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH},
		{"commit", gitCommit()},
		{"back end", b},
		{"mode", fmt.Sprintf("uniqueness (up to 2 solutions); presolve %s; goals %s; timeout %s per puzzle and back end; -j %d", presolve, goal, cfg.timeout, cfg.jobs)},
		{"corpora", cfg.corpora},
	}
	if cfg.md {
		fmt.Fprintf(r.w, "## Run: %s\n", strings.Join(cfg.sets, ", "))
		fmt.Fprintln(r.w)
		for _, l := range lines {
			fmt.Fprintf(r.w, "- %s: %s\n", l[0], mdCode(l[0], l[1]))
		}
		fmt.Fprintln(r.w)
		fmt.Fprintln(r.w, "Columns: wall ms is the whole solver.Solve call (presolve, encoding, SAT, worker start); cpu ms is user+sys of the runner and its children during that call; presolve ms is the line solving inside it; fixed = cells fixed by line solving; check = verdict against the expected one (survey: expected-results-summary.csv, unique answers also against the solution file; tournament: unique answers against the published solution; hardtests and webpbn: unique answers against the goal).")
		return
	}
	for _, l := range lines {
		fmt.Fprintf(r.w, "%-22s %s\n", l[0]+":", l[1])
	}
}

func mdCode(key, v string) string {
	if key == "command" || key == "corpora" {
		return "`" + v + "`"
	}
	return v
}

func (r *runner) footer(total summary, wall, cpu time.Duration, interrupted bool) {
	line := fmt.Sprintf("all sets, %s: %d puzzles, total %s, median %s ms, max %s ms (%s), wrong %d, timeouts %d, errors %d; run wall %s, process CPU %s; load average at end %s",
		r.backends[0].name, total.n, secs(total.total), ms(total.median()), ms(total.max), total.maxName,
		total.wrong, total.timeouts, total.errors, secs(wall), secs(cpu), loadAvg())
	if interrupted {
		line += "; INTERRUPTED"
	}
	if r.cfg.md {
		fmt.Fprintf(r.w, "\n### Total\n\n- %s\n\n", line)
		return
	}
	fmt.Fprintf(r.w, "\n== %s\n", line)
}

func commandLine(args []string) string {
	parts := []string{"go run ./benchmarks/runner"}
	for _, a := range args {
		if a == "" || strings.ContainsAny(a, " \t'\"$|*?") {
			a = strconv.Quote(a)
		}
		parts = append(parts, a)
	}
	return strings.Join(parts, " ")
}

// machine describes the CPUs and memory from /proc (Linux); elsewhere the
// CPU count only.
func machine() string {
	desc := fmt.Sprintf("%d CPUs", runtime.NumCPU())
	if data, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
				desc += ", " + strings.TrimSpace(v)
				break
			}
		}
	}
	if data, err := os.ReadFile("/proc/meminfo"); err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			if f := strings.Fields(line); len(f) >= 2 && f[0] == "MemTotal:" {
				if kb, err := strconv.Atoi(f[1]); err == nil {
					desc += fmt.Sprintf(", %.1f GiB RAM", float64(kb)/(1<<20))
				}
				break
			}
		}
	}
	return desc
}

func loadAvg() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(data))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

// gitCommit is the repository's HEAD, if git can tell; the working tree
// may hold changes not in it.
func gitCommit() string {
	out, err := exec.Command("git", "rev-parse", "--short", "HEAD").Output()
	if err != nil {
		return "unknown"
	}
	return strings.TrimSpace(string(out))
}

// cpuTime is the user and system CPU time of this process and of its
// children that have ended (the SAT workers and external solvers).
func cpuTime() time.Duration {
	var t time.Duration
	for _, who := range []int{syscall.RUSAGE_SELF, syscall.RUSAGE_CHILDREN} {
		var ru syscall.Rusage
		if syscall.Getrusage(who, &ru) == nil {
			t += time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
		}
	}
	return t
}
