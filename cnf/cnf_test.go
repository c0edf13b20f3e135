package cnf_test

import (
	"testing"

	"github.com/nonosat/nonosat/cnf"
)

func TestLit(t *testing.T) {
	v := cnf.Var(7)
	if got := v.Pos(); got != 7 || !got.IsPos() || got.Var() != v {
		t.Errorf("Var(7).Pos() = %d, want 7, positive, of variable 7", got)
	}
	if got := v.Neg(); got != -7 || got.IsPos() || got.Var() != v {
		t.Errorf("Var(7).Neg() = %d, want -7, negative, of variable 7", got)
	}
	if got := v.Pos().Not(); got != v.Neg() {
		t.Errorf("Var(7).Pos().Not() = %d, want -7", got)
	}
	if got := v.Neg().Not(); got != v.Pos() {
		t.Errorf("Var(7).Neg().Not() = %d, want 7", got)
	}
}

func TestFormula(t *testing.T) {
	var f cnf.Formula
	a, b := f.NewVar(), f.NewVar()
	if a != 1 || b != 2 || f.NumVars != 2 {
		t.Fatalf("NewVar twice = %d, %d (NumVars %d), want 1, 2 (2)", a, b, f.NumVars)
	}
	lits := []cnf.Lit{a.Pos(), b.Neg()}
	f.Add(lits...)
	lits[0] = 99 // Add copies
	f.Add(b.Pos())
	if got := f.Clauses[0][0]; got != 1 {
		t.Errorf("Add kept the caller's slice: clause 0 starts with %d, want 1", got)
	}
	if got := f.NumLits(); got != 3 {
		t.Errorf("NumLits() = %d, want 3", got)
	}
}

func TestModel(t *testing.T) {
	f := &cnf.Formula{NumVars: 3, Clauses: []cnf.Clause{{1, -2}, {2, 3}, {-1, -3}}}
	tests := []struct {
		m    cnf.Model
		want bool
	}{
		{cnf.Model{true, true, false}, true},
		{cnf.Model{true, false, true}, false},
		{cnf.Model{false, false, true}, true},
		{cnf.Model{false, true, false}, false},
		{cnf.Model{true, true}, true}, // variable 3 missing: false
		{cnf.Model{}, false},          // all false: {2, 3} fails
		{cnf.Model{true, true, false, true}, true},
	}
	for _, tt := range tests {
		if got := tt.m.Satisfies(f); got != tt.want {
			t.Errorf("%v.Satisfies(f) = %v, want %v", tt.m, got, tt.want)
		}
	}
	m := cnf.Model{true, false}
	for _, tt := range []struct {
		l    cnf.Lit
		want bool
	}{{1, true}, {-1, false}, {2, false}, {-2, true}, {3, false}, {-3, true}, {-2147483648, true}} {
		if got := m.Value(tt.l); got != tt.want {
			t.Errorf("Model{true, false}.Value(%d) = %v, want %v", tt.l, got, tt.want)
		}
	}
	empty := &cnf.Formula{NumVars: 1, Clauses: []cnf.Clause{{}}}
	if (cnf.Model{true}).Satisfies(empty) {
		t.Error("a model satisfies the empty clause")
	}
}

func TestStatusString(t *testing.T) {
	for st, want := range map[cnf.Status]string{cnf.Sat: "SATISFIABLE", cnf.Unsat: "UNSATISFIABLE", cnf.Unknown: "UNKNOWN"} {
		if got := st.String(); got != want {
			t.Errorf("Status(%d).String() = %q, want %q", int(st), got, want)
		}
	}
}
