package encode_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/nonosat/nonosat/cnf"
	"github.com/nonosat/nonosat/decode"
	"github.com/nonosat/nonosat/encode"
	"github.com/nonosat/nonosat/puzzle"
)

// cross is the 3x3 plus sign.
func cross() *puzzle.Puzzle {
	p := puzzle.New([][]int{{1}, {3}, {1}}, [][]int{{1}, {3}, {1}})
	p.Title = "Cross"
	p.Goal = puzzle.Grid{{0, 1, 0}, {1, 1, 1}, {0, 1, 0}}
	return p
}

func TestHeaderCross(t *testing.T) {
	p := cross()
	e := mustEncode(t, p)
	got := strings.Join(e.Header(p), "\n")
	want := `nonosat dimacs 1
title "Cross"
width 3
height 3
palette 0 white #ffffff .
palette 1 black #000000 #
row 1 1
row 2 3
row 3 1
col 1 1
col 2 3
col 3 1
cell 1 1 1 1
cell 1 2 1 2
cell 1 3 1 3
cell 2 1 1 4
cell 2 2 1 5
cell 2 3 1 6
cell 3 1 1 7
cell 3 2 1 8
cell 3 3 1 9`
	if got != want {
		t.Errorf("Header(cross) =\n%s\nwant\n%s", got, want)
	}
}

// colourPuzzle is example B of docs/formats.md: 4 wide, 3 high, black and red.
func colourPuzzle() *puzzle.Puzzle {
	g := puzzle.Grid{{2, 2, 1, 0}, {0, 1, 1, 0}, {2, 0, 1, 1}}
	pal := []puzzle.Swatch{puzzle.White, {Name: "black", Char: 'X'}, {Name: "dark red", RGB: puzzle.RGB{R: 0x80}, Char: 'r'}}
	p := puzzle.FromGrid(g, pal)
	p.Title = `Example "B"`
	return p
}

func TestHeaderColour(t *testing.T) {
	p := colourPuzzle()
	e := mustEncode(t, p)
	h := e.Header(p)
	for _, want := range []string{
		`title "Example \"B\""`,
		"palette 1 black #000000 X",
		`palette 2 "dark red" #800000 r`,
		"row 1 2:2 1",
		"col 4 1",
	} {
		if !contains(h, want) {
			t.Errorf("Header(example B) has no line %q:\n%s", want, strings.Join(h, "\n"))
		}
	}
	// Cell (1, 4) may be white or black (its row and column clues allow
	// nothing else): one line per colour.
	var lines []string
	for _, l := range h {
		if strings.HasPrefix(l, "cell 1 4 ") {
			lines = append(lines, l)
		}
	}
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "cell 1 4 0 ") || !strings.HasPrefix(lines[1], "cell 1 4 1 ") {
		t.Errorf("Header(example B) cell 1 4 lines = %q, want one for colour 0 and one for colour 1", lines)
	}
}

func contains(lines []string, s string) bool {
	for _, l := range lines {
		if l == s {
			return true
		}
	}
	return false
}

// fixSome returns domains fixing about a third of the cells of p to their
// goal colours, and leaving the others open.
func fixSome(rng *rand.Rand, p *puzzle.Puzzle) encode.Domains {
	all := uint64(1)<<(p.NumColors()+1) - 1
	d := make(encode.Domains, p.Height())
	for r := range d {
		d[r] = make([]uint64, p.Width())
		for c := range d[r] {
			d[r][c] = all
			if rng.IntN(3) == 0 {
				d[r][c] = 1 << p.Goal[r][c]
			}
		}
	}
	return d
}

func randomPuzzle(rng *rand.Rand, colors int) *puzzle.Puzzle {
	h, w := 1+rng.IntN(8), 1+rng.IntN(8)
	pal := puzzle.BlackWhite()
	for k := 2; k <= colors; k++ {
		pal = append(pal, puzzle.Swatch{Name: fmt.Sprintf("colour %d", k), Char: rune('a' + k)})
	}
	g := puzzle.NewGrid(h, w)
	for r := range g {
		for c := range g[r] {
			if rng.IntN(2) == 0 {
				g[r][c] = puzzle.Color(1 + rng.IntN(colors))
			}
		}
	}
	p := puzzle.FromGrid(g, pal)
	p.Title = fmt.Sprintf("random %dx%d", w, h)
	return p
}

