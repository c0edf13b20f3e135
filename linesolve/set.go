package linesolve

import (
	"github.com/nonosat/nonosat/internal/linekernel"
	"github.com/nonosat/nonosat/puzzle"
)

// Set is a set of colours: bit v set means colour v is possible, bit 0 being
// the background. It holds up to 64 values (background and
// [puzzle.MaxColors] colours). Its methods are Has, Single, Len, Min and
// String; the type lives with the line solver's kernel, which the learner
// shares.
type Set = linekernel.Set

// All is the set {0, 1, …, numColors}: background and every colour of a
// puzzle with numColors colours.
func All(numColors int) Set { return linekernel.All(numColors) }

// Of is the set holding the given colours.
func Of(colors ...puzzle.Color) Set {
	var s Set
	for _, c := range colors {
		s |= linekernel.Bit(c)
	}
	return s
}
