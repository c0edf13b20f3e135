// Package linekernel is the kernel of the exact line solver: a clue
// prepared for one line length ([Template]), the bit-parallel forward and
// backward passes over its automaton (one word, two words as [U128], or
// any number of words), the forward-only feasibility tests and frontiers
// that explain the learner's propagations, the direct-mapped caches of
// solved black-and-white lines, and the colour sets ([Set]) of cell
// domains.
//
// Its two users share it: package linesolve (the line solver, grid
// propagation and probing) and package learner (clause learning with the
// line solvers as propagators, and belief propagation), which runs the
// passes on its own masks rather than through linesolve's API. The names
// are exported for them alone; the algorithm is described in the
// documentation of linesolve.
package linekernel
