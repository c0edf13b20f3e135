package encode_test

import (
	"testing"

	"github.com/nonosat/nonosat/encode"
	"github.com/nonosat/nonosat/puzzle"
)

func TestBlock(t *testing.T) {
	// Rows 1 / 1 / empty, columns 1 / 1: the last row is fixed white when
	// the encoding is given that domain.
	p := puzzle.New([][]int{{1}, {1}, {}}, [][]int{{1}, {1}})
	all := uint64(3)
	d := encode.Domains{{all, all}, {all, all}, {1, 1}}
	e := mustEncode(t, p, encode.WithDomains(d))
	sol := puzzle.Grid{{1, 0}, {0, 1}, {0, 0}}
	cl, ok := e.Block(sol)
	if !ok || len(cl) != 4 {
		t.Fatalf("Block(solution) = %v, %v; want 4 literals (the open cells)", cl, ok)
	}
	bad := puzzle.Grid{{1, 0}, {0, 1}, {1, 0}} // differs in a fixed cell
	if cl, ok := e.Block(bad); ok {
		t.Errorf("Block(grid against a fixed cell) = %v, true; want nothing to block", cl)
	}
	colour := puzzle.Grid{{2, 0}, {0, 1}, {0, 0}} // a colour the puzzle lacks
	if cl, ok := e.Block(colour); ok {
		t.Errorf("Block(grid with colour 2) = %v, true; want nothing to block", cl)
	}
}
