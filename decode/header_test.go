package decode_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/nonosat/nonosat/cnf"
	"github.com/nonosat/nonosat/decode"
	"github.com/nonosat/nonosat/encode"
	"github.com/nonosat/nonosat/puzzle"
)

// validHeader is the cross's header with units left out for the middle
// cell.
const validHeader = `c written by hand
nonosat dimacs 1
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
fixed 2 2 1
cell 2 3 1 6
cell 3 1 1 7
cell 3 2 1 8
cell 3 3 1 9
something a later nonosat may write`

func TestParseHeaderValid(t *testing.T) {
	m, err := decode.ParseHeader(strings.Split(validHeader, "\n"))
	if err != nil {
		t.Fatal(err)
	}
	model := cnf.Model{false, true, false, true, false, true, false, true, false}
	want := puzzle.Grid{{0, 1, 0}, {1, 1, 1}, {0, 1, 0}}
	if g := m.Grid(model); !g.Equal(want) {
		t.Errorf("Map.Grid =\n%v, want\n%v", g, want)
	}
	if err := puzzle.Check(m.Puzzle(), want); err != nil {
		t.Errorf("Check(header's puzzle, cross) = %v", err)
	}
	// No clues, no palette: black and white, and Puzzle is nil.
	var short []string
	for _, l := range strings.Split(validHeader, "\n") {
		if !strings.HasPrefix(l, "row") && !strings.HasPrefix(l, "col") && !strings.HasPrefix(l, "palette") {
			short = append(short, l)
		}
	}
	m, err = decode.ParseHeader(short)
	if err != nil {
		t.Fatal(err)
	}
	if m.Puzzle() != nil || len(m.Palette) != 2 || !m.Grid(model).Equal(want) {
		t.Errorf("ParseHeader(no clues, no palette) = %+v, want no puzzle, black and white", m)
	}
}

var parseHeaderErrors = []struct {
	name, edit, with string // replace edit in validHeader with with
	err              string
}{
	{"no header", "nonosat dimacs 1", "hello", `bad nonosat header: no "nonosat dimacs 1" line (the CNF was not written by nonosat dimacs)`},
	{"newer version", "nonosat dimacs 1", "nonosat dimacs 2", `line 2: bad nonosat header: header "nonosat dimacs 2", want "nonosat dimacs 1" (a newer nonosat wrote it?)`},
	{"bad quote", `title "Cross"`, `title "Cross`, `line 3: bad nonosat header: bad quoted string "Cross`},
	{"two titles", `title "Cross"`, "title a\ntitle b", `line 4: bad nonosat header: second "title" line`},
	{"title words", `title "Cross"`, "title Big Cross", `line 3: bad nonosat header: want "title TEXT", have "title Big Cross"`},
	{"width word", "width 3", "width three", `line 4: bad nonosat header: width: "three" is not a number`},
	{"width zero", "width 3", "width 0", "line 4: bad nonosat header: width: 0 is not in 1..1000"},
	{"huge height", "height 3", "height 100000", "line 5: bad nonosat header: height: 100000 is not in 1..1000"},
	{"palette order", "palette 1 black", "palette 2 black", "line 7: bad nonosat header: palette 2, want 1 next"},
	{"palette rgb", "#000000 #", "#0000 #", `line 7: bad nonosat header: colour "#0000": want 3 or 6 hex digits`},
	{"palette char", "#000000 #", "#000000 ##", `line 7: bad nonosat header: palette 1: character "##" is not one character`},
	{"palette late", "cell 3 3 1 9", "cell 3 3 1 9\npalette 2 red #ff0000 r", "line 23: bad nonosat header: palette after the first cell or clue"},
	{"width late", "cell 3 3 1 9", "cell 3 3 1 9\nwidth 4", "line 23: bad nonosat header: width after the first cell or clue"},
	{"row range", "row 3 1", "row 4 1", "line 10: bad nonosat header: row: 4 is not in 1..3"},
	{"row twice", "row 3 1", "row 2 1", "line 10: bad nonosat header: second clue for row 2"},
	{"row colour", "row 3 1", "row 3 1:2", `line 10: bad nonosat header: row 3: block "1:2": colour: 2 is not in 1..1`},
	{"row block", "row 3 1", "row 3 x", `line 10: bad nonosat header: row 3: block "x": "x" is not a number`},
	{"row missing", "row 3 1", "", "line 23: bad nonosat header: clues for 2 of 3 rows and 3 of 3 columns"},
	{"cell words", "cell 1 1 1 1", "cell 1 1 1", `line 14: bad nonosat header: want "cell ROW COL COLOUR LITERAL", have "cell 1 1 1"`},
	{"cell row", "cell 1 1 1 1", "cell 0 1 1 1", "line 14: bad nonosat header: cell: row: 0 is not in 1..3"},
	{"cell column", "cell 1 1 1 1", "cell 1 4 1 1", "line 14: bad nonosat header: cell: column: 4 is not in 1..3"},
	{"cell colour", "cell 1 1 1 1", "cell 1 1 2 1", "line 14: bad nonosat header: cell 1 1: colour: 2 is not in 0..1"},
	{"cell literal", "cell 1 1 1 1", "cell 1 1 1 0", `line 14: bad nonosat header: cell 1 1: "0" is not a literal`},
	{"cell min int", "cell 1 1 1 1", "cell 1 1 1 -2147483648", `line 14: bad nonosat header: cell 1 1: "-2147483648" is not a literal`},
	{"cell twice", "cell 1 2 1 2", "cell 1 1 1 2", "line 15: bad nonosat header: cell 1 1: second literal for colour 1"},
	{"cell fixed", "cell 3 3 1 9", "cell 2 2 1 9", "line 22: bad nonosat header: cell 2 2 is already fixed"},
	{"fixed with cell", "cell 1 2 1 2", "cell 2 2 1 2", "line 18: bad nonosat header: cell 2 2 has a variable and cannot be fixed"},
	{"fixed cell", "fixed 2 2 1", "fixed 1 1 1", "line 18: bad nonosat header: cell 1 1 has a variable and cannot be fixed"},
	{"no cell", "cell 3 3 1 9", "", "line 23: bad nonosat header: cell 3 3 has no literal and is not fixed"},
	{"cell before size", "width 3", "cell 1 1 1 1\nwidth 3", "line 4: bad nonosat header: cell or clue before the width and height lines"},
	{"no size", "width 3\nheight 3", "", "line 7: bad nonosat header: cell or clue before the width and height lines"},
	{"magic only", validHeader, "nonosat dimacs 1", "line 1: bad nonosat header: no width and height lines"},
	{"block", "something a later nonosat may write", "block -1", "line 23: bad nonosat header: block: -1 is not in 0..2147483647"},
}

