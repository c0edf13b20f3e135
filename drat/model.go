package drat

import "github.com/nonosat/nonosat/cnf"

// Complete extends the literals lits, a model that gives only some
// variables (such as a grid's cell variables), to an assignment of every
// variable of f: unit propagation over f from lits first, then each
// variable still open, in order, false (or true when false propagates
// to a conflict), propagated in turn. It reports false when lits, or
// some variable in both values, propagate to a conflict. Complete proves
// nothing: callers check the model it returns against f
// ([cnf.Model.Satisfies]).
func Complete(f *cnf.Formula, lits []cnf.Lit) (cnf.Model, bool) {
	ch := newChecker(f.NumVars)
	ch.load(f.Clauses)
	for _, l := range lits {
		if ch.refuted {
			break
		}
		ch.grow(int(l.Var()))
		ch.add([]lit{code(l)})
	}
	if ch.refuted {
		return nil, false
	}
	for v := 1; v <= f.NumVars; v++ {
		x := lit(v) << 1
		if ch.val[x] != 0 {
			continue
		}
		n := len(ch.trail)
		ch.assign(x|1, -1) // false
		if !ch.propagate() {
			continue
		}
		ch.backtrack(n)
		ch.assign(x, -1)
		if ch.propagate() {
			return nil, false
		}
	}
	m := make(cnf.Model, f.NumVars)
	for v := range m {
		m[v] = ch.val[lit(v+1)<<1] == 1
	}
	return m, true
}
