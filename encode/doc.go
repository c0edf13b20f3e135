// Package encode turns a puzzle's clues into CNF.
//
// # Variables
//
// Cell variables come first. For a black-and-white puzzle each cell has one
// variable, true for black. For a colour puzzle each cell has one variable
// per colour it may take (background included), with exactly-one clauses.
// A cell whose colour is already known (from line solving, or because only
// one colour is possible there) still gets a variable, fixed by a unit
// clause, so that every model decodes on its own; clauses of the lines do
// not mention it.
//
// Then, per row and per column, the block-start variables s(j,p) ("block j
// starts at cell p", only for the starts the line still allows) and the gap
// variables g(j,i) ("cell i is background inside gap j"; gap 0 is before
// the first block, gap k after the last).
//
// # Clauses (the "path" encoding, sat-notes §2.8)
//
// Each true start or gap variable forces its cells' colours (covering), and
// needs a true predecessor and a true successor on the line's automaton (the
// previous gap or, between differently coloured blocks, the previous block's
// end; the next gap or block). Each cell colour needs a covering start of a
// block of that colour, and background needs a gap. Ordering (a gap of one
// cell between blocks of the same colour, none between different colours) and
// "each block starts exactly once" follow from these clauses; unit
// propagation on them equals exact line solving.
//
// The variables besides the cells are functions of the grid, so blocking a
// solution on the cell variables alone ([Encoding.Block]) is exact.
package encode
