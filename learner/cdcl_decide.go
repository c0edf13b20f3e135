package learner

import "github.com/nonosat/nonosat/linesolve"

// The learner's decisions: a heap of cells by VSIDS activity, the colour
// each decided cell is tried in first (its hint, or its target phase),
// and the hints themselves (belief propagation, belief.go).

func (c *cdcl) heapInsert(x int32) {
	c.hpos[x] = int32(len(c.heap))
	c.heap = append(c.heap, x)
	c.heapUp(len(c.heap) - 1)
}

func (c *cdcl) heapUp(i int) {
	x := c.heap[i]
	for i > 0 {
		p := (i - 1) / 2
		if c.act[x] <= c.act[c.heap[p]] {
			break
		}
		c.heap[i] = c.heap[p]
		c.hpos[c.heap[i]] = int32(i)
		i = p
	}
	c.heap[i] = x
	c.hpos[x] = int32(i)
}

func (c *cdcl) heapDown(i int) {
	x := c.heap[i]
	n := len(c.heap)
	for {
		l := 2*i + 1
		if l >= n {
			break
		}
		if r := l + 1; r < n && c.act[c.heap[r]] > c.act[c.heap[l]] {
			l = r
		}
		if c.act[c.heap[l]] <= c.act[x] {
			break
		}
		c.heap[i] = c.heap[l]
		c.hpos[c.heap[i]] = int32(i)
		i = l
	}
	c.heap[i] = x
	c.hpos[x] = int32(i)
}

func (c *cdcl) heapPop() int32 {
	x := c.heap[0]
	last := c.heap[len(c.heap)-1]
	c.heap = c.heap[:len(c.heap)-1]
	c.hpos[x] = -1
	if len(c.heap) > 0 {
		c.heap[0] = last
		c.hpos[last] = 0
		c.heapDown(0)
	}
	return x
}

// setHints computes the cells' hints, their likely colours by belief
// propagation (belief.go) from the facts, for the cells whose belief is
// confident enough (Params.HintConf: a cell whose likeliest colour has a
// belief of at most that has none, and is decided in its target phase).
// Call it at level 0. The search calls it the first time it is back at
// level 0 after a conflict (a restart, or a learnt fact), so that puzzles
// the learner decides in a few conflicts do not pay for the sweeps. A
// colour puzzle keeps the messages, for its dives to start from
// (dive.go).
func (c *cdcl) setHints() {
	cells := c.domains() // at level 0 every assigned cell is a fact
	c.hint = make([]int8, c.n)
	for x := range c.hint {
		c.hint[x] = -1
	}
	conf := c.p.HintConf
	if c.bw {
		for x, b := range beliefs(&c.p, c.h, c.w, c.lines, cells) {
			switch {
			case b > conf:
				c.hint[x] = 1
			case b < 1-conf:
				c.hint[x] = 0
			}
		}
		return
	}
	likely, belief, bp := colorBeliefs(&c.p, c.h, c.w, c.lines, cells, c.vals, c.p.BeliefWork, nil)
	c.bp0 = bp
	for x, v := range likely {
		if belief[x] > conf {
			c.hint[x] = v
		}
	}
}

// domains returns the colours each cell may still take.
func (c *cdcl) domains() []linesolve.Set {
	cells := make([]linesolve.Set, c.n)
	for x := range c.n {
		cells[x] = c.domain(x)
	}
	return cells
}

// domain returns the colours cell x may still take.
func (c *cdcl) domain(x int) linesolve.Set {
	if !c.bw {
		return c.dom[x]
	}
	switch c.lv[2*x] {
	case lTrue:
		return 2
	case lFalse:
		return 1
	}
	return 3
}

// pickBranch returns the literal "cell x has colour v" for the undecided
// cell x of highest activity and v its hint colour (as CaDiCaL's forced
// phases, the hint wins over the saved and the target phase), or when it
// has no hint its target phase (its colour on the longest trail since the
// last rephasing, as in Kissat's stable mode; the saved phase before
// there is one), or with probability Params.RandomFreq a random cell of
// the heap in its saved phase; a colour the cell can no longer take gives
// way to the next choice, and at last to the cell's lowest colour. It
// returns -1 when every cell is decided.
func (c *cdcl) pickBranch() int32 {
	if len(c.heap) > 0 {
		c.rng ^= c.rng << 13
		c.rng ^= c.rng >> 7
		c.rng ^= c.rng << 17
		if float64(c.rng>>11)/(1<<53) < c.p.RandomFreq {
			x := int(c.heap[int(c.rng%uint64(len(c.heap)))])
			if !c.decided(x) {
				return c.is(x, c.pickColor(x, c.phase[x]))
			}
		}
	}
	for len(c.heap) > 0 {
		x := int(c.heapPop())
		if c.decided(x) {
			continue
		}
		if c.hint != nil && c.hint[x] >= 0 {
			return c.is(x, c.pickColor(x, c.hint[x]))
		}
		if c.bestLen > 0 { // target phase
			return c.is(x, c.pickColor(x, c.best[x]))
		}
		return c.is(x, c.pickColor(x, c.phase[x]))
	}
	return -1
}

// pickColor returns v when undecided cell x may take it, else x's saved
// phase or its lowest colour.
func (c *cdcl) pickColor(x int, v int8) int {
	if c.bw {
		return int(v)
	}
	d := c.dom[x]
	switch {
	case d&(1<<v) != 0:
		return int(v)
	case d&(1<<c.phase[x]) != 0:
		return int(c.phase[x])
	}
	return int(d.Min())
}
