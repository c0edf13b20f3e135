package linesolve

import (
	"github.com/nonosat/nonosat/internal/linestate"
	"github.com/nonosat/nonosat/puzzle"
)

// State holds the cell domains of a whole puzzle and the lines still to be
// solved. The zero value is not usable; start from [NewState].
// Its method Propagate solves lines to the fixpoint of exact line
// solving, Probe adds failed-literal probing, Set narrows a cell's domain,
// Clone copies a state and Grid reads a solved one.
//
// Once Propagate, Set or Probe has reported a contradiction the state
// stays failed: every later call returns false. A State is not safe for
// concurrent use; Clone gives independent copies (they share only the
// read-only clue templates).
//
// The type is defined in an internal package, where package learner can
// take over its domains and line cache; its methods are documented there.
type State = linestate.State

// Stats counts the work a [State] has done: line solves and probes.
type Stats = linestate.Stats

// A CellLit is a literal over the cells: cell (Row, Col) has colour Color
// or, with Not, has not. Probing's lemmas (State.SetProof) and the
// clauses of package learner are made of them.
type CellLit = linestate.CellLit

// NewState returns the state of p before any deduction: every cell may be
// the background or any colour that occurs in both its row clue and its
// column clue (and is a colour of p). Every line is queued.
func NewState(p *puzzle.Puzzle) *State { return linestate.NewState(p) }
