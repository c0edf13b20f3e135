package linestate

import (
	"math/bits"

	"github.com/nonosat/nonosat/internal/linekernel"
	"github.com/nonosat/nonosat/puzzle"
)

// State holds the cell domains of a whole puzzle and the lines still to be
// solved. The zero value is not usable; start from [NewState].
//
// Once [State.Propagate], [State.Set] or [State.Probe] has reported a
// contradiction the state stays failed: every later call returns false.
// A State is not safe for concurrent use; [State.Clone] gives independent
// copies (they share only the read-only clue templates).
type State struct {
	// Cells[r][c] is the domain of the cell in row r, column c. Callers may
	// read it; change it only through [State.Set], which queues the lines.
	Cells [][]Set

	h, w  int
	cells []Set // backing array of Cells, row-major

	rows, cols []linekernel.Template // shared, read-only, by clones

	// Lines to solve: rows are 0…h-1, columns h…h+w-1. Each line is queued
	// at most once, so a ring of h+w entries is enough.
	queue      []int32
	head, size int
	queued     []bool

	failed bool

	stop func() bool // set only during PropagateUntil

	// For black-and-white puzzles (bw), every line's domains are also kept
	// as two bit masks of mw words each, m[2l·mw:] (cells that may be
	// background) and m[(2l+1)·mw:] (cells that may be black), so that
	// Propagate solves a line from its masks without gathering cells.
	bw bool
	m  []uint64
	mw int
	n2 [2]uint64 // a one-word line's refined masks, as slices

	// For colour puzzles whose lines are at most 64 cells, every line's
	// domains are also kept as one mask per value, cm[l·vals+v] (the cells
	// that may take value v, 0 the background), for the same reason.
	cm   []uint64
	vals int      // values of a cell: the colours and the background
	old  []uint64 // the masks of the line being solved, before (propagateColor)

	oneColor bool // the puzzle has one colour (of any size)

	line  []Set // a column gathered for solving
	out   []Set // refined domains of the line being solved
	sc    linekernel.Scratch
	stats Stats

	// Probing.
	trail  []int32  // cells changed since the trail was reset, when tracking
	popped []uint64 // lines solved since the trail was reset, when tracking
	track  bool
	probe  *probeScratch
	proof  func([]CellLit) // sees probing's lemmas (see SetProof)

	// Probing bookkeeping, allocated by the first Probe: the clock value of
	// each line's latest change, and per cell the clock value of its latest
	// probe and the lines that probe solved (lw words per cell). A probe
	// whose lines have not changed since would give the same answer, so
	// Probe skips it.
	lineStamp  []uint64
	probedAt   []uint64
	probeLines []uint64
	lw         int
}

// touch records a change to line l for probing's bookkeeping.
func (s *State) touch(l int) {
	if s.lineStamp != nil {
		s.probe.clock++
		s.lineStamp[l] = s.probe.clock
	}
}

// Stats counts the work a [State] has done.
type Stats struct {
	Lines  int   // line solves, including those inside probes
	Work   int64 // those line solves weighted by their cost (see lineCost)
	Probes int   // (cell, colour) trials run by Probe
	Failed int   // probes that ended in a contradiction, each removing a colour
}

// lineCost is what Stats.Work counts for a solve of line t: the line
// solver passes over the line's bitset words once per block, plus a few
// passes of its own; lines of over two words take the general code,
// about six times as slow a word (a random 400×400 picture at 50 %:
// 0.05 µs a unit at one, against 0.008 µs for webpbn 22336's lines of
// two words).
func lineCost(t *linekernel.Template) int64 {
	c := int64(t.Words) * int64(t.K+4)
	if t.Words > 2 {
		c *= 6
	}
	return c
}

