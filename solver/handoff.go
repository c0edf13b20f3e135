package solver

import (
	"github.com/nonosat/nonosat/cnf"
	"github.com/nonosat/nonosat/encode"
	"github.com/nonosat/nonosat/learner"
	"github.com/nonosat/nonosat/linesolve"
)

// The hand-off: when an external SAT solver is the back end (--sat
// cadical, kissat, …), the learner gets handoffConflicts conflicts in all,
// and no more than handoffAfter after the last solution of its own it
// found (the designer's goal, blocked from the start, does not count); a
// puzzle still undecided then goes to that solver with the solutions
// blocked and the facts and short learnt clauses of the learner added to
// its CNF. The learner decides every corpus puzzle within both budgets
// (Thing, the most, in about 20,000 conflicts, where CaDiCaL needs over
// 10 s); CaDiCaL refutes the N-Dom family far faster than the learner,
// whose lucky descents (learner.Learner.SetLucky) find N-Dom's solution
// at once (benchmarks/RESULTS.md, "N-Dom and the hand-off").
var handoffConflicts = 30000 // a var for the tests

// handoffAfter is the hand-off's budget once the learner found a solution.
const handoffAfter = 10000

// handoffLucky turns the learner's lucky descents on for the hand-off
// (a var for the tests: small random puzzles rarely reach a conflict
// with them).
var handoffLucky = true

// handoffLBD bounds the LBD of the learnt clauses passed on.
const handoffLBD = 6

// handoff reports whether the learner stage hands off to the external
// back end (no Options.Search of the user's).
func (o Options) handoff() bool { return o.Search == 0 && external(o.Backend) }

// learnBudget is the learner stage's conflict budget (Options.Search,
// or the hand-off's for an external back end).
func (o Options) learnBudget() int {
	if o.handoff() {
		return handoffConflicts
	}
	return o.Search
}

// learntClauses converts the learner's facts and short learnt clauses
// to clauses over the cell variables of e; literals the encoding rules
// out go, and a clause one of whose literals the encoding makes true is
// left out.
func learntClauses(l *learner.Learner, e *encode.Encoding) []cnf.Clause {
	var out []cnf.Clause
	l.Learnt(handoffLBD, func(lits []linesolve.CellLit) {
		if cl, ok := cellClause(e, lits, nil); ok {
			out = append(out, cl)
		}
	})
	return out
}
