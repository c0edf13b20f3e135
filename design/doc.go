// Package design holds the tools that go beyond the verdict, for the
// people who make and play puzzles: a difficulty [Grade], the next
// deduction a person can make with its reason ([Hint], [Steps]), mistakes
// in a partly filled grid, single-cell edits that make an ambiguous picture
// unique ([Fix]), and a generator of unique puzzles ([Generate]).
//
// # Cells, rows and colours in results
//
// Results are plain structs whose JSON is what the command line prints
// and the web page reads: rows and columns count from 1 (as in the DIMACS
// header) and a colour is its palette character, as a string ([Cell]).
// A partly filled grid is a [puzzle.Grid] whose open cells hold [Unknown]
// ([ParsePartial] reads one from text, "?" for an open cell).
//
// # Grades
//
// A puzzle with exactly one solution gets one of three grades:
//
//   - 1, "line": line logic alone finishes it. Each step takes one row or
//     column and the cells already known on it, and fixes every cell that
//     all placements of its clue agree on (what a person does).
//   - 2, "lookahead": line logic stalls, but failed-literal probing
//     (assume a colour for one cell, run line logic, drop the colour on a
//     contradiction) finishes it.
//   - 3, "guessing": neither does; a search with backtracking (the
//     learner's conflicts) decides it.
//
// A puzzle with several solutions or none gets grade 0. The work counts
// ([Grade.Passes], [Grade.Lines], [Grade.Probes], [Grade.Guesses]) come from
// deterministic procedures, so a grade is the same on every run of one build.
//
// # Reasons
//
// A line step's reason is the clue plus the few known cells of the line
// that force the step's cells: start from every known cell of the line and
// drop them one at a time, farthest from the forced cells first, as long as
// the line solver ([linesolve.Line]) with only the cells kept still fixes
// every cell of the step to its colour. A person can check the reason by
// looking at that line alone. A lookahead step's reason names the colour
// assumed and the line that then has no placement.
//
// # Fixes and the generator
//
// An edit of one goal cell changes the clues of one row and one column.
// [Fix] runs line logic (linesolve.State) on every edited puzzle from
// scratch: no line-solving state of the original puzzle is sound for the
// edited one (its deductions used the old clues), and linesolve cannot
// leave a line unconstrained, which a shared state of the unchanged lines
// would need. On this machine that is 0.4–0.7 s for the 1,600 edits of a
// 40×40 black-and-white picture and 2.4–3.4 s for the 3,600 of a 30×30
// picture with 4 colours (BenchmarkFix). Only the 20 best by open cells
// are solved for their verdict; pairs are built from the 8 best singles.
// [Generate] edits a random picture the same way, sampling the open cells.
package design
