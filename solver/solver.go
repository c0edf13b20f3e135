package solver

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"time"

	"github.com/nonosat/nonosat/cnf"
	"github.com/nonosat/nonosat/decode"
	"github.com/nonosat/nonosat/encode"
	"github.com/nonosat/nonosat/linesolve"
	"github.com/nonosat/nonosat/puzzle"
)

// Verdict says what is known about a puzzle's solutions.
type Verdict string

// The verdicts.
const (
	Unique   Verdict = "unique"   // exactly one solution
	Multiple Verdict = "multiple" // at least two solutions
	None     Verdict = "none"     // no solution
	Solved   Verdict = "solved"   // a solution, uniqueness not asked (Options.Max == 1)
	Timeout  Verdict = "timeout"  // the deadline came before the verdict (not after two solutions: that is Multiple)
)

// ErrBug is wrapped when a back end returns a model whose grid fails
// puzzle.Check: a bug in nonosat or the SAT solver, never an answer.
var ErrBug = errors.New("internal error")

// Options configure a solve. The zero value is a sensible default.
type Options struct {
	// Max is the number of solutions to look for; 0 means 2, enough to
	// tell unique from multiple. Negative means all.
	Max int
	// Backend names the SAT solver: "" or "gophersat", "gini",
	// "portfolio", or an external solver (see external.go). The portfolio
	// races, for a black-and-white puzzle, two learners whose random
	// decisions differ (in place of the search stage), and for a colour
	// puzzle gophersat, gini and the depth-first search without a budget
	// (in place of SAT): the first answer wins. Give Worker too so that
	// gophersat can be stopped.
	Backend string
	// Worker is a command that runs ServeWorker; when set, gophersat runs
	// in that child process and a done context kills it.
	Worker []string
	// NoPresolve skips line solving before SAT.
	NoPresolve bool
	// Probe bounds probing after line solving (try each colour of each
	// undecided cell, propagate, drop the colours that fail): 0 means the
	// default budget, negative means no probing.
	Probe int
	// Search bounds the search stage between presolving and SAT: a
	// depth-first search that probes every node (linesolve.State.Search),
	// which decides most puzzles that need a few guesses faster than a SAT
	// solver. Its unit is cells of line solving (a solve of an n-cell line
	// counts n); 0 means the default (see searchWork: for a colour puzzle
	// up to about 5 s for a first solution, about 0.1 s more for the rest;
	// for a black-and-white puzzle no depth-first search, the learner at
	// once), negative means no search stage at all. A positive budget
	// holds alone, with no time limit, so that it is reproducible. When the
	// budget runs out, a black-and-white puzzle goes on to a
	// linesolve.Learner, which runs to the verdict or the deadline; a
	// colour puzzle goes on to the SAT back end. Either takes over with the
	// solutions found so far blocked.
	Search int
	// Restarts is the restart unit of the search (stage and portfolio
	// member), in nodes (see linesolve.SearchLimits.Restarts): 0 means the
	// default, negative means one depth-first search without restarts.
	Restarts int
	// IgnoreGoal stops the goal shortcut for uniqueness.
	IgnoreGoal bool
	// Encoding is the line encoding (encode.Path when empty); see encode.Kind.
	Encoding encode.Kind
	// MaxMemory is the memory, in bytes, that the formula and the SAT
	// back end may take (0: no limit). Encoding stops with a
	// *encode.TooBigError as soon as the formula passes its share (see
	// formulaBudget), before the back end gets it.
	MaxMemory int64
}

// Stats describe the work done.
type Stats struct {
	Vars, Clauses int // size of the formula (0 when SAT was not needed)
	FixedCells    int // cells fixed by presolving
	SATCalls      int
	SearchNodes   int // nodes of the search stage's depth-first search
	Conflicts     int // conflicts of the search stage's learner
	Presolve      time.Duration
	Search        time.Duration // the search stage's depth-first search
	Learn         time.Duration // the search stage's learner
	SAT           time.Duration // encoding and solving
	Total         time.Duration
}

