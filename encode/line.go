package encode

import (
	"math"

	"github.com/nonosat/nonosat/cnf"
	"github.com/nonosat/nonosat/puzzle"
)

// Constant literals used while building clauses; they never reach the
// formula.
const (
	litTrue  cnf.Lit = math.MaxInt32
	litFalse cnf.Lit = -math.MaxInt32
)

// builder adds clauses with constants folded: a clause with litTrue is
// dropped, litFalse and 0 (an absent variable) are left out. The clauses'
// literals are cut from large arrays (slab), each clause's capacity its
// length: one allocation per 16,384 literals instead of one per clause,
// which made encoding the no-presolve CNF of a certificate about twice as
// fast. With text set, the clauses go there as DIMACS lines instead
// (WithText).
type builder struct {
	f     *cnf.Formula
	slab  []cnf.Lit
	buf   []cnf.Lit
	text  *textCNF
	unsat bool
}

func (b *builder) clause(lits ...cnf.Lit) {
	b.buf = b.buf[:0]
	for _, l := range lits {
		switch l {
		case litTrue:
			return
		case litFalse, 0:
		default:
			b.buf = append(b.buf, l)
		}
	}
	if len(b.buf) == 0 {
		b.empty()
		return
	}
	b.put(b.buf...)
}

// put adds a clause as it is.
func (b *builder) put(lits ...cnf.Lit) {
	if t := b.text; t != nil {
		body := t.body // one store (and write barrier) per clause
		for _, l := range lits {
			body = appendLit(body, l)
		}
		t.body = append(body, '0', '\n')
		t.clauses++
		return
	}
	if cap(b.slab)-len(b.slab) < len(lits) {
		b.slab = make([]cnf.Lit, 0, max(1<<14, len(lits)))
	}
	start := len(b.slab)
	b.slab = append(b.slab, lits...)
	if cs := b.f.Clauses; len(cs) == cap(cs) && len(cs) >= 1024 {
		// Double: append grows big slices by a quarter, which copies
		// (with write barriers: clauses hold pointers) five times over.
		b.f.Clauses = append(make([]cnf.Clause, 0, 2*len(cs)), cs...)
	}
	b.f.Clauses = append(b.f.Clauses, cnf.Clause(b.slab[start:len(b.slab):len(b.slab)]))
}

// appendLit appends l in decimal and a space.
func appendLit(b []byte, l cnf.Lit) []byte {
	x := int64(l)
	if x < 0 {
		b = append(b, '-')
		x = -x
	}
	var d [12]byte
	i := len(d)
	for {
		i--
		d[i] = byte('0' + x%10)
		if x /= 10; x == 0 {
			break
		}
	}
	return append(append(b, d[i:]...), ' ')
}

// empty adds the empty clause once.
func (b *builder) empty() {
	if !b.unsat {
		b.unsat = true
		if b.text != nil {
			b.put()
			return
		}
		b.f.Clauses = append(b.f.Clauses, cnf.Clause{})
	}
}

// lit is "cell x has colour v", folded to a constant where the cell's
// domain decides it.
func (x *cell) lit(v puzzle.Color) cnf.Lit {
	for i, w := range x.vals {
		if w == v {
			if len(x.vals) == 1 {
				return litTrue
			}
			return x.lits[i]
		}
	}
	return litFalse
}

func not(l cnf.Lit) cnf.Lit {
	switch l {
	case 0:
		return 0
	case litTrue:
		return litFalse
	case litFalse:
		return litTrue
	}
	return l.Not()
}

// line encodes one row or column.
func (e *Encoding) line(clue puzzle.Clue, cells []*cell, nodes NodeFunc, b *builder) {
	n, k := len(cells), len(clue)
	dom := make([]uint64, n)
	fixed := true
	for i, x := range cells {
		for _, v := range x.vals {
			dom[i] |= 1 << v
		}
		if len(x.vals) != 1 {
			fixed = false
		}
	}
	if fixed {
		line := make([]puzzle.Color, n)
		for i, x := range cells {
			line[i] = x.vals[0]
		}
		if !puzzle.LineClue(line).Equal(clue) {
			b.empty()
		}
		return
	}
	start, gap, ok := nodes(clue, dom)
	if !ok {
		b.empty()
		return
	}
	pl := pathLine{clue: clue, cells: cells, s: make([][]cnf.Lit, k), g: make([][]cnf.Lit, k+1)}
	for j := range k {
		pl.s[j] = e.nodeVars(n, start[j])
	}
	for j := range k + 1 {
		pl.g[j] = e.nodeVars(n, gap[j])
	}
	pl.startClauses(b)
	pl.gapClauses(b)
	pl.supportClauses(b)
}

// nodeVars makes a variable for each feasible node of one block or gap
// of a line of n cells: the literal at cell i, or 0 where the node is not
// feasible.
func (e *Encoding) nodeVars(n int, feasible []bool) []cnf.Lit {
	ls := make([]cnf.Lit, n)
	for i, f := range feasible {
		if f {
			ls[i] = e.Formula.NewVar().Pos()
			e.lineVars++
		}
	}
	return ls
}

