package drat_test

import (
	"fmt"
	"strings"

	"github.com/nonosat/nonosat/cnf"
	"github.com/nonosat/nonosat/drat"
)

// The four clauses over x1 and x2 that forbid each assignment are
// unsatisfiable. A proof: the lemma x2 follows (assuming ¬x2, the clauses
// force x1 and ¬x1), and with it unit propagation refutes the formula, so
// the check ends there, before the empty clause.
func ExampleCheck() {
	f := &cnf.Formula{NumVars: 2}
	f.Add(1, 2)
	f.Add(-1, 2)
	f.Add(1, -2)
	f.Add(-1, -2)
	res, err := drat.Check(f, strings.NewReader("2 0\n0\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Verified, res.Lemmas)
	// A lemma that does not follow: x1 ∨ x2 without its first clause
	// has the model ¬x1, ¬x2.
	f.Clauses = f.Clauses[1:]
	res, _ = drat.Check(f, strings.NewReader("1 2 0\n0\n"))
	fmt.Println(res.Verified, res.FailLemma)
	// Output:
	// true 1
	// false 1
}
