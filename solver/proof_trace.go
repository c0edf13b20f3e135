package solver

import (
	"io"

	"github.com/nonosat/nonosat/cnf"
	"github.com/nonosat/nonosat/encode"
	"github.com/nonosat/nonosat/linesolve"
)

// A ProofTrace records, while [Solve] runs with it in Options.Proof, the
// clauses over cells that prove its verdict, in order: probing's lemmas
// (linesolve.State.SetProof) and the learner's learnt clauses and
// deletions (linesolve.Learner.SetProof). Each follows by unit
// propagation on the clues' CNF from the clauses before it, so [Certify]
// writes them, in the CNF's variables, as the proof of a unique or none
// verdict, without searching again. Solve clears it first; it holds a
// proof only when presolving or the learner decided (not SAT, not the
// portfolio). A ProofTrace is not safe for concurrent use.
type ProofTrace struct {
	steps []traceStep
	lits  []linesolve.CellLit
	ok    bool
}

// traceStep is one lemma or deletion: lits[start : start+n].
type traceStep struct {
	start, n int32
	del      bool
}

// Complete reports whether the last Solve that used t decided by
// stages whose steps t holds.
func (t *ProofTrace) Complete() bool { return t != nil && t.ok }

// Steps is the number of lemmas and deletions t holds.
func (t *ProofTrace) Steps() int { return len(t.steps) }

func (t *ProofTrace) reset() {
	t.steps, t.lits, t.ok = t.steps[:0], t.lits[:0], false
}

func (t *ProofTrace) add(lits []linesolve.CellLit, del bool) {
	t.steps = append(t.steps, traceStep{start: int32(len(t.lits)), n: int32(len(lits)), del: del})
	t.lits = append(t.lits, lits...)
}

func (t *ProofTrace) lemma(lits []linesolve.CellLit)  { t.add(lits, false) }
func (t *ProofTrace) delete(lits []linesolve.CellLit) { t.add(lits, true) }

// WriteDRAT writes t's steps to w as a DRAT proof in the variables of
// e, the clues' encoding, then the empty clause, and returns the lemmas
// and bytes written. [Certify] calls it; it is exported so that a
// benchmark can time the proof apart from the CNF.
func (t *ProofTrace) WriteDRAT(e *encode.Encoding, w io.Writer) (lemmas int, n int64, err error) {
	dw := cnf.NewDRATWriter(w)
	t.write(e, dw)
	err = dw.Flush()
	return dw.Lemmas, dw.Bytes, err
}

// write writes t's steps to dw in the variables of e, then the empty
// clause.
func (t *ProofTrace) write(e *encode.Encoding, dw *cnf.DRATWriter) {
	var cl cnf.Clause
	for _, st := range t.steps {
		c, ok := cellClause(e, t.lits[st.start:st.start+st.n], cl)
		cl = c[:0]
		switch {
		case !ok:
		case st.del:
			dw.Delete(c)
		default:
			dw.Lemma(c)
		}
	}
	dw.WriteLine("0")
}

// cellClause maps a clause over cells to e's variables, appending to buf;
// ok is false when the clause is always true (it says a cell has not a
// colour the CNF rules out). Literals saying a cell has such a colour are
// always false and left out.
func cellClause(e *encode.Encoding, lits []linesolve.CellLit, buf cnf.Clause) (cnf.Clause, bool) {
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