// gridModel returns a model in which every cell of e has its colour in g
// where e allows it, fixed cells their fixed colour, and the other
// variables are random.
func gridModel(rng *rand.Rand, e *encode.Encoding, g puzzle.Grid) cnf.Model {
	m := make(cnf.Model, e.Formula.NumVars)
	for i := range m {
		m[i] = rng.IntN(2) == 0
	}
	set := func(l cnf.Lit, b bool) { m[l.Var()-1] = b == l.IsPos() }
	for r := range e.Height() {
		for c := range e.Width() {
			if v, ok := e.Fixed(r, c); ok { // a model satisfies the units
				l, _ := e.Cell(r, c, v)
				set(l, true)
				continue
			}
			for _, v := range e.Values(r, c) {
				l, _ := e.Cell(r, c, v)
				set(l, false)
			}
			if l, ok := e.Cell(r, c, g[r][c]); ok {
				set(l, true)
			}
		}
	}
	return m
}

func TestHeaderRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	ps := []*puzzle.Puzzle{cross(), colourPuzzle()}
	for i := range 30 {
		ps = append(ps, randomPuzzle(rng, 1+i%4))
	}
	for i, p := range ps {
		for _, fixed := range []bool{false, true} {
			for _, noUnits := range []bool{false, true} {
				name := fmt.Sprintf("%d %s fixed=%v no-units=%v", i, p.Title, fixed, noUnits)
				t.Run(name, func(t *testing.T) {
					var opts []encode.Option
					if fixed {
						opts = append(opts, encode.WithDomains(fixSome(rng, p)))
					}
					e := mustEncode(t, p, opts...)
					roundTrip(t, rng, p, e, noUnits)
				})
			}
		}
	}
}

func roundTrip(t *testing.T, rng *rand.Rand, p *puzzle.Puzzle, e *encode.Encoding, noUnits bool) {
	t.Helper()
	var buf bytes.Buffer
	if err := e.WriteDIMACS(&buf, p, encode.DIMACSOptions{NoUnits: noUnits}); err != nil {
		t.Fatal(err)
	}
	f, comments, err := cnf.ReadDIMACS(&buf)
	if err != nil {
		t.Fatalf("ReadDIMACS(WriteDIMACS) error = %v", err)
	}
	m, err := decode.ParseHeader(comments)
	if err != nil {
		t.Fatalf("ParseHeader(WriteDIMACS) error = %v\n%s", err, strings.Join(comments, "\n"))
	}
	if m.Title != p.Title || m.Width != p.Width() || m.Height != p.Height() || m.Blocked != 0 {
		t.Errorf("ParseHeader gives %q %dx%d blocked %d, want %q %dx%d blocked 0", m.Title, m.Width, m.Height, m.Blocked, p.Title, p.Width(), p.Height())
	}
	if !reflect.DeepEqual(m.Palette, p.Palette) {
		t.Errorf("ParseHeader palette = %v, want %v", m.Palette, p.Palette)
	}
	q := m.Puzzle()
	if q == nil || !equalClues(q.Rows, p.Rows) || !equalClues(q.Cols, p.Cols) {
		t.Errorf("ParseHeader clues = %v, want rows %v columns %v", q, p.Rows, p.Cols)
	}
	if int(m.MaxVar()) > f.NumVars {
		t.Errorf("ParseHeader MaxVar = %d, formula has %d variables", m.MaxVar(), f.NumVars)
	}
	wantClauses := len(e.Formula.Clauses)
	if noUnits {
		wantClauses -= e.NumFixed()
	}
	if len(f.Clauses) != wantClauses {
		t.Errorf("WriteDIMACS(NoUnits %v) wrote %d clauses, want %d", noUnits, len(f.Clauses), wantClauses)
	}
	fixedLines := 0
	for _, c := range comments {
		if strings.HasPrefix(c, "fixed ") {
			fixedLines++
		}
	}
	if want := map[bool]int{false: 0, true: e.NumFixed()}[noUnits]; fixedLines != want {
		t.Errorf("WriteDIMACS(NoUnits %v) wrote %d fixed lines, want %d", noUnits, fixedLines, want)
	}
	// Decoding through the header agrees with decode.Grid: on models that
	// give each cell one colour (the goal, other grids), and, in black and
	// white, on any model at all.
	for range 20 {
		g := randomPuzzle(rng, p.NumColors()).Goal
		if len(g) != p.Height() || len(g[0]) != p.Width() {
			g = p.Goal
		}
		model := gridModel(rng, e, g)
		if got, want := m.Grid(model), decode.Grid(e, model); !got.Equal(want) {
			t.Fatalf("Map.Grid(model) =\n%v, decode.Grid =\n%v", got, want)
		}
		if p.NumColors() == 1 {
			for i := range model {
				model[i] = rng.IntN(2) == 0
			}
			for r := range e.Height() {
				for c := range e.Width() {
					if v, ok := e.Fixed(r, c); ok {
						l, _ := e.Cell(r, c, v)
						model[l.Var()-1] = l.IsPos()
					}
				}
			}
			if got, want := m.Grid(model), decode.Grid(e, model); !got.Equal(want) {
				t.Fatalf("Map.Grid(random model) =\n%v, decode.Grid =\n%v", got, want)
			}
		}
	}
}

