package learner

import "math/bits"

// Restarts. For its first Params.RestartEMAAfter conflicts the search
// restarts on the Luby sequence, which every corpus puzzle but Thing
// (20,008 conflicts, the same search either way) is decided within; after
// that, on a black-and-white puzzle too small to dive, it restarts as
// Glucose and CaDiCaL's focused mode do, when the last dozen or so learnt
// clauses have an average LBD over RestartEMA times that of the last
// several thousand, and keeps the decisions a full
// restart would make again (CaDiCaL's trail reuse).
// LEARNER.md, "Restarts on the LBD averages", has the measurements.

// restartDue reports whether the search restarts now.
func (c *cdcl) restartDue() bool {
	if c.lbdRestarts() {
		return c.restartN >= c.p.RestartGap && c.lbdFast > c.p.RestartEMA*c.lbdSlow
	}
	return c.restartN >= c.restartAt
}

// lbdRestarts reports whether the restarts follow the LBD averages: in
// a long search of a puzzle that never dives. A puzzle that dives (a
// colour one, a large black-and-white one) keeps the Luby schedule its
// dives come on, which finds the first solution of dense random pictures
// that the faster restarts, with dives as far apart as the rephases,
// miss.
func (c *cdcl) lbdRestarts() bool {
	return c.p.RestartEMA > 0 && c.conflicts >= c.p.RestartEMAAfter && c.bw && c.n < c.p.BWDiveCells
}

// restart backtracks for a restart: to level 0 on the Luby sequence, and
// when the phases are reset to the longest trail's; else as far as
// reuseLevel says.
func (c *cdcl) restart() {
	c.restartN = 0
	c.restarts++
	if c.lbdRestarts() {
		if c.conflicts < c.nextRephase {
			c.cancelUntil(c.reuseLevel())
			return
		}
		c.nextRephase = c.conflicts + c.p.RephaseEvery
		c.cancelUntil(0)
		c.rephase()
		return
	}
	c.lubyI++
	c.restartAt = luby(c.lubyI) * c.p.RestartUnit
	c.cancelUntil(0)
	if c.restarts%c.p.Rephase == 0 {
		c.rephase()
	}
	if c.restarts%c.p.DiveRestarts == 0 {
		c.diveDue = c.diveWanted()
	}
}

// rephase resets the saved phases to the colours of the longest trail.
func (c *cdcl) rephase() {
	copy(c.phase, c.best)
	c.bestLen = 0
}

// noteLBD updates the moving averages of the learnt clauses' LBD with a
// new clause's, lbd. Each average starts as the plain mean of the
// clauses so far, until there are as many as its window.
func (c *cdcl) noteLBD(lbd int) {
	c.lbdN++
	n := float64(c.lbdN)
	c.lbdFast += (float64(lbd) - c.lbdFast) / min(n, float64(c.p.RestartFast))
	c.lbdSlow += (float64(lbd) - c.lbdSlow) / min(n, float64(c.p.RestartSlow))
}

// reuseLevel is the decision level a restart may keep: the levels whose
// decisions are on cells more active than the cell the next decision
// would take, which a full restart would decide again first.
func (c *cdcl) reuseLevel() int {
	for len(c.heap) > 0 && c.decided(int(c.heap[0])) {
		c.heapPop()
	}
	if len(c.heap) == 0 {
		return c.decisionLevel() // every cell decided: a solution, kept
	}
	next := c.act[c.heap[0]]
	for lvl := range c.decisionLevel() {
		if d := c.trail[c.lim[lvl]]; c.act[c.cellVar(int(d>>1))] < next {
			return lvl
		}
	}
	return c.decisionLevel()
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
