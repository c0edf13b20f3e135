package encode_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/nonosat/nonosat/cnf"
	"github.com/nonosat/nonosat/encode"
	"github.com/nonosat/nonosat/linesolve"
	"github.com/nonosat/nonosat/puzzle"
)

func TestParseKind(t *testing.T) {
	tests := []struct {
		in      string
		want    encode.Kind
		wantErr bool
	}{
		{"", encode.Path, false},
		{"path", encode.Path, false},
		{"classic", encode.Classic, false},
		{"order", encode.Order, false},
		{"Path", "", true},
		{"e3", "", true},
	}
	for _, tt := range tests {
		got, err := encode.ParseKind(tt.in)
		if got != tt.want || (err != nil) != tt.wantErr {
			t.Errorf("ParseKind(%q) = %q, %v; want %q, error %v", tt.in, got, err, tt.want, tt.wantErr)
		}
		if err != nil && !errors.Is(err, encode.ErrKind) {
			t.Errorf("ParseKind(%q) error = %v, want ErrKind", tt.in, err)
		}
	}
	for _, k := range encode.Kinds() {
		if got, err := encode.ParseKind(string(k)); got != k || err != nil {
			t.Errorf("ParseKind(%q) = %q, %v", k, got, err)
		}
	}
}

func TestWithKindUnknownPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("Puzzle(WithKind(\"bogus\")) did not panic")
		}
	}()
	encode.Puzzle(cross(), encode.WithKind("bogus"))
}

// TestKindsExact checks every encoding against puzzle.Check on small
// puzzles, grid by grid: the formula with a grid's cell literals set must
// be satisfiable exactly when the grid solves the puzzle (and fits the
// cell domains given). Puzzles come from random grids, some with a row
// clue swapped for another line's (often unsatisfiable), and are encoded
// plain, and with random cell domains and the exact line solver's nodes.
func TestKindsExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	cases := 60
	if testing.Short() {
		cases = 15
	}
	for i := range cases {
		colors := 1 + rng.IntN(3)
		h, w := 1+rng.IntN(4), 1+rng.IntN(4)
		for pow(colors+1, h*w) > 1<<12 { // grids to enumerate
			if h > w {
				h--
			} else {
				w--
			}
		}
		p := puzzle.FromGrid(randomGrid(rng, h, w, colors), kindPalette(colors))
		p.Goal = nil
		if i%3 == 2 { // another line's clue in row 0
			line := make([]puzzle.Color, w)
			for c := range line {
				line[c] = puzzle.Color(rng.IntN(colors + 1))
			}
			p.Rows[0] = puzzle.LineClue(line)
			if p.Validate() != nil {
				continue
			}
		}
		var dom encode.Domains
		if i%2 == 1 {
			dom = make(encode.Domains, h)
			for r := range dom {
				dom[r] = make([]uint64, w)
				for c := range dom[r] {
					all := uint64(1)<<(colors+1) - 1
					dom[r][c] = all
					if rng.IntN(3) == 0 {
						dom[r][c] &^= 1 << rng.IntN(colors+1)
					}
				}
			}
		}
		for _, k := range encode.Kinds() {
			opts := []encode.Option{encode.WithKind(k)}
			if dom != nil {
				opts = append(opts, encode.WithDomains(dom), encode.WithNodes(feasible))
			}
			e := mustEncode(t, p, opts...)
			want, got := 0, 0
			forEachGrid(h, w, colors, func(g puzzle.Grid) {
				ok := puzzle.Check(p, g) == nil && inDomains(g, dom)
				if ok {
					want++
				}
				if sat(e, g) {
					got++
					if !ok {
						t.Fatalf("case %d, %s: encoding accepts a grid that is no solution\n%v\nclues %v / %v", i, k, g, p.Rows, p.Cols)
					}
				} else if ok {
					t.Fatalf("case %d, %s: encoding rejects solution\n%v", i, k, g)
				}
			})
			if got != want {
				t.Fatalf("case %d, %s: %d grids accepted, want %d", i, k, got, want)
			}
		}
	}
}

// TestKindsSizes pins the one size relation that holds without doubt
// (see encode/ENCODINGS.md): the order encoding has the fewest clauses.
func TestKindsSizes(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for _, colors := range []int{1, 3} {
		p := puzzle.FromGrid(randomGrid(rng, 20, 20, colors), kindPalette(colors))
		size := map[encode.Kind]int{}
		for _, k := range encode.Kinds() {
			size[k] = len(mustEncode(t, p, encode.WithKind(k)).Formula.Clauses)
		}
		if size[encode.Order] >= min(size[encode.Path], size[encode.Classic]) {
			t.Errorf("%d colours: clauses: order %d, path %d, classic %d; want order smallest", colors, size[encode.Order], size[encode.Path], size[encode.Classic])
		}
	}
}

