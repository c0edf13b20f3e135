package solver

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/nonosat/nonosat/internal/clock"
	"github.com/nonosat/nonosat/solver/backend"

	"github.com/nonosat/nonosat/encode"
	"github.com/nonosat/nonosat/learner"
	"github.com/nonosat/nonosat/linesolve"
	"github.com/nonosat/nonosat/puzzle"
)

// The pipeline is a short list of stages: presolve (line solving and
// probing), the learner (unless Options.NoSearch), and SAT (alone with
// Options.NoPresolve). Each stage takes the puzzle, the presolved state,
// the solutions known so far (which it must not report again: they are
// blocked) and the deadline, and either decides (every solution known,
// or enough of them) or hands over to the next with the new solutions it
// found.

// job is the state the stages share.
type job struct {
	p       *puzzle.Puzzle
	o       Options
	limit   int                    // solutions wanted; negative: all
	each    func(puzzle.Grid) bool // sees each new solution; false stops
	known   []puzzle.Grid          // solutions found so far, each passed Check (the first two with discard)
	count   int                    // solutions found so far
	discard bool                   // keep only two solutions in known (Options.CountOnly, where it holds)
	pre     presolved              // after the presolve stage
	learner *learner.Learner       // the learner stage's, when it handed over (see handoff.go)
	proved  bool                   // the deciding stage logged its steps to o.Proof
	res     *Result
}

// A stage runs on a job and reports whether it decided: complete means
// that job.known now holds every solution; a stage that did not decide
// leaves the job to the next one.
type stage func(ctx context.Context, j *job) (decided, complete bool, err error)

func run(ctx context.Context, p *puzzle.Puzzle, o Options, each func(puzzle.Grid) bool) (*Result, error) {
	t0 := time.Now()
	j := &job{p: p, o: o, limit: o.Max, each: each, res: &Result{}}
	// Only the learner blocks what it finds itself; SAT, and a learner
	// that may hand over to it, need every solution.
	j.discard = o.CountOnly && !o.NoSearch && o.learnBudget() == 0 && !o.NoPresolve && !o.Portfolio
	defer func() { j.res.Stats.Total = time.Since(t0) }()
	if j.limit == 0 {
		j.limit = 2
	}
	if o.Proof != nil {
		o.Proof.Reset(p.Width())
	}
	// Row and column totals that differ leave no solution, and no search
	// finds that out quickly: it is the pigeonhole principle (ten rows
	// of one cell over nine columns of one take the learner minutes).
	if errors.Is(p.Contradiction(), puzzle.ErrTotals) {
		j.res.LineSolved = true
		return j.finish(true), nil
	}
	// The goal shortcut: the goal is a known solution; the stages look
	// for another.
	if !o.IgnoreGoal && j.limit == 2 && p.Goal != nil && puzzle.Check(p, p.Goal) == nil {
		if !j.add(p.Goal.Clone()) {
			return j.finish(false), nil
		}
	}
	stages := []stage{presolveStage, learnStage, satStage}
	switch {
	case o.NoPresolve: // the whole formula to SAT
		stages = stages[2:]
	case o.NoSearch:
		stages = []stage{presolveStage, satStage}
	}
	for i, s := range stages {
		if i > 0 && clock.Err(ctx) != nil { // presolving decides what it can first
			return j.timeout(), nil
		}
		decided, complete, err := s(ctx, j)
		j.res.Solutions = j.known
		if err != nil {
			return j.res, err
		}
		if decided {
			if o.Proof != nil {
				o.Proof.Done(j.proved && complete)
			}
			if j.res.MemoryOut {
				return j.timeout(), nil
			}
			return j.finish(complete), nil
		}
	}
	return j.timeout(), nil
}

// add records a new solution (its stage checked it) and shows it to each;
// it reports whether the search should go on (each wants more, and the
// limit is not reached).
func (j *job) add(g puzzle.Grid) bool {
	j.count++
	if !j.discard || len(j.known) < 2 {
		j.known = append(j.known, g)
	}
	if j.each != nil && !j.each(g) {
		return false
	}
	return j.limit < 0 || j.count < j.limit
}

