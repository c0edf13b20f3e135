package learner

// Conflict analysis: the reasons of assignments as clauses (a line's
// reason explained on first use), the first-UIP clause of a conflict, its
// minimisation and LBD, and the bumps of the variables and clauses
// that took part.

// reasonLits returns the reason of variable v as a clause, its true
// literal first; a line reason (or a colour puzzle's cell reason) is
// explained on first use and kept while v stays assigned.
func (c *cdcl) reasonLits(v int) []int32 {
	why := c.reason[v]
	if why >= 0 {
		cl := c.clauses[why]
		return c.arena[cl.start : cl.start+cl.size]
	}
	if c.explOK[v] {
		return c.expl[v]
	}
	p := c.trail[c.tpos[v]]
	out := append(c.expl[v][:0], p)
	if l, ok := isLine(why); ok {
		if c.bw {
			out = c.explainBW(l, p, out)
		} else {
			out = c.explainColor(l, p, out)
		}
	} else {
		out = c.cellReason(p, why, out)
	}
	c.expl[v] = out
	c.explOK[v] = true
	return out
}

// explainConflict returns the clause, all of it false, that explains
// why line l has no placement.
func (c *cdcl) explainConflict(l int) []int32 {
	if c.bw {
		return c.explainBW(l, -1, nil)
	}
	return c.explainColor(l, -1, nil)
}

// analyze derives the first-UIP clause of a conflict (minimised: a
// literal whose reason is made of the clause's other literals goes). It
// returns the clause, asserting literal first and a literal of the
// backjump level second, and that level.
func (c *cdcl) analyze(confl int32) ([]int32, int) {
	learnt := []int32{0}
	var lits []int32
	if confl >= 0 {
		cl := c.clauses[confl]
		lits = c.arena[cl.start : cl.start+cl.size]
	} else {
		l, _ := isLine(confl)
		lits = c.explainConflict(l)
	}
	cur := int32(c.decisionLevel())
	pathC, idx := 0, len(c.trail)-1
	p := int32(-1)
	for {
		if confl >= 0 {
			c.bumpClause(confl)
		}
		if p >= 0 {
			lits = lits[1:]
		}
		for _, q := range lits {
			v := int(q >> 1)
			if c.seen[v] != 0 || c.level[v] == 0 {
				continue
			}
			c.seen[v] = 1
			c.bumpVar(v)
			if c.level[v] >= cur {
				pathC++
			} else {
				learnt = append(learnt, q)
			}
		}
		for c.seen[c.trail[idx]>>1] == 0 {
			idx--
		}
		p = c.trail[idx]
		idx--
		v := int(p >> 1)
		c.seen[v] = 0
		pathC--
		if pathC == 0 {
			break
		}
		confl = c.reason[v]
		lits = c.reasonLits(v)
	}
	learnt[0] = p ^ 1

	c.toClear = append(c.toClear[:0], learnt[1:]...)
	j := 1
	for _, q := range learnt[1:] {
		if v := int(q >> 1); c.reason[v] == rDecision || !c.redundant(v) {
			learnt[j] = q
			j++
		}
	}
	learnt = learnt[:j]
	if c.p.BumpReasonDepth > 0 && c.conflicts >= c.p.BumpReasonAfter {
		c.bumpReasons(learnt)
	}
	for _, q := range c.toClear {
		c.seen[q>>1] = 0
	}

	bt := 0
	if len(learnt) > 1 {
		m := 1
		for i := 2; i < len(learnt); i++ {
			if c.level[learnt[i]>>1] > c.level[learnt[m]>>1] {
				m = i
			}
		}
		learnt[1], learnt[m] = learnt[m], learnt[1]
		bt = int(c.level[learnt[1]>>1])
	}
	return learnt, bt
}

// redundant reports whether the other literals of variable v's reason
// are all in the clause being learnt (seen) or facts. In a colour puzzle
// a line reason not yet explained counts as needed: explanations are
// most of a colour conflict's cost, and those for minimising alone cost
// a fifth of them (LEARNER.md).
func (c *cdcl) redundant(v int) bool {
	if _, line := isLine(c.reason[v]); line && !c.bw && !c.explOK[v] {
		return false
	}
	for _, q := range c.reasonLits(v)[1:] {
		if y := q >> 1; c.seen[y] == 0 && c.level[y] != 0 {
			return false
		}
	}
	return true
}

// bumpReasons bumps the cells of the reasons of the learnt clause's
// literals, and of theirs down to Params.BumpReasonDepth, each cell once
// (CaDiCaL's bumpreason): the cells that forced the clause's literals
// are where the next decisions find the conflict again. A reason not at
// hand (a colour line's, not explained yet) is passed over. It runs
// before analyze clears seen, which it marks too.
func (c *cdcl) bumpReasons(learnt []int32) {
	cur := append(c.bumpCur[:0], learnt[1:]...)
	next := c.bumpNext[:0]
	for range c.p.BumpReasonDepth {
		next = next[:0]
		for _, q := range cur {
			v := int(q >> 1)
			if why := c.reason[v]; why == rDecision || why < 0 && !c.explOK[v] {
				continue
			}
			for _, r := range c.reasonLits(v)[1:] {
				if y := r >> 1; c.seen[y] == 0 && c.level[y] != 0 {
					c.seen[y] = 1
					c.toClear = append(c.toClear, r)
					c.bumpVar(int(y))
					next = append(next, r)
				}
			}
		}
		cur, next = next, cur
	}
	c.bumpCur, c.bumpNext = cur, next
}

// lbd is the number of distinct decision levels of lits.
func (c *cdcl) lbd(lits []int32) int {
	c.stamp++
	n := 0
	for _, q := range lits {
		if lv := c.level[q>>1]; c.lbdSeen[lv] != c.stamp {
			c.lbdSeen[lv] = c.stamp
			n++
		}
	}
	return n
}

// learn analyses a conflict above level 0, backjumps, stores the learnt
// clause and asserts its first literal.
func (c *cdcl) learn(confl int32) {
	if len(c.trail) > c.bestLen {
		c.bestLen = len(c.trail)
		c.saveBest()
	}
	c.conflicts++
	c.restartN++
	learnt, bt := c.analyze(confl)
	if c.proof != nil {
		c.proof(learnt, false)
	}
	c.cancelUntil(bt)
	if len(learnt) == 1 {
		c.assign(learnt[0], rDecision)
	} else {
		lbd := c.lbd(learnt)
		c.noteLBD(lbd)
		ci := c.addClause(learnt, true, lbd)
		c.bumpClause(ci)
		c.assign(learnt[0], ci)
	}
	c.varInc /= c.p.VarDecay
	c.claInc /= float32(c.p.ClauseDecay)
}

// saveBest records the colours of the cells the trail decides as their
// target phases.
func (c *cdcl) saveBest() {
	for _, q := range c.trail {
		switch {
		case c.bw:
			c.best[q>>1] = int8(1 - q&1)
		case q&1 == 0:
			c.best[int(q>>1)/c.vals] = int8(int(q>>1) % c.vals)
		}
	}
}

// bumpVar bumps the activity of the cell of variable v.
func (c *cdcl) bumpVar(v int) {
	x := c.cellVar(v)
	c.act[x] += c.varInc
	if c.act[x] > 1e100 {
		for i := range c.act {
			c.act[i] *= 1e-100
		}
		c.varInc *= 1e-100
	}
	if c.hpos[x] >= 0 {
		c.heapUp(int(c.hpos[x]))
	}
}
