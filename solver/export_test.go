package solver

import (
	"github.com/nonosat/nonosat/cnf"
	"github.com/nonosat/nonosat/encode"
	"github.com/nonosat/nonosat/learner"
)

// LearntClauses gives the tests of package solver_test the clauses the
// hand-off passes on (handoff.go), with the default LBD bound.
func LearntClauses(l *learner.Learner, e *encode.Encoding) []cnf.Clause {
	return learntClauses(l, e, DefaultParams().HandoffLBD)
}
