package solver

import (
	"github.com/nonosat/nonosat/cnf"
	"github.com/nonosat/nonosat/encode"
	"github.com/nonosat/nonosat/learner"
	"github.com/nonosat/nonosat/linesolve"
	"github.com/nonosat/nonosat/solver/backend"
)

// The hand-off: when an external SAT solver is the back end (--sat
// cadical, kissat, …), the learner gets Params.HandoffConflicts conflicts
// in all, and no more than HandoffAfter after the last solution of its
// own it found (the designer's goal, blocked from the start, does not
// count); a puzzle still undecided then goes to that solver with the
// solutions blocked and the facts and learnt clauses of LBD up to
// HandoffLBD of the learner added to its CNF. The learner decides every
// corpus puzzle within both budgets; CaDiCaL refutes the N-Dom family far
// faster than the learner, whose lucky descents (HandoffLucky,
// learner.Learner.SetLucky) find N-Dom's solution at once.

// external reports whether the SAT stage runs an external solver (not
// the portfolio, whose back ends run in process).
func (o Options) external() bool { return !o.Portfolio && backend.External(o.Backend) }

// satName names the SAT stage's back end as Result.SAT does.
func (o Options) satName() string {
	switch {
	case o.Portfolio:
		return "portfolio"
	case o.Backend == "":
		return "gophersat"
	}
	return o.Backend
}

// handoff reports whether the learner stage hands off to the external
// back end (no Options.SearchBudget of the user's).
func (o Options) handoff() bool { return !o.NoSearch && o.SearchBudget <= 0 && o.external() }

// learnBudget is the learner stage's conflict budget, 0 for none
// (Options.SearchBudget, or the hand-off's for an external back end).
func (o Options) learnBudget() int {
	if o.handoff() {
		return o.params().HandoffConflicts
	}
	return max(o.SearchBudget, 0)
}

// learntClauses converts the learner's facts and learnt clauses of LBD
// up to maxLBD to clauses over the cell variables of e; literals the
// encoding rules out go, and a clause one of whose literals the encoding
// makes true is left out.
func learntClauses(l *learner.Learner, e *encode.Encoding, maxLBD int) []cnf.Clause {
	var out []cnf.Clause
	l.Learnt(maxLBD, func(lits []linesolve.CellLit) {
		if cl, ok := CellClause(e, lits, nil); ok {
			out = append(out, cl)
		}
	})
	return out
}

// CellClause maps a clause over cells to e's variables, appending to buf;
// ok is false when the clause is always true (it says a cell has not a
// colour the CNF rules out). Literals saying a cell has such a colour are
// always false and left out. The hand-off and package certify use it.
func CellClause(e *encode.Encoding, lits []linesolve.CellLit, buf cnf.Clause) (cnf.Clause, bool) {
	for _, q := range lits {
		lit, ok := e.Cell(q.Row, q.Col, q.Color)
		switch {
		case !ok && q.Not:
			return buf, false
		case !ok:
			continue
		case q.Not:
			lit = lit.Not()
		}
		buf = append(buf, lit)
	}
	return buf, true
}