// NewState returns the state of p before any deduction: every cell may be
// the background or any colour that occurs in both its row clue and its
// column clue (and is a colour of p). Every line is queued.
func NewState(p *puzzle.Puzzle) *State {
	h, w := p.Height(), p.Width()
	s := &State{h: h, w: w, bw: p.NumColors() == 1, oneColor: p.NumColors() == 1, vals: p.NumColors() + 1}
	s.rows = make([]linekernel.Template, h)
	s.cols = make([]linekernel.Template, w)
	rowColors := make([]Set, h)
	colColors := make([]Set, w)
	for r, clue := range p.Rows {
		s.rows[r] = linekernel.NewTemplate(clue, w)
		s.rows[r].ID = int32(r)
		rowColors[r] = clueColors(clue)
	}
	for c, clue := range p.Cols {
		s.cols[c] = linekernel.NewTemplate(clue, h)
		s.cols[c].ID = int32(h + c)
		colColors[c] = clueColors(clue)
	}
	all := linekernel.All(p.NumColors())
	s.cells = make([]Set, h*w)
	s.initLines()
	for r := range h {
		for c := range w {
			s.put(r, c, (1|rowColors[r]&colColors[c])&all)
		}
	}
	for l := range h + w {
		s.push(l)
	}
	return s
}

func clueColors(clue puzzle.Clue) Set {
	var s Set
	for _, b := range clue {
		s |= linekernel.Bit(b.Color)
	}
	return s
}

// initLines builds Cells over s.cells and the per-state buffers.
func (s *State) initLines() {
	s.Cells = make([][]Set, s.h)
	for r := range s.Cells {
		s.Cells[r] = s.cells[r*s.w : (r+1)*s.w : (r+1)*s.w]
	}
	n := max(s.h, s.w)
	s.line = make([]Set, n)
	s.out = make([]Set, n)
	s.queue = make([]int32, s.h+s.w)
	s.queued = make([]bool, s.h+s.w)
	if s.bw {
		s.mw = (n + 63) / 64
		s.m = make([]uint64, 2*(s.h+s.w)*s.mw)
	} else if n <= 64 && s.vals <= 64 {
		s.cm = make([]uint64, (s.h+s.w)*s.vals)
		s.old = make([]uint64, s.vals)
	}
}

// initLike sizes t's cells and line buffers for s's grid, t keeping
// colour masks only if s does (tests take them away from s).
func (t *State) initLike(s *State) {
	t.cells = make([]Set, len(s.cells))
	t.initLines()
	if s.cm == nil {
		t.cm = nil
	}
}

// put sets cell (r, c) to v, keeping the masks.
func (s *State) put(r, c int, v Set) {
	s.cells[r*s.w+c] = v
	if s.cm != nil {
		V := s.vals
		rp, cp := s.cm[r*V:(r+1)*V], s.cm[(s.h+c)*V:(s.h+c+1)*V]
		for u := range V {
			bit := uint64(v) >> u & 1
			rp[u] = rp[u]&^(1<<c) | bit<<c
			cp[u] = cp[u]&^(1<<r) | bit<<r
		}
		return
	}
	if s.m == nil {
		return
	}
	b0, b1 := uint64(v)&1, uint64(v)>>1&1
	if s.mw == 1 {
		rm, cm := s.m[2*r:2*r+2], s.m[2*(s.h+c):2*(s.h+c)+2]
		rm[0] = rm[0]&^(1<<c) | b0<<c
		rm[1] = rm[1]&^(1<<c) | b1<<c
		cm[0] = cm[0]&^(1<<r) | b0<<r
		cm[1] = cm[1]&^(1<<r) | b1<<r
		return
	}
	W := s.mw
	rm, cm := s.m[2*r*W:2*(r+1)*W], s.m[2*(s.h+c)*W:2*(s.h+c+1)*W]
	wc, bc := c>>6, uint(c&63)
	rm[wc] = rm[wc]&^(1<<bc) | b0<<bc
	rm[W+wc] = rm[W+wc]&^(1<<bc) | b1<<bc
	wr, br := r>>6, uint(r&63)
	cm[wr] = cm[wr]&^(1<<br) | b0<<br
	cm[W+wr] = cm[W+wr]&^(1<<br) | b1<<br
}

