package linekernel

import (
	"math/bits"
	"strconv"
	"strings"

	"github.com/nonosat/nonosat/puzzle"
)

// Set is a set of colours: bit v set means colour v is possible, bit 0 being
// the background. It holds up to 64 values (background and
// [puzzle.MaxColors] colours).
type Set uint64

// Bit is the set {c}, or empty when c is too large for a Set.
func Bit(c puzzle.Color) Set {
	if c >= 64 {
		return 0
	}
	return Set(1) << c
}

// All is the set {0, 1, …, numColors}: background and every colour of a
// puzzle with numColors colours.
func All(numColors int) Set {
	if numColors >= 63 {
		return ^Set(0)
	}
	if numColors < 0 {
		numColors = 0
	}
	return Set(1)<<(numColors+1) - 1
}

// Has reports whether colour c is in s.
func (s Set) Has(c puzzle.Color) bool { return s&Bit(c) != 0 }

// Single returns the only colour of s; ok is false when s is empty or holds
// more than one colour.
func (s Set) Single() (c puzzle.Color, ok bool) {
	if s == 0 || s&(s-1) != 0 {
		return 0, false
	}
	return puzzle.Color(bits.TrailingZeros64(uint64(s))), true
}

// Len is the number of colours in s.
func (s Set) Len() int { return bits.OnesCount64(uint64(s)) }

// Min is the lowest colour in s (0 when s is empty).
func (s Set) Min() puzzle.Color {
	if s == 0 {
		return 0
	}
	return puzzle.Color(bits.TrailingZeros64(uint64(s)))
}

// String gives s as "{0,2}".
func (s Set) String() string {
	var sb strings.Builder
	sb.WriteByte('{')
	for d := s; d != 0; d &= d - 1 {
		if d != s {
			sb.WriteByte(',')
		}
		sb.WriteString(strconv.Itoa(bits.TrailingZeros64(uint64(d))))
	}
	sb.WriteByte('}')
	return sb.String()
}
