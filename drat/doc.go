// Package drat checks DRAT proofs that a CNF formula is unsatisfiable.
//
// It is the independent half of nonosat's proof certificates: it shares
// nothing with the encoder or the solvers but the DIMACS reader of package
// cnf, so a verdict it verifies does not rest on the code that reached it.
//
// # Proofs
//
// A proof is a list of lemmas (clauses, each ended by 0) and deletions (a
// clause after "d"), in DRAT text form or in the binary form of
// drat-trim (bytes 'a' and 'd', literals as variable-length integers
// 2v or 2v+1); comment lines start with "c". [Check] reads the proof
// forward: each lemma must be RUP (asserting its negation and unit
// propagating over the formula, the lemmas so far and less the deletions
// so far gives a conflict) or, failing that, RAT on its first literal.
// The proof is verified once unit propagation alone refutes the clauses so
// far, at the latest at an empty lemma ("0"); lemmas after that point are
// not read.
//
// # Checking
//
// Unit propagation uses two watched literals per clause. The units the
// clauses imply stay assigned between lemmas; deleting a clause that is
// the reason of one of them recomputes them from scratch, so a deletion
// never leaves behind what it took away (drat-trim instead ignores
// deletions of unit clauses). Checking is forward, every lemma in order:
// for the proofs gophersat writes (no deletions, each lemma a learnt clause
// that the solver derived by propagation) that costs about one propagation
// per conflict of the solver. A formula's clauses are loaded at once
// (watch lists cut from one array), which is most of the time a proof of
// a few lemmas takes on a CNF of megabytes.
//
// # Models
//
// A certificate's solution gives only its cell variables; [Complete] sets
// the others by unit propagation over the formula, with the same
// machinery, and the caller checks every clause against the result.
package drat
