// Package certify writes a verdict's certificate as files another tool
// can check without trusting nonosat: NAME.cnf (the formula, with the
// header that maps variables to cells), NAME.drat (a DRAT proof that no
// other solution exists, for unique and none) and NAME.sol (the
// solutions as models of the CNF, for unique and multiple).
//
// The files go to a [Files]: a folder ([Dir]) for the CLI, memory
// ([Memory], with a size limit) for the HTTP API, which sends them as a
// tar archive. The proof itself comes from package solver
// ([solver.Certify]); package drat checks it, and [CheckSolutions] checks
// a solution file against its CNF, returning what it found rather than
// printing it.
package certify