func TestParseHeaderErrors(t *testing.T) {
	for _, tt := range parseHeaderErrors {
		t.Run(tt.name, func(t *testing.T) {
			in := strings.Replace(validHeader, tt.edit, tt.with, 1)
			_, err := decode.ParseHeader(strings.Split(in, "\n"))
			if err == nil || err.Error() != tt.err {
				t.Fatalf("ParseHeader(%s) error = %v, want %q", tt.name, err, tt.err)
			}
			if !errors.Is(err, decode.ErrHeader) {
				t.Errorf("ParseHeader(%s) error does not wrap ErrHeader", tt.name)
			}
		})
	}
}

func FuzzParseHeader(f *testing.F) {
	f.Add(validHeader)
	for _, tt := range parseHeaderErrors {
		f.Add(strings.Replace(validHeader, tt.edit, tt.with, 1))
	}
	g := puzzle.Grid{{2, 2, 1, 0}, {0, 1, 1, 0}, {2, 0, 1, 1}}
	p := puzzle.FromGrid(g, []puzzle.Swatch{puzzle.White, {Name: "black", Char: 'X'}, {Name: "dark red", RGB: puzzle.RGB{R: 0x80}, Char: 'r'}})
	e, err := encode.Puzzle(p)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(strings.Join(e.Header(p), "\n"))
	f.Fuzz(func(t *testing.T, in string) {
		m, err := decode.ParseHeader(strings.Split(in, "\n"))
		if err != nil {
			return
		}
		model := make(cnf.Model, min(m.MaxVar(), 1<<16)) // Value is false beyond
		for i := range model {
			model[i] = i%3 == 0
		}
		g := m.Grid(model)
		if len(g) != m.Height || len(g[0]) != m.Width {
			t.Fatalf("Map.Grid is %dx%d, map %dx%d", len(g[0]), len(g), m.Width, m.Height)
		}
		if q := m.Puzzle(); q != nil {
			_ = puzzle.Check(q, g)
		}
	})
}

// ReadCNF reads back what WriteDIMACS wrote, and names the file and line
// of what it cannot read.
func TestReadCNF(t *testing.T) {
	p := puzzle.New([][]int{{1}, {3}, {1}}, [][]int{{1}, {3}, {1}})
	e, err := encode.Puzzle(p)
	if err != nil {
		t.Fatal(err)
	}
	var buf strings.Builder
	if err := e.WriteDIMACS(&buf, p, encode.DIMACSOptions{}); err != nil {
		t.Fatal(err)
	}
	text := buf.String()
	f, m, err := decode.ReadCNF(strings.NewReader(text), "plus.cnf")
	if err != nil || f.NumVars != e.Formula.NumVars || len(f.Clauses) != len(e.Formula.Clauses) || m.Width != 3 || m.Puzzle() == nil {
		t.Fatalf("ReadCNF(WriteDIMACS) = %v, %+v, %v; want the formula and a 3-wide map with clues", f, m, err)
	}
	tests := []struct{ name, text, want string }{
		{"bad clause", strings.Replace(text, "\n-", "\nx -", 1), "plus.cnf:"},
		{"bad header", strings.Replace(text, "c width 3", "c width three", 1), "plus.cnf: comment line"},
		{"no header", "p cnf 1 1\n1 0\n", "plus.cnf: bad nonosat header"},
		{"too few variables", "c " + strings.ReplaceAll(validHeader, "\n", "\nc ") + "\np cnf 5 0\n", "plus.cnf: the header names variable 9 of 5"},
	}
	for _, tt := range tests {
		_, _, err := decode.ReadCNF(strings.NewReader(tt.text), "plus.cnf")
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("ReadCNF(%s) error = %v, want one starting %q", tt.name, err, tt.want)
		}
	}
}
