package solver

import (
	"github.com/nonosat/nonosat/cnf"
	"github.com/nonosat/nonosat/encode"
	"github.com/nonosat/nonosat/learner"
)

// WorkerArg, as the first argument of the test binary, makes it serve
// ServeWorker (see TestMain), so that tests can run gophersat in a worker
// process without setting the environment, and in parallel.
const WorkerArg = "nonosat-test-sat-worker"

// LearntClauses gives the tests of package solver_test the clauses the
// hand-off passes on (handoff.go), with the default LBD bound.
func LearntClauses(l *learner.Learner, e *encode.Encoding) []cnf.Clause {
	return learntClauses(l, e, DefaultParams().HandoffLBD)
}
