package cnf

// Var is a propositional variable, numbered from 1.
type Var int32

// Lit is a literal: v or -v for variable v.
type Lit int32

// Pos is the positive literal of v.
func (v Var) Pos() Lit { return Lit(v) }

// Neg is the negative literal of v.
func (v Var) Neg() Lit { return -Lit(v) }

// Not is the negation of l.
func (l Lit) Not() Lit { return -l }

// Var is the variable of l.
func (l Lit) Var() Var {
	if l < 0 {
		return Var(-l)
	}
	return Var(l)
}

// IsPos reports whether l is a positive literal.
func (l Lit) IsPos() bool { return l > 0 }

// Clause is a disjunction of literals.
type Clause []Lit

// Formula is a CNF formula over variables 1..NumVars.
type Formula struct {
	NumVars int
	Clauses []Clause
}

// NewVar allocates a fresh variable.
func (f *Formula) NewVar() Var {
	f.NumVars++
	return Var(f.NumVars)
}

// Add appends the clause of the given literals (copied).
func (f *Formula) Add(lits ...Lit) {
	f.Clauses = append(f.Clauses, append(Clause(nil), lits...))
}

// NumLits is the total number of literal occurrences.
func (f *Formula) NumLits() int {
	n := 0
	for _, c := range f.Clauses {
		n += len(c)
	}
	return n
}

// Model is a truth assignment: m[v-1] is the value of variable v.
type Model []bool

// Value is the truth value of l in m; variables beyond the model are false.
func (m Model) Value(l Lit) bool {
	v := int(l.Var())
	if v < 1 || v > len(m) {
		return !l.IsPos()
	}
	return m[v-1] == l.IsPos()
}

// Satisfies reports whether m satisfies every clause of f.
func (m Model) Satisfies(f *Formula) bool {
	for _, c := range f.Clauses {
		ok := false
		for _, l := range c {
			if m.Value(l) {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}
