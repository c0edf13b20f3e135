// Package decode turns models of a puzzle's CNF back into grids: every
// road from a model to a grid starts here.
//
//   - [Grid] reads a model of an [encode.Encoding], the formula nonosat
//     solves itself.
//   - [ParseHeader] reads the comment header that
//     [encode.Encoding.WriteDIMACS] writes before a CNF (the grammar is in
//     package encode's documentation); its [Map] turns a model that any
//     SAT solver found for that CNF into a grid, without the puzzle or
//     nonosat's encoder.
//
// Reading a SAT solver's output into a model ([cnf.ReadModel],
// [cnf.ReadAssignment]) is package cnf's job; a model is a [cnf.Model]
// either way. Grids are not checked here: callers check each with
// [puzzle.Check].
package decode
