package solver

import (
	"github.com/nonosat/nonosat/cnf"
	"github.com/nonosat/nonosat/encode"
	"github.com/nonosat/nonosat/learner"
)

// LearntClauses, SetHandoffConflicts and SetHandoffLucky give the tests of package
// solver_test the hand-off's insides (handoff.go).
func LearntClauses(l *learner.Learner, e *encode.Encoding) []cnf.Clause { return learntClauses(l, e) }

func SetHandoffConflicts(n int) (restore func()) {
	old := handoffConflicts
	handoffConflicts = n
	return func() { handoffConflicts = old }
}

func SetHandoffLucky(on bool) (restore func()) {
	old := handoffLucky
	handoffLucky = on
	return func() { handoffLucky = old }
}
