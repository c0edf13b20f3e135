// Package solver solves nonograms: it presolves with exact line solving
// and probing, then runs the search stage ([Options.Search]): for
// black-and-white puzzles a [linesolve.Learner] (clause learning over the
// cells with the line solvers as propagators), which goes on to the
// verdict; for colour puzzles (and black-and-white ones given a search
// budget first) a bounded depth-first search with probing at every node,
// which decides most puzzles that need a few guesses. What is left
// (colour puzzles, or everything with Options.Search < 0) is encoded
// (package encode) for a SAT back end; each model is decoded and checked
// with [puzzle.Check], and further solutions are enumerated with blocking
// clauses over the cell variables only. Solutions the search stage found
// are blocked before the first SAT call. Every grid returned passed
// [puzzle.Check].
//
// # Back ends
//
// gophersat (the default) runs in process. It cannot be interrupted and two
// gophersat searches must never run at once in one process, so every call is
// serialised; when a deadline must really hold, set [Options.Worker] to a
// command that runs [ServeWorker] (the nonosat binary does, as a hidden
// sub-command): the search then runs in a child process that is killed on
// the deadline. gini runs in process and stops on the deadline.
//
// # Verdicts
//
// "unique" means a solution was found and the formula plus its blocking
// clause is unsatisfiable, or the search stage searched the whole space
// and found no other (its depth-first search splits on every colour of a
// cell; the learner only learns clauses that every other solution
// satisfies); "multiple" that two different solutions were
// found; "none" that the formula is unsatisfiable. When the puzzle carries
// a goal that passes Check, uniqueness is one SAT call: forbid the goal and
// ask for any other solution.
package solver