func feasible(clue puzzle.Clue, cells []uint64) (start, gap [][]bool, ok bool) {
	d := make([]linesolve.Set, len(cells))
	for i, c := range cells {
		d[i] = linesolve.Set(c)
	}
	n, ok := linesolve.Feasible(clue, d)
	return n.Start, n.Gap, ok
}

func kindPalette(colors int) []puzzle.Swatch {
	p := puzzle.BlackWhite()
	for i := 2; i <= colors; i++ {
		p = append(p, puzzle.Swatch{Name: fmt.Sprintf("c%d", i), Char: rune('a' + i)})
	}
	return p
}

func randomGrid(rng *rand.Rand, h, w, colors int) puzzle.Grid {
	g := puzzle.NewGrid(h, w)
	for r := range g {
		for c := range g[r] {
			if rng.IntN(2) == 0 {
				g[r][c] = puzzle.Color(1 + rng.IntN(colors))
			}
		}
	}
	return g
}

func pow(a, b int) int {
	n := 1
	for range b {
		n *= a
	}
	return n
}

// forEachGrid calls f with every h×w grid over colours 0..colors (the same
// grid, refilled).
func forEachGrid(h, w, colors int, f func(puzzle.Grid)) {
	g := puzzle.NewGrid(h, w)
	var rec func(i int)
	rec = func(i int) {
		if i == h*w {
			f(g)
			return
		}
		for v := range colors + 1 {
			g[i/w][i%w] = puzzle.Color(v)
			rec(i + 1)
		}
	}
	rec(0)
}

func inDomains(g puzzle.Grid, d encode.Domains) bool {
	if d == nil {
		return true
	}
	for r := range g {
		for c, v := range g[r] {
			if d[r][c]&(1<<v) == 0 {
				return false
			}
		}
	}
	return true
}

// sat reports whether e's formula has a model that decodes to g, by DPLL
// with g's cell literals as units.
func sat(e *encode.Encoding, g puzzle.Grid) bool {
	d := &dpll{f: &e.Formula, val: make([]int8, e.Formula.NumVars+1)}
	for r := range g {
		for c, v := range g[r] {
			l, ok := e.Cell(r, c, v)
			if !ok || d.value(l) < 0 {
				return false
			}
			d.set(l)
		}
	}
	return d.solve()
}

// dpll is a minimal DPLL solver for test oracles: unit propagation by
// scanning every clause, branching on the lowest open variable.
type dpll struct {
	f     *cnf.Formula
	val   []int8 // by variable: 1 true, -1 false, 0 open
	trail []cnf.Var
}

func (d *dpll) value(l cnf.Lit) int8 {
	v := d.val[l.Var()]
	if !l.IsPos() {
		v = -v
	}
	return v
}

func (d *dpll) set(l cnf.Lit) {
	d.val[l.Var()] = 1
	if !l.IsPos() {
		d.val[l.Var()] = -1
	}
	d.trail = append(d.trail, l.Var())
}

func (d *dpll) undo(mark int) {
	for _, v := range d.trail[mark:] {
		d.val[v] = 0
	}
	d.trail = d.trail[:mark]
}

func (d *dpll) propagate() bool {
	for changed := true; changed; {
		changed = false
	clauses:
		for _, cl := range d.f.Clauses {
			open, last := 0, cnf.Lit(0)
			for _, l := range cl {
				switch d.value(l) {
				case 1:
					continue clauses
				case 0:
					open++
					last = l
				}
			}
			switch open {
			case 0:
				return false
			case 1:
				d.set(last)
				changed = true
			}
		}
	}
	return true
}

func (d *dpll) solve() bool {
	mark := len(d.trail)
	if !d.propagate() {
		d.undo(mark)
		return false
	}
	for v := 1; v < len(d.val); v++ {
		if d.val[v] != 0 {
			continue
		}
		for _, l := range []cnf.Lit{cnf.Var(v).Pos(), cnf.Var(v).Neg()} {
			m := len(d.trail)
			d.set(l)
			if d.solve() {
				return true
			}
			d.undo(m)
		}
		d.undo(mark)
		return false
	}
	return true
}
