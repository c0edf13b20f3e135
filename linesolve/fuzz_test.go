package linesolve_test

import (
	"testing"

	"github.com/nonosat/nonosat/linesolve"
	"github.com/nonosat/nonosat/puzzle"
)

// FuzzLine reads a line problem from bytes and checks Line and Feasible
// against the brute-force oracle. Layout: n (mod 13), colours (mod 3, +1),
// blocks (mod 5), then two bytes per block (length mod 4 +1, colour), then
// one byte of domain per cell; missing bytes read as 0xff.
func FuzzLine(f *testing.F) {
	f.Add([]byte{5, 0, 2, 1, 0, 0, 0})
	f.Add([]byte{12, 2, 4, 3, 1, 0, 2, 2, 2, 1, 0, 0xff, 0x02, 0x05})
	f.Add([]byte{1, 1, 1, 0, 1, 0x02})
	f.Add([]byte{0, 0, 0})
	f.Add([]byte{9, 2, 3, 1, 1, 1, 2, 1, 1, 0x01, 0x01, 0x0e, 0x0f})
	f.Fuzz(func(t *testing.T, data []byte) {
		next := func() byte {
			if len(data) == 0 {
				return 0xff
			}
			b := data[0]
			data = data[1:]
			return b
		}
		n := int(next() % 13)
		m := int(next()%3) + 1
		k := int(next() % 5)
		clue := make(puzzle.Clue, k)
		for j := range clue {
			clue[j].Len = int(next()%4) + 1
			clue[j].Color = puzzle.Color(int(next())%m + 1)
		}
		cells := make([]linesolve.Set, n)
		for i := range cells {
			cells[i] = linesolve.Set(next()) & linesolve.All(m)
		}
		checkAgainstBrute(t, clue, cells)
	})
}
