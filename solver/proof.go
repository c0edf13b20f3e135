package solver

import (
	"context"
	"errors"
	"fmt"
	"io"

	sat "github.com/crillab/gophersat/solver"

	"github.com/nonosat/nonosat/cnf"
	"github.com/nonosat/nonosat/decode"
	"github.com/nonosat/nonosat/encode"
	"github.com/nonosat/nonosat/puzzle"
)

// A Certificate lets anyone check a verdict without trusting nonosat: a
// CNF of the clues (Encoding, encoded without presolving, as "nonosat
// dimacs --no-presolve" writes it) plus the blocking clauses of Block,
// and either models of it or a DRAT proof that it is unsatisfiable.
//
//   - unique: Block holds the solution, so the CNF ends with the clause
//     that forbids it; the proof refutes that CNF, and Models[0], the
//     solution, satisfies every clause but that last one;
//   - none: Block is empty and the proof refutes the CNF;
//   - multiple: Block is empty and Models holds two models of the CNF
//     that decode to different solutions; there is no proof.
type Certificate struct {
	Verdict  Verdict
	Encoding *encode.Encoding
	Block    []puzzle.Grid
	Models   []cnf.Model
	// Lemmas and ProofBytes measure the proof written (0 for multiple).
	Lemmas     int
	ProofBytes int64
}

// ErrNoProof is returned for a verdict that has no certificate (timeout,
// solved).
var ErrNoProof = errors.New("no proof")

// proofSolvers are the external solvers that write DRAT proofs: the proof
// file is their second argument, and args ask for DRAT text.
var proofSolvers = map[string][]string{
	"cadical": {"-q", "--no-binary"},
	"kissat":  {"-q", "--no-binary"},
}

// Certify makes the certificate of res, the result of [Solve] on p with
// options o, and writes its proof (for unique and none) to proof as DRAT
// text. The proof comes from the learner, run afresh from line solving,
// whose learnt clauses each follow by unit propagation (see
// refuteByLearner); with o.Search < 0 (--no-search) from a SAT solver
// run afresh on the certificate's CNF in its proof mode: gophersat in
// certified mode, in the worker process o.Worker when it is set; and
// with cadical or kissat from them, in their own DRAT mode. Verdicts other than unique, none and
// multiple have no certificate. An error wrapping [ErrBug] means the
// verdict and the fresh run disagree.
//
// gophersat in process cannot be stopped: when ctx ends first, Certify
// returns its error at once, but the search goes on in the background,
// writing to proof, until it ends (or the process exits). A worker is
// killed.
func Certify(ctx context.Context, p *puzzle.Puzzle, res *Result, o Options, proof io.Writer) (*Certificate, error) {
	e := Encode(p, Options{NoPresolve: true, Encoding: o.Encoding})
	cert := &Certificate{Verdict: res.Verdict, Encoding: e}
	f := e.Formula
	switch res.Verdict {
	case Unique:
		if len(res.Solutions) == 0 {
			return nil, fmt.Errorf("%w: a unique verdict without its solution", ErrBug)
		}
		g := res.Solutions[0]
		block, ok := e.Block(g)
		if !ok {
			return nil, fmt.Errorf("%w: the solution is no model of the clues' CNF", ErrBug)
		}
		cert.Block = []puzzle.Grid{g}
		f.Clauses = append(f.Clauses[:len(f.Clauses):len(f.Clauses)], block)
		fallthrough
	case None:
		for _, g := range cert.Block {
			m, err := modelOf(e, g)
			if err != nil {
				return nil, err
			}
			cert.Models = append(cert.Models, m)
		}
		refuter := refute
		if _, external := proofSolvers[o.Backend]; o.Proof.Complete() {
			refuter = func(_ context.Context, _ *cnf.Formula, _ Options, w io.Writer, cert *Certificate) error {
				dw := cnf.NewDRATWriter(w)
				o.Proof.write(e, dw)
				cert.Lemmas, cert.ProofBytes = dw.Lemmas, dw.Bytes
				return dw.Flush()
			}
		} else if !external && o.Search >= 0 {
			refuter = func(ctx context.Context, _ *cnf.Formula, _ Options, w io.Writer, cert *Certificate) error {
				return refuteByLearner(ctx, p, e, cert.Block, w, cert)
			}
		}
		if err := refuter(ctx, &f, o, proof, cert); err != nil {
			return nil, err
		}
	case Multiple:
		if len(res.Solutions) < 2 || res.Solutions[0].Equal(res.Solutions[1]) {
			return nil, fmt.Errorf("%w: a multiple verdict without two different solutions", ErrBug)
		}
		for _, g := range res.Solutions[:2] {
			m, err := modelOf(e, g)
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

// modelOf extends grid g to a model of e's formula: unit propagation
// from a unit clause per cell sets the other variables (they are
// functions of the grid; gophersat finishes the job if some are left).
// The model is checked.
func modelOf(e *encode.Encoding, g puzzle.Grid) (cnf.Model, error) {
	f := cnf.Formula{NumVars: e.Formula.NumVars, Clauses: e.Formula.Clauses[:len(e.Formula.Clauses):len(e.Formula.Clauses)]}
	for r := range g {
		for c := range g[r] {
			l, ok := e.Cell(r, c, g[r][c])
			if !ok {
				return nil, fmt.Errorf("%w: cell %d %d of a solution has a colour the CNF rules out", ErrBug, r+1, c+1)
			}
			f.Add(l)
		}
	}
	units, rest, refuted := unitPropagate(&f)
	if refuted {
		return nil, fmt.Errorf("%w: a solution has no model in the clues' CNF", ErrBug)
	}
	m := make(cnf.Model, f.NumVars)
	set := make([]bool, f.NumVars)
	for _, l := range units {
		m[l.Var()-1], set[l.Var()-1] = l.IsPos(), true
	}
	if len(rest) > 0 {
		gophersatMu.Lock()
		s := sat.New(sat.ParseSliceNb(toInts(rest), f.NumVars))
		st := s.Solve()
		if st == sat.Sat {
			for i, b := range s.Model() {
				if !set[i] {
					m[i] = b
				}
			}
		}
		gophersatMu.Unlock()
		if st != sat.Sat {
			return nil, fmt.Errorf("%w: a solution has no model in the clues' CNF", ErrBug)
		}
	}
	if !m.Satisfies(&e.Formula) || !decode.Grid(e, m).Equal(g) {
		return nil, fmt.Errorf("%w: a solution's model does not decode to it", ErrBug)
	}
	return m, nil
}
