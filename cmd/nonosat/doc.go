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
//	solve FILE... [--max N] [--timeout D] [--json] [--sat NAME] [--encoding K]
//		Print up to N solutions (default 1, 0 for all), each checked against
//		the clues and drawn with them (--plain: bare grids; --color
//		always|never|auto), then the verdict: unique, multiple, none, timeout.
//		Exit 0 when a solution was found, 20 when there is none, 4 on timeout.
//
//	check FILE... [--timeout D] [--json] [--grade] [--proof DIR]
//		Print unique, multiple, none or timeout per puzzle and exit 0, 3, 20
//		or 4 (for several puzzles, the code of the first that is not unique).
//		--grade adds the difficulty grade (1 line logic, 2 lookahead, 3
//		guessing, 0 not unique); --json has it unless --timeout came
//		first. --proof DIR (check
//		and solve) writes a certificate per puzzle: NAME.cnf, NAME.drat
//		(unique, none) and NAME.sol.
//
//	proof check CNF PROOF|SOL
//		Check a DRAT proof that CNF is unsatisfiable, with a checker that
//		shares nothing with the solver but the DIMACS reader, or the models
//		of a NAME.sol file. Exit 0 verified, 1 not.
//
//	count FILE... [--max N] [--solutions]
//		Count solutions up to N (default 10000, 0: no limit), without
//		printing them unless --solutions; exit 4 when --timeout stopped it.
//
//	solve, check and count take several files; each puzzle is then named.
//	A file that cannot be read, or an invalid puzzle of a file that holds
//	several, is reported and the rest go on (exit 1). --max-memory SIZE
//	refuses a puzzle whose formula and SAT solver would need more.
//
//	batch PATH... [-j N] [--timeout D] [-o results.jsonl] [--resume] [--proof DIR]
//		Solve every puzzle of files and folders with N workers, one JSON line
//		per puzzle as soon as it is done; Ctrl-C keeps what is finished.
//		--proof DIR writes each verdict's certificate, named in the line.
//
//	dimacs FILE [-o OUT.cnf] [--block GRID] [--block-goal] [--no-units] [--timeout D]
//		Write the CNF nonosat solves, with a header mapping cells to variables;
//		--timeout gives up with exit 4.
//
//	decode --puzzle FILE [--cnf FILE.cnf] MODEL
//		Turn a SAT solver's answer into the grid, checked.
//
//	make IMAGE [-o OUT] [--colors N] [--size WxH]
//		Make a puzzle from a picture and say whether its solution is unique.
//
//	render FILE [-o OUT.svg|OUT.png] [--solution]
//		Draw the puzzle as a printed nonogram.
//
// solve, check, count and batch take --sat NAME (gophersat, the default, in
// process; gini; portfolio: on two cores, two learners racing (with
// --no-search, gophersat and gini); cadical, minisat,
// picosat, cryptominisat, kissat, glucose, lingeling, exec:PATH), --timeout D
// (the learner stops itself; gophersat runs in a child process that is
// killed), --no-presolve,
// --no-search (skip the learner between line solving and SAT),
// --encoding path|classic|order, and --progress/--no-progress (once a
// puzzle has taken 2 s, say on standard error, every second, that it is
// still being solved; on by default when standard error is a terminal).
//
//	convert FILE --to NAME [-o OUT]
//		Write every puzzle of FILE in format NAME, to standard output or OUT
//		(without --to, OUT's suffix names the format).
//		If NAME holds one puzzle per file and FILE holds several, OUT gets a
//		numbered suffix per puzzle (out-0001.nin, out-0002.nin, ...); on
//		standard output they are separated by blank lines, with a warning.
//
//	info FILE... [--json] [--grade]
//		Describe each puzzle: title, id, width x height, palette (name,
//		character, RGB) with the cells each colour fills, and whether a goal
//		grid is present and satisfies the clues. --json prints one JSON
//		object per puzzle, one per line (JSON Lines). --grade solves each
//		puzzle and adds its verdict and difficulty grade.
//
//	verify PUZZLE GRID [--index N]
//		Check a text grid (one line per row, palette characters, or '.' and
//		'#' for black and white) against the clues of PUZZLE (puzzle N of a
//		file that holds several). Prints "ok", or names the first row or
//		column that does not match its clue: "GRID: not a solution: row 3
//		reads 1 1, clue is 2".
//
//	hint FILE [--grid PARTIAL] [--json] [--index N]
//		The next deduction on a partly filled grid ('?' for open cells; the
//		empty grid without --grid): the cells, the line and the reason, the
//		simplest kind first (one line, lookahead, guess); known cells that no
//		solution has are listed as mistakes.
//
//	steps FILE [--json] [--index N]
//		The whole solution from the empty grid as such steps.
//
//	fix FILE [--best N] [--apply -o OUT] [--json] [--index N]
//		Rank single-cell edits of the goal picture (then pairs of the best)
//		by what they make of the puzzle: line-solvable, unique, open cells.
//
//	generate --size WxH [--colors K] [--density D] [--unique]
//	         [--line-solvable] [--seed N] [-o OUT]
//		A random puzzle, edited until it is unique or line-solvable.
//
//	serve [--addr 127.0.0.1:8080] [--open] [--request-timeout D]
//	      [--max-solves N] [--max-queue N] [--max-memory SIZE] [--grace D]
//		Serve the workbench page (design with a live verdict, play, export)
//		and the JSON API it uses: POST /api/analyze (the object check --json
//		prints), solve, parse, make, render, convert, dimacs, ...; and GET
//		/healthz, /readyz and /metrics. Puzzles line solving decides never
//		wait behind searches; a full queue answers 503 with Retry-After.
//		Logs each request on standard error; on SIGTERM lets running calls
//		finish for up to --grace, then exits 0. Listens on loopback unless
//		told otherwise, then warns. The server is the program nonosat-serve,
//		found beside nonosat or on PATH.
//
//	completion bash|zsh|fish
//		Print a shell completion script: commands, flags, the values of
//		--to, --format, --sat, --encoding and --color, and file names.
//
//	man
//		Print the manual page (roff, section 1): a synopsis of every
//		command, their flags with defaults, exit status, formats, examples.
//
//	help [COMMAND]
//		Show the commands, or one command's flags; so does --help.
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
package main
