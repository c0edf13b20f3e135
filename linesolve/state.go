package linesolve

import "github.com/nonosat/nonosat/puzzle"

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

	rows, cols []template // shared, read-only, by clones

	// Lines to solve: rows are 0…h-1, columns h…h+w-1. Each line is queued
	// at most once, so a ring of h+w entries is enough.
	queue      []int32
	head, size int
	queued     []bool

	failed bool
	line   []Set // a column gathered for solving
	out    []Set // refined domains of the line being solved
	sc     scratch
	stats  Stats

	// Probing.
	trail  []int32  // cells changed since the trail was reset, when tracking
	popped []uint64 // lines solved since the trail was reset, when tracking
	track  bool
	probe  *probeScratch

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
	Lines  int // line solves, including those inside probes
	Probes int // (cell, colour) trials run by Probe
	Failed int // probes that ended in a contradiction, each removing a colour
}

// NewState returns the state of p before any deduction: every cell may be
// the background or any colour that occurs in both its row clue and its
// column clue (and is a colour of p). Every line is queued.
func NewState(p *puzzle.Puzzle) *State {
	h, w := p.Height(), p.Width()
	s := &State{h: h, w: w}
	s.rows = make([]template, h)
	s.cols = make([]template, w)
	rowColors := make([]Set, h)
	colColors := make([]Set, w)
	for r, clue := range p.Rows {
		s.rows[r] = newTemplate(clue, w)
		s.rows[r].id = int32(r)
		rowColors[r] = clueColors(clue)
	}
	for c, clue := range p.Cols {
		s.cols[c] = newTemplate(clue, h)
		s.cols[c].id = int32(h + c)
		colColors[c] = clueColors(clue)
	}
	all := All(p.NumColors())
	s.cells = make([]Set, h*w)
	for r := range h {
		for c := range w {
			s.cells[r*w+c] = (1 | rowColors[r]&colColors[c]) & all
		}
	}
	s.initLines()
	for l := range h + w {
		s.push(l)
	}
	return s
}

func clueColors(clue puzzle.Clue) Set {
	var s Set
	for _, b := range clue {
		s |= bit(b.Color)
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
}

// Clone returns an independent copy of s, queue and statistics included.
func (s *State) Clone() *State {
	t := &State{h: s.h, w: s.w, rows: s.rows, cols: s.cols, failed: s.failed, stats: s.stats}
	t.cells = append([]Set(nil), s.cells...)
	t.initLines()
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
		s.cells[x] = nd
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
	if s.failed {
		return false
	}
	h, w := s.h, s.w
	for s.size > 0 {
		l := s.pop()
		s.stats.Lines++
		if s.track {
			s.popped[l>>6] |= 1 << (l & 63)
		}
		if l < h {
			row := s.cells[l*w : (l+1)*w]
			if !s.rows[l].solve(row, s.out, &s.sc) {
				s.failed = true
				return false
			}
			for c, v := range s.out[:w] {
				if v != row[c] {
					row[c] = v
					if s.track {
						s.trail = append(s.trail, int32(l*w+c))
					}
					s.touch(l)
					s.touch(h + c)
					s.push(h + c)
				}
			}
			continue
		}
		c := l - h
		col := s.line[:h]
		for r := range col {
			col[r] = s.cells[r*w+c]
		}
		if !s.cols[c].solve(col, s.out, &s.sc) {
			s.failed = true
			return false
		}
		for r, v := range s.out[:h] {
			if v != col[r] {
				s.cells[r*w+c] = v
				if s.track {
					s.trail = append(s.trail, int32(r*w+c))
				}
				s.touch(r)
				s.touch(l)
				s.push(r)
			}
		}
	}
	return true
}
