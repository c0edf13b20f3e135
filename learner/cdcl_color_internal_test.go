package learner

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/nonosat/nonosat/linesolve"
	"github.com/nonosat/nonosat/puzzle"
)

// TestLearnerLinesAgreeWithLine: along random decisions on random puzzles
// of one to four colours (some with rows over 64 cells), the learner's propagation is checked against
// the line solver ([linesolve.Line], its own template): after every propagation
// without a conflict, every line's domains are a fixpoint of Line (the
// learner keeps no colour a line forbids) and every cell still allows the
// colours of a solution the decisions agree with (it drops none a line
// allows); a line conflict is a line Line finds no placement for; and
// every explanation a line gives is true: the line, knowing only the
// cited literals and the facts, with the explained literal assumed false,
// has no placement.
func TestLearnerLinesAgreeWithLine(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(51, 52))
	explained := 0
	for i := range 400 {
		h, w, m := 2+rng.IntN(7), 2+rng.IntN(7), 1+rng.IntN(4)
		if i%8 == 7 { // rows of more than one word
			h, w = 2+rng.IntN(2), 62+rng.IntN(70)
		}
		g := puzzle.NewGrid(h, w)
		for r := range g {
			for c := range g[r] {
				if rng.Float64() < 0.5 {
					g[r][c] = puzzle.Color(1 + rng.IntN(m))
				}
			}
		}
		p := puzzle.FromGrid(g, puzzleColors(m))
		c := newCDCLOf(linesolve.NewState(p))
		follow := i%2 == 0 // decide the goal's colours: no conflict may come
		for step := 0; !c.unsat; step++ {
			var open []int
			for x := range c.n {
				if !c.decided(x) {
					open = append(open, x)
				}
			}
			if len(open) == 0 {
				break
			}
			x := open[rng.IntN(len(open))]
			v := int(g[x/w][x%w])
			if !follow {
				d := c.domain(x)
				for {
					v = rng.IntN(c.vals)
					if d.Has(puzzle.Color(v)) {
						break
					}
				}
			}
			c.lim = append(c.lim, int32(len(c.trail)))
			c.assign(c.is(x, v), rDecision)
			confl := c.propagate()
			if confl != noConflict {
				if follow {
					t.Fatalf("case %d: a conflict on the way to a solution", i)
				}
				if l, ok := isLine(confl); ok {
					if _, ok := linesolve.Line(c.clue(p, l), c.lineDomains(l, nil)); ok {
						t.Fatalf("case %d: line %d conflict, but Line finds a placement", i, l)
					}
					checkExplanation(t, c, p, l, -1, c.explainConflict(l))
				}
				break
			}
			for l := range h + w {
				d := c.lineDomains(l, nil)
				out, ok := linesolve.Line(c.clue(p, l), d)
				if !ok || !slices.Equal(out, d) {
					t.Fatalf("case %d step %d: line %d not at Line's fixpoint: %v -> %v", i, step, l, d, out)
				}
			}
			if follow {
				for y := range c.n {
					if !c.domain(y).Has(g[y/w][y%w]) {
						t.Fatalf("case %d: cell %d lost the goal's colour", i, y)
					}
				}
			}
			for _, q := range c.trail {
				if l, ok := isLine(c.reason[q>>1]); ok {
					checkExplanation(t, c, p, l, q, c.reasonLits(int(q>>1)))
					explained++
				}
			}
		}
	}
	if explained < 1000 {
		t.Fatalf("only %d explanations checked", explained)
	}
}

// checkExplanation checks clause cl, the explanation by line l of
// literal q (or of a conflict, q < 0): q first, every other literal false
// and assigned before q, and Line finds no placement of the line from the
// facts with the other literals false and q false.
func checkExplanation(t *testing.T, c *cdcl, p *puzzle.Puzzle, l int, q int32, cl []int32) {
	t.Helper()
	rest := cl
	if q >= 0 {
		if cl[0] != q {
			t.Fatalf("explanation %v does not start with %d", cl, q)
		}
		rest = cl[1:]
	}
	d := c.lineDomains(l, c.facts())
	restrict := func(r int32) { // make literal r true
		v := int(r >> 1)
		x := c.cellVar(v)
		i := c.bitOf(l, x)
		if c.cellOf(l, i) != x {
			t.Fatalf("explanation %v of line %d cites cell %d off the line", cl, l, x)
		}
		col := 1
		switch {
		case !c.bw:
			col = v % c.vals
		case r&1 != 0:
			col, r = 0, r^1 // "white" is "has 0"
		}
		if r&1 == 0 {
			d[i] &= 1 << col
		} else {
			d[i] &^= 1 << col
		}
	}
	for _, r := range rest {
		if c.lv[r] != lFalse || q >= 0 && c.tpos[r>>1] >= c.tpos[q>>1] {
			t.Fatalf("explanation %v of %d: %d is not false before it", cl, q, r)
		}
		restrict(r ^ 1)
	}
	if q >= 0 {
		restrict(q ^ 1)
	}
	if out, ok := linesolve.Line(c.clue(p, l), d); ok {
		t.Fatalf("explanation %v of %d by line %d is not enough: %v -> %v", cl, q, l, d, out)
	}
}

// facts returns the cells' domains at level 0.
func (c *cdcl) facts() []linesolve.Set {
	f := make([]linesolve.Set, c.n)
	for x := range f {
		if c.bw {
			f[x] = 3
			if c.lv[2*x] != lUndef && c.level[x] == 0 {
				f[x] = c.domain(x)
			}
			continue
		}
		f[x] = c.dom0[x]
	}
	return f
}

// lineDomains returns the domains of line l's cells, from cells (nil:
// the current ones).
func (c *cdcl) lineDomains(l int, cells []linesolve.Set) []linesolve.Set {
	d := make([]linesolve.Set, c.lines[l].N)
	for i := range d {
		x := c.cellOf(l, i)
		if cells != nil {
			d[i] = cells[x]
		} else {
			d[i] = c.domain(x)
		}
	}
	return d
}

func (c *cdcl) clue(p *puzzle.Puzzle, l int) puzzle.Clue {
	if l < c.h {
		return p.Rows[l]
	}
	return p.Cols[l-c.h]
}

// puzzleColors returns a palette of m colours.
func puzzleColors(m int) []puzzle.Swatch {
	pal := []puzzle.Swatch{{Name: "white", Char: '.'}}
	for i := range m {
		pal = append(pal, puzzle.Swatch{Name: string(rune('a' + i)), Char: rune('a' + i)})
	}
	return pal
}
