package linesolve

import (
	"math/bits"

	"github.com/nonosat/nonosat/puzzle"
)

// SearchLimits bound a [State.Search]. The zero value means no limit.
type SearchLimits struct {
	Nodes int // > 0: at most this many nodes
	Lines int // > 0: no new node once this many line solves were spent
	// Stop, if not nil, is asked before every 64th probe; the search ends
	// when it returns true.
	Stop func() bool
	// Restarts > 0 looks for the first solution with restarts: run i
	// may visit at most luby(i)·Restarts nodes (the Luby sequence 1, 1,
	// 2, 1, 1, 2, 4, …); even runs try the most-changing colour first and
	// runs from the third on add noise to the branching score. The run
	// that finds the first solution loses its cap and goes on to the end;
	// a run that is never cut off is a complete search, so the search
	// stays complete and reports no solution twice. 0: one plain
	// depth-first search.
	Restarts int
	// AfterFirst > 0: once the first solution is found, at most this many
	// more line solves (on top of Lines, whichever ends first). Finding a
	// first solution and proving there is no other are different jobs:
	// the first often needs a long search, the rest is often found next
	// to it or is a proof that SAT does better.
	AfterFirst int
}

// SearchResult is what [State.Search] did.
type SearchResult struct {
	// Complete is true when the whole search space was explored: every
	// solution was passed to found. It is false when found asked to stop,
	// a limit was reached or Stop returned true.
	Complete bool
	// Stopped is true when a limit was reached or Stop returned true (as
	// opposed to found asking to stop).
	Stopped bool
	Nodes   int // search nodes (probed states), the root included
	Lines   int // line solves, probes included
	Runs    int // depth-first runs: 1, or more with restarts
}

// Search is a depth-first search for the solutions of s. Every node is
// probed to a fixpoint ([State.Probe] without a budget); a contradiction
// closes the node, a finished grid is a solution, and otherwise the search
// branches on every colour of the undecided cell whose probes changed the
// most cells (the largest Σ ln(1+n) over its colours), trying first the
// colour whose probe changed the fewest (measured on taai2011 puzzles
// 401–600, 5 s each: 103 s and 12 timeouts, against 169 s and 22 timeouts
// trying the most-changing colour first). The branches of a node split
// its solutions, so no solution is reported twice. With
// SearchLimits.Restarts, runs that find no solution within their node cap
// start again from the root with another colour order and noise.
//
// found sees each solution as it is found and returns false to end the
// search. The limits are checked before each node and, for Lines and
// Stop, before every 64th probe within a node. s is left probed at the
// root (or failed, when there is no solution).
func (s *State) Search(limits SearchLimits, found func(puzzle.Grid) bool) SearchResult {
	se := &searcher{limits: limits, found: found, lineCap: limits.Lines}
	stop := limits.Stop
	se.stop = func() bool {
		switch {
		case se.stopped:
		case se.lineCap > 0 && se.lines+se.cur.stats.Lines-se.before >= se.lineCap:
			se.stopped = true // the line budget holds inside a node's probing too
		case stop != nil && stop():
			se.stopped = true
		}
		return se.stopped
	}
	se.report = func(g puzzle.Grid) bool {
		if !se.gotFirst {
			se.gotFirst = true
			se.cap = 0 // this run goes on to the end: it is complete
			if limits.AfterFirst > 0 {
				se.lineCap = se.lines + limits.AfterFirst // the leaf is counted
				if limits.Lines > 0 {
					se.lineCap = min(se.lineCap, limits.Lines)
				}
			}
		}
		return found(g)
	}
	for run := 1; ; run++ {
		se.runs = run
		if limits.Restarts > 0 {
			se.cap, se.runNodes, se.capped = luby(run)*limits.Restarts, 0, false
			se.flip = run%2 == 0
			if run >= 3 {
				se.rng = uint64(run)*0x9e3779b97f4a7c15 | 1
			}
		}
		more := se.dfs(0, s)
		if se.capped && !se.gotFirst && !se.stopped {
			continue // restart
		}
		return se.result(more)
	}
}

func (se *searcher) result(more bool) SearchResult {
	return SearchResult{Complete: more && !se.stopped, Stopped: se.stopped, Nodes: se.nodes, Lines: se.lines, Runs: se.runs}
}

// luby returns the i-th term (i ≥ 1) of the Luby sequence 1, 1, 2, 1, 1,
// 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, …
func luby(i int) int {
	for {
		k := bits.Len(uint(i)) // 2^(k-1) ≤ i < 2^k
		if i == 1<<k-1 {
			return 1 << (k - 1)
		}
		i -= 1<<(k-1) - 1
	}
}

