package learner

import (
	"unsafe"

	"github.com/nonosat/nonosat/internal/linestate"
	"github.com/nonosat/nonosat/linesolve"
	"github.com/nonosat/nonosat/puzzle"
)

// A Learner searches the solutions of a puzzle with clause learning: a
// CDCL search whose literals say which colour a cell has (or has not) and
// whose propagators are the exact line solvers of the rows and columns
// (lazy clause generation; see the package documentation). Black and
// white is the one-colour case, with the lines kept as bit masks. Where a
// depth-first search explores every branch of a guess, a Learner turns
// each contradiction into a clause over cells that keeps the same
// mistake from being made elsewhere, and backjumps.
//
// A Learner is resumable: [Learner.Run] goes on from where the last call
// stopped. It is not safe for concurrent use. Learners made from one
// State share its line cache: to run them at once, make each from a
// clone of the State ([linesolve.State.Clone]).
type Learner struct {
	c *cdcl
	h int
	w int
}

// New returns a Learner for the puzzle of s, starting from the domains s
// has narrowed (they are facts). The domains of s are left as they are;
// its line cache is shared (see [Learner]).
func New(s *linesolve.State) *Learner {
	g := linestate.Kernel(s)
	c := newCDCL(&g, DefaultParams())
	if g.Failed {
		c.unsat = true
	}
	return &Learner{c: c, h: g.H, w: g.W}
}

// SetParams makes the Learner search with the settings p in place of
// [DefaultParams]. Call it before the first Run.
func (l *Learner) SetParams(p Params) { l.c.setParams(p) }

// SetHints chooses how the learner colours the cells it decides: on (the
// default), a cell whose colour belief propagation over the rows and
// columns finds likely enough is tried in that colour (the hints are
// computed once, from the facts, the first time the search is back at
// level 0 after a conflict); off, or before the hints, or for a cell
// without one, in its target phase (its colour on the longest trail since
// the last rephasing). Off, no puzzle dives either (see the package
// documentation). Call it before the first Run. Hints are
// what decide Knotty, Meow and Faase in seconds (see belief.go); off is
// for measuring that.
func (l *Learner) SetHints(on bool) {
	l.c.hints = on
	if !on {
		l.c.hint = nil
	}
}

// SetLucky turns the lucky descents on or off (off by default): before
// its first decision the learner tries a few plain assignments, each cell
// in turn in the same colour (lucky.go; after one that finds a solution,
// the rest at the next return to level 0), which find regular solutions
// such as N-Dom's at once; their line solves count in Limits.Lines. In
// process they cost the refutation more than they save (LEARNER.md); a
// caller that leaves the refutation to a SAT solver once a solution is
// known ([Limits.AfterSolution]) wants them. Call it before the first Run.
func (l *Learner) SetLucky(on bool) {
	l.c.lucky = luckyDescents
	if on {
		l.c.lucky = 0
	}
}

// SetSeed reseeds the random decisions (Params.RandomFreq of them), so
// that a measurement can average over several searches of one puzzle.
// Call it before the first Run.
func (l *Learner) SetSeed(seed uint64) {
	l.c.rng = 0x9E3779B97F4A7C15 ^ seed*0xBF58476D1CE4E5B9
	if l.c.rng == 0 {
		l.c.rng = 1 // xorshift never leaves 0
	}
}

// SetProof makes the Learner report, in order, every clause it learns
// to lemma and every learnt clause it deletes to del (nil: deletions are
// not reported). Each learnt clause follows by unit propagation from the
// clues (its line propagation is exact line solving, which unit
// propagation on the path encoding equals), the clauses of Block and the
// clauses learnt before it: with the clues' CNF and the solutions
// blocked, the reported clauses are a RUP proof (DRAT without deletions
// to check), which the empty clause ends when Run reports Complete with
// no solution. Start from a state whose facts follow by unit propagation
// too: line solving's do, probing's do once the lemmas of
// [linesolve.State.SetProof] come first. Call it before the first Run.
func (l *Learner) SetProof(lemma, del func([]linesolve.CellLit)) {
	var buf []linesolve.CellLit
	conv := func(lits []int32) []linesolve.CellLit {
		buf = buf[:0]
		for _, q := range lits {
			x, v, not := l.c.cellLit(q)
			buf = append(buf, linesolve.CellLit{Row: x / l.w, Col: x % l.w, Color: puzzle.Color(v), Not: not})
		}
		return buf
	}
	l.c.proof = func(lits []int32, d bool) {
		switch {
		case !d:
			lemma(conv(lits))
		case del != nil:
			del(conv(lits))
		}
	}
}

// Block forbids a known solution, so that Run does not report it. A grid
// that breaks a cell decided at the start is not a solution and changes
// nothing. It panics if g is not of the puzzle's size.
func (l *Learner) Block(g puzzle.Grid) {
	if len(g) != l.h {
		panic("learner: Learner.Block: grid of the wrong size")
	}
	cells := make([]int8, 0, l.h*l.w)
	for _, row := range g {
		if len(row) != l.w {
			panic("learner: Learner.Block: grid of the wrong size")
		}
		for _, v := range row {
			cells = append(cells, int8(min(v, 127)))
		}
	}
	l.c.block(cells)
}

