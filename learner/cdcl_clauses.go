package learner

import "slices"

// The clause store of the learner: the clauses it learns (and the
// blocking clauses of the solutions found) in one arena, watched by two
// literals each, and halved by LBD and activity as they pile up.

type clause struct {
	// The literals are arena[start : start+size]. Before them, the arena
	// holds the clause's index (start-3), where the last new watch was
	// found (start-2) and the size, 0 once deleted (start-1).
	start, size int32
	lbd         int32
	act         float32
	learnt      bool
	deleted     bool
	used        uint8 // halvings it survives unused (Params.ReduceUsedRounds)
}

// A watch is a clause that watches a literal (where its literals start in
// the arena, which also holds its index), with a literal of the clause
// whose truth lets the visit be skipped.
type watch struct {
	start, blocker int32
}

// propagateClauses visits the clauses watching ¬p, p having become true
// (two watched literals, as in MiniSat).
func (c *cdcl) propagateClauses(p int32) int32 {
	fl := p ^ 1
	lv, arena := c.lv, c.arena
	ws := c.watches[fl]
	i, j := 0, 0
	for i < len(ws) {
		wt := ws[i]
		i++
		if lv[wt.blocker] == lTrue {
			ws[j] = wt
			j++
			continue
		}
		start := int(wt.start)
		size := int(arena[start-1])
		if size == 0 {
			continue // deleted: dropped from the list
		}
		lits := arena[start : start+size]
		first := lits[0]
		if first == fl {
			first = lits[1]
			lits[0], lits[1] = first, fl
		}
		if first != wt.blocker && lv[first] == lTrue {
			ws[j] = watch{wt.start, first}
			j++
			continue
		}
		// Look for a new watch from where the last one was found, then
		// from the start (Gent, "Optimal implementation of watched
		// literals", 2013): long learnt clauses are not scanned from the
		// start over and over.
		pos := int(arena[start-2])
		k := -1
		for q := pos; q < size; q++ {
			if lv[lits[q]] != lFalse {
				k = q
				break
			}
		}
		if k < 0 {
			for q := 2; q < pos; q++ {
				if lv[lits[q]] != lFalse {
					k = q
					break
				}
			}
		}
		if k >= 0 {
			r := lits[k]
			arena[start-2] = int32(k)
			lits[1], lits[k] = r, fl
			c.watches[r] = append(c.watches[r], watch{wt.start, first})
			continue
		}
		ws[j] = watch{wt.start, first}
		j++
		ci := arena[start-3]
		if lv[first] == lFalse {
			j += copy(ws[j:], ws[i:])
			c.watches[fl] = ws[:j]
			return ci
		}
		c.assign(first, ci)
	}
	if j < len(ws) {
		c.watches[fl] = ws[:j]
	}
	return noConflict
}

// addClause stores a clause of at least two literals, watching the first
// two, and returns its index.
func (c *cdcl) addClause(lits []int32, learnt bool, lbd int) int32 {
	idx := int32(len(c.clauses))
	start := int32(len(c.arena)) + 3
	c.clauses = append(c.clauses, clause{start: start, size: int32(len(lits)), lbd: int32(lbd), learnt: learnt})
	c.arena = append(c.arena, idx, 2, int32(len(lits)))
	c.arena = append(c.arena, lits...)
	c.watches[lits[0]] = append(c.watches[lits[0]], watch{start, lits[1]})
	c.watches[lits[1]] = append(c.watches[lits[1]], watch{start, lits[0]})
	if learnt {
		c.learnts = append(c.learnts, idx)
	}
	return idx
}

func (c *cdcl) bumpClause(ci int32) {
	cl := &c.clauses[ci]
	if !cl.learnt {
		return
	}
	cl.used = uint8(c.p.ReduceUsedRounds)
	cl.act += c.claInc
	if cl.act > 1e20 {
		for _, i := range c.learnts {
			c.clauses[i].act *= 1e-20
		}
		c.claInc *= 1e-20
	}
}

// reduceDB deletes learnt clauses, those of largest LBD and then lowest
// activity. Clauses of LBD ≤ Params.KeepLBD and reasons stay. Before the
// search has made Params.ReduceUsedAfter conflicts, half of all the
// learnt clauses go; after, a clause used in a conflict's analysis
// within the last Params.ReduceUsedRounds halvings stays too (as CaDiCaL
// keeps its middle tier while it is used), and the share
// Params.ReduceUsedTarget of the others goes.
func (c *cdcl) reduceDB() {
	keepLBD := int32(c.p.KeepLBD)
	tier := c.conflicts >= c.p.ReduceUsedAfter
	n := len(c.learnts)
	keep := c.learnts[:0]
	cand := c.reduceCand[:0]
	for _, ci := range c.learnts {
		cl := &c.clauses[ci]
		used := cl.used > 0
		if used {
			cl.used--
		}
		if cl.lbd <= keepLBD || tier && used {
			keep = append(keep, ci)
		} else {
			cand = append(cand, ci)
		}
	}
	slices.SortFunc(cand, func(a, b int32) int {
		ca, cb := &c.clauses[a], &c.clauses[b]
		if ca.lbd != cb.lbd {
			return int(cb.lbd - ca.lbd)
		}
		switch {
		case ca.act < cb.act:
			return -1
		case ca.act > cb.act:
			return 1
		}
		return 0
	})
	// Before the tier, half of all the learnt clauses go (those of LBD ≤
	// KeepLBD sort last), as they did without it; after, the share
	// ReduceUsedTarget of those that may go.
	half := n / 2
	if tier {
		half = int(float64(len(cand)) * c.p.ReduceUsedTarget)
	}
	for i, ci := range cand {
		cl := &c.clauses[ci]
		if i < half && !c.locked(ci) {
			if c.proof != nil {
				c.proof(c.arena[cl.start:cl.start+cl.size], true)
			}
			cl.deleted = true
			c.arena[cl.start-1] = 0
			continue
		}
		keep = append(keep, ci)
	}
	c.learnts = keep
	c.reduceCand = cand
	c.compact()
}

// locked reports whether clause ci is the reason of an assignment.
func (c *cdcl) locked(ci int32) bool {
	p := c.arena[c.clauses[ci].start]
	return c.lv[p] == lTrue && c.reason[p>>1] == ci
}

// compact drops deleted clauses from the arena once they are most of it,
// and from the watch lists, which it points at the new places.
func (c *cdcl) compact() {
	live := 0
	for _, cl := range c.clauses {
		if !cl.deleted {
			live += int(cl.size) + 3
		}
	}
	if 2*live > len(c.arena) {
		return
	}
	arena := make([]int32, 0, 2*live)
	for i := range c.clauses {
		cl := &c.clauses[i]
		if cl.deleted {
			cl.size = 0
			continue
		}
		arena = append(arena, int32(i), c.arena[cl.start-2], cl.size)
		start := int32(len(arena))
		arena = append(arena, c.arena[cl.start:cl.start+cl.size]...)
		cl.start = start
	}
	old := c.arena
	c.arena = arena
	for l, ws := range c.watches {
		j := 0
		for _, wt := range ws {
			if cl := &c.clauses[old[wt.start-3]]; !cl.deleted {
				ws[j] = watch{cl.start, wt.blocker}
				j++
			}
		}
		c.watches[l] = ws[:j]
	}
}
