package puzzle_test

import (
	"bytes"
	"errors"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/nonosat/nonosat/puzzle"
)

func TestDecodeXML(t *testing.T) {
	white := puzzle.Swatch{Name: "white", RGB: puzzle.RGB{R: 255, G: 255, B: 255}, Char: '.'}
	black := puzzle.Swatch{Name: "black", Char: 'X'}
	tests := []struct {
		file    string
		want    *puzzle.Puzzle
		palette []puzzle.Swatch
		title   string
	}{
		{"dancer.xml", dancer(), []puzzle.Swatch{white, black}, "Demo Puzzle from Front Page"},
		{"example-b.xml", exampleB(), []puzzle.Swatch{white, black, {Name: "red", RGB: puzzle.RGB{R: 255}, Char: 'r'}}, "Example B"},
		{"loom-style.xml", mug(), mug().Palette, "Mug"},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			p, err := puzzle.ReadFile(filepath.Join("testdata", tt.file))
			if err != nil {
				t.Fatalf("ReadFile(%s) error = %v", tt.file, err)
			}
			if !cluesEqual(p.Rows, tt.want.Rows) || !cluesEqual(p.Cols, tt.want.Cols) {
				t.Errorf("ReadFile(%s) clues = %v / %v, want %v / %v", tt.file, p.Rows, p.Cols, tt.want.Rows, tt.want.Cols)
			}
			if !reflect.DeepEqual(p.Palette, tt.palette) {
				t.Errorf("ReadFile(%s) palette = %v, want %v", tt.file, p.Palette, tt.palette)
			}
			if p.Title != tt.title {
				t.Errorf("ReadFile(%s) title = %q, want %q", tt.file, p.Title, tt.title)
			}
			if !p.Goal.Equal(tt.want.Goal) {
				t.Errorf("ReadFile(%s) goal =\n%vwant\n%v", tt.file, p.Goal, tt.want.Goal)
			}
			if err := puzzle.Check(p, p.Goal); err != nil {
				t.Errorf("Check(ReadFile(%s), its goal) = %v", tt.file, err)
			}
		})
	}
}

// mug is the picture of testdata/loom-style.xml, with white (drawn as a
// space) as background and default colour.
func mug() *puzzle.Puzzle {
	pal := []puzzle.Swatch{
		{Name: "white", RGB: puzzle.RGB{R: 255, G: 255, B: 255}, Char: ' '},
		{Name: "aC06020", RGB: puzzle.RGB{R: 0xc0, G: 0x60, B: 0x20}, Char: 'a'},
		{Name: "black", Char: '#'},
	}
	return puzzle.FromGrid(picture(map[rune]puzzle.Color{'#': 2, 'a': 1},
		"#####.",
		"#aaa##",
		"#aaa.#",
		"#aaa##",
		"#####."), pal)
}

func TestDecodeXMLMetadata(t *testing.T) {
	p, err := puzzle.ReadFile(filepath.Join("testdata", "dancer.xml"))
	if err != nil {
		t.Fatal(err)
	}
	got := []string{p.ID, p.Author, p.Copyright, p.Description}
	want := []string{"#1", "Jan Wolter", "© 2004 Jan Wolter; redistributable with attribution",
		"A dancing stick figure (webpbn #1, example A of docs/formats.md)."}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ReadFile(dancer.xml) id, author, copyright, description = %q, want %q", got, want)
	}
}

func TestDecodeXMLSet(t *testing.T) {
	ps, err := puzzle.ReadFileAll(filepath.Join("testdata", "set.xml"), "")
	if err != nil {
		t.Fatalf("ReadFileAll(set.xml) error = %v", err)
	}
	if len(ps) != 2 {
		t.Fatalf("ReadFileAll(set.xml) read %d puzzles, want 2", len(ps))
	}
	tee := puzzle.FromGrid(picture(nil, "###", ".#.", "..."), nil)
	if p := ps[0]; p.ID != "t" || p.Author != "nonosat tests" || !cluesEqual(p.Rows, tee.Rows) || !cluesEqual(p.Cols, tee.Cols) || p.Goal != nil {
		t.Errorf("puzzle 1 = %q by %q, %v / %v, goal %v; want \"t\" by the set's author, %v / %v, no goal",
			p.ID, p.Author, p.Rows, p.Cols, p.Goal, tee.Rows, tee.Cols)
	}
	g := picture(map[rune]puzzle.Color{'r': 2}, "#r.r", ".##r")
	p := ps[1]
	if p.Title != "Café (clues come from the goal)" || p.Author != "someone else" {
		t.Errorf("puzzle 2 title, author = %q, %q", p.Title, p.Author)
	}
	if !p.Goal.Equal(g) {
		t.Errorf("puzzle 2 goal =\n%vwant\n%v", p.Goal, g)
	}
	if err := puzzle.Check(p, g); err != nil {
		t.Errorf("Check(puzzle 2, its goal) = %v", err)
	}
	if names := []string{p.Palette[0].Name, p.Palette[1].Name, p.Palette[2].Name}; !reflect.DeepEqual(names, []string{"white", "black", "red"}) {
		t.Errorf("puzzle 2 palette names = %q, want white, black, red", names)
	}
}