type searcher struct {
	stack    []*State // stack[d] is the state at depth d+1, reused
	limits   SearchLimits
	nodes    int
	lines    int
	cur      *State // the node being probed, and its line count before
	before   int
	stop     func() bool
	stopped  bool
	found    func(puzzle.Grid) bool
	lineCap  int  // > 0: the line budget (Lines, or less after the first solution)
	gotFirst bool // a first solution was found

	// Restarts (see SearchLimits.Restarts).
	report   func(puzzle.Grid) bool // found, and what the first solution changes
	runs     int
	cap      int  // > 0: nodes this run may visit
	runNodes int  // nodes visited in this run
	capped   bool // this run reached its cap
	flip     bool // most-changing colour first
	rng      uint64
}

// dfs searches below st, which it owns; it returns false when the search
// must end (found said so, or a limit was hit).
func (se *searcher) dfs(depth int, st *State) bool {
	if se.limits.Nodes > 0 && se.nodes >= se.limits.Nodes || se.lineCap > 0 && se.lines >= se.lineCap {
		se.stopped = true
		return false
	}
	se.cur, se.before = st, st.stats.Lines
	if se.stop() { // also here: a node whose probes are all fresh probes nothing
		return false
	}
	if se.cap > 0 && se.runNodes >= se.cap {
		se.capped = true
		return false
	}
	se.runNodes++
	se.nodes++
	se.cur, se.before = st, st.stats.Lines
	ok := st.ProbeUntil(0, se.stop)
	se.lines += st.stats.Lines - se.before
	if se.stopped {
		return false
	}
	if !ok {
		return true
	}
	x := se.branchCell(st)
	if x < 0 {
		return se.report(st.Grid())
	}
	d := st.cells[x]
	first := st.best[x] & d
	if se.flip && first != 0 {
		first = d &^ first
		first &= -first // the lowest other colour
	}
	if first == 0 {
		first = Set(1) << bits.TrailingZeros64(uint64(d))
	}
	if len(se.stack) <= depth {
		se.stack = append(se.stack, &State{h: st.h, w: st.w, rows: st.rows, cols: st.cols, bw: st.bw})
		se.stack[depth].cells = make([]Set, len(st.cells))
		se.stack[depth].initLines()
	}
	child := se.stack[depth]
	r, c := x/st.w, x%st.w
	for rest := d; rest != 0; {
		v := first
		if v == 0 {
			v = Set(1) << bits.TrailingZeros64(uint64(rest))
		}
		rest &^= v
		first = 0
		st.copyInto(child)
		if !child.Set(r, c, v) {
			continue
		}
		if !se.dfs(depth+1, child) {
			return false
		}
	}
	return true
}

// copyInto makes t a copy of s with an empty queue, sharing s's probing
// scratch space (which Probe resynchronises on every call).
func (s *State) copyInto(t *State) {
	t.copyCells(s)
	t.clearQueue()
	t.failed = s.failed
	t.probe = s.prober()
	t.sc.Cache, t.sc.Cache2 = s.sc.Cache, s.sc.Cache2
	t.stats = Stats{}
	if t.lineStamp == nil {
		t.lw = s.lw
		t.lineStamp = make([]uint64, len(s.lineStamp))
		t.probedAt = make([]uint64, len(s.probedAt))
		t.probeLines = make([]uint64, len(s.probeLines))
		t.score = make([]float64, len(s.score))
		t.best = make([]Set, len(s.best))
	}
	copy(t.score, s.score)
	copy(t.best, s.best)
	copy(t.lineStamp, s.lineStamp)
	copy(t.probedAt, s.probedAt)
	copy(t.probeLines, s.probeLines)
}

// branchCell returns the undecided cell of s with the highest probing
// score (times a random factor in [1, 1.3) when the run is noisy), or -1
// when every cell is decided. It relies on the scores of the probing round
// that reached the fixpoint, which probed every undecided cell.
func (se *searcher) branchCell(s *State) int {
	best, bestScore := -1, -1.0
	for x, d := range s.cells {
		if d&(d-1) == 0 {
			continue
		}
		sc := s.score[x]
		if se.rng != 0 {
			se.rng ^= se.rng << 13 // xorshift64
			se.rng ^= se.rng >> 7
			se.rng ^= se.rng << 17
			sc *= 1 + 0.3*float64(se.rng>>11)/(1<<53)
		}
		if sc > bestScore {
			best, bestScore = x, sc
		}
	}
	return best
}