// copyCells makes the cells (and masks) of t those of s.
func (t *State) copyCells(s *State) {
	copy(t.cells, s.cells)
	copy(t.m, s.m)
	copy(t.cm, s.cm)
}

// Clone returns an independent copy of s, queue and statistics included.
func (s *State) Clone() *State {
	t := &State{h: s.h, w: s.w, rows: s.rows, cols: s.cols, failed: s.failed, stats: s.stats, bw: s.bw, oneColor: s.oneColor, vals: s.vals}
	t.initLike(s)
	t.copyCells(s)
	copy(t.queue, s.queue)
	copy(t.queued, s.queued)
	t.head, t.size = s.head, s.size
	return t
}

// Stats returns the work counters.
func (s *State) Stats() Stats { return s.stats }

// Solved reports whether every cell has exactly one colour left.
func (s *State) Solved() bool {
	if s.failed {
		return false
	}
	for _, d := range s.cells {
		if d == 0 || d&(d-1) != 0 {
			return false
		}
	}
	return true
}

// Grid returns the grid s describes. When s is not [State.Solved], each
// undecided cell reads as the lowest colour it may still take (the
// background, if it may be background).
func (s *State) Grid() puzzle.Grid {
	g := puzzle.NewGrid(s.h, s.w)
	for r := range s.h {
		for c := range s.w {
			g[r][c] = s.cells[r*s.w+c].Min()
		}
	}
	return g
}

// Set restricts cell (r, c) to the colours of d (it intersects) and queues
// its row and column if the domain shrank. It returns false if no colour is
// left, which fails the state. It panics if (r, c) is outside the grid.
func (s *State) Set(r, c int, d Set) bool {
	if r < 0 || r >= s.h || c < 0 || c >= s.w {
		panic("linesolve: Set: cell outside the grid")
	}
	if s.failed {
		return false
	}
	x := r*s.w + c
	old := s.cells[x]
	nd := old & d
	if nd == 0 {
		s.failed = true
		return false
	}
	if nd != old {
		s.put(r, c, nd)
		if s.track {
			s.trail = append(s.trail, int32(x))
		}
		s.touch(r)
		s.touch(s.h + c)
		s.push(r)
		s.push(s.h + c)
	}
	return true
}

func (s *State) push(l int) {
	if s.queued[l] {
		return
	}
	s.queued[l] = true
	i := s.head + s.size
	if i >= len(s.queue) {
		i -= len(s.queue)
	}
	s.queue[i] = int32(l)
	s.size++
}

// nextLine pops the next line to solve, counting the solve and, when
// tracking, noting the line as solved.
func (s *State) nextLine() int {
	l := s.pop()
	s.stats.Lines++
	s.stats.Work += lineCost(s.template(l))
	if s.track {
		s.popped[l>>6] |= 1 << (l & 63)
	}
	return l
}

// Kernel is s as package learner takes it over: its domains and line
// templates, which the learner only reads, and its line cache, which the
// learner fills as s does; all shared with s, not copied. Nothing may
// modify the domains or the templates through it.
func Kernel(s *State) linekernel.Grid {
	g := linekernel.Grid{H: s.h, W: s.w, OneColor: s.oneColor, Failed: s.failed,
		Cells: s.cells, Lines: make([]*linekernel.Template, s.h+s.w), Cache: s.sc.Cache}
	for l := range g.Lines {
		g.Lines[l] = s.template(l)
	}
	return g
}

// template is line l's template: row l, or column l-h.
func (s *State) template(l int) *linekernel.Template {
	if l < s.h {
		return &s.rows[l]
	}
	return &s.cols[l-s.h]
}

func (s *State) pop() int {
	l := int(s.queue[s.head])
	s.head++
	if s.head == len(s.queue) {
		s.head = 0
	}
	s.size--
	s.queued[l] = false
	return l
}