func equalClues(a, b []puzzle.Clue) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !a[i].Equal(b[i]) && !(len(a[i]) == 0 && len(b[i]) == 0) {
			return false
		}
	}
	return true
}

func TestWriteDIMACSBlock(t *testing.T) {
	p := cross()
	e := mustEncode(t, p)
	var buf bytes.Buffer
	if err := e.WriteDIMACS(&buf, p, encode.DIMACSOptions{Block: []puzzle.Grid{p.Goal, puzzle.NewGrid(3, 3)}}); err != nil {
		t.Fatal(err)
	}
	f, comments, err := cnf.ReadDIMACS(&buf)
	if err != nil {
		t.Fatal(err)
	}
	n := len(e.Formula.Clauses)
	block, ok := e.Block(p.Goal)
	if !ok || len(f.Clauses) != n+2 || !reflect.DeepEqual(f.Clauses[n], block) {
		t.Fatalf("WriteDIMACS(Block goal) clauses %d, last %v, want %d, last %v (%v)", len(f.Clauses), f.Clauses[len(f.Clauses)-1], n+2, block, ok)
	}
	m, err := decode.ParseHeader(comments)
	if err != nil || m.Blocked != 2 {
		t.Fatalf("ParseHeader(blocked twice) = %+v, %v, want Blocked 2", m, err)
	}

	for _, g := range []puzzle.Grid{puzzle.NewGrid(3, 2), puzzle.NewGrid(2, 3), {{0, 0, 0}, {0, 0}, {0, 0, 0}}} {
		if err := e.WriteDIMACS(&buf, p, encode.DIMACSOptions{Block: []puzzle.Grid{g}}); err == nil {
			t.Errorf("WriteDIMACS(Block %v) = nil, want a size error", g)
		}
	}
	if err := e.WriteDIMACS(&buf, colourPuzzle(), encode.DIMACSOptions{}); err == nil {
		t.Error("WriteDIMACS with another puzzle's size = nil, want an error")
	}
}

// TestWithText: the DIMACS text of an encoding made WithText is byte for
// byte what the same puzzle's encoding without it writes, with and without
// domains, blocking clauses and colours, contradictory clues included;
// and NoUnits, which needs the clause list, is refused.
func TestWithText(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 19))
	ps := []*puzzle.Puzzle{cross(), colourPuzzle(), puzzle.New([][]int{{1, 1}, {1}, {}}, [][]int{{2}, {1}, {}})}
	for range 60 {
		ps = append(ps, randomPuzzle(rng, 1+rng.IntN(4)))
	}
	for i, p := range ps {
		var opts []encode.Option
		if p.Goal != nil && i%2 == 1 {
			opts = append(opts, encode.WithDomains(fixSome(rng, p)))
		}
		for _, kind := range []encode.Kind{encode.Path, encode.Classic, encode.Order} {
			o := append(opts[:len(opts):len(opts)], encode.WithKind(kind))
			e, et := mustEncode(t, p, o...), mustEncode(t, p, append(o, encode.WithText())...)
			var do encode.DIMACSOptions
			if p.Goal != nil && i%3 != 0 {
				do.Block = []puzzle.Grid{p.Goal}
			}
			var want, got bytes.Buffer
			werr, gerr := e.WriteDIMACS(&want, p, do), et.WriteDIMACS(&got, p, do)
			if (werr == nil) != (gerr == nil) || !bytes.Equal(want.Bytes(), got.Bytes()) {
				t.Fatalf("puzzle %d (%s): WithText writes\n%s(%v)\nwithout it\n%s(%v)", i, kind, got.Bytes(), gerr, want.Bytes(), werr)
			}
			if len(et.Formula.Clauses) != 0 || et.Formula.NumVars != e.Formula.NumVars {
				t.Fatalf("puzzle %d: WithText's Formula has %d clauses, %d variables; want none, %d", i, len(et.Formula.Clauses), et.Formula.NumVars, e.Formula.NumVars)
			}
		}
	}
	if err := mustEncode(t, cross(), encode.WithText()).WriteDIMACS(&bytes.Buffer{}, cross(), encode.DIMACSOptions{NoUnits: true}); err == nil {
		t.Error("WithText: WriteDIMACS with NoUnits succeeds")
	}
}
