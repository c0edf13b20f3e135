package main

// Exit codes, declared once here and documented in doc.go and the README.
const (
	exitOK         = 0  // success; for check: the solution is unique
	exitError      = 1  // input or I/O error, or a grid that is not a solution
	exitUsage      = 2  // bad command line: unknown command or flag, wrong arguments
	exitMultiple   = 3  // more than one solution
	exitUndecided  = 4  // timed out or otherwise undecided
	exitNoSolution = 20 // no solution (the SAT-competition UNSAT code)
)

// exitInterrupted is the code when Ctrl-C (or SIGTERM, SIGHUP) stopped a
// command: 128 + SIGINT, as shells report it. batch writes the results so
// far; --resume finishes the run.
const exitInterrupted = 130
