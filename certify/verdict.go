package certify

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/nonosat/nonosat/cnf"
	"github.com/nonosat/nonosat/encode"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/solver"
	"github.com/nonosat/nonosat/solver/backend"
)

// A Certificate lets anyone check a verdict without trusting nonosat: a
// CNF of the clues (Encoding, encoded without presolving, as "nonosat
// dimacs --no-presolve" writes it) plus the blocking clauses of Block,
// and either models of it or a DRAT proof that it is unsatisfiable.
// A model is given by its cell variables (Models[i] lists their
// literals); unit propagation sets the rest (drat.Complete).
//
//   - unique: Block holds the solution, so the CNF ends with the clause
//     that forbids it; the proof refutes that CNF, and Models[0], the
//     solution, satisfies every clause but that last one;
//   - none: Block is empty and the proof refutes the CNF;
//   - multiple: Block is empty and Models holds two models of the CNF
//     that decode to different solutions; there is no proof.
type Certificate struct {
	Verdict  solver.Verdict
	Encoding *encode.Encoding
	Block    []puzzle.Grid
	Models   [][]cnf.Lit
	// Lemmas and ProofBytes measure the proof written (0 for multiple).
	Lemmas     int
	ProofBytes int64
}

// ErrNoProof is returned for a verdict that has no certificate (timeout,
// solved), and for none when the clues' row and column totals differ.
var ErrNoProof = errors.New("no proof")

// Verdict makes the certificate of res, the result of [solver.Solve] on p with
// options o, and writes its proof (for unique and none) to proof as DRAT
// text. When o.Proof holds the trace of that Solve (a [Trace], Trace.Complete),
// the proof is the trace: probing's lemmas and the learner's clauses, as
// the verdict's run found them; Verdict then only encodes the CNF (as
// text, encode.WithText) and writes. Else the proof comes from the
// learner, run afresh from line solving,
// whose learnt clauses each follow by unit propagation (see
// refuteByLearner); with o.NoSearch (--no-search) from a SAT solver
// run afresh on the certificate's CNF in its proof mode: gophersat in
// certified mode, in the worker process o.Worker when it is set; and
// with cadical or kissat from them, in their own DRAT mode. The CNF is
// in o.Encoding, except under the trace's and the learner's proofs: their
// clauses follow by unit propagation on encode.Path alone, so the CNF is
// then the path encoding. Verdicts other than unique, none and
// multiple have no certificate, nor has none when the row and column
// totals differ (ErrNoProof). An error wrapping [solver.ErrBug] means the
// verdict and the fresh run disagree.
//
// gophersat in process cannot be stopped: when ctx ends first, Verdict
// returns its error at once, but the search goes on in the background,
// writing to proof, until it ends (or the process exits). A worker is
// killed.
func Verdict(ctx context.Context, p *puzzle.Puzzle, res *solver.Result, o solver.Options, proof io.Writer) (*Certificate, error) {
	if err := p.Contradiction(); res.Verdict == solver.None && errors.Is(err, puzzle.ErrTotals) {
		// Resolution needs exponentially many steps to count (the
		// pigeonhole principle), and DRAT without new variables is no
		// better in practice; the clues show it to anyone who adds them.
		return nil, fmt.Errorf("%w: %w; no DRAT proof of a count is short, but the clues show it", ErrNoProof, err)
	}
	external := backend.WritesDRAT(o.Backend)
	trace, _ := o.Proof.(*Trace)
	traced := trace.Complete()
	learnt := !traced && !external && !o.NoSearch
	kind := o.Encoding
	if res.Verdict != solver.Multiple && (traced || learnt) {
		// Line solving's and the learner's clauses follow by unit
		// propagation on the path encoding, not on the others, whose
		// propagation is weaker: the proof needs the path CNF.
		kind = encode.Path
	}
	var e *encode.Encoding
	if res.Verdict == solver.Multiple || traced {
		// Nothing solves this CNF: it is written once, as text.
		e, _ = encode.Puzzle(p, encode.WithText(), encode.WithKind(kind))
	} else {
		e = solver.Encode(p, solver.Options{NoPresolve: true, Encoding: kind})
	}
	cert := &Certificate{Verdict: res.Verdict, Encoding: e}
	f := e.Formula
	switch res.Verdict {
	case solver.Unique:
		if len(res.Solutions) == 0 {
			return nil, fmt.Errorf("%w: a unique verdict without its solution", solver.ErrBug)
		}
		g := res.Solutions[0]
		block, ok := e.Block(g)
		if !ok {
			return nil, fmt.Errorf("%w: the solution is no model of the clues' CNF", solver.ErrBug)
		}
		cert.Block = []puzzle.Grid{g}
		f.Clauses = append(f.Clauses[:len(f.Clauses):len(f.Clauses)], block)
		fallthrough
	case solver.None:
		for _, g := range cert.Block {
			m, err := cellLits(e, g)
			if err != nil {
				return nil, err
			}
			cert.Models = append(cert.Models, m)
		}
		refuter := refute
		if traced {
			refuter = func(_ context.Context, _ *cnf.Formula, _ solver.Options, w io.Writer, cert *Certificate) (err error) {
				cert.Lemmas, cert.ProofBytes, err = trace.WriteDRAT(e, w)
				return err
			}
		} else if learnt {
			refuter = func(ctx context.Context, _ *cnf.Formula, o solver.Options, w io.Writer, cert *Certificate) error {
				return refuteByLearner(ctx, p, e, cert.Block, params(o).Learner, w, cert)
			}
		}
		if err := refuter(ctx, &f, o, proof, cert); err != nil {
			return nil, err
		}
	case solver.Multiple:
		if len(res.Solutions) < 2 || res.Solutions[0].Equal(res.Solutions[1]) {
			return nil, fmt.Errorf("%w: a multiple verdict without two different solutions", solver.ErrBug)
		}
		for _, g := range res.Solutions[:2] {
			m, err := cellLits(e, g)
			if err != nil {
				return nil, err
			}
			cert.Models = append(cert.Models, m)
		}
	default:
		return nil, fmt.Errorf("%w for verdict %s", ErrNoProof, res.Verdict)
	}
	return cert, nil
}

// cellLits returns the values of e's cell variables in grid g, as
// literals: the solution's part of a model of e's formula. The other
// variables (block starts, gaps) follow from them by unit propagation,
// which the checker does (drat.Complete) and then checks the whole model.
func cellLits(e *encode.Encoding, g puzzle.Grid) ([]cnf.Lit, error) {
	var lits []cnf.Lit
	for r := range g {
		for c := range g[r] {
			lit, ok := e.Cell(r, c, g[r][c])
			if !ok {
				return nil, fmt.Errorf("%w: cell %d %d of a solution has a colour the CNF rules out", solver.ErrBug, r+1, c+1)
			}
			lits = append(lits, lit)
			for _, v := range e.Values(r, c) {
				if l, _ := e.Cell(r, c, v); v != g[r][c] && l.Var() != lit.Var() {
					lits = append(lits, l.Not())
				}
			}
		}
	}
	return lits, nil
}

// params returns the settings of o: Options.Params, or the defaults.
func params(o solver.Options) solver.Params {
	if o.Params != nil {
		return *o.Params
	}
	return solver.DefaultParams()
}
