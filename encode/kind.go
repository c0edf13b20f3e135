package encode

import (
	"errors"
	"fmt"

	"github.com/nonosat/nonosat/cnf"
	"github.com/nonosat/nonosat/puzzle"
)

// Kind names a line encoding: the clauses that tie a row's or column's
// clue to its cells. Every kind shares the cell variables (and so the
// DIMACS header, decoding and [Encoding.Block]); they differ in their
// auxiliary variables. Sizes and timings are in ENCODINGS.md.
type Kind string

// The line encodings.
const (
	// Path is the default: block starts and gap cells as the states of
	// the line's automaton (docs/encodings.md). Unit propagation on it equals
	// exact line solving.
	Path Kind = "path"
	// Classic is the block-start model (docs/encodings.md): start
	// variables with at-least-one and a sequential at-most-one per block,
	// ordering as support clauses in both directions, each start covering
	// its cells, and each cell colour needing a covering start of that
	// colour (background where no block covers the cell).
	Classic Kind = "classic"
	// Order is Tamura's order encoding as in Sugar and Copris
	// (docs/encodings.md): variables "block j starts at or before p", ordering as
	// binary clauses between them, one Tseitin variable per block and cell
	// for "block j covers cell i", and each cell colour equal to the
	// disjunction of the covers of that colour.
	Order Kind = "order"
)

// Kinds lists the encodings, the default first.
func Kinds() []Kind { return []Kind{Path, Classic, Order} }

// ErrKind is wrapped by [ParseKind] for a name that is no encoding.
var ErrKind = errors.New("unknown encoding")

// ParseKind returns the encoding named s; "" is the default, [Path].
func ParseKind(s string) (Kind, error) {
	switch k := Kind(s); k {
	case "":
		return Path, nil
	case Path, Classic, Order:
		return k, nil
	}
	return "", fmt.Errorf("%w %q: want path, classic or order", ErrKind, s)
}

// WithKind chooses the line encoding; the default is [Path]. k must be one
// of [Kinds] or "" ([Puzzle] panics otherwise: check names with
// [ParseKind]).
func WithKind(k Kind) Option { return func(c *config) { c.kind = k } }

// lineFunc encodes one row or column.
type lineFunc func(clue puzzle.Clue, cells []*cell, nodes NodeFunc, b *builder)

// lineFunc returns the per-line function of kind k.
func (e *Encoding) lineFunc(k Kind) lineFunc {
	switch k {
	case "", Path:
		return e.line
	case Classic:
		return e.classicLine
	case Order:
		return e.orderLine
	}
	panic(fmt.Sprintf("encode: unknown encoding %q", string(k)))
}

// lineStarts does what every line encoding does first: a line whose cells
// are all fixed is checked against its clue and needs no clauses; else the
// feasible block starts come from nodes (the gap part is the path
// encoding's alone). ok is false when there is nothing more to encode,
// either because the line is fixed or because it has no placement (the
// empty clause is then added).
func lineStarts(clue puzzle.Clue, cells []*cell, nodes NodeFunc, b *builder) (start [][]bool, ok bool) {
	dom := make([]uint64, len(cells))
	fixed := true
	for i, x := range cells {
		for _, v := range x.vals {
			dom[i] |= 1 << v
		}
		if len(x.vals) != 1 {
			fixed = false
		}
	}
	if fixed {
		line := make([]puzzle.Color, len(cells))
		for i, x := range cells {
			line[i] = x.vals[0]
		}
		if !puzzle.LineClue(line).Equal(clue) {
			b.empty()
		}
		return nil, false
	}
	start, _, ok = nodes(clue, dom)
	if !ok {
		b.empty()
		return nil, false
	}
	return start, true
}

// lineVar allocates an auxiliary variable of a line.
func (e *Encoding) lineVar() cnf.Lit {
	e.lineVars++
	return e.Formula.NewVar().Pos()
}

// minGap is the least number of background cells after block j of clue:
// one before a block of the same colour, none before another colour (σ_j).
func minGap(clue puzzle.Clue, j int) int {
	if clue[j].Color == clue[j+1].Color {
		return 1
	}
	return 0
}

// uncovered adds, for a cell that may take two or more colours besides the
// background, "a cell no block covers is background": the cell is
// background or one of covers is true. (With one colour this is that
// colour's support clause again.)
func uncovered(x *cell, covers []cnf.Lit, b *builder) {
	colours := 0
	for _, v := range x.vals {
		if v != puzzle.Background {
			colours++
		}
	}
	if colours < 2 {
		return
	}
	b.clause(append([]cnf.Lit{x.lit(puzzle.Background)}, covers...)...)
}
