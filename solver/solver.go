package solver

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"time"

	"github.com/nonosat/nonosat/internal/clock"
	"github.com/nonosat/nonosat/solver/backend"

	"github.com/nonosat/nonosat/decode"
	"github.com/nonosat/nonosat/encode"
	"github.com/nonosat/nonosat/learner"
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

// ErrMemory ends [Solutions] when Options.MaxMemory stopped the
// enumeration (see Result.MemoryOut).
var ErrMemory = errors.New("the memory limit stopped the enumeration")

// Options configure a solve. The zero value is a sensible default.
type Options struct {
	// Max is the number of solutions to look for; 0 means 2, enough to
	// tell unique from multiple. Negative means all.
	Max int
	// Backend names the SAT solver: "" or "gophersat", "gini", or an
	// external solver (see package backend). Portfolio replaces it.
	Backend string
	// Portfolio races two learners whose random decisions differ in the
	// learner stage, and gophersat and gini in the SAT stage (with
	// NoSearch): the first answer wins. Backend is then not used. Give
	// Worker too so that gophersat can be stopped. (The CLI spells it
	// --sat portfolio.)
	Portfolio bool
	// Worker is a command that runs backend.ServeWorker; when set, gophersat runs
	// in that child process and a done context kills it.
	Worker []string
	// NoPresolve skips line solving before SAT.
	NoPresolve bool
	// NoProbe skips probing after line solving (try each colour of each
	// undecided cell, propagate, drop the colours that fail).
	NoProbe bool
	// ProbeBudget bounds probing, in probes; 0 (or less) means the
	// default, Params.Probe probes a cell. Probing also stops at bounds
	// on its line solves (Params.ProbeWork, ProbeCost).
	ProbeBudget int
	// NoSearch skips the learner stage between presolving and SAT: the
	// SAT back end takes the puzzle (the CLI's --no-search). Without it,
	// a learner.Learner (clause learning over the cells, the line
	// solvers as propagators) takes every puzzle presolving leaves
	// undecided.
	NoSearch bool
	// SearchBudget bounds the learner stage, in conflicts: after that
	// many, the SAT back end goes on with the solutions it found
	// blocked. 0 (or less) means no bound: the learner runs to the
	// verdict or the deadline, except with an external Backend, which
	// it hands the puzzle to after 30,000 conflicts, or 10,000 after the
	// last solution it found if sooner (see handoff.go).
	SearchBudget int
	// CountOnly keeps only the first two solutions in Result.Solutions
	// (enough for the verdict) and counts the rest in Result.Count, so
	// that counting millions of solutions takes no memory for them. It
	// holds on the learner's road (the default); with NoSearch, a
	// SearchBudget, an external Backend or the Portfolio, or when SAT
	// takes the puzzle, every solution is kept, since SAT blocks each
	// one.
	CountOnly bool
	// IgnoreGoal stops the goal shortcut for uniqueness.
	IgnoreGoal bool
	// Encoding is the line encoding of the SAT stage; see encode.Kind.
	// Empty means encode.Path, or encode.Order for an external solver
	// (CaDiCaL refutes with it faster: benchmarks/RESULTS.md, "N-Dom and the hand-off").
	Encoding encode.Kind
	// MaxMemory is the memory, in bytes, that the formula and the SAT
	// back end may take (0: no limit). Encoding stops with a
	// *encode.TooBigError as soon as the formula passes its share (see
	// formulaBudget), before the back end gets it. Enumeration (the
	// learner's, or SAT's) stops with Result.MemoryOut once the solutions
	// it has kept and blocked take their share (see learnerBudget).
	MaxMemory int64
	// Proof, when set, records the steps that prove the verdict as the
	// solve takes them (certify.Trace), for certify.Verdict.
	Proof ProofLog
	// Params, when set, replaces the stages' settings, DefaultParams,
	// for measurements and tests.
	Params *Params
	// BeforeChild, when set, is called before an external Backend's
	// process starts (after the learner's hand-off, or for a
	// certificate), so that a caller can install what must be in place
	// before a child process exists, such as an interrupt handler that
	// kills it. It may be called more than once.
	BeforeChild func()
}

