// Package puzzle holds the nonogram model, its file formats and the
// solution checker.
//
// # Representation
//
// A [Puzzle] has row and column [Clue]s; a clue is a list of [Block]s, each
// with a length and a [Color]. Colour 0 is the background; colours 1..N index
// [Puzzle.Palette], whose entry 0 is the background swatch. Black and white is
// simply the one-colour case: a palette of white and black, every block of
// colour 1. A [Grid] holds one colour per cell, g[r][c].
//
// # Formats
//
// [Decode], [DecodeAll] and [Encode] read and write the formats named by the
// [Format] constants; [ReadFile] and [ReadFileAll] pick the format from the
// file suffix and then from the content. Every reader validates what it reads
// and reports problems as a [*ParseError] carrying the file name and line.
// Clues that cannot all hold (row and column totals that differ, a clue
// longer than its line) are not a problem of the file: the puzzle has no
// solution, and [Puzzle.Contradiction] says why.
//
// # Checking
//
// [Check] verifies a grid against every row and column clue without any SAT
// code: it is the oracle for every grid the program prints.
package puzzle