// clearQueue empties the queue.
func (s *State) clearQueue() {
	for s.size > 0 {
		s.pop()
	}
	s.head = 0
}

// Propagate solves queued lines, queueing the crossing lines of every cell
// that changes, until no line is left: the fixpoint of exact line solving.
// It returns false if some line has no placement left.
func (s *State) Propagate() bool {
	return s.propagate() // s.stop is nil outside PropagateUntil
}

// PropagateUntil is [State.Propagate] that also ends, returning true with
// lines still queued (see [State.Pending]), as soon as stop returns true;
// stop is asked before every line solve after the first untilGrace, so
// that a deadline holds on any size of puzzle (a line of 1000 cells in
// three colours takes about a millisecond) while small puzzles still get
// their first pass, whatever the deadline. What it found so far is kept,
// and a later Propagate goes on from there.
func (s *State) PropagateUntil(stop func() bool) bool {
	from := s.stats.Lines + untilGrace
	s.stop = func() bool { return s.stats.Lines >= from && stop() }
	defer func() { s.stop = nil }()
	return s.propagate()
}

// untilGrace is how many lines PropagateUntil solves before it asks stop.
const untilGrace = 64

// Pending reports how many lines are queued for solving: 0 after a
// Propagate that returned true, more after a PropagateUntil that stopped.
func (s *State) Pending() int { return s.size }

// stopped reports whether PropagateUntil's stop asks to end.
func (s *State) stopped() bool { return s.stop != nil && s.stop() }

func (s *State) propagate() bool {
	if s.failed {
		return false
	}
	if s.m != nil {
		if s.mw > 1 {
			return s.propagateWords()
		}
		return s.propagateBW()
	}
	if s.cm != nil {
		return s.propagateColor()
	}
	h, w := s.h, s.w
	for s.size > 0 && !s.stopped() {
		l := s.nextLine()
		if l < h {
			row := s.cells[l*w : (l+1)*w]
			if !s.rows[l].Solve(row, s.out, &s.sc) {
				s.failed = true
				return false
			}
			for c, v := range s.out[:w] {
				if v != row[c] {
					s.put(l, c, v)
					s.changed(l*w+c, l, h+c)
				}
			}
			continue
		}
		c := l - h
		col := s.line[:h]
		for r := range col {
			col[r] = s.cells[r*w+c]
		}
		if !s.cols[c].Solve(col, s.out, &s.sc) {
			s.failed = true
			return false
		}
		for r, v := range s.out[:h] {
			if v != col[r] {
				s.put(r, c, v)
				s.changed(r*w+c, l, r)
			}
		}
	}
	return true
}

// propagateBW is Propagate for bw states with one-word masks: each line
// is solved from its masks, which it then replaces with the refined ones;
// only the cells whose domain shrank are written, with their bit in the
// crossing line's masks. Against put per changed cell (and probe branches
// restored cell by cell), Light's presolve took 4.9 ms instead of 6.5 ms.
func (s *State) propagateBW() bool {
	for s.size > 0 && !s.stopped() {
		l := s.nextLine()
		t := s.template(l)
		a0, a1 := s.m[2*l], s.m[2*l+1]
		n0, n1, ok := t.SolveMasks(a0, a1, &s.sc)
		if !ok {
			s.failed = true
			return false
		}
		ch := (a0 &^ n0) | (a1 &^ n1)
		if ch == 0 {
			continue
		}
		// The line's own masks become the refined ones (n0 ⊆ a0, n1 ⊆
		// a1); each changed cell updates its crossing line's masks at bit
		// b, its place in that line.
		s.m[2*l], s.m[2*l+1] = n0, n1
		for ; ch != 0; ch &= ch - 1 {
			i := bits.TrailingZeros64(ch)
			x, cross, b := s.at(l, i)
			s.cells[x] = Set(n0>>i&1) | Set(n1>>i&1)<<1
			cm := s.m[2*cross : 2*cross+2]
			cm[0] = cm[0]&^(1<<b) | (n0>>i&1)<<b
			cm[1] = cm[1]&^(1<<b) | (n1>>i&1)<<b
			s.changed(x, l, cross)
		}
	}
	return true
}

