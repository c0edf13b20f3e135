package drat

import (
	"fmt"
	"io"
	"slices"

	"github.com/nonosat/nonosat/cnf"
)

// Result is what [Check] found.
type Result struct {
	Verified  bool
	Lemmas    int // lemmas read (additions), the failing one included
	Deletions int // deletions read
	Missing   int // deletions of clauses that were not there (ignored)
	RAT       int // lemmas that needed the RAT check
	// FailLemma and FailLine give the first lemma that is neither RUP nor
	// RAT: its number among the lemmas (from 1) and its line (text proofs)
	// or byte offset (binary ones). Both are 0 when no lemma failed.
	FailLemma, FailLine int
	// Reason says why the proof is not verified; "" when it is.
	Reason string
}

// Check reads a DRAT proof from proof and checks it against f. Problems of
// the proof itself (a lemma that does not follow, no refutation at the
// end) give a Result that is not verified; errors are for unreadable
// input and name the line (or byte, in binary proofs).
func Check(f *cnf.Formula, proof io.Reader) (*Result, error) {
	ch := newChecker(f.NumVars)
	if ch.load(f.Clauses); ch.refuted {
		return &Result{Verified: true}, nil
	}
	res := &Result{}
	pr, err := newReader(proof)
	if err != nil {
		return nil, err
	}
	for {
		st, err := pr.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		lits, taut := ch.codes(st.lits)
		if st.delete {
			res.Deletions++
			if !taut && !ch.remove(lits) {
				res.Missing++
			}
			continue
		}
		res.Lemmas++
		if taut {
			continue // always true, and of no use to propagation
		}
		if !ch.rup(lits) {
			if len(lits) == 0 || !ch.rat(lits) {
				res.FailLemma, res.FailLine = res.Lemmas, st.pos
				res.Reason = fmt.Sprintf("lemma %d (%s %d) is not implied: neither RUP nor RAT", res.Lemmas, pr.unit(), st.pos)
				return res, nil
			}
			res.RAT++
		}
		ch.add(lits)
		if ch.refuted {
			res.Verified = true
			return res, nil
		}
	}
	res.Reason = fmt.Sprintf("the proof ends without a refutation (%d lemmas read, no conflict by unit propagation)", res.Lemmas)
	return res, nil
}

// A literal code is 2v for literal v and 2v+1 for -v; code^1 negates.
type lit = uint32

func code(l cnf.Lit) lit {
	if l < 0 {
		return lit(-l)<<1 | 1
	}
	return lit(l) << 1
}

// watch is a clause watching a literal, with another literal of the
// clause: when that one is true the clause need not be read.
type watch struct {
	ci      int32
	blocker lit
}

// checker holds the clauses and the units they imply.
type checker struct {
	val     []int8    // by literal code: 1 true, -1 false, 0 open
	reason  []int32   // by variable: the clause that implied it, or -1
	trail   []lit     // assigned literals, in order
	head    int       // trail[:head] are propagated
	watches [][]watch // by literal code: clauses watching it
	clauses [][]lit   // literals; the first two are watched
	alive   []bool
	units   []int32 // clauses of one literal
	refuted bool    // the clauses so far propagate to a conflict

	index map[uint64][]int32 // clauses by hash of their sorted literals, built on the first deletion
	seen  []bool             // scratch for codes, by literal code
	slab  []lit              // where codes puts clauses
}

func newChecker(nvars int) *checker {
	n := nvars + 1
	ch := &checker{val: make([]int8, 2*n), reason: make([]int32, n), watches: make([][]watch, 2*n), seen: make([]bool, 2*n)}
	for v := range ch.reason {
		ch.reason[v] = -1
	}
	return ch
}

// grow makes room for variables up to v.
func (ch *checker) grow(v int) {
	for len(ch.reason) <= v {
		ch.reason = append(ch.reason, -1)
		ch.val = append(ch.val, 0, 0)
		ch.watches = append(ch.watches, nil, nil)
		ch.seen = append(ch.seen, false, false)
	}
}