// Limits bound a [Learner.Run]. The zero value means no limit.
type Limits struct {
	Conflicts int // > 0: at most this many conflicts, counted since New
	Lines     int // > 0: at most this many line solves, counted since New
	// AfterSolution > 0: at most this many conflicts after the last
	// solution the Learner found, in this Run or an earlier one (not one
	// given to Block), for a caller that hands the rest of the search,
	// mostly refutation by then, to a SAT solver. A search that starts
	// from a blocked solution is still looking for its own (LEARNER.md,
	// "Lucky descents").
	AfterSolution int
	// Stop, if not nil, is asked after every conflict and every solution,
	// and in a dive while it sweeps its beliefs; the
	// run ends when it returns true.
	Stop func() bool
}

// Result is what [Learner.Run] did.
type Result struct {
	// Complete is true when every solution has been reported, in this run
	// or an earlier one. It is false when found asked to stop, a limit was
	// reached or Stop returned true.
	Complete bool
	// Stopped is true when a limit was reached or Stop returned true (as
	// opposed to found asking to stop).
	Stopped   bool
	Conflicts int // conflicts since New
	Lines     int // line solves since New
	Restarts  int // restarts since New
}

// Run searches on and passes each solution not reported before (and not
// blocked) to found, which returns false to end the run, within limits.
func (l *Learner) Run(limits Limits, found func(puzzle.Grid) bool) Result {
	c := l.c
	var res Result
	stop := func() bool {
		if limits.Conflicts > 0 && c.conflicts >= limits.Conflicts ||
			limits.AfterSolution > 0 && c.solAt >= 0 && c.conflicts-c.solAt >= limits.AfterSolution ||
			limits.Lines > 0 && c.lineSolves >= limits.Lines ||
			limits.Stop != nil && limits.Stop() {
			res.Stopped = true
		}
		return res.Stopped
	}
	done := c.solve(stop, func(sol []int8) bool {
		g := puzzle.NewGrid(l.h, l.w)
		for x, v := range sol {
			g[x/l.w][x%l.w] = puzzle.Color(v)
		}
		return found(g)
	})
	res.Complete = done
	res.Conflicts, res.Lines, res.Restarts = c.conflicts, c.lineSolves, c.restarts
	return res
}

// Footprint is about how much memory [New] takes for a puzzle of h×w
// cells and the given number of colours besides the background, before
// any clause: a few arrays per cell and per cell literal (one per colour
// and the background), 92 bytes a literal on a 64-bit machine. A
// 1000×1000 puzzle in 63 colours needs 6 GB; a caller with a memory
// limit checks it before New.
func Footprint(h, w, colors int) int64 {
	n := int64(h) * int64(w)
	vals := int64(max(2, colors+1))
	const perLit = 2*1 + 3*4 + 2*int64(unsafe.Sizeof([]watch{})) + 1 + int64(unsafe.Sizeof([]int32{})) + 1 + 4
	const perCell = 8 + 4 + 1 + 1 + 3*8 + 4 // activity, heap, phases, domains, trail
	return n*vals*perLit + n*perCell
}

// Bytes is about how much memory the clauses of the Learner take: those
// it learnt (halved now and then) and those that block solutions, its
// own and those given to Block, which it keeps to the end. Enumerating
// many solutions makes it grow without bound; a caller with a memory
// limit stops the run ([Limits].Stop) when it passes the limit.
func (l *Learner) Bytes() int64 {
	c := l.c
	// Each clause: its record and two watches, with the slack of
	// slices grown by appending.
	const perClause = int64(unsafe.Sizeof(clause{})) + 2*int64(unsafe.Sizeof(watch{}))
	return 4*int64(cap(c.arena)) + 2*perClause*int64(len(c.clauses))
}

// Learnt passes to f the facts the learner has found (as unit clauses)
// and each learnt clause it keeps whose LBD is at most maxLBD, as cell
// literals (the slice is reused). Each holds in every solution not
// blocked and not yet found: a SAT solver that takes the puzzle over
// (the solver's hand-off) may add them to the clues' CNF.
func (l *Learner) Learnt(maxLBD int, f func([]linesolve.CellLit)) {
	c := l.c
	var buf []linesolve.CellLit
	conv := func(q int32) linesolve.CellLit {
		x, v, not := c.cellLit(q)
		return linesolve.CellLit{Row: x / l.w, Col: x % l.w, Color: puzzle.Color(v), Not: not}
	}
	for _, q := range c.trail {
		if c.level[q>>1] == 0 {
			f(append(buf[:0], conv(q)))
		}
	}
	for _, ci := range c.learnts {
		cl := &c.clauses[ci]
		if cl.deleted || int(cl.lbd) > maxLBD {
			continue
		}
		buf = buf[:0]
		for _, q := range c.arena[cl.start : cl.start+cl.size] {
			buf = append(buf, conv(q))
		}
		f(buf)
	}
}
