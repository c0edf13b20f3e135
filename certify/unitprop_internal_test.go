package certify

import (
	"slices"
	"testing"

	"github.com/nonosat/nonosat/cnf"
)

// TestUnitPropagate checks the units, the simplified clauses and the
// refutations of small formulas worked by hand.
func TestUnitPropagate(t *testing.T) {
	cases := []struct {
		name    string
		clauses []cnf.Clause
		units   []cnf.Lit
		rest    []cnf.Clause
		refuted bool
	}{
		{"chain", []cnf.Clause{{1}, {-1, 2}, {-2, 3, 4}, {-3}, {5, 6}, {-4, 5, -6}},
			[]cnf.Lit{1, -3, 2, 4}, []cnf.Clause{{5, 6}, {5, -6}}, false},
		{"nothing to do", []cnf.Clause{{1, 2}, {-1, -2}}, nil, []cnf.Clause{{1, 2}, {-1, -2}}, false},
		{"conflict", []cnf.Clause{{1}, {-1, 2}, {-2, -1}}, nil, nil, true},
		{"opposite units", []cnf.Clause{{3}, {-3}}, nil, nil, true},
		{"empty clause", []cnf.Clause{{1, 2}, {}}, nil, nil, true},
	}
	for _, c := range cases {
		f := &cnf.Formula{NumVars: 6, Clauses: c.clauses}
		units, rest, refuted := unitPropagate(f)
		if refuted != c.refuted {
			t.Errorf("%s: refuted %v, want %v", c.name, refuted, c.refuted)
			continue
		}
		if !slices.Equal(units, c.units) {
			t.Errorf("%s: units %v, want %v", c.name, units, c.units)
		}
		if !slices.EqualFunc(rest, c.rest, slices.Equal) {
			t.Errorf("%s: simplified %v, want %v", c.name, rest, c.rest)
		}
	}
}