// A ProofLog records the clauses over cells that prove a verdict, in
// the order a solve takes them (probing's lemmas, the learner's learnt
// clauses and deletions), each following by unit propagation from the
// clues and the clauses before it. certify.Trace is the one that
// certificates use.
type ProofLog interface {
	Reset(width int)                 // a solve of a puzzle this wide starts
	Lemma(lits []linesolve.CellLit)  // a clause that follows
	Delete(lits []linesolve.CellLit) // a clause no longer needed
	Done(complete bool)              // the solve decided; complete: every step that proves it was logged
}

// Stats describe the work done.
type Stats struct {
	Vars, Clauses int // size of the formula (0 when SAT was not needed)
	FixedCells    int // cells fixed by presolving
	SATCalls      int
	Conflicts     int // conflicts of the learner stage
	Presolve      time.Duration
	Learn         time.Duration // the learner stage
	SAT           time.Duration // encoding and solving
	Total         time.Duration
}

// Result is the outcome of [Solve].
type Result struct {
	Verdict    Verdict
	Solutions  []puzzle.Grid // each one passed puzzle.Check
	Count      int           // solutions found: len(Solutions), or more with Options.CountOnly
	LineSolved bool          // decided without search: by the clues' totals, or line solving and probing
	Learned    bool          // decided by the learner stage, without SAT
	SAT        string        // the SAT back end that took the puzzle after presolving and the learner ("gophersat", "cadical", …, "portfolio"); "" when none did
	Complete   bool          // Solutions are all there are
	// MemoryOut: the enumeration stopped at Options.MaxMemory, filled by
	// the solutions it kept and blocked (enumerating, counting, past the
	// second solution); Count is a lower bound, and the verdict is
	// Multiple.
	MemoryOut bool
	Stats     Stats
}

// Solve looks for up to o.Max solutions of p and gives the verdict. A
// deadline gives verdict Timeout with the solutions found so far, not an
// error; errors are for bugs and back ends that fail.
func Solve(ctx context.Context, p *puzzle.Puzzle, o Options) (*Result, error) {
	return run(ctx, p, o, nil)
}

// SolveEach is [Solve] that shows each solution to each as soon as it is
// found (checked; the goal first, when the goal shortcut takes it), so
// that a caller can print solutions while the search goes on. each
// returning false ends the search there: the result then holds what was
// found, not Complete.
func SolveEach(ctx context.Context, p *puzzle.Puzzle, o Options, each func(puzzle.Grid) bool) (*Result, error) {
	return run(ctx, p, o, each)
}

// Count counts the solutions of p up to limit (0 or negative: no limit).
// complete is false when the limit or a deadline stopped the count.
func Count(ctx context.Context, p *puzzle.Puzzle, limit int, o Options) (n int, complete bool, err error) {
	if limit <= 0 {
		limit = -1
	}
	o.Max = limit
	o.IgnoreGoal = true
	o.CountOnly = true
	res, err := run(ctx, p, o, nil)
	if err != nil {
		return 0, false, err
	}
	return res.Count, res.Complete, nil
}

// Solutions yields the solutions of p one by one, up to o.Max (0 or
// negative: all). A deadline ends the sequence with the context's error,
// Options.MaxMemory with ErrMemory.
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
		// Ended before the last solution (or o.Max): say why, even
		// after two solutions, when the verdict is Multiple.
		if err == nil && !res.Complete && (o.Max < 0 || res.Count < o.Max) {
			switch {
			case res.MemoryOut:
				err = ErrMemory
			case clock.Err(ctx) != nil:
				err = clock.Err(ctx)
			}
		}
		if err != nil {
			yield(nil, err)
		}
	}
}

// searchResult is what one back end found.
type searchResult struct {
	sols     []puzzle.Grid // each passed Check
	complete bool          // sols are all the solutions
	timedOut bool
	calls    int
	memOut   bool // a learner stopped at its memory budget (raceLearners)
	err      error
}

