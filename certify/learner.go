package certify

import (
	"context"
	"fmt"
	"io"

	"github.com/nonosat/nonosat/internal/clock"
	"github.com/nonosat/nonosat/solver"

	"github.com/nonosat/nonosat/cnf"
	"github.com/nonosat/nonosat/encode"
	"github.com/nonosat/nonosat/learner"
	"github.com/nonosat/nonosat/linesolve"
	"github.com/nonosat/nonosat/puzzle"
)

// refuteByLearner writes to w a DRAT proof that the clues' CNF e, with
// the blocking clauses of the grids block, is unsatisfiable: the clauses
// a learner.Learner learns on its way to proving that no other
// solution exists, each of which unit propagation on the CNF and the
// clauses before it derives (see Learner.SetProof), then the empty
// clause. The learner, with the settings lp, starts from line solving
// alone, whose facts unit propagation finds by itself. An error wrapping solver.ErrBug means the learner
// found a solution after all.
func refuteByLearner(ctx context.Context, p *puzzle.Puzzle, e *encode.Encoding, block []puzzle.Grid, lp learner.Params, w io.Writer, cert *Certificate) error {
	dw := cnf.NewDRATWriter(w)
	finish := func() error {
		dw.WriteLine("0")
		cert.Lemmas, cert.ProofBytes = dw.Lemmas, dw.Bytes
		return dw.Flush()
	}
	st := linesolve.NewState(p)
	if !st.Propagate() {
		return finish() // line solving refutes the clues
	}
	l := learner.New(st)
	l.SetParams(lp)
	var cl cnf.Clause
	clause := func(lits []linesolve.CellLit) (cnf.Clause, bool) {
		var ok bool
		cl, ok = solver.CellClause(e, lits, cl[:0])
		return cl, ok
	}
	l.SetProof(func(lits []linesolve.CellLit) {
		if c, ok := clause(lits); ok {
			dw.Lemma(c)
		}
	}, func(lits []linesolve.CellLit) {
		if c, ok := clause(lits); ok {
			dw.Delete(c)
		}
	})
	for _, g := range block {
		l.Block(g)
	}
	var found puzzle.Grid
	res := l.Run(learner.Limits{Stop: clock.Stop(ctx)}, func(g puzzle.Grid) bool {
		found = g
		return false
	})
	switch {
	case found != nil:
		return fmt.Errorf("%w: the learner found a solution the verdict rules out", solver.ErrBug)
	case res.Stopped || !res.Complete:
		return context.Cause(ctx)
	}
	return finish()
}