// Result is the outcome of [Solve].
type Result struct {
	Verdict    Verdict
	Solutions  []puzzle.Grid // each one passed puzzle.Check
	LineSolved bool          // decided by line solving and probing alone, without SAT
	Searched   bool          // decided by the search stage's depth-first search (Options.Search), without SAT
	Learned    bool          // decided by the search stage's learner (black-and-white puzzles), without SAT
	Complete   bool          // Solutions are all there are
	Stats      Stats
}

// Solve looks for up to o.Max solutions of p and gives the verdict. A
// deadline gives verdict Timeout with the solutions found so far, not an
// error; errors are for bugs and back ends that fail.
func Solve(ctx context.Context, p *puzzle.Puzzle, o Options) (*Result, error) {
	return run(ctx, p, o, nil)
}

// Count counts the solutions of p up to limit (0 or negative: no limit).
// complete is false when the limit or a deadline stopped the count.
func Count(ctx context.Context, p *puzzle.Puzzle, limit int, o Options) (n int, complete bool, err error) {
	if limit <= 0 {
		limit = -1
	}
	o.Max = limit
	o.IgnoreGoal = true
	res, err := run(ctx, p, o, nil)
	if err != nil {
		return 0, false, err
	}
	return len(res.Solutions), res.Complete, nil
}

// Solutions yields the solutions of p one by one, up to o.Max (0 or
// negative: all). A deadline ends the sequence with the context's error.
func Solutions(ctx context.Context, p *puzzle.Puzzle, o Options) iter.Seq2[puzzle.Grid, error] {
	return func(yield func(puzzle.Grid, error) bool) {
		if o.Max == 0 {
			o.Max = -1
		}
		o.IgnoreGoal = true
		stopped := false
		res, err := run(ctx, p, o, func(g puzzle.Grid) bool {
			if !yield(g, nil) {
				stopped = true
				return false
			}
			return true
		})
		if stopped {
			return
		}
		if err == nil && res.Verdict == Timeout {
			err = ctx.Err()
		}
		if err != nil {
			yield(nil, err)
		}
	}
}