// search enumerates the solutions of e with back end b, up to limit
// (negative: all), blocking each one on the cell variables. The known
// solutions (a goal that passed Check, solutions of the learner)
// count first and are blocked before the first call; each does not see
// them again. each, if not nil, sees every new solution and may stop the
// search by returning false.
func search(ctx context.Context, p *puzzle.Puzzle, e *encode.Encoding, b backend.Solver, limit int, known []puzzle.Grid, each func(puzzle.Grid) bool, budget int64) (sr searchResult) {
	var blocks int64 // literals of the blocking clauses added
	var fresh bool   // accept is seeing new solutions, not known ones
	var seen gridSet
	accept := func(g puzzle.Grid) (more bool) {
		if err := puzzle.Check(p, g); err != nil {
			sr.err = fmt.Errorf("%w: the SAT solver produced a grid that is %v", ErrBug, err)
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
			sr.err = fmt.Errorf("%w: a known solution satisfies the clues but the encoding rules it out", ErrBug)
			return sr
		}
		if len(block) == 0 {
			sr.complete = true
			return sr
		}
		b.Add(block)
	}
	fresh = true
	for {
		sr.calls++
		ok, m, err := b.Solve(ctx)
		switch {
		case err != nil && clock.Err(ctx) != nil:
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
		// Enumerating: the solutions kept (and their entries in seen)
		// and their blocking clauses, held here and, about twice over,
		// by the back end, are what grows; they stop at budget (0: no
		// limit), as the learner's do.
		blocks += int64(len(block))
		if enumerationFull(budget, len(sr.sols), gridsBytes(p, len(sr.sols))+64*int64(len(sr.sols))+12*blocks) {
			sr.memOut = true
			return sr
		}
		b.Add(block)
	}
}

// race runs the search with gophersat and with gini at once, and keeps
// the first to finish; the other is stopped (gini stops; gophersat stops
// if it runs in a worker process, else it finishes in the background).
func race(ctx context.Context, p *puzzle.Puzzle, e *encode.Encoding, o Options, limit int, known []puzzle.Grid) searchResult {
	ctx2, cancel := context.WithCancel(ctx)
	defer cancel()
	ch := make(chan searchResult, 2)
	n := 0
	for _, name := range []string{"gophersat", "gini"} {
		b, err := backend.New(&e.Formula, name, o.Worker)
		if err != nil {
			return searchResult{err: err}
		}
		n++
		go func() {
			defer b.Close()
			ch <- search(ctx2, p, e, b, limit, known, nil, learnerBudget(o)/2) // two at once
		}()
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
			<-ch // the loser stops at once (gini) or is killed (worker): wait for it
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

// raceLearners is the portfolio's learner stage: two learners
// race, one on the presolved state st and one on its own copy of it (its
// own line cache) whose random decisions take another seed, each on its
// own goroutine; the first to finish wins and the other is stopped and waited
// for. Learners with hints vary with their seed, and the better of two
// is often far better than either (LEARNER.md, "The portfolio's two
// learners"). Both take the settings lp.
//
// With budget > 0 each learner stops, with memOut, once it has two
// solutions and its clauses and solutions pass half the budget (see
// learnerBudget; two run at once).
func raceLearners(ctx context.Context, p *puzzle.Puzzle, st *linesolve.State, lp learner.Params, limit int, known []puzzle.Grid, budget int64) searchResult {
	ctx2, cancel := context.WithCancel(ctx)
	defer cancel()
	ch := make(chan searchResult, 2)
	second := learner.New(st.Clone())
	second.SetParams(lp)
	second.SetSeed(1)
	one := learner.New(st)
	one.SetParams(lp)
	for _, l := range []*learner.Learner{one, second} {
		go func() {
			sr := searchResult{sols: append([]puzzle.Grid(nil), known...)}
			var lim learner.Limits
			if budget > 0 {
				lim.Stop = func() bool {
					sr.memOut = enumerationFull(budget/2, len(sr.sols), l.Bytes()+gridsBytes(p, len(sr.sols)))
					return sr.memOut
				}
			}
			res, err := learn(ctx2, p, l, known, lim, func(g puzzle.Grid) bool {
				sr.sols = append(sr.sols, g)
				return limit < 0 || len(sr.sols) < limit
			})
			sr.err = err
			sr.complete, sr.timedOut = res.Complete, res.Stopped
			ch <- sr
		}()
	}
	first := <-ch
	cancel()
	<-ch
	return first
}
