package encode

import (
	"github.com/nonosat/nonosat/cnf"
	"github.com/nonosat/nonosat/puzzle"
)

// classicLine encodes one row or column with the block-start model
// ([Classic]; docs/encodings.md, with support-style ordering clauses).
// Variables s(j,p), "block j starts at cell p", exist for the starts nodes
// allows. Clauses:
//
//   - each block starts once: at-least-one over its starts, and a
//     sequential at-most-one ([Encoding.atMostOne]);
//   - cover: s(j,p) forces colour κ_j on cells p … p+c_j−1;
//   - ordering: s(j,p) needs a start of block j+1 at or after
//     p + c_j + σ_j, and s(j+1,q) a start of block j at or before
//     q − c_j − σ_j;
//   - support: a cell of colour v needs a covering start of a block of
//     colour v, for every colour v ≠ 0 in the cell's domain (so an empty
//     clue makes every colour a unit "not v");
//   - background: a colour cell no block covers is background (only
//     where the cell has two colours or more; else it repeats the support).
//
// The at-most-one's auxiliary variables are not functions of the grid
// (one may be true with no start before it), but block starts are, and
// blocking is on cells, so counting stays exact.
func (e *Encoding) classicLine(clue puzzle.Clue, cells []*cell, nodes NodeFunc, b *builder) {
	start, ok := lineStarts(clue, cells, nodes, b)
	if !ok {
		return
	}
	n, k := len(cells), len(clue)
	s := make([][]cnf.Lit, k) // s[j][p], 0 where block j cannot start at p
	for j, blk := range clue {
		s[j] = make([]cnf.Lit, n)
		var starts []cnf.Lit
		for p, f := range start[j] {
			if !f {
				continue
			}
			sv := e.lineVar()
			s[j][p] = sv
			starts = append(starts, sv)
			for i := p; i < p+blk.Len; i++ {
				b.clause(sv.Not(), cells[i].lit(blk.Color))
			}
		}
		b.clause(starts...) // empty when no start is left: unsatisfiable
		e.atMostOne(starts, b)
	}
	var cl []cnf.Lit
	for j := 0; j+1 < k; j++ {
		d := clue[j].Len + minGap(clue, j)
		for p, sv := range s[j] {
			if sv == 0 {
				continue
			}
			cl = append(cl[:0], sv.Not())
			for q := p + d; q < n; q++ {
				cl = append(cl, s[j+1][q])
			}
			b.clause(cl...)
		}
		for q, sv := range s[j+1] {
			if sv == 0 {
				continue
			}
			cl = append(cl[:0], sv.Not())
			for p := 0; p <= q-d; p++ {
				cl = append(cl, s[j][p])
			}
			b.clause(cl...)
		}
	}
	var all []cnf.Lit
	for i, x := range cells {
		all = all[:0]
		for j, blk := range clue {
			for p := max(0, i-blk.Len+1); p <= i; p++ {
				all = append(all, s[j][p])
			}
		}
		for _, v := range x.vals {
			if v == puzzle.Background {
				continue
			}
			cl = append(cl[:0], not(x.lit(v)))
			for j, blk := range clue {
				if blk.Color != v {
					continue
				}
				for p := max(0, i-blk.Len+1); p <= i; p++ {
					cl = append(cl, s[j][p])
				}
			}
			b.clause(cl...)
		}
		uncovered(x, all, b)
	}
}

// atMostOne adds Sinz's sequential at-most-one over lits: auxiliary r_i
// ("one of lits[0..i] is true", with r_0 = lits[0]), r_{i−1} → r_i,
// lits[i] → r_i and lits[i] → ¬r_{i−1}. That is 3m−5 clauses and m−2
// variables for m literals, never all pairs.
func (e *Encoding) atMostOne(lits []cnf.Lit, b *builder) {
	if len(lits) < 2 {
		return
	}
	prev := lits[0]
	for i := 1; i < len(lits); i++ {
		b.clause(prev.Not(), lits[i].Not())
		if i == len(lits)-1 {
			break
		}
		r := e.lineVar()
		b.clause(prev.Not(), r)
		b.clause(lits[i].Not(), r)
		prev = r
	}
}
