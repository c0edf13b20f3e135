package linesolve_test

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/nonosat/nonosat/linesolve"
	"github.com/nonosat/nonosat/puzzle"
)

// parseCells reads one domain per character: '.' background, '#' colour
// 1, '?' background or colour 1, '*' anything of 3 colours, digits d the
// single colour d.
func parseCells(s string) []linesolve.Set {
	cells := make([]linesolve.Set, len(s))
	for i, ch := range s {
		switch {
		case ch == '.':
			cells[i] = linesolve.Of(0)
		case ch == '#':
			cells[i] = linesolve.Of(1)
		case ch == '?':
			cells[i] = linesolve.All(1)
		case ch == '*':
			cells[i] = linesolve.All(3)
		default:
			cells[i] = linesolve.Of(puzzle.Color(ch - '0'))
		}
	}
	return cells
}

func formatCells(cells []linesolve.Set) string {
	s := ""
	for _, d := range cells {
		s += d.String()
	}
	return s
}

var lineTests = []struct {
	name  string
	clue  puzzle.Clue
	cells string
	want  []linesolve.Set // nil: no placement
}{
	{"empty clue", nil, "???", parseCells("...")},
	{"empty clue, black cell", nil, "?#?", nil},
	{"empty clue, no cells", nil, "", []linesolve.Set{}},
	{"full line", puzzle.BW(3), "???", parseCells("###")},
	{"one cell", puzzle.BW(1), "?", parseCells("#")},
	{"one cell, white", puzzle.BW(1), ".", nil},
	{"too long", puzzle.BW(2, 2), "????", nil},
	{"exact fit", puzzle.BW(2, 1), "????", parseCells("##.#")},
	{"overlap", puzzle.BW(3), "????", parseCells("?##?")},
	{"touching colours", puzzle.Clue{{Len: 2, Color: 1}, {Len: 1, Color: 2}}, "***", parseCells("112")},
	{"same colour needs gap", puzzle.Clue{{Len: 2, Color: 2}, {Len: 1, Color: 2}}, "***", nil},
	{"colour missing from domains", puzzle.Clue{{Len: 1, Color: 2}}, "???", nil},
	{"zero-length block", puzzle.Clue{{Len: 0, Color: 1}}, "???", nil},
	{"background block", puzzle.Clue{{Len: 1, Color: 0}}, "???", nil},
	{"forced by a cell", puzzle.BW(1, 1), "?#???", []linesolve.Set{linesolve.Of(0), linesolve.Of(1), linesolve.Of(0), linesolve.All(1), linesolve.All(1)}},
}

func TestLine(t *testing.T) {
	t.Parallel()
	for _, tt := range lineTests {
		t.Run(tt.name, func(t *testing.T) {
			cells := parseCells(tt.cells)
			got, ok := linesolve.Line(tt.clue, cells)
			if tt.want == nil {
				if ok {
					t.Fatalf("Line(%v, %s) = %s, true, want no placement", tt.clue, tt.cells, formatCells(got))
				}
				return
			}
			if !ok || !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("Line(%v, %s) = %s, %v, want %s", tt.clue, tt.cells, formatCells(got), ok, formatCells(tt.want))
			}
		})
	}
}

// checkAgainstBrute compares Line and Feasible with the brute-force oracle.
func checkAgainstBrute(t *testing.T, clue puzzle.Clue, cells []linesolve.Set) {
	t.Helper()
	in := append([]linesolve.Set(nil), cells...)
	want, wantNodes, wantOK := bruteLine(clue, cells)
	got, ok := linesolve.Line(clue, cells)
	if !slices.Equal(cells, in) {
		t.Fatalf("Line(%v, %s) changed its input to %s", clue, formatCells(in), formatCells(cells))
	}
	if ok != wantOK || !reflect.DeepEqual(got, want) {
		t.Fatalf("Line(%v, %s) = %s, %v, want %s, %v", clue, formatCells(cells), formatCells(got), ok, formatCells(want), wantOK)
	}
	nodes, ok := linesolve.Feasible(clue, cells)
	if ok != wantOK {
		t.Fatalf("Feasible(%v, %s) ok = %v, want %v", clue, formatCells(cells), ok, wantOK)
	}
	if ok && !reflect.DeepEqual(nodes, wantNodes) {
		t.Fatalf("Feasible(%v, %s) = %v, want %v", clue, formatCells(cells), nodes, wantNodes)
	}
}

func TestLineBruteForce(t *testing.T) {
	t.Parallel()
	for _, m := range []int{1, 2, 3} {
		rng := rand.New(rand.NewPCG(uint64(m), 1))
		for range 4000 {
			n := rng.IntN(13)
			clue, truth := randomClue(rng, n, m)
			checkAgainstBrute(t, clue, randomDomains(rng, n, m, truth))
		}
	}
}

// TestLineBruteForceOpen runs clues of real lines over mostly undecided
// cells, where the answer has the most room to be wrong.
func TestLineBruteForceOpen(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(7, 7))
	for range 3000 {
		m := 1 + rng.IntN(3)
		n := 1 + rng.IntN(12)
		line := randomLine(rng, n, m)
		cells := make([]linesolve.Set, n)
		for i := range cells {
			cells[i] = linesolve.All(m)
			if rng.IntN(6) == 0 {
				cells[i] = linesolve.Set(1) << line[i]
			}
		}
		checkAgainstBrute(t, puzzle.LineClue(line), cells)
	}
}

