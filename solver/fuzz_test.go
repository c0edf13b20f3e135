package solver_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/solver"
)

// fuzzGrid turns fuzz input into a grid of at most 6x6 cells with at most
// 4 colours: data[0] and data[1] give the height and width, the high bits
// of data[2] the number of colours, and the bytes after data[3] the cells
// (missing ones are background). It also returns data[2]'s low bits and
// data[3], which choose how to solve.
func fuzzGrid(data []byte) (g puzzle.Grid, colors int, mode, limit byte, ok bool) {
	if len(data) < 4 {
		return nil, 0, 0, 0, false
	}
	h, w := 1+int(data[0])%6, 1+int(data[1])%6
	colors = 1 + int(data[2]>>4)%4
	g = puzzle.NewGrid(h, w)
	cells := data[4:]
	for i := range h * w {
		if i < len(cells) {
			g[i/w][i%w] = puzzle.Color(int(cells[i]) % (colors + 1))
		}
	}
	return g, colors, data[2] & 0x0f, data[3], true
}

func fuzzPalette(colors int) []puzzle.Swatch {
	p := puzzle.BlackWhite()
	for i := 2; i <= colors; i++ {
		p = append(p, puzzle.Swatch{Name: fmt.Sprintf("c%d", i), Char: rune('a' + i)})
	}
	return p
}

// FuzzPipeline draws a small grid, makes its clues (no goal), solves them
// and wants every solution to pass Check, no solution twice, and, when the
// search was complete, the original grid among them and the verdict that
// the count gives. Solving again with presolve switched the other way, and
// in some runs with gini, must give the same count.
func FuzzPipeline(f *testing.F) {
	f.Add([]byte{4, 4, 0x00, 0, 1, 0, 1, 0, 0, 1, 0, 1, 1, 0, 1, 0, 0, 1, 0, 1}) // checkerboard: many solutions
	f.Add([]byte{2, 2, 0x00, 0, 1, 0, 0, 1})                                     // a diagonal: two solutions
	f.Add([]byte{5, 5, 0x11, 1, 1, 2, 0, 2, 1, 2, 2, 1, 0, 0, 1, 1, 2, 2, 0, 2, 1, 0, 1, 2, 0, 0, 1, 2, 1})
	f.Add([]byte{3, 3, 0x32, 2, 1, 2, 3, 4, 0, 1, 2, 3, 4})
	f.Add([]byte{0, 5, 0x23, 3, 1, 1, 0, 1, 1, 1})
	f.Add([]byte{5, 5, 0x00, 0}) // all background
	f.Fuzz(func(t *testing.T, data []byte) {
		g, colors, mode, limitByte, ok := fuzzGrid(data)
		if !ok {
			return
		}
		p := puzzle.FromGrid(g, fuzzPalette(colors))
		p.Goal = nil
		if err := p.Validate(); err != nil {
			t.Fatalf("clues of grid\n%v fail Validate: %v", g, err)
		}
		// Max: every solution for grids up to 16 cells, else a limit
		// (a 6x6 grid can have hundreds of solutions).
		limit := -1
		if len(g)*len(g[0]) > 16 || limitByte&0x80 != 0 {
			limit = 1 + int(limitByte)%64
		}
		o := solver.Options{Max: limit, NoPresolve: mode&1 != 0}
		ctx := context.Background()
		res, err := solver.Solve(ctx, p, o)
		if err != nil {
			t.Fatalf("Solve(%v) error = %v", o, err)
		}
		found := false
		for i, s := range res.Solutions {
			if err := puzzle.Check(p, s); err != nil {
				t.Fatalf("solution %d fails Check: %v\n%v", i+1, err, s)
			}
			for _, u := range res.Solutions[:i] {
				if u.Equal(s) {
					t.Fatalf("solution %d given twice:\n%v", i+1, s)
				}
			}
			found = found || s.Equal(g)
		}
		n := len(res.Solutions)
		switch {
		case n == 0:
			t.Fatalf("Solve found no solution; grid\n%v is one (verdict %s)", g, res.Verdict)
		case res.Complete && !found:
			t.Fatalf("Solve found all %d solutions, but not the grid\n%v", n, g)
		case !res.Complete && n != limit:
			t.Fatalf("Solve stopped at %d solutions, incomplete, limit %d", n, limit)
		case res.Complete && n == 1 && res.Verdict != solver.Unique,
			n >= 2 && res.Verdict != solver.Multiple,
			n == 1 && !res.Complete && res.Verdict != solver.Solved:
			t.Fatalf("Solve verdict %s with %d solutions, complete %v", res.Verdict, n, res.Complete)
		}

		// The same count another way: without presolve (or with it), or
		// with gini.
		o2 := o
		o2.NoPresolve = !o.NoPresolve
		if mode&2 != 0 {
			o2.Backend = "gini"
		}
		res2, err := solver.Solve(ctx, p, o2)
		if err != nil {
			t.Fatalf("Solve(%v) error = %v", o2, err)
		}
		// Only the Complete flag may differ, when the limit was reached:
		// line solving can prove that the one solution is all there is.
		if len(res2.Solutions) != n || limit < 0 && !res2.Complete {
			t.Fatalf("Solve(%v) found %d solutions (complete %v), Solve(%v) %d (complete %v)",
				o, n, res.Complete, o2, len(res2.Solutions), res2.Complete)
		}
	})
}