// finish sets the verdict from the solutions known and returns the result.
func (j *job) finish(complete bool) *Result {
	res := j.res
	res.Solutions = j.known
	res.Complete = complete
	res.Count = max(j.count, len(j.known))
	switch n := res.Count; {
	case n == 0:
		res.Verdict = None
	case n >= 2:
		res.Verdict = Multiple
	case complete:
		res.Verdict = Unique
	default:
		res.Verdict = Solved
	}
	return res
}

// timeout is the result of a job the deadline stopped: two solutions
// found stay "multiple".
func (j *job) timeout() *Result {
	res := j.finish(false)
	if res.Verdict != Multiple {
		res.Verdict = Timeout
	}
	return res
}

// presolveStage runs line solving and probing: a contradiction or a
// finished grid decides.
func presolveStage(ctx context.Context, j *job) (bool, bool, error) {
	t := time.Now()
	var proof func([]linesolve.CellLit)
	if j.o.Proof != nil {
		proof = j.o.Proof.Lemma
	}
	j.pre = presolve(ctx, j.p, j.o.probes(j.p), j.o.params(), proof)
	j.res.Stats.Presolve = time.Since(t)
	j.res.Stats.FixedCells = j.pre.fixed
	switch {
	case j.pre.stopped: // the deadline came in the first pass: run says timeout
		return false, false, nil
	case j.pre.contradiction:
		j.res.LineSolved, j.proved = true, true
		return true, true, nil
	case j.pre.grid != nil:
		j.res.LineSolved = true
		if err := puzzle.Check(j.p, j.pre.grid); err != nil {
			return true, false, fmt.Errorf("%w: line solving produced a grid that is %v", ErrBug, err)
		}
		if !j.seen(j.pre.grid) { // else the goal, known already
			j.add(j.pre.grid)
		}
		j.proved = true
		return true, true, nil
	}
	return false, false, nil
}

// seen reports whether g is a known solution.
func (j *job) seen(g puzzle.Grid) bool {
	for _, k := range j.known {
		if k.Equal(g) {
			return true
		}
	}
	return false
}

// learnStage runs a learner.Learner (two racing, for the portfolio)
// from the presolved state, with the known solutions blocked, to the
// verdict, the deadline, or with Options.SearchBudget that many conflicts,
// after which SAT goes on.
func learnStage(ctx context.Context, j *job) (bool, bool, error) {
	st := j.pre.state
	t := time.Now()
	defer func() { j.res.Stats.Learn = time.Since(t) }()
	if !learnerFits(j.o, j.p) { // SAT takes the presolved puzzle, within its own budget
		return false, false, nil
	}
	if j.o.Portfolio {
		sr := raceLearners(ctx, j.p, st, j.o.params().Learner, j.limit, j.known, learnerBudget(j.o))
		for _, g := range sr.sols[len(j.known):] {
			if !j.add(g) {
				// each (or the limit) ends the search here, as
				// the learner's found does: not complete.
				sr.complete = false
				break
			}
		}
		if sr.memOut && sr.err == nil { // as on the learner's road: no SAT after it
			j.res.MemoryOut = true
			return true, false, nil
		}
		j.res.Learned = sr.err == nil && !sr.timedOut
		return sr.err != nil || !sr.timedOut, sr.complete, sr.err
	}
	prm := j.o.params()
	l := learner.New(st)
	l.SetParams(prm.Learner)
	if j.o.Proof != nil {
		l.SetProof(j.o.Proof.Lemma, j.o.Proof.Delete)
	}
	lim := learner.Limits{Conflicts: j.o.learnBudget()}
	if j.o.handoff() {
		l.SetLucky(prm.HandoffLucky)
		lim.AfterSolution = prm.HandoffAfter
	}
	if budget := learnerBudget(j.o); budget > 0 {
		lim.Stop = func() bool {
			j.res.MemoryOut = enumerationFull(budget, j.count, l.Bytes()+gridsBytes(j.p, len(j.known)))
			return j.res.MemoryOut
		}
	}
	res, err := learn(ctx, j.p, l, j.known, lim, j.add)
	j.res.Stats.Conflicts = res.Conflicts
	j.proved = err == nil && !res.Stopped
	if err != nil {
		return true, false, err
	}
	if j.res.MemoryOut { // enumerating filled the memory: no SAT after it
		return true, false, nil
	}
	if res.Stopped && clock.Err(ctx) == nil { // the budget ran out: SAT goes on
		j.learner = l
		return false, false, nil
	}
	j.res.Learned = !res.Stopped // else the deadline stopped it
	return !res.Stopped, res.Complete, nil
}

