package linesolve

import (
	"math"
	"math/bits"
)

// probeScratch is what Probe keeps between branches: a branch state that is
// a copy of the probed state (restored after each branch from its trail of
// changed cells), and per-cell accumulators for the branches of one cell.
type probeScratch struct {
	t     *State
	dirty bool // t no longer equals the probed state: copy it whole

	branch, round int32   // ids of the current branch and probed cell
	stamp         []int32 // stamp[i] == branch: cell i counted in this branch
	seen          []int32 // seen[i] == round: cnt[i], acc[i] belong to this cell
	cnt           []int32 // surviving branches that changed cell i
	acc           []Set   // union of cell i's domains over those branches
	touched       []int32 // cells with seen[i] == round

	clock uint64 // the clock of State.touch, shared by the states of a search
}

func (s *State) prober() *probeScratch {
	if s.probe == nil {
		t := &State{h: s.h, w: s.w, rows: s.rows, cols: s.cols, track: true, bw: s.bw}
		t.cells = make([]Set, len(s.cells))
		t.initLines()
		t.popped = make([]uint64, (s.h+s.w+63)/64)
		if s.sc.cache == nil && min(s.h, s.w) <= 64 {
			s.sc.cache = new(lineCache)
		}
		t.sc.cache = s.sc.cache
		if s.sc.cache2 == nil && s.bw && (twoWords(s.h) || twoWords(s.w)) {
			s.sc.cache2 = new(lineCache2)
		}
		t.sc.cache2 = s.sc.cache2
		n := len(s.cells)
		s.probe = &probeScratch{t: t, stamp: make([]int32, n), seen: make([]int32, n),
			cnt: make([]int32, n), acc: make([]Set, n)}
	}
	s.probe.dirty = true
	if s.lineStamp == nil {
		s.lw = (s.h + s.w + 63) / 64
		s.lineStamp = make([]uint64, s.h+s.w)
		s.probedAt = make([]uint64, len(s.cells))
		s.probeLines = make([]uint64, len(s.cells)*s.lw)
		s.score = make([]float64, len(s.cells))
		s.best = make([]Set, len(s.cells))
	}
	return s.probe
}

// twoWords reports whether a line of n cells takes two words.
func twoWords(n int) bool { return n > 64 && n <= 128 }

// fresh reports whether cell x was probed and none of the lines its probe
// solved has changed since, so probing it again would change nothing.
func (s *State) fresh(x int) bool {
	at := s.probedAt[x]
	if at == 0 {
		return false
	}
	for i, w := range s.probeLines[x*s.lw : (x+1)*s.lw] {
		for ; w != 0; w &= w - 1 {
			if s.lineStamp[i<<6|bits.TrailingZeros64(w)] > at {
				return false
			}
		}
	}
	return true
}

// sync makes the branch state equal to s with an empty queue and trail.
func (ps *probeScratch) sync(s *State) {
	t := ps.t
	if ps.dirty {
		t.copyCells(s)
		ps.dirty = false
	} else {
		// The masks follow from the cells: copied whole, they cost less
		// than rebuilding them cell by cell.
		for _, i := range t.trail {
			t.cells[i] = s.cells[i]
		}
		copy(t.m, s.m)
	}
	t.trail = t.trail[:0]
	clear(t.popped)
	t.clearQueue()
	t.failed = false
}

// Probe runs failed-literal probing. For every undecided cell and every
// colour it may take, it assumes the colour on a copy of s and propagates.
// If that fails, the colour is removed from the cell and s is propagated.
// What every surviving branch of a cell rules out (colour v at cell x is
// ruled out when x changed in every branch and v is left in none) is
// removed from s as well. Rounds over all cells repeat until one changes
// nothing or budget probes have run (budget 0 means no limit); a round cut
// short by the budget keeps its removals.
//
// Probe propagates first and returns false on a contradiction.
func (s *State) Probe(budget int) bool { return s.ProbeUntil(budget, nil) }

// ProbeUntil is [State.Probe] that also ends, keeping what it found, as
// soon as stop (if not nil) returns true; stop is asked before every 64th
// probe, so a caller can hold a deadline.
func (s *State) ProbeUntil(budget int, stop func() bool) bool {
	if !s.Propagate() {
		return false
	}
	ps := s.prober()
	t := ps.t
	used := 0
	for {
		changed := false
		for x := range s.cells {
			d := s.cells[x]
			if d&(d-1) == 0 {
				continue
			}
			if s.fresh(x) {
				continue
			}
			ps.clock++
			s.probedAt[x] = ps.clock
			lines := s.probeLines[x*s.lw : (x+1)*s.lw]
			clear(lines)
			r, c := x/s.w, x%s.w
			ps.round++
			ps.touched = ps.touched[:0]
			var survived int32
			var score float64
			var best Set
			bestN := -1
			for rest := d; rest != 0; rest &= rest - 1 {
				v := Set(1) << bits.TrailingZeros64(uint64(rest))
				if s.cells[x]&v == 0 {
					continue
				}
				if budget > 0 && used >= budget {
					return true
				}
				if stop != nil && used%64 == 0 && stop() {
					return true
				}
				used++
				s.stats.Probes++
				ps.sync(s)
				ok := t.Set(r, c, v) && t.Propagate()
				for i, w := range t.popped {
					lines[i] |= w
				}
				s.stats.Lines += t.stats.Lines
				t.stats.Lines = 0
				if !ok {
					s.stats.Failed++
					ps.dirty = true
					changed = true
					if !s.Set(r, c, s.cells[x]&^v) || !s.Propagate() {
						return false
					}
					continue
				}
				survived++
				if n := len(t.trail); bestN < 0 || n < bestN {
					bestN, best = n, v
				}
				score += math.Log1p(float64(len(t.trail)))
				ps.branch++
				for _, i := range t.trail {
					if ps.stamp[i] == ps.branch {
						continue
					}
					ps.stamp[i] = ps.branch
					if ps.seen[i] != ps.round {
						ps.seen[i] = ps.round
						ps.cnt[i] = 0
						ps.acc[i] = 0
						ps.touched = append(ps.touched, i)
					}
					ps.cnt[i]++
					ps.acc[i] |= t.cells[i]
				}
			}
			s.score[x], s.best[x] = score, best
			if survived == 0 {
				continue
			}
			for _, i := range ps.touched {
				if ps.cnt[i] != survived {
					continue // some branch left cell i as it was
				}
				if nd := s.cells[int(i)] & ps.acc[i]; nd != s.cells[int(i)] {
					ps.dirty = true
					changed = true
					if !s.Set(int(i)/s.w, int(i)%s.w, nd) {
						return false
					}
				}
			}
			if !s.Propagate() {
				return false
			}
		}
		if !changed {
			return true
		}
	}
}
