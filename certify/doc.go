// Package certify proves a verdict of package solver and writes its
// certificate as files another tool can check without trusting nonosat:
// NAME.cnf (the formula, with the header that maps variables to cells),
// NAME.drat (a DRAT proof that no other solution exists, for unique and
// none) and NAME.sol (the solutions as models of the CNF, for unique and
// multiple).
//
// # Proofs
//
// [Verdict] makes the certificate of a solve's result. The proof comes,
// in order of preference, from a [Trace] the verdict's own run filled
// (solver.Options.Proof: probing's lemmas and the learner's clauses, each
// of which follows by unit propagation on the path encoding), from a
// learner run afresh from line solving, or, without the learner
// (solver.Options.NoSearch), from a SAT solver run in its proof mode
// (package backend: gophersat in certified mode, in process or in a
// worker; CaDiCaL and Kissat in their own DRAT mode), starting from the
// formula simplified by unit propagation.
//
// # Files
//
// The files go to a [Files]: a folder ([Dir]) for the CLI, memory
// ([Memory], with a size limit) for the HTTP API, which sends them as a
// tar archive ([Write]). Package drat checks the proof, and
// [CheckSolutions] checks a solution file against its CNF, returning
// what it found rather than printing it.
//
// Package certify imports solver, never the other way: the pipeline
// knows only the [solver.ProofLog] that a Trace implements.
package certify