func run(ctx context.Context, p *puzzle.Puzzle, o Options, each func(puzzle.Grid) bool) (*Result, error) {
	t0 := time.Now()
	res := &Result{}
	defer func() { res.Stats.Total = time.Since(t0) }()
	limit := o.Max
	if limit == 0 {
		limit = 2
	}
	finish := func(complete bool) {
		res.Complete = complete
		switch n := len(res.Solutions); {
		case n == 0:
			res.Verdict = None
		case n >= 2:
			res.Verdict = Multiple
		case complete:
			res.Verdict = Unique
		default:
			res.Verdict = Solved
		}
	}

	// The goal shortcut: forbid the known solution, ask for another.
	useGoal := !o.IgnoreGoal && limit == 2 && p.Goal != nil && puzzle.Check(p, p.Goal) == nil
	var known []puzzle.Grid // solutions found before SAT, blocked first
	if useGoal {
		known = []puzzle.Grid{p.Goal.Clone()}
		if each != nil && !each(known[0]) {
			res.Solutions = known
			finish(false)
			return res, nil
		}
	}
	var opts []encode.Option
	var st *linesolve.State // the presolved state, for the search
	if !o.NoPresolve {
		t := time.Now()
		pre := presolve(ctx, p, o.Probe)
		res.Stats.Presolve = time.Since(t)
		res.Stats.FixedCells = pre.fixed
		switch {
		case pre.stopped:
			finish(false)
			res.Verdict = Timeout
			return res, nil
		case pre.contradiction:
			res.LineSolved = true
			finish(true)
			return res, nil
		case pre.grid != nil:
			res.LineSolved = true
			if err := puzzle.Check(p, pre.grid); err != nil {
				return res, fmt.Errorf("%w: line solving produced a grid that fails Check: %v", ErrBug, err)
			}
			res.Solutions = []puzzle.Grid{pre.grid}
			if each != nil {
				each(pre.grid)
			}
			finish(true)
			return res, nil
		}
		opts = pre.options
		if o.Search >= 0 {
			st = pre.state
		}
		learns := o.Search >= 0 && p.IsBW() // a linesolve.Learner takes the puzzle
		if learns && o.Backend == "portfolio" {
			t := time.Now()
			sr := raceSearch(ctx, p, pre.state, limit, known)
			res.Stats.Search = time.Since(t)
			res.Solutions = sr.sols
			if sr.err != nil {
				return res, sr.err
			}
			if each != nil {
				for _, g := range sr.sols[len(known):] {
					if !each(g) {
						break
					}
				}
			}
			res.Learned = true
			finish(sr.complete)
			if sr.timedOut && res.Verdict != Multiple {
				res.Verdict = Timeout
			}
			return res, nil
		}
		// The depth-first search comes first for colour puzzles, and for
		// black-and-white ones only when given a budget: by default the
		// learner takes those at once.
		if dfs := o.Search > 0 || o.Search == 0 && !learns; dfs && !useGoal {
			t := time.Now()
			sols, sres, decided, err := searchStage(ctx, p, pre.state, o.Search, restartUnit(o.Restarts), limit, each)
			res.Stats.Search = time.Since(t)
			res.Stats.SearchNodes = sres.Nodes
			res.Solutions = sols
			if err != nil {
				return res, err
			}
			if decided {
				res.Searched = true
				finish(sres.Complete)
				return res, nil
			}
			known = sols
		}
		if learns && ctx.Err() == nil {
			// From the presolved state, or the one a depth-first search
			// with a budget left (probed at its root to the fixpoint).
			t := time.Now()
			sols, lres, err := learnStage(ctx, p, linesolve.NewLearner(pre.state), known, limit, each)
			res.Stats.Learn = time.Since(t)
			res.Stats.Conflicts = lres.Nodes
			res.Solutions = append(known, sols...)
			if err != nil {
				return res, err
			}
			res.Learned = true
			finish(lres.Complete)
			if lres.Stopped && res.Verdict != Multiple {
				res.Verdict = Timeout
			}
			return res, nil
		}
	}
	if err := ctx.Err(); err != nil {
		finish(false)
		if res.Verdict != Multiple {
			res.Verdict = Timeout
		}
		return res, nil
	}

	t := time.Now()
	defer func() { res.Stats.SAT = time.Since(t) }()
	e, err := encode.PuzzleContext(ctx, p, append(opts, encode.WithKind(o.Encoding), encode.WithMaxBytes(formulaBudget(o)))...)
	if err != nil && ctx.Err() == nil {
		return res, err // a *encode.TooBigError
	}
	if err := ctx.Err(); err != nil {
		finish(false)
		if res.Verdict != Multiple {
			res.Verdict = Timeout
		}
		return res, nil
	}
	res.Stats.Vars, res.Stats.Clauses = e.Formula.NumVars, len(e.Formula.Clauses)

	var sr searchResult
	if o.Backend == "portfolio" {
		sr = race(ctx, p, e, o, limit, known, st)
		if each != nil {
			for _, g := range sr.sols[min(len(known), len(sr.sols)):] {
				if !each(g) {
					break
				}
			}
		}
	} else {
		b, err := newBackend(&e.Formula, o)
		if err != nil {
			return res, err
		}
		sr = search(ctx, p, e, b, limit, known, each)
		b.close()
	}
	res.Stats.SATCalls = sr.calls
	res.Solutions = sr.sols
	if sr.err != nil {
		return res, sr.err
	}
	finish(sr.complete)
	if sr.timedOut && res.Verdict != Multiple { // two solutions found stay "multiple"
		res.Verdict = Timeout
	}
	return res, nil
}

