package learner

import "math/bits"

// Restarts, on the Luby sequence in units of Params.RestartUnit
// conflicts.

// restartDue reports whether the search restarts now.
func (c *cdcl) restartDue() bool {
	return c.restartN >= c.restartAt
}

// restart backtracks to level 0 for a restart, resets the phases to the
// longest trail's every Params.Rephase restarts, and schedules a dive
// every Params.DiveRestarts.
func (c *cdcl) restart() {
	c.restartN = 0
	c.restarts++
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
