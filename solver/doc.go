// Package solver solves nonograms with a SAT solver: it presolves with exact
// line solving and probing, runs a bounded depth-first search with probing
// at every node (the search stage, [Options.Search]; it decides most
// puzzles that need a few guesses), encodes what is left (package encode),
// runs a SAT back end, decodes each model and checks it with
// [puzzle.Check], and enumerates further solutions with blocking clauses
// over the cell variables only. Solutions the search stage found are
// blocked before the first SAT call.
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
// clause is unsatisfiable; "multiple" that two different solutions were
// found; "none" that the formula is unsatisfiable. When the puzzle carries
// a goal that passes Check, uniqueness is one SAT call: forbid the goal and
// ask for any other solution.
package solver