// searchResult is what one back end found.
type searchResult struct {
	sols     []puzzle.Grid // each passed Check
	complete bool          // sols are all the solutions
	timedOut bool
	calls    int
	err      error
}

// search enumerates the solutions of e with back end b, up to limit
// (negative: all), blocking each one on the cell variables. The known
// solutions (a goal that passed Check, solutions of the search stage)
// count first and are blocked before the first call; each does not see
// them again. each, if not nil, sees every new solution and may stop the
// search by returning false.
func search(ctx context.Context, p *puzzle.Puzzle, e *encode.Encoding, b backend, limit int, known []puzzle.Grid, each func(puzzle.Grid) bool) (sr searchResult) {
	var fresh bool // accept is seeing new solutions, not known ones
	var seen gridSet
	accept := func(g puzzle.Grid) (more bool) {
		if err := puzzle.Check(p, g); err != nil {
			sr.err = fmt.Errorf("%w: solver produced a grid that fails Check: %v", ErrBug, err)
			return false
		}
		if !seen.add(g) {
			sr.err = fmt.Errorf("%w: solver produced the same grid twice", ErrBug)
			return false
		}
		sr.sols = append(sr.sols, g)
		if fresh && each != nil && !each(g) {
			return false
		}
		return limit < 0 || len(sr.sols) < limit
	}
	for _, g := range known {
		if !accept(g) {
			return sr
		}
		block, ok := e.Block(g)
		if !ok {
			sr.err = fmt.Errorf("%w: a known solution passed Check but the encoding rules it out", ErrBug)
			return sr
		}
		if len(block) == 0 {
			sr.complete = true
			return sr
		}
		b.add(block)
	}
	fresh = true
	for {
		sr.calls++
		ok, m, err := b.solve(ctx)
		switch {
		case err != nil && ctx.Err() != nil:
			sr.timedOut = true
			return sr
		case err != nil:
			sr.err = err
			return sr
		case !ok:
			sr.complete = true
			return sr
		}
		g := decode.Grid(e, m)
		more := accept(g)
		if sr.err != nil {
			return sr
		}
		block, ok := e.Block(g)
		if !ok {
			sr.err = fmt.Errorf("%w: a model decoded to a grid the encoding rules out", ErrBug)
			return sr
		}
		if len(block) == 0 { // every cell fixed: no other grid
			sr.complete = true
			return sr
		}
		if !more {
			return sr
		}
		b.add(block)
	}
}

// race runs the search with gophersat, with gini and, when presolving left
// a state, with the depth-first search of the search stage (without a
// budget), all at once, and keeps the first to finish; the others are
// stopped (gini and the search stop; gophersat stops if it runs in a worker
// process, else it finishes in the background).
func race(ctx context.Context, p *puzzle.Puzzle, e *encode.Encoding, o Options, limit int, known []puzzle.Grid, st *linesolve.State) searchResult {
	ctx2, cancel := context.WithCancel(ctx)
	defer cancel()
	ch := make(chan searchResult, 3)
	n := 0
	for _, name := range []string{"gophersat", "gini"} {
		o2 := o
		o2.Backend = name
		b, err := newBackend(&e.Formula, o2)
		if err != nil {
			return searchResult{err: err}
		}
		n++
		go func() {
			defer b.close()
			ch <- search(ctx2, p, e, b, limit, known, nil)
		}()
	}
	if st != nil {
		n++
		go func() { ch <- dfsRacer(ctx2, p, st, restartUnit(o.Restarts), limit, known) }()
	}
	var first searchResult
	for i := range n {
		first = <-ch
		if first.err == nil || i == n-1 {
			n -= i + 1
			break
		}
	}
	cancel()
	if len(o.Worker) > 0 {
		for range n {
			<-ch // the losers stop at once (gini, the search) or are killed (worker): wait for them
		}
	}
	return first
}

