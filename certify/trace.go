package certify

import (
	"io"

	"github.com/nonosat/nonosat/cnf"
	"github.com/nonosat/nonosat/encode"
	"github.com/nonosat/nonosat/linesolve"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/solver"
)

// A Trace records, while [solver.Solve] runs with it in Options.Proof
// (it is a [solver.ProofLog]), the clauses over cells that prove its
// verdict, in order: probing's lemmas (linesolve.State.SetProof) and the
// learner's learnt clauses and deletions (learner.Learner.SetProof). Each
// follows by unit propagation on the clues' CNF from the clauses before
// it, so [Verdict] writes them, in the CNF's variables, as the proof of a
// unique or none verdict, without searching again. Solve clears it
// first; it holds a proof only when presolving or the learner decided
// (not SAT, not the portfolio). A Trace is not safe for concurrent use.
type Trace struct {
	steps []traceStep
	lits  []uint32 // cell literals, coded by code
	w     int      // the puzzle's width
	ok    bool
	buf   []linesolve.CellLit
}

// traceStep is one lemma or deletion: lits[start : start+n].
type traceStep struct {
	start int
	n     int32
	del   bool
}

// A trace keeps a cell literal in 4 bytes (a CellLit takes 32): the
// cell's index, the colour in 6 bits (puzzle.MaxColors is 63), and Not.
func (t *Trace) code(q linesolve.CellLit) uint32 {
	c := uint32(q.Row*t.w+q.Col)<<7 | uint32(q.Color)<<1
	if q.Not {
		c |= 1
	}
	return c
}

func (t *Trace) decode(c uint32) linesolve.CellLit {
	x := int(c >> 7)
	return linesolve.CellLit{Row: x / t.w, Col: x % t.w, Color: puzzle.Color(c >> 1 & 63), Not: c&1 != 0}
}

// Complete reports whether the last Solve that used t decided by
// stages whose steps t holds.
func (t *Trace) Complete() bool { return t != nil && t.ok }

// Steps is the number of lemmas and deletions t holds.
func (t *Trace) Steps() int { return len(t.steps) }

// Reset starts a trace for a solve of a puzzle w cells wide.
func (t *Trace) Reset(w int) {
	t.steps, t.lits, t.ok, t.w = t.steps[:0], t.lits[:0], false, w
}

func (t *Trace) add(lits []linesolve.CellLit, del bool) {
	t.steps = append(t.steps, traceStep{start: len(t.lits), n: int32(len(lits)), del: del})
	for _, q := range lits {
		t.lits = append(t.lits, t.code(q))
	}
}

// Lemma records a clause that follows by unit propagation.
func (t *Trace) Lemma(lits []linesolve.CellLit) { t.add(lits, false) }

// Delete records that a clause is no longer needed.
func (t *Trace) Delete(lits []linesolve.CellLit) { t.add(lits, true) }

// Done records whether the stages that decided the solve logged every
// step of the proof.
func (t *Trace) Done(complete bool) { t.ok = complete }

// WriteDRAT writes t's steps to w as a DRAT proof in the variables of
// e, the clues' encoding, then the empty clause, and returns the lemmas
// and bytes written. [Verdict] calls it; it is exported so that a
// benchmark can time the proof apart from the CNF.
func (t *Trace) WriteDRAT(e *encode.Encoding, w io.Writer) (lemmas int, n int64, err error) {
	dw := cnf.NewDRATWriter(w)
	t.write(e, dw)
	err = dw.Flush()
	return dw.Lemmas, dw.Bytes, err
}

// write writes t's steps to dw in the variables of e, then the empty
// clause.
func (t *Trace) write(e *encode.Encoding, dw *cnf.DRATWriter) {
	var cl cnf.Clause
	for _, st := range t.steps {
		t.buf = t.buf[:0]
		for _, q := range t.lits[st.start : st.start+int(st.n)] {
			t.buf = append(t.buf, t.decode(q))
		}
		c, ok := solver.CellClause(e, t.buf, cl)
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
