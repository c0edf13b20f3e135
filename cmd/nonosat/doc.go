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
//	convert FILE --to NAME [-o OUT]
//		Write every puzzle of FILE in format NAME, to standard output or OUT.
//		If NAME holds one puzzle per file and FILE holds several, OUT gets a
//		numbered suffix per puzzle (out-0001.nin, out-0002.nin, ...); on
//		standard output they are separated by blank lines, with a warning.
//
//	info FILE [--json]
//		Describe each puzzle: title, id, width x height, palette (name,
//		character, RGB) with the cells each colour fills, and whether a goal
//		grid is present and satisfies the clues. --json prints one JSON
//		object per puzzle, one per line (JSON Lines).
//
//	verify PUZZLE GRID [--puzzle N]
//		Check a text grid (one line per row, palette characters, or '.' and
//		'#' for black and white) against the clues of PUZZLE (puzzle N of a
//		file that holds several). Prints "ok", or names the first row or
//		column that does not match its clue: "GRID: not a solution: row 3
//		reads 1 1, clue is 2".
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
//	4   timed out or undecided
//	20  no solution
//	130 batch interrupted (Ctrl-C); the results so far are written, --resume finishes
//
// Errors in input files are printed once, as "nonosat: FILE:LINE: message".
package main
