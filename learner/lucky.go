package learner

// The lucky descents (as CaDiCaL's "lucky" phase): before its first
// decision the learner tries a few plain assignments, each by deciding
// the open cells one after the other with propagation, in row-major
// order and then backwards, every cell in colour 0 (background) or in
// colour 1 when it may still take it (else as pickColor falls back). A
// descent that decides every cell is a solution, found before any search,
// and the descents not yet made wait for the next return to level 0; one
// that meets a conflict is undone and leaves no trace but its line solves
// (no clause, activity or phase), so the search of a puzzle no descent
// solves is the one it was without them.
// Regular pictures are found so: N-Dom's solution, which the search
// takes tens of thousands of conflicts to meet (LEARNER.md, "Lucky
// descents").

// luckyDescents is the number of descents: forward and backward, each
// in colours 0 and 1.
const luckyDescents = 4

// luckyDescend makes the next lucky descent not yet made, if any, from
// level 0. It returns true when the trail holds a solution (every cell
// decided, every line solved), else the search is back at level 0 as it
// was.
func (c *cdcl) luckyDescend() bool {
	for c.lucky < luckyDescents {
		k := c.lucky
		c.lucky++
		if c.phase0 == nil {
			c.phase0 = make([]int8, len(c.phase))
		}
		copy(c.phase0, c.phase)
		v := int8(k % 2)
		ok := true
		for i := 0; i < c.n && ok; i++ {
			x := i
			if k >= 2 {
				x = c.n - 1 - i
			}
			if c.decided(x) {
				continue
			}
			c.lim = append(c.lim, int32(len(c.trail)))
			c.assign(c.is(x, c.pickColor(x, v)), rDecision)
			ok = c.propagate() == noConflict
		}
		if ok {
			return true
		}
		c.cancelUntil(0)
		copy(c.phase, c.phase0)
	}
	return false
}
