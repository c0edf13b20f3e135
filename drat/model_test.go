package drat_test

import (
	"testing"

	"github.com/nonosat/nonosat/cnf"
	"github.com/nonosat/nonosat/drat"
)

// TestComplete: the literals given are kept, propagation sets what they
// imply, the rest is chosen so that the result is a model when
// propagation alone finds one, and conflicting literals are refused.
func TestComplete(t *testing.T) {
	// x1 <-> x2, x2 -> x3, (x4 or x5), not (x4 and x5).
	f := &cnf.Formula{NumVars: 5, Clauses: []cnf.Clause{{-1, 2}, {1, -2}, {-2, 3}, {4, 5}, {-4, -5}}}
	for _, tc := range []struct {
		lits []cnf.Lit
		ok   bool
	}{
		{[]cnf.Lit{1}, true},
		{[]cnf.Lit{-2, 5}, true},
		{nil, true},
		{[]cnf.Lit{1, -3}, false},
		{[]cnf.Lit{4, 5}, false},
	} {
		m, ok := drat.Complete(f, tc.lits)
		if ok != tc.ok {
			t.Fatalf("Complete(%v) ok = %v, want %v", tc.lits, ok, tc.ok)
		}
		if !ok {
			continue
		}
		if !m.Satisfies(f) {
			t.Errorf("Complete(%v) = %v: no model", tc.lits, m)
		}
		for _, l := range tc.lits {
			if !m.Value(l) {
				t.Errorf("Complete(%v) = %v: lost %d", tc.lits, m, l)
			}
		}
	}
}