func TestEncodeXML(t *testing.T) {
	for _, p := range []*puzzle.Puzzle{dancer(), exampleB(), mug(), flagPuzzle()} {
		q := roundTrip(t, p, puzzle.XML)
		if !q.Goal.Equal(p.Goal) {
			t.Errorf("XML round trip changed the goal:\n%vwant\n%v", q.Goal, p.Goal)
		}
		for c := range p.Palette {
			if q.Palette[c].Name != p.Palette[c].Name || q.Palette[c].RGB != p.Palette[c].RGB {
				t.Errorf("XML round trip changed colour %d: %v, want %v", c, q.Palette[c], p.Palette[c])
			}
		}
	}

	// Characters that cannot be drawn in an image (white space, '|',
	// duplicates) and missing names are replaced.
	pal := []puzzle.Swatch{{Name: "", Char: ' '}, {Name: "ink", Char: '|'}, {Name: "ink", Char: '|'}}
	p := puzzle.FromGrid(picture(map[rune]puzzle.Color{'2': 2}, "#2", "2#"), pal)
	var buf bytes.Buffer
	if err := puzzle.Encode(&buf, p, puzzle.XML); err != nil {
		t.Fatalf("Encode(XML) error = %v", err)
	}
	q, err := puzzle.Decode(bytes.NewReader(buf.Bytes()), puzzle.XML)
	if err != nil {
		t.Fatalf("Decode(Encode(XML)) error = %v\n%s", err, buf.Bytes())
	}
	if !q.Goal.Equal(p.Goal) || !cluesEqual(q.Rows, p.Rows) {
		t.Errorf("Decode(Encode(XML)) = %v, goal %v; want %v, goal %v", q.Rows, q.Goal, p.Rows, p.Goal)
	}
}

func TestEncodeXMLSet(t *testing.T) {
	ps := []*puzzle.Puzzle{dancer(), exampleB(), mug()}
	ps[0].Title = `Quotes " and <tags> & ampersands`
	var buf bytes.Buffer
	if err := puzzle.EncodeAll(&buf, ps, puzzle.XML); err != nil {
		t.Fatalf("EncodeAll(XML) error = %v", err)
	}
	if n := strings.Count(buf.String(), "<puzzleset>"); n != 1 {
		t.Errorf("EncodeAll(XML) wrote %d <puzzleset> elements, want 1", n)
	}
	qs, err := puzzle.DecodeAll(&buf, puzzle.XML)
	if err != nil {
		t.Fatalf("DecodeAll(EncodeAll(XML)) error = %v", err)
	}
	if len(qs) != len(ps) {
		t.Fatalf("DecodeAll(EncodeAll(XML)) read %d puzzles, want %d", len(qs), len(ps))
	}
	for i := range ps {
		if !cluesEqual(qs[i].Rows, ps[i].Rows) || !cluesEqual(qs[i].Cols, ps[i].Cols) {
			t.Errorf("puzzle %d clues = %v / %v, want %v / %v", i+1, qs[i].Rows, qs[i].Cols, ps[i].Rows, ps[i].Cols)
		}
	}
	if qs[0].Title != ps[0].Title {
		t.Errorf("title = %q, want %q", qs[0].Title, ps[0].Title)
	}
}

func TestDecodeXMLImpliedColours(t *testing.T) {
	// Undeclared white and black get the spec's defaults, '.' and 'X',
	// unless a declared colour already draws with that character.
	in := `<puzzleset><puzzle>
<color name="red" char="X">f00</color>
<clues type="columns"><line><count>1</count></line><line><count color="red">1</count></line></clues>
<clues type="rows"><line><count>1</count><count color="red">1</count></line></clues>
<solution><image>|#X|</image></solution>
</puzzle></puzzleset>`
	p, err := puzzle.Decode(strings.NewReader(in), puzzle.XML)
	if err != nil {
		t.Fatalf("Decode(%q) error = %v", in, err)
	}
	want := []puzzle.Swatch{
		{Name: "white", RGB: puzzle.RGB{R: 255, G: 255, B: 255}, Char: '.'},
		{Name: "black", Char: '#'},
		{Name: "red", RGB: puzzle.RGB{R: 255}, Char: 'X'},
	}
	if !reflect.DeepEqual(p.Palette, want) {
		t.Errorf("Decode(%q) palette = %v, want %v", in, p.Palette, want)
	}
	if err := puzzle.Check(p, p.Goal); err != nil {
		t.Errorf("Check(its goal) = %v", err)
	}
}

// TestXMLTextAfterRootLine: text after the root names the line it starts
// on, never a line before the first, whatever stands for a newline: the
// decoder counts only "\n", while a bare "\r" and "&#10;" reach the text
// as newlines too.
func TestXMLTextAfterRootLine(t *testing.T) {
	const root = `<puzzleset><puzzle><clues type="columns"><line>1</line></clues>` +
		`<clues type="rows"><line>1</line></clues></puzzle></puzzleset>`
	for _, tt := range []struct {
		name, tail string
		line       int
	}{
		{"newlines", "\n\n  stray\ntext\n", 3},
		{"one line", "stray\n", 1},
		{"carriage returns", "\r\rstray\rtext\r", 1},
		{"character references", "\nx&#10;&#10;&#10;&#10;", 2},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := puzzle.Decode(strings.NewReader(root+tt.tail), puzzle.XML)
			var pe *puzzle.ParseError
			if !errors.As(err, &pe) || pe.Line != tt.line {
				t.Errorf("Decode(%q) error = %v, want line %d", root+tt.tail, err, tt.line)
			}
		})
	}
}
