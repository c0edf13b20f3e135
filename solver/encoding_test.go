package solver_test

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/nonosat/nonosat/encode"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/solver"
)

func TestEncode(t *testing.T) {
	t.Parallel()
	for _, p := range append(samplePuzzles(), fakePuzzle()) {
		for _, o := range []solver.Options{{}, {NoPresolve: true}} {
			e1, e2 := solver.Encode(p, o), solver.Encode(p, o)
			if !reflect.DeepEqual(e1.Formula, e2.Formula) {
				t.Fatalf("Encode(%s, %+v) twice gives two formulas", p.Title, o)
			}
			var b1, b2 bytes.Buffer
			if err := e1.WriteDIMACS(&b1, p, encode.DIMACSOptions{}); err != nil {
				t.Fatal(err)
			}
			if err := e2.WriteDIMACS(&b2, p, encode.DIMACSOptions{}); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(b1.Bytes(), b2.Bytes()) {
				t.Fatalf("Encode(%s, %+v) twice gives two headers", p.Title, o)
			}
			if o.NoPresolve && e1.NumFixed() == p.Width()*p.Height() {
				t.Errorf("Encode(%s, NoPresolve) fixes every cell", p.Title)
			}
		}
	}
	// Line solving finishes the plus sign: every cell is fixed.
	p := fakePuzzle()
	if e := solver.Encode(p, solver.Options{}); e.NumFixed() != 9 {
		t.Errorf("Encode(plus sign) fixes %d cells, want 9", e.NumFixed())
	}
	// Clues line solving refutes still give the plain encoding.
	bad := puzzle.New([][]int{{2}, {}}, [][]int{{1}, {1}})
	if e := solver.Encode(bad, solver.Options{}); e.Width() != 2 || e.Height() != 2 || len(e.Formula.Clauses) == 0 {
		t.Errorf("Encode(contradiction) = %dx%d with %d clauses", e.Width(), e.Height(), len(e.Formula.Clauses))
	}
}
