// Package backend runs the SAT solvers behind package solver's SAT
// stage: gophersat and gini in process, gophersat in a worker child
// process that a deadline can kill ([ServeWorker] is that process's
// side), and external solvers (CaDiCaL, Kissat, MiniSat, …) as child
// processes on a DIMACS file. [New] returns a [Solver] by name; [Check]
// tells whether a name is known and its program installed.
//
// A Solver is incremental: clauses are only ever added, and each Solve
// decides the formula so far, so that enumeration blocks each solution
// and solves again. gophersat cannot be interrupted and two gophersat
// searches must never run at once in one process, so every in-process
// call is serialised; when a deadline must really hold, give New a
// worker command. gini stops on the deadline. An external solver runs
// afresh for each Solve in a temporary folder; a done context kills it
// and its process group, and on Linux it dies with this process.
//
// For certificates, [CertifiedGophersat], [RefuteWorker] and
// [RefuteExternal] run a solver in its proof mode and pass on the DRAT
// proof it writes ([WritesDRAT] names the external ones that can).
package backend