// codes turns a clause into literal codes without duplicates and reports
// whether it is a tautology.
func (ch *checker) codes(c []cnf.Lit) (out []lit, taut bool) {
	// Cut from a large array, one allocation per 16,384 literals: a
	// slice per clause made reading a big CNF mostly allocation.
	if cap(ch.slab)-len(ch.slab) < len(c) {
		ch.slab = make([]lit, 0, max(1<<14, len(c)))
	}
	out = ch.slab[len(ch.slab) : len(ch.slab) : len(ch.slab)+len(c)]
	for _, l := range c {
		x := code(l)
		ch.grow(int(x >> 1))
		switch {
		case ch.seen[x^1]:
			taut = true
		case !ch.seen[x]:
			ch.seen[x] = true
			out = append(out, x)
		}
	}
	for _, x := range out {
		ch.seen[x] = false
	}
	ch.slab = ch.slab[:len(ch.slab)+len(out)]
	return out, taut
}

func (ch *checker) assign(x lit, reason int32) {
	ch.val[x], ch.val[x^1] = 1, -1
	ch.reason[x>>1] = reason
	ch.trail = append(ch.trail, x)
}

// backtrack unassigns the trail beyond n.
func (ch *checker) backtrack(n int) {
	for _, x := range ch.trail[n:] {
		ch.val[x], ch.val[x^1] = 0, 0
		ch.reason[x>>1] = -1
	}
	ch.trail = ch.trail[:n]
	ch.head = n
}

// propagate runs unit propagation over the trail and reports whether it
// reached a conflict.
func (ch *checker) propagate() bool {
	for ch.head < len(ch.trail) {
		f := ch.trail[ch.head] ^ 1 // the literal that became false
		ch.head++
		ws := ch.watches[f]
		j := 0
		for i := 0; i < len(ws); i++ {
			w := ws[i]
			if ch.val[w.blocker] == 1 {
				ws[j] = w
				j++
				continue
			}
			ci := w.ci
			if !ch.alive[ci] {
				continue // deleted: dropped from the list
			}
			c := ch.clauses[ci]
			if c[0] == f {
				c[0], c[1] = c[1], c[0]
			}
			if ch.val[c[0]] == 1 {
				ws[j] = watch{ci, c[0]}
				j++
				continue
			}
			moved := false
			for k := 2; k < len(c); k++ {
				if ch.val[c[k]] != -1 {
					c[1], c[k] = c[k], c[1]
					ch.watches[c[1]] = append(ch.watches[c[1]], watch{ci, c[0]})
					moved = true
					break
				}
			}
			if moved {
				continue
			}
			ws[j] = watch{ci, c[0]}
			j++
			if ch.val[c[0]] == -1 {
				j += copy(ws[j:], ws[i+1:])
				ch.watches[f] = ws[:j]
				return true
			}
			ch.assign(c[0], ci)
		}
		ch.watches[f] = ws[:j]
	}
	return false
}

// rup reports whether asserting the negation of every literal of c and
// propagating gives a conflict. The assignment is undone.
func (ch *checker) rup(c ...[]lit) bool {
	n := len(ch.trail)
	defer ch.backtrack(n)
	for _, part := range c {
		for _, x := range part {
			switch ch.val[x] {
			case 1:
				return true // c is true already: implied
			case 0:
				ch.assign(x^1, -1)
			}
		}
	}
	return ch.propagate()
}

// rat reports whether c is a resolution asymmetric tautology on its first
// literal p: every resolvent with a clause holding -p is RUP.
func (ch *checker) rat(c []lit) bool {
	p := c[0]
	for ci, d := range ch.clauses {
		if !ch.alive[ci] || !slices.Contains(d, p^1) {
			continue
		}
		rest := make([]lit, 0, len(d)-1)
		for _, x := range d {
			if x != p^1 {
				rest = append(rest, x)
			}
		}
		if !ch.rup(c, rest) {
			return false
		}
	}
	return true
}

// add adds a clause (no duplicate literals, not a tautology) and
// propagates what it implies at the top level.
func (ch *checker) add(c []lit) {
	ci := int32(len(ch.clauses))
	ch.clauses = append(ch.clauses, c)
	ch.alive = append(ch.alive, true)
	if ch.index != nil {
		h := hash(c)
		ch.index[h] = append(ch.index[h], ci)
	}
	if ch.refuted {
		return
	}
	switch len(c) {
	case 0:
		ch.refuted = true
		return
	case 1:
		ch.units = append(ch.units, ci)
		ch.unit(ci)
		return
	}
	// Watch the two best literals: true, then open, then false.
	rank := func(x lit) int { return int(1 - ch.val[x]) }
	for w := range 2 {
		best := w
		for k := w + 1; k < len(c); k++ {
			if rank(c[k]) < rank(c[best]) {
				best = k
			}
		}
		c[w], c[best] = c[best], c[w]
	}
	ch.watches[c[0]] = append(ch.watches[c[0]], watch{ci, c[1]})
	ch.watches[c[1]] = append(ch.watches[c[1]], watch{ci, c[0]})
	switch {
	case ch.val[c[0]] == -1:
		ch.refuted = true
	case ch.val[c[0]] == 0 && ch.val[c[1]] == -1:
		ch.assign(c[0], ci)
		ch.refuted = ch.propagate()
	}
}

