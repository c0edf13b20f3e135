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
}

// Search is a depth-first search for the solutions of s. Every node is
// probed to a fixpoint ([State.Probe] without a budget); a contradiction
// closes the node, a finished grid is a solution, and otherwise the search
// branches on every colour of the undecided cell whose probes changed the
// most cells (the largest Σ ln(1+n) over its colours), trying first the
// colour whose probe changed the fewest (measured on taai2011 puzzles
// 401–600, 5 s each: 103 s and 12 timeouts, against 169 s and 22 timeouts
// trying the most-changing colour first). The branches of a node split
// its solutions, so no solution is reported twice.
//
// found sees each solution as it is found and returns false to end the
// search. The limits are checked before each node and, for Lines and
// Stop, before every 64th probe within a node. s is left probed at the root (or failed, when there is no
// solution).
func (s *State) Search(limits SearchLimits, found func(puzzle.Grid) bool) SearchResult {
	se := &searcher{limits: limits, found: found}
	stop := limits.Stop
	se.stop = func() bool {
		switch {
		case se.stopped:
		case limits.Lines > 0 && se.lines+se.cur.stats.Lines-se.before >= limits.Lines:
			se.stopped = true // the line budget holds inside a node's probing too
		case stop != nil && stop():
			se.stopped = true
		}
		return se.stopped
	}
	more := se.dfs(0, s)
	return SearchResult{Complete: more && !se.stopped, Stopped: se.stopped, Nodes: se.nodes, Lines: se.lines}
}

type searcher struct {
	stack   []*State // stack[d] is the state at depth d+1, reused
	limits  SearchLimits
	nodes   int
	lines   int
	cur     *State // the node being probed, and its line count before
	before  int
	stop    func() bool
	stopped bool
	found   func(puzzle.Grid) bool
}

// dfs searches below st, which it owns; it returns false when the search
// must end (found said so, or a limit was hit).
func (se *searcher) dfs(depth int, st *State) bool {
	if se.limits.Nodes > 0 && se.nodes >= se.limits.Nodes || se.limits.Lines > 0 && se.lines >= se.limits.Lines {
		se.stopped = true
		return false
	}
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
	x := st.branchCell()
	if x < 0 {
		return se.found(st.Grid())
	}
	ps := st.probe
	d := st.cells[x]
	first := ps.best[x] & d
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
	t.sc.cache = s.sc.cache
	t.stats = Stats{}
	if t.lineStamp == nil {
		t.lw = s.lw
		t.lineStamp = make([]uint64, len(s.lineStamp))
		t.probedAt = make([]uint64, len(s.probedAt))
		t.probeLines = make([]uint64, len(s.probeLines))
	}
	copy(t.lineStamp, s.lineStamp)
	copy(t.probedAt, s.probedAt)
	copy(t.probeLines, s.probeLines)
}

// branchCell returns the undecided cell with the highest probing score, or
// -1 when every cell is decided. It relies on the scores of the probing
// round that reached the fixpoint, which probed every undecided cell.
func (s *State) branchCell() int {
	best, bestScore := -1, -1.0
	for x, d := range s.cells {
		if d&(d-1) == 0 {
			continue
		}
		if sc := s.probe.score[x]; sc > bestScore {
			best, bestScore = x, sc
		}
	}
	return best
}
