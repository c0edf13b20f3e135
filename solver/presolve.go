package solver

import (
	"github.com/nonosat/nonosat/encode"
	"github.com/nonosat/nonosat/puzzle"
)

// presolved is the outcome of line solving before SAT.
type presolved struct {
	contradiction bool
	grid          puzzle.Grid // the solution, when line solving finished it
	fixed         int
	options       []encode.Option
}

// presolve is a placeholder until the line solver lands.
func presolve(p *puzzle.Puzzle) presolved { return presolved{} }
