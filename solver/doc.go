// Package solver solves nonograms through a short pipeline of stages
// (pipeline.go): presolving by exact line solving and probing (package
// linesolve), which decides the puzzles line logic finishes; the learner,
// a [learner.Learner] (package learner: clause learning over the cells,
// the line solvers as propagators) that goes on to the verdict, for
// puzzles of any number of colours; and SAT: the puzzle is encoded (package encode) for a SAT
// back end, each model decoded and checked with [puzzle.Check], and
// further solutions enumerated with blocking clauses over the cell
// variables only. SAT takes the puzzles the learner is not asked to
// ([Options.NoSearch], or [Options.NoPresolve]: the whole formula) and
// those a learner with a conflict budget hands over: Options.SearchBudget, or
// for an external solver 30,000 conflicts (or 10,000 after the last
// solution it found, if sooner), after which that solver gets the puzzle
// in the order encoding with the learner's facts and short learnt
// clauses (the hand-off, handoff.go). Solutions a stage found are
// blocked before the next one starts. Every grid returned passed
// [puzzle.Check].
//
// # Back ends
//
// gophersat (the default) runs in process. It cannot be interrupted and two
// gophersat searches must never run at once in one process, so every call is
// serialised; when a deadline must really hold, set [Options.Worker] to a
// command that runs [backend.ServeWorker] (the nonosat binary does, as a hidden
// sub-command): the search then runs in a child process that is killed on
// the deadline. gini runs in process and stops on the deadline. The back
// ends live in package backend, one table of them by name;
// [Options.Portfolio] races two learners, then gophersat and gini.
// Certificates of a verdict are package certify's: the pipeline only
// logs the proof's steps to an [Options.Proof].
//
// # Verdicts
//
// "unique" means a solution was found and the formula plus its blocking
// clause is unsatisfiable, or the learner searched the whole space and
// found no other (it only learns clauses that every other solution
// satisfies); "multiple" that two different solutions were
// found; "none" that the formula is unsatisfiable. When the puzzle carries
// a goal that passes Check, the goal is the first solution: the stages
// that follow (the learner; SAT, in one call, with Options.NoSearch
// or Options.NoPresolve) only look for another.
package solver
