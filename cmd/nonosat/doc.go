// Nonosat reads, converts and checks nonogram (paint-by-number) puzzles,
// and solves them with a SAT solver.
//
// Usage:
//
//	nonosat [--format NAME] COMMAND [flags] ARGS...
//
// Flags may come before or after the arguments. FILE "-" is standard input.
// The input format is detected from the file suffix, then from the content;
// --format NAME (before or after the command) overrides that. Format names:
// xml, non, nin, mk, g, cwd, cwc, taai, tatham, text, string.
//
// # Commands
//
//	solve       print the solutions of a puzzle
//	check       tell whether a puzzle has exactly one solution
//	count       count the solutions of a puzzle
//	batch       solve every puzzle of many files and folders, one JSON line each
//	make        make a puzzle from a picture and check that it has one solution
//	render      draw a puzzle as a printed nonogram, in SVG or PNG
//	convert     write a puzzle file in another format
//	info        describe the puzzles of a file
//	verify      check a grid against a puzzle's clues
//	hint        say the next deduction on a partly filled grid, and why
//	steps       print the whole logical solution as steps with reasons
//	fix         find small edits of the picture that make the puzzle unique
//	generate    make a random puzzle, unique and line-solvable if asked
//	dimacs      write the CNF nonosat would solve, for another SAT solver
//	decode      turn a SAT solver's answer to 'nonosat dimacs' into a grid
//	proof       check a certificate: a DRAT proof or the solutions of a .sol file
//	serve       serve the workbench page and the JSON API in a browser
//	completion  print a shell completion script
//	man         print the manual page (roff, section 1)
//
// "nonosat help COMMAND" (or COMMAND --help) gives a command's
// description, flags and examples; "nonosat man" prints all of them as a
// manual page, and the README shows them at work. solve, check and count
// take several files and name each puzzle; a file that cannot be read, or
// an invalid puzzle of a file that holds several, is reported and the
// rest go on (exit 1). serve runs the program nonosat-serve, found beside
// nonosat or on PATH.
//
// # Exit status
//
//	0   success (for check: the solution is unique)
//	1   input or I/O error; for verify, a grid that is not a solution
//	2   usage error: unknown command or flag, missing or extra arguments
//	3   more than one solution
//	4   timed out or undecided (count: --timeout stopped the count)
//	20  no solution
//	130 interrupted (Ctrl-C, SIGTERM, SIGHUP): solve, check and count stop at
//	    once, killing any SAT solver they started; batch writes the results
//	    so far, and --resume finishes
//
// Errors in input files are printed once, as "nonosat: FILE:LINE: message".
// The command holds flags, terminal drawing and exit codes; what another
// program could use lives in the library packages (see the README's
// package map).
package main