// learn runs Learner l (made from the presolved state), with the known
// solutions blocked, handing each new solution, checked, to take, until
// take returns false, the search space is exhausted, ctx is done, or a
// limit of lim (its Stop, if any, or ctx's) is reached.
func learn(ctx context.Context, p *puzzle.Puzzle, l *learner.Learner, known []puzzle.Grid, lim learner.Limits, take func(puzzle.Grid) bool) (res learner.Result, err error) {
	for _, g := range known {
		l.Block(g)
	}
	lim.Conflicts = max(0, lim.Conflicts)
	stop := lim.Stop
	lim.Stop = func() bool { return clock.Err(ctx) != nil || stop != nil && stop() }
	res = l.Run(lim, func(g puzzle.Grid) bool {
		if e := puzzle.Check(p, g); e != nil {
			err = fmt.Errorf("%w: the learner produced a grid that is %v", ErrBug, e)
			return false
		}
		return take(g)
	})
	return res, err
}

// satStage encodes the puzzle (with what presolving found) and
// enumerates its solutions with the SAT back end, the known ones blocked.
func satStage(ctx context.Context, j *job) (bool, bool, error) {
	t := time.Now()
	defer func() { j.res.Stats.SAT = time.Since(t) }()
	kind := j.o.Encoding
	if kind == "" && j.o.external() {
		kind = encode.Order // see handoff.go
	}
	e, err := encode.Puzzle(j.p, append(j.pre.options, encode.WithContext(ctx), encode.WithKind(kind), encode.WithMaxBytes(formulaBudget(j.o)))...)
	if clock.Err(ctx) != nil {
		return false, false, nil
	}
	if err != nil {
		return true, false, err // a *encode.TooBigError
	}
	if j.learner != nil && j.o.external() {
		e.Formula.Clauses = append(e.Formula.Clauses, learntClauses(j.learner, e, j.o.params().HandoffLBD)...)
	}
	j.res.Stats.Vars, j.res.Stats.Clauses = e.Formula.NumVars, len(e.Formula.Clauses)
	j.res.SAT = j.o.satName()
	var sr searchResult
	if j.o.Portfolio {
		sr = race(ctx, j.p, e, j.o, j.limit, j.known)
		for i := min(len(j.known), len(sr.sols)); i < len(sr.sols); i++ {
			if j.each != nil && !j.each(sr.sols[i]) {
				// The search ends here, as search's does: the
				// solutions each did not see were not found.
				sr.sols, sr.complete = sr.sols[:i+1], false
				break
			}
		}
	} else {
		if j.o.external() && j.o.BeforeChild != nil {
			j.o.BeforeChild()
		}
		b, err := backend.New(&e.Formula, j.o.Backend, j.o.Worker)
		if err != nil {
			return true, false, err
		}
		sr = search(ctx, j.p, e, b, j.limit, j.known, j.each, learnerBudget(j.o))
		b.Close()
	}
	j.res.Stats.SATCalls = sr.calls
	j.known = sr.sols
	j.count = len(sr.sols)
	if sr.err != nil {
		return true, false, sr.err
	}
	if sr.memOut {
		j.res.MemoryOut = true
		return true, false, nil
	}
	return !sr.timedOut, sr.complete, nil
}
