// Package linestate is the line-solving state of a whole puzzle: the
// cell domains, the queue of lines to solve, grid propagation to the
// fixpoint of exact line solving, and probing. Package linesolve
// publishes it as linesolve.State (an alias).
//
// It lives in an internal package so that package learner can take over a
// state's domains, line templates and cache ([Kernel]) without a public
// method that only one package may call.
package linestate

import "github.com/nonosat/nonosat/internal/linekernel"

// Set is a cell's domain (see [linekernel.Set]).
type Set = linekernel.Set