// load adds the clauses of a formula at once: with nothing assigned any
// two literals of a clause are valid watches, so it watches the first
// two of each, in watch lists cut from one array, and then asserts the
// unit clauses. That is what adding them one by one gives, without a
// list growing per clause.
func (ch *checker) load(cs []cnf.Clause) {
	first := len(ch.clauses)
	ch.clauses = slices.Grow(ch.clauses, len(cs))
	ch.alive = slices.Grow(ch.alive, len(cs))
	for _, c := range cs {
		if lits, taut := ch.codes(c); !taut {
			ch.clauses = append(ch.clauses, lits)
			ch.alive = append(ch.alive, true)
		}
	}
	count := make([]int32, len(ch.watches))
	total := 0
	for _, c := range ch.clauses[first:] {
		if len(c) >= 2 {
			count[c[0]]++
			count[c[1]]++
			total += 2
		}
	}
	arena := make([]watch, 0, total)
	for x, n := range count {
		if n > 0 {
			ch.watches[x] = arena[len(arena) : len(arena) : len(arena)+int(n)]
			arena = arena[:len(arena)+int(n)]
		}
	}
	for i, c := range ch.clauses[first:] {
		ci := int32(first + i)
		switch len(c) {
		case 0:
			ch.refuted = true
		case 1:
			ch.units = append(ch.units, ci)
		default:
			ch.watches[c[0]] = append(ch.watches[c[0]], watch{ci, c[1]})
			ch.watches[c[1]] = append(ch.watches[c[1]], watch{ci, c[0]})
		}
	}
	for _, ci := range ch.units {
		if ch.refuted {
			return
		}
		ch.unit(ci)
	}
}

// unit asserts the unit clause ci at the top level.
func (ch *checker) unit(ci int32) {
	x := ch.clauses[ci][0]
	switch ch.val[x] {
	case -1:
		ch.refuted = true
	case 0:
		ch.assign(x, ci)
		ch.refuted = ch.propagate()
	}
}

// remove deletes a clause with the literals of c, if there is one, and
// reports whether there was. Deleting the reason of a unit at the top
// level recomputes the units from scratch.
func (ch *checker) remove(c []lit) bool {
	if ch.index == nil {
		ch.index = make(map[uint64][]int32, len(ch.clauses))
		for ci, d := range ch.clauses {
			if ch.alive[ci] {
				h := hash(d)
				ch.index[h] = append(ch.index[h], int32(ci))
			}
		}
	}
	h := hash(c)
	want := slices.Clone(c)
	slices.Sort(want)
	list := ch.index[h]
	for i, ci := range list {
		d := slices.Clone(ch.clauses[ci])
		slices.Sort(d)
		if !slices.Equal(d, want) {
			continue
		}
		ch.index[h] = slices.Delete(list, i, i+1)
		ch.alive[ci] = false
		if len(d) == 1 {
			ch.units = slices.DeleteFunc(ch.units, func(u int32) bool { return u == ci })
		}
		for _, x := range d {
			if ch.val[x] == 1 && ch.reason[x>>1] == ci {
				ch.recompute()
				break
			}
		}
		return true
	}
	return false
}

// recompute forgets every top-level unit and propagates the unit clauses
// again. With nothing assigned every watch is valid, so this is sound.
func (ch *checker) recompute() {
	ch.backtrack(0)
	for _, ci := range ch.units {
		if ch.refuted {
			return
		}
		ch.unit(ci)
	}
}

// hash is an order-free hash of a clause's literals.
func hash(c []lit) uint64 {
	var sum, xor uint64
	for _, x := range c {
		y := uint64(x)*0x9e3779b97f4a7c15 + 1
		y ^= y >> 29
		sum += y
		xor ^= y * 0xbf58476d1ce4e5b9
	}
	return sum ^ xor<<1 ^ uint64(len(c))
}
