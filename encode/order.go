package encode

import (
	"github.com/nonosat/nonosat/cnf"
	"github.com/nonosat/nonosat/puzzle"
)

// orderLine encodes one row or column with Tamura's order encoding
// ([Order]; docs/encodings.md, as Sugar compiles Copris's nonogram model).
// Block j's start is an integer whose domain is the starts nodes allows,
// from lo_j to hi_j; its order variables u(j,p) mean "block j starts at or
// before p", for lo_j ≤ p < hi_j (below lo_j false, from hi_j on true; a
// start missing inside the domain makes u(j,p) the same variable as
// u(j,p−1)). Clauses:
//
//   - chain: u(j,p−1) → u(j,p);
//   - ordering, start(j+1) ≥ start(j) + c_j + σ_j: u(j+1,p) →
//     u(j,p−c_j−σ_j), one binary clause per p;
//   - covers: v(j,i) ⇔ u(j,i) ∧ ¬u(j,i−c_j), "block j covers cell i", as
//     three Tseitin clauses (none where the two sides fold to a constant or
//     a single literal);
//   - cells: v(j,i) forces colour κ_j on cell i, and a cell of colour
//     v ≠ 0 needs a cover of colour v (for every colour of its domain, so
//     an empty clue makes each colour a unit "not v"); a colour cell no
//     block covers is background (as in [Encoding.classicLine]).
//
// Every auxiliary variable is a function of the block starts, hence of the
// grid.
func (e *Encoding) orderLine(clue puzzle.Clue, cells []*cell, nodes NodeFunc, b *builder) {
	start, ok := lineStarts(clue, cells, nodes, b)
	if !ok {
		return
	}
	o, ok := e.orderVars(start, b)
	if !ok {
		b.empty() // a block has nowhere to start
		return
	}
	for j := 0; j+1 < len(clue); j++ {
		d := clue[j].Len + minGap(clue, j)
		for p := o.lo[j+1]; p <= o.hi[j+1]; p++ {
			if p > o.lo[j+1] && o.le(j+1, p) == o.le(j+1, p-1) {
				continue // implied by the clause for p−1 and the chain
			}
			b.clause(not(o.le(j+1, p)), o.le(j, p-d))
		}
	}
	e.orderCells(clue, cells, o, b)
}

// orderLits are the order variables of a line's blocks: u[j][p], "block j
// starts at or before p", for lo[j] ≤ p < hi[j].
type orderLits struct {
	lo, hi []int
	u      [][]cnf.Lit
}

// orderVars makes the order variables of the blocks whose possible starts
// are start[j], with their chain clauses; false when a block has no start.
func (e *Encoding) orderVars(start [][]bool, b *builder) (orderLits, bool) {
	k := len(start)
	o := orderLits{lo: make([]int, k), hi: make([]int, k), u: make([][]cnf.Lit, k)}
	for j := range k {
		o.lo[j], o.hi[j] = -1, -1
		for p, f := range start[j] {
			if f {
				if o.lo[j] < 0 {
					o.lo[j] = p
				}
				o.hi[j] = p
			}
		}
		if o.lo[j] < 0 {
			return o, false
		}
		u := make([]cnf.Lit, len(start[j]))
		for p := o.lo[j]; p < o.hi[j]; p++ {
			if p > o.lo[j] && !start[j][p] {
				u[p] = u[p-1]
				continue
			}
			u[p] = e.lineVar()
			if p > o.lo[j] {
				b.clause(u[p-1].Not(), u[p])
			}
		}
		o.u[j] = u
	}
	return o, true
}

// le is "block j starts at or before p", folded outside [lo_j, hi_j).
func (o orderLits) le(j, p int) cnf.Lit {
	switch {
	case p < o.lo[j]:
		return litFalse
	case p >= o.hi[j]:
		return litTrue
	}
	return o.u[j][p]
}

// orderCells ties the cells to the blocks: the cover literals, a covered
// cell takes its block's colour, a coloured cell needs a cover of its
// colour, and a cell no block covers is background.
func (e *Encoding) orderCells(clue puzzle.Clue, cells []*cell, o orderLits, b *builder) {
	n, k := len(cells), len(clue)
	// cov[j][i] is "block j covers cell i"; 0 (left out of clauses) where
	// it cannot.
	cov := make([][]cnf.Lit, k)
	for j, blk := range clue {
		cov[j] = make([]cnf.Lit, n)
		for i := o.lo[j]; i < min(n, o.hi[j]+blk.Len); i++ {
			v := e.cover(o.le(j, i), o.le(j, i-blk.Len), b)
			if v == litFalse {
				continue
			}
			cov[j][i] = v
			b.clause(not(v), cells[i].lit(blk.Color))
		}
	}
	var cl, all []cnf.Lit
	for i, x := range cells {
		all = all[:0]
		for j := range k {
			all = append(all, cov[j][i])
		}
		for _, v := range x.vals {
			if v == puzzle.Background {
				continue
			}
			cl = append(cl[:0], not(x.lit(v)))
			for j, blk := range clue {
				if blk.Color == v {
					cl = append(cl, cov[j][i])
				}
			}
			b.clause(cl...)
		}
		uncovered(x, all, b)
	}
}

// cover returns a literal for "a ∧ ¬b" (the block starts at or before i,
// and not at or before i−c), folding constants and defining a new
// variable by three clauses only when both sides are open. Its value is
// never free: it equals a ∧ ¬b in every model.
func (e *Encoding) cover(a, bl cnf.Lit, b *builder) cnf.Lit {
	nb := not(bl)
	switch {
	case a == litFalse || nb == litFalse || a == bl:
		return litFalse
	case a == litTrue:
		return nb
	case nb == litTrue:
		return a
	}
	v := e.lineVar()
	b.clause(v.Not(), a)
	b.clause(v.Not(), nb)
	b.clause(a.Not(), nb.Not(), v)
	return v
}
