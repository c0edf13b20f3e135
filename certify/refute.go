package certify

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/nonosat/nonosat/internal/clock"
	"github.com/nonosat/nonosat/solver"
	"github.com/nonosat/nonosat/solver/backend"

	"github.com/nonosat/nonosat/cnf"
)

// refute proves f unsatisfiable, writing the proof to w and its size to
// cert: with the external solver o.Backend when it writes DRAT
// (backend.WritesDRAT),
// else with gophersat in certified mode, in a worker process when
// o.Worker is set (so that a done context kills it) or else in process.
// gophersat starts from f simplified by unit propagation (see
// unitPropagate), which keeps its lemmas RUP with respect to f.
func refute(ctx context.Context, f *cnf.Formula, o solver.Options, w io.Writer, cert *Certificate) error {
	if backend.WritesDRAT(o.Backend) {
		if o.BeforeChild != nil {
			o.BeforeChild()
		}
		n, err := backend.RefuteExternal(ctx, f, o.Backend, w)
		cert.ProofBytes = n
		return satisfiable(err, o.Backend)
	}
	units, rest, refuted := unitPropagate(f)
	if refuted { // line solving decides: the proof is the empty clause
		dw := cnf.NewDRATWriter(w)
		dw.WriteLine("0")
		cert.Lemmas, cert.ProofBytes = dw.Lemmas, dw.Bytes
		return dw.Flush()
	}
	for _, l := range units {
		rest = append(rest, cnf.Clause{l})
	}
	g := &cnf.Formula{NumVars: f.NumVars, Clauses: rest}
	if len(o.Worker) > 0 {
		n, err := backend.RefuteWorker(ctx, g, o.Worker, w)
		cert.ProofBytes = n
		return satisfiable(err, "gophersat")
	}
	type answer struct {
		unsat bool
		err   error
	}
	dw := cnf.NewDRATWriter(w)
	done := make(chan answer, 1)
	go func() {
		unsat, _, err := backend.CertifiedGophersat(g, dw)
		done <- answer{unsat, err}
	}()
	select {
	case <-ctx.Done():
		return clock.Err(ctx) // the search goes on in the background, writing to w
	case a := <-done:
		switch {
		case a.err != nil:
			return a.err
		case !a.unsat:
			return errSatisfiable("gophersat")
		}
		cert.Lemmas, cert.ProofBytes = dw.Lemmas, dw.Bytes
		return nil
	}
}

// satisfiable turns the back end's backend.ErrSatisfiable into the
// error that says the verdict is wrong.
func satisfiable(err error, name string) error {
	if errors.Is(err, backend.ErrSatisfiable) {
		return errSatisfiable(name)
	}
	return err
}

func errSatisfiable(name string) error {
	return fmt.Errorf("%w: %s finds the certificate's CNF satisfiable: the verdict is wrong", solver.ErrBug, name)
}