// at returns cell i of line l: its index (row-major), its crossing line,
// and its place in that line.
func (s *State) at(l, i int) (x, cross, b int) {
	if l < s.h {
		return l*s.w + i, s.h + i, l
	}
	return i*s.w + l - s.h, i, l - s.h
}

// changed records that line l's solve changed cell x, which crossing
// line cross shares: the trail (when tracking), probing's stamps of both
// lines, and cross queued.
func (s *State) changed(x, l, cross int) {
	if s.track {
		s.trail = append(s.trail, int32(x))
	}
	s.touch(l)
	s.touch(cross)
	s.push(cross)
}

// propagateColor is propagateBW for colour states with masks (lines of
// at most 64 cells): a line is solved from its masks, one per value,
// which it refines in place; only the cells that lost a value are
// written, with their bits in the crossing line's masks.
func (s *State) propagateColor() bool {
	V := s.vals
	for s.size > 0 && !s.stopped() {
		l := s.nextLine()
		pl := s.cm[l*V : (l+1)*V]
		copy(s.old, pl)
		if !s.template(l).SolveColor1(pl, &s.sc) {
			s.failed = true
			return false
		}
		var ch uint64
		for u, m := range s.old {
			ch |= m &^ pl[u]
		}
		for ; ch != 0; ch &= ch - 1 {
			i := bits.TrailingZeros64(ch)
			x, cross, b := s.at(l, i)
			cp := s.cm[cross*V : (cross+1)*V]
			var d Set
			for u, m := range pl {
				bit := m >> i & 1
				d |= Set(bit) << u
				cp[u] = cp[u]&^(1<<b) | bit<<b
			}
			s.cells[x] = d
			s.changed(x, l, cross)
		}
	}
	return true
}

// propagateWords is propagateBW for masks of more than one word (lines of
// over 64 cells): a line of two words goes through the two-word cache when
// the state has one.
func (s *State) propagateWords() bool {
	W := s.mw
	for s.size > 0 && !s.stopped() {
		l := s.nextLine()
		t := s.template(l)
		tw := t.Words
		a0, a1 := s.m[2*l*W:2*l*W+tw], s.m[(2*l+1)*W:(2*l+1)*W+tw]
		var n0, n1 []uint64
		ok := true
		switch tw {
		case 1:
			s.n2[0], s.n2[1], ok = t.SolveMasks(a0[0], a1[0], &s.sc)
			n0, n1 = s.n2[:1], s.n2[1:]
		case 2:
			n0, n1, ok = t.SolveMasks2(a0, a1, &s.sc)
		default:
			n0, n1, ok = t.SolveMasksW(a0, a1, &s.sc)
		}
		if !ok {
			s.failed = true
			return false
		}
		// As in propagateBW: the line's own masks become the refined ones,
		// and each changed cell updates its crossing line's masks at bit b
		// (word wb).
		_, _, b := s.at(l, 0)
		wb, bb := b>>6, uint(b&63)
		for i := range tw {
			ch := (a0[i] &^ n0[i]) | (a1[i] &^ n1[i])
			if ch == 0 {
				continue
			}
			m0, m1 := n0[i], n1[i]
			a0[i], a1[i] = m0, m1
			for ; ch != 0; ch &= ch - 1 {
				j := bits.TrailingZeros64(ch)
				k := i<<6 | j
				x, cross, _ := s.at(l, k)
				s.cells[x] = Set(m0>>j&1) | Set(m1>>j&1)<<1
				cm := s.m[2*cross*W : 2*(cross+1)*W]
				cm[wb] = cm[wb]&^(1<<bb) | (m0>>j&1)<<bb
				cm[W+wb] = cm[W+wb]&^(1<<bb) | (m1>>j&1)<<bb
				s.changed(x, l, cross)
			}
		}
	}
	return true
}