// pathLine is one line of the path encoding: its clue and cells, the
// start variables s[j][p] ("block j starts at cell p") and the gap
// variables g[j][i] ("cell i is background in gap j"), 0 where the
// node is not feasible.
type pathLine struct {
	clue  puzzle.Clue
	cells []*cell
	s, g  [][]cnf.Lit
}

// litAt is ls[i], or 0 (no literal) outside the line.
func litAt(ls []cnf.Lit, i int) cnf.Lit {
	if i < 0 || i >= len(ls) {
		return 0
	}
	return ls[i]
}

// startClauses: each start covers its cells with the block's colour and
// needs a predecessor and a successor on the automaton; each block starts
// somewhere.
func (pl *pathLine) startClauses(b *builder) {
	clue, cells, s, g := pl.clue, pl.cells, pl.s, pl.g
	n, k := len(cells), len(clue)
	for j, blk := range clue {
		c := blk.Len
		differsPrev := j > 0 && clue[j-1].Color != blk.Color
		differsNext := j+1 < k && clue[j+1].Color != blk.Color
		for p, sv := range s[j] {
			if sv == 0 {
				continue
			}
			for i := p; i < p+c; i++ { // cover
				b.clause(sv.Not(), cells[i].lit(blk.Color))
			}
			if p > 0 { // a predecessor
				var prev cnf.Lit
				if differsPrev {
					prev = litAt(s[j-1], p-clue[j-1].Len)
				}
				b.clause(sv.Not(), litAt(g[j], p-1), prev)
			}
			if p+c < n { // a successor
				var next cnf.Lit
				if differsNext {
					next = litAt(s[j+1], p+c)
				}
				b.clause(sv.Not(), litAt(g[j+1], p+c), next)
			}
		}
		b.clause(s[j]...) // each block starts somewhere (implied; helps search)
	}
}

// gapClauses: each gap cell is background and needs a predecessor and a
// successor on the automaton.
func (pl *pathLine) gapClauses(b *builder) {
	clue, cells, s, g := pl.clue, pl.cells, pl.s, pl.g
	n, k := len(cells), len(clue)
	for j := range k + 1 {
		for i, gv := range g[j] {
			if gv == 0 {
				continue
			}
			b.clause(gv.Not(), cells[i].lit(puzzle.Background))
			if i > 0 {
				var prev cnf.Lit
				if j > 0 {
					prev = litAt(s[j-1], i-clue[j-1].Len)
				}
				b.clause(gv.Not(), litAt(g[j], i-1), prev)
			}
			if i < n-1 {
				var next cnf.Lit
				if j < k {
					next = litAt(s[j], i+1)
				}
				b.clause(gv.Not(), litAt(g[j], i+1), next)
			}
		}
	}
}

// supportClauses: a cell's colour needs a block of that colour covering
// it, background a gap.
func (pl *pathLine) supportClauses(b *builder) {
	var sup []cnf.Lit
	for i, x := range pl.cells {
		for _, v := range x.vals {
			sup = append(sup[:0], not(x.lit(v)))
			if v == puzzle.Background {
				for j := range pl.g {
					sup = append(sup, pl.g[j][i])
				}
			} else {
				for j, blk := range pl.clue {
					if blk.Color != v {
						continue
					}
					for p := max(0, i-blk.Len+1); p <= i; p++ {
						sup = append(sup, pl.s[j][p])
					}
				}
			}
			b.clause(sup...)
		}
	}
}

// staticNodes allows each block the starts between its leftmost and
// rightmost packing, minus those that would cover a cell that cannot take
// the block's colour; gaps likewise.
func staticNodes(clue puzzle.Clue, cells []uint64) (start, gap [][]bool, ok bool) {
	n, k := len(cells), len(clue)
	early := make([]int, k)
	pos := 0
	for j, blk := range clue {
		if j > 0 && clue[j-1].Color == blk.Color {
			pos++
		}
		early[j] = pos
		pos += blk.Len
	}
	slack := n - pos
	if slack < 0 {
		return nil, nil, false
	}
	start = make([][]bool, k)
	for j, blk := range clue {
		start[j] = make([]bool, n)
	next:
		for p := early[j]; p <= early[j]+slack; p++ {
			for i := p; i < p+blk.Len; i++ {
				if cells[i]&(1<<blk.Color) == 0 {
					continue next
				}
			}
			start[j][p] = true
		}
	}
	gap = make([][]bool, k+1)
	for j := range k + 1 {
		lo, hi := 0, n-1
		if j > 0 {
			lo = early[j-1] + clue[j-1].Len
		}
		if j < k {
			hi = early[j] + slack - 1
		}
		gap[j] = make([]bool, n)
		for i := lo; i <= hi; i++ {
			gap[j][i] = cells[i]&1 != 0
		}
	}
	return start, gap, true
}
