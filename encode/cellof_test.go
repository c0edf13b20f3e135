package encode_test

import (
	"math/rand/v2"
	"testing"

	"github.com/nonosat/nonosat/cnf"
	"github.com/nonosat/nonosat/encode"
)

// TestCellOf checks CellOf against Cell on random puzzles of 1 to 4
// colours in each encoding: every cell literal's variable maps back to
// its cell, with a colour that makes the literal's sign right, and the
// other variables are no cell's.
func TestCellOf(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 22))
	for i := range 60 {
		p := randomPuzzle(rng, 1+rng.IntN(4))
		for _, k := range encode.Kinds() {
			e := mustEncode(t, p, encode.WithKind(k))
			cellOf := e.CellOf()
			isCell := make([]bool, e.Formula.NumVars+1)
			for r := range p.Height() {
				for c := range p.Width() {
					for _, v := range e.Values(r, c) {
						l, _ := e.Cell(r, c, v)
						gr, gc, gv, ok := cellOf(l.Var())
						if !ok || gr != r || gc != c || (gv == v) != l.IsPos() {
							t.Fatalf("case %d, %s: CellOf(%d) = %d, %d, %d, %v; Cell(%d, %d, %d) = %d", i, k, l.Var(), gr, gc, gv, ok, r, c, v, l)
						}
						isCell[l.Var()] = true
					}
				}
			}
			for v := 1; v <= e.Formula.NumVars; v++ {
				if _, _, _, ok := cellOf(cnf.Var(v)); ok != isCell[v] {
					t.Fatalf("case %d, %s: CellOf(%d) ok = %v, want %v", i, k, v, ok, isCell[v])
				}
			}
		}
	}
}
