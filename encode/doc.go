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
// # Clauses (the "path" encoding; see docs/encodings.md)
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
//
// # Other encodings
//
// [WithKind] selects another line encoding for comparison: [Classic], the
// block-start model with a sequential at-most-one per block, ordering by
// support clauses and covering both ways; or [Order], Tamura's order
// encoding (variables "block j starts at or before p"). Both are exact (the
// solver's tests count solutions against brute force) but their unit
// propagation is weaker than line solving; measurements are in
// ENCODINGS.md. Blocking stays on the cell variables, so counts stay exact
// even where auxiliary variables are not functions of the grid.
//
// # DIMACS header
//
// [Encoding.WriteDIMACS] writes the formula in DIMACS form after comment
// lines that say what the variables mean, so that a model from any SAT
// solver can be turned into a grid without nonosat; package decode's
// ParseHeader reads them back. Each line below follows the "c " that
// starts a DIMACS comment. Rows and columns count from 1, top to bottom and left to
// right; colour 0 is the background and colours 1..N index the palette. A
// word is a run of non-space characters, or a Go-quoted string.
//
//	nonosat dimacs 1              the first header line; 1 is the version
//	title TEXT                    the puzzle's title, quoted
//	width W                       columns
//	height H                      rows
//	palette K NAME #RRGGBB CHAR   colour K, for K = 0, 1, ..., N in order
//	row R CLUE                    the clue of row R (see below)
//	col C CLUE                    the clue of column C
//	cell R C K LIT                cell (R, C) has colour K exactly when LIT,
//	                              a DIMACS literal, is true
//	fixed R C K                   cell (R, C) has colour K in every solution
//	block N                       the last N clauses each forbid one
//	                              known solution
//
// A CLUE is the block lengths in order, each followed by ":K" when its
// colour K is not 1 ("3 1:2 4"), or "0" for an empty line. A cell's colour
// in a model is its "fixed" colour; else the colour of its first "cell"
// line whose literal is true; else 0. A black-and-white cell that may take
// either colour has one line, "cell R C 1 V", and is background when V is
// false. A colour cell has one line per colour it may take, each with its
// own variable (exactly one is true in a model). Every cell has "cell"
// lines or one "fixed" line, never both. By default a cell whose colour is
// known before SAT (from line solving) keeps its variable, fixed by a unit
// clause, and is listed with "cell"; with [DIMACSOptions.NoUnits] the unit
// clause is left out and the cell is listed with "fixed". The other
// variables (block starts and gaps) are not listed: they follow from the
// cells.
//
// The Dancer puzzle (webpbn #1, 5 by 10), encoded without presolving,
// begins:
//
//	c nonosat dimacs 1
//	c title "Dancer"
//	c width 5
//	c height 10
//	c palette 0 white #ffffff .
//	c palette 1 black #000000 #
//	c row 1 2
//	c row 2 2 1
//	...
//	c col 5 2 1
//	c cell 1 1 1 1
//	c cell 1 2 1 2
//	...
//	c cell 10 5 1 50
//	p cnf 278 931
package encode