func TestSet(t *testing.T) {
	t.Parallel()
	s := linesolve.Of(0, 2, 5)
	if !s.Has(2) || s.Has(1) || s.Has(200) || s.Len() != 3 || s.String() != "{0,2,5}" {
		t.Errorf("Of(0, 2, 5) = %v, Len %d", s, s.Len())
	}
	if c, ok := linesolve.Of(4).Single(); !ok || c != 4 {
		t.Errorf("Of(4).Single() = %d, %v, want 4, true", c, ok)
	}
	if _, ok := s.Single(); ok {
		t.Errorf("%v.Single() ok = true, want false", s)
	}
	if _, ok := linesolve.Set(0).Single(); ok {
		t.Errorf("{}.Single() ok = true, want false")
	}
	for _, tt := range []struct {
		n    int
		want linesolve.Set
	}{{1, 3}, {3, 15}, {62, 1<<63 - 1}, {63, ^linesolve.Set(0)}} {
		if got := linesolve.All(tt.n); got != tt.want {
			t.Errorf("All(%d) = %#x, want %#x", tt.n, uint64(got), uint64(tt.want))
		}
	}
	if linesolve.All(63).Len() != 64 || !linesolve.All(63).Has(puzzle.MaxColors) {
		t.Errorf("All(63) does not hold every colour")
	}
}

// TestLineManyColours uses colours up to 63, the top bit of a Set.
func TestLineManyColours(t *testing.T) {
	t.Parallel()
	clue := puzzle.Clue{{Len: 2, Color: 63}, {Len: 1, Color: 62}, {Len: 1, Color: 63}}
	cells := make([]linesolve.Set, 6)
	for i := range cells {
		cells[i] = linesolve.All(63)
	}
	checkAgainstBrute(t, clue, cells)
	got, ok := linesolve.Line(clue, cells)
	if !ok || !got[1].Has(63) || got[1].Has(62) {
		t.Errorf("Line(%v, all) = %v, %v", clue, got, ok)
	}
}

// TestAutomatonOracle checks the second oracle against the first.
func TestAutomatonOracle(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(12, 13))
	for range 3000 {
		m := 1 + rng.IntN(3)
		n := rng.IntN(13)
		clue, truth := randomClue(rng, n, m)
		cells := randomDomains(rng, n, m, truth)
		want, wantNodes, wantOK := bruteLine(clue, cells)
		got, gotNodes, ok := automatonLine(clue, cells)
		if ok != wantOK || !reflect.DeepEqual(got, want) || ok && !reflect.DeepEqual(gotNodes, wantNodes) {
			t.Fatalf("automatonLine(%v, %s) = %s, %v, want %s, %v", clue, formatCells(cells), formatCells(got), ok, formatCells(want), wantOK)
		}
	}
}

// checkAgainstAutomaton compares Line and Feasible with automatonLine.
func checkAgainstAutomaton(t *testing.T, clue puzzle.Clue, cells []linesolve.Set) {
	t.Helper()
	want, wantNodes, wantOK := automatonLine(clue, cells)
	got, ok := linesolve.Line(clue, cells)
	if ok != wantOK || !reflect.DeepEqual(got, want) {
		t.Fatalf("n=%d: Line(%v, %s) = %s, %v, want %s, %v", len(cells), clue, formatCells(cells), formatCells(got), ok, formatCells(want), wantOK)
	}
	nodes, ok := linesolve.Feasible(clue, cells)
	if ok != wantOK || ok && !reflect.DeepEqual(nodes, wantNodes) {
		t.Fatalf("n=%d: Feasible(%v, %s) differs from the automaton oracle", len(cells), clue, formatCells(cells))
	}
}

// TestLineLong checks lines of up to 300 cells (several bitset words,
// blocks and runs across word boundaries) against the automaton oracle.
func TestLineLong(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(14, 15))
	for i := range 1500 {
		m := 1 + rng.IntN(3)
		if i%5 == 4 {
			m = 4 + rng.IntN(6) // colours 8 and 9 leave the 8-cells-at-a-time conversion
		}
		n := 1 + rng.IntN(300)
		if i%3 == 0 {
			n = 60 + rng.IntN(10) // around the one-word limit
		}
		line := make([]puzzle.Color, n)
		density := rng.Float64()
		maxRun := 1 + rng.IntN(100)
		for j := 0; j < n; {
			r := 1 + rng.IntN(maxRun)
			var c puzzle.Color
			if rng.Float64() < density {
				c = puzzle.Color(1 + rng.IntN(m))
			}
			for ; r > 0 && j < n; r-- {
				line[j] = c
				j++
			}
		}
		clue := puzzle.LineClue(line)
		if rng.IntN(10) == 0 && len(clue) > 0 {
			clue[rng.IntN(len(clue))].Len++ // may no longer fit the domains
		}
		cells := make([]linesolve.Set, n)
		fixed := rng.IntN(4) // 0: open line; else about 1 in 2..4 cells fixed
		for j := range cells {
			cells[j] = linesolve.All(m)
			if fixed > 0 && rng.IntN(fixed+1) == 0 {
				cells[j] = linesolve.Of(line[j])
			}
			if rng.IntN(50) == 0 {
				cells[j] &^= linesolve.Of(puzzle.Color(rng.IntN(m + 1)))
			}
		}
		checkAgainstAutomaton(t, clue, cells)
	}
}
