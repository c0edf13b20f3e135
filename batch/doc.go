// Package batch solves every puzzle of many files and folders, several at
// a time, and writes one JSON result line ([report.Result]) per puzzle as
// soon as it is decided: the engine of `nonosat batch`.
//
// A run has four parts:
//
//   - [List] finds the files: each file named, and every file under each
//     folder named, in lexical order, names starting with "." left out.
//     Files found in folders are read when their suffix is a puzzle
//     format's, or when their content looks like one and parses; others
//     (READMEs, tables, pictures) are skipped and counted.
//   - [OpenResults] opens the output file; with resume it gives the
//     puzzles an earlier run already wrote, which the run skips.
//   - [Runner.Run] reads the files twice, first to count the puzzles (its
//     [Observer] learns the total), then to hand them to the solving
//     goroutines one file at a time, so that a run over a large corpus
//     never holds every puzzle in memory. A [Shard] takes every Nth puzzle
//     so that N runs share the work.
//   - [Stats] says what the run did: lines per verdict and their times,
//     errors, files read and skipped.
//
// Each puzzle is named by a [Key]: its file and its index, from 1; index
// 0 is a file that could not be read. A file that cannot be read, a puzzle the solver fails
// on or panics on, and a solution that fails [puzzle.Check] each give a
// line with verdict [report.VerdictError]; the run goes on. An
// interrupted run (ctx done) writes nothing for the puzzles under way, so
// that a resumed run does them again.
//
// The package never prints: progress reaches the caller through the
// [Observer], and the summary is the caller's to draw from [Stats].
package batch