// gridSet is a set of grids, for telling new solutions from known ones in
// time independent of how many are known (a count can reach millions).
type gridSet map[uint64][]puzzle.Grid

// add adds g and reports whether it was new.
func (s *gridSet) add(g puzzle.Grid) bool {
	if *s == nil {
		*s = gridSet{}
	}
	h := uint64(14695981039346656037) // FNV-1a
	for _, row := range g {
		for _, c := range row {
			h = (h ^ uint64(c)) * 1099511628211
		}
		h = (h ^ 0xff) * 1099511628211
	}
	for _, k := range (*s)[h] {
		if k.Equal(g) {
			return false
		}
	}
	(*s)[h] = append((*s)[h], g)
	return true
}

// raceSearch is the portfolio of a black-and-white puzzle: two learners
// race, one on the presolved state st and one on its own copy of it (its
// own line cache) whose random decisions take another seed, each on its
// own goroutine; the first to finish wins and the other is stopped and waited
// for. Learners with hints vary with their seed (taai2011, learner alone:
// 14.7, 11.6 and 13.0 s for seeds 0, 1, 2), and the better of two is
// often far better than either: the sum over the 1,000 puzzles of the
// faster of seeds 0 and 1 is 8.3 s. The faster of seed 0 and the
// depth-first search, the portfolio before the hints, gave 13.0 s of wall
// time on the same set; seed 0 against the learner without hints, 10.4 s
// (sum of minima). These were measured with every cell hinted; with the
// confidence bound (cdcl.go's hintConf), the runner on taai2011 (commit
// 03377f0): 9.7 s of wall time and 18.5 s of CPU, against 12.8 s and
// 13.6 s for the default.
func raceSearch(ctx context.Context, p *puzzle.Puzzle, st *linesolve.State, limit int, known []puzzle.Grid) searchResult {
	ctx2, cancel := context.WithCancel(ctx)
	defer cancel()
	ch := make(chan searchResult, 2)
	second := linesolve.NewLearner(st.Clone())
	second.SetSeed(1)
	for _, l := range []*linesolve.Learner{linesolve.NewLearner(st), second} {
		go func() {
			sr := searchResult{sols: append([]puzzle.Grid(nil), known...)}
			sols, res, err := learnStage(ctx2, p, l, known, limit, nil)
			sr.sols, sr.err = append(sr.sols, sols...), err
			sr.complete, sr.timedOut = res.Complete, res.Stopped
			ch <- sr
		}()
	}
	first := <-ch
	cancel()
	<-ch
	return first
}

// dfsRacer is the search stage without a budget, as a member of the
// portfolio: known solutions count first and are not reported again.
func dfsRacer(ctx context.Context, p *puzzle.Puzzle, st *linesolve.State, restarts, limit int, known []puzzle.Grid) (sr searchResult) {
	sr.sols = append(sr.sols, known...)
	var seen gridSet
	for _, k := range known {
		seen.add(k)
	}
	res := st.Search(linesolve.SearchLimits{Stop: func() bool { return ctx.Err() != nil }, Restarts: restarts}, func(g puzzle.Grid) bool {
		if !seen.add(g) {
			return true // known
		}
		if err := puzzle.Check(p, g); err != nil {
			sr.err = fmt.Errorf("%w: the search produced a grid that fails Check: %v", ErrBug, err)
			return false
		}
		sr.sols = append(sr.sols, g)
		return limit < 0 || len(sr.sols) < limit
	})
	switch {
	case sr.err != nil:
	case res.Stopped:
		sr.timedOut = true
	default:
		sr.complete = res.Complete
	}
	return sr
}

func newBackend(f *cnf.Formula, o Options) (backend, error) {
	switch o.Backend {
	case "", "gophersat":
		if len(o.Worker) > 0 {
			return newWorker(f, o.Worker), nil
		}
		return newGophersat(f), nil
	case "gini":
		return newGini(f), nil
	}
	return newExternal(f, o.Backend)
}
