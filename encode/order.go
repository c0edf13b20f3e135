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
	n, k := len(cells), len(clue)
	lo, hi := make([]int, k), make([]int, k)
	u := make([][]cnf.Lit, k) // u[j][p] for lo_j ≤ p < hi_j
	for j := range k {
		lo[j], hi[j] = -1, -1
		for p, f := range start[j] {
			if f {
				if lo[j] < 0 {
					lo[j] = p
				}
				hi[j] = p
			}
		}
		if lo[j] < 0 {
			b.empty() // block j has nowhere to start
			return
		}
		u[j] = make([]cnf.Lit, n)
		for p := lo[j]; p < hi[j]; p++ {
			if p > lo[j] && !start[j][p] {
				u[j][p] = u[j][p-1]
				continue
			}
			u[j][p] = e.lineVar()
			if p > lo[j] {
				b.clause(u[j][p-1].Not(), u[j][p])
			}
		}
	}
	// le is "block j starts at or before p", folded outside [lo_j, hi_j).
	le := func(j, p int) cnf.Lit {
		switch {
		case p < lo[j]:
			return litFalse
		case p >= hi[j]:
			return litTrue
		}
		return u[j][p]
	}
	for j := 0; j+1 < k; j++ {
		d := clue[j].Len + minGap(clue, j)
		for p := lo[j+1]; p <= hi[j+1]; p++ {
			if p > lo[j+1] && le(j+1, p) == le(j+1, p-1) {
				continue // implied by the clause for p−1 and the chain
			}
			b.clause(not(le(j+1, p)), le(j, p-d))
		}
	}
	// cov[j][i] is "block j covers cell i"; 0 (left out of clauses) where
	// it cannot.
	cov := make([][]cnf.Lit, k)
	for j, blk := range clue {
		cov[j] = make([]cnf.Lit, n)
		for i := lo[j]; i < min(n, hi[j]+blk.Len); i++ {
			v := e.cover(le(j, i), le(j, i-blk.Len), b)
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
