package puzzle_test

import (
	"bytes"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/nonosat/nonosat/puzzle"
)

// flagPuzzle is the picture of testdata/flag.g: green, yellow and a triangle
// colour, no default colour.
func flagPuzzle() *puzzle.Puzzle {
	pal := []puzzle.Swatch{
		{Name: "white", RGB: puzzle.RGB{R: 255, G: 255, B: 255}, Char: ' '},
		{Name: "green", RGB: puzzle.RGB{G: 0xa0}, Char: 'G'},
		{Name: "yellow", RGB: puzzle.RGB{R: 255, G: 255}, Char: 'Y'},
		{Name: "black/orange", RGB: puzzle.RGB{R: 128, G: 83}, Char: '/'},
	}
	return puzzle.FromGrid(picture(map[rune]puzzle.Color{'g': 1, 'y': 2, 't': 3},
		"gg.yy",
		"gg.yy",
		".....",
		"t.t.t"), pal)
}

func TestDecodeG(t *testing.T) {
	tests := []struct {
		file    string
		want    *puzzle.Puzzle
		palette []puzzle.Swatch // nil: do not compare
		title   string
	}{
		{"dancer.g", dancer(), puzzle.BlackWhite(), "Demo Puzzle from Front Page"},
		{"example-b.g", exampleB(), []puzzle.Swatch{
			{Name: "white", RGB: puzzle.RGB{R: 255, G: 255, B: 255}, Char: '.'},
			{Name: "black", Char: 'X'},
			{Name: "red", RGB: puzzle.RGB{R: 255}, Char: '%'},
		}, ""},
		{"flag.g", flagPuzzle(), flagPuzzle().Palette, "Flag"},
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
			if tt.palette != nil && !reflect.DeepEqual(p.Palette, tt.palette) {
				t.Errorf("ReadFile(%s) palette = %v, want %v", tt.file, p.Palette, tt.palette)
			}
			if p.Title != tt.title {
				t.Errorf("ReadFile(%s) title = %q, want %q", tt.file, p.Title, tt.title)
			}
			if err := puzzle.Check(p, tt.want.Goal); err != nil {
				t.Errorf("Check(ReadFile(%s), picture) = %v", tt.file, err)
			}
		})
	}
}

func TestDecodeGMetadata(t *testing.T) {
	p, err := puzzle.ReadFile(filepath.Join("testdata", "dancer.g"))
	if err != nil {
		t.Fatal(err)
	}
	if p.ID != "webpbn #1" || p.Author != "Jan Wolter" || !strings.Contains(p.Copyright, "2004") {
		t.Errorf("ReadFile(dancer.g) id, author, copyright = %q, %q, %q", p.ID, p.Author, p.Copyright)
	}
}

func TestDecodeGColorWords(t *testing.T) {
	tests := []struct {
		word string
		want puzzle.RGB
	}{
		{"red", puzzle.RGB{R: 255}},
		{"LightBlue", puzzle.RGB{R: 173, G: 216, B: 230}},
		{"gray50", puzzle.RGB{R: 128, G: 128, B: 128}},
		{"grey100", puzzle.RGB{R: 255, G: 255, B: 255}},
		{"white\\black", puzzle.RGB{R: 128, G: 128, B: 128}},
		{"#9CF200", puzzle.RGB{R: 0x9c, G: 0xf2}},
		{"#abc", puzzle.RGB{R: 0xaa, G: 0xbb, B: 0xcc}},
		{"SeaShell", puzzle.RGB{R: 128, G: 128, B: 128}}, // unknown: kept by name, grey
	}
	for _, tt := range tests {
		in := "#d\n  1:*  " + tt.word + "\n:\n1\n:\n1\n:\n"
		p, err := puzzle.Decode(strings.NewReader(in), puzzle.G)
		if err != nil {
			t.Errorf("Decode(%q) error = %v", in, err)
			continue
		}
		if got := p.Palette[1].RGB; got != tt.want {
			t.Errorf("Decode(%q) colour = %v, want %v", in, got, tt.want)
		}
	}
}

func TestEncodeG(t *testing.T) {
	var buf bytes.Buffer
	if err := puzzle.Encode(&buf, exampleB(), puzzle.G); err != nil {
		t.Fatalf("Encode(G) error = %v", err)
	}
	want := `#d
   0:.  white
   1:X  black
   r:r  red
: rows
2r 1
2
1r 2
: columns
1r 1r
1r 1
3
1
: end
`
	if buf.String() != want {
		t.Errorf("Encode(example B, G) =\n%s\nwant\n%s", buf.String(), want)
	}
	named := exampleB() // a name no XPM word gives: written after #RRGGBB
	named.Palette[2].Name = "dark red"
	for _, p := range []*puzzle.Puzzle{dancer(), exampleB(), flagPuzzle(), named} {
		q := roundTrip(t, p, puzzle.G)
		if !reflect.DeepEqual(q.Palette, p.Palette) {
			t.Errorf("G round trip changed the palette: %v, want %v", q.Palette, p.Palette)
		}
	}
}

func TestEncodeGPicksInchars(t *testing.T) {
	// Names that cannot serve as clue characters get letters; colours
	// without an XPM name are written as #RRGGBB.
	pal := []puzzle.Swatch{puzzle.White, puzzle.Black,
		{Name: "dark teal", RGB: puzzle.RGB{G: 0x60, B: 0x60}, Char: '1'},
		{Name: "7", RGB: puzzle.RGB{R: 1, G: 2, B: 3}},
		{Name: "a", RGB: puzzle.RGB{R: 9}},
	}
	p := puzzle.FromGrid(picture(map[rune]puzzle.Color{'t': 2, 's': 3, 'a': 4}, "#tsa", "tsa#"), pal)
	var buf bytes.Buffer
	if err := puzzle.Encode(&buf, p, puzzle.G); err != nil {
		t.Fatalf("Encode(G) error = %v", err)
	}
	q, err := puzzle.Decode(&buf, puzzle.G)
	if err != nil {
		t.Fatalf("Decode(Encode(G)) error = %v", err)
	}
	if !cluesEqual(q.Rows, p.Rows) || !cluesEqual(q.Cols, p.Cols) {
		t.Errorf("G round trip changed the clues: %v / %v, want %v / %v", q.Rows, q.Cols, p.Rows, p.Cols)
	}
	for c := range pal {
		if q.Palette[c].RGB != pal[c].RGB {
			t.Errorf("colour %d = %v, want %v", c, q.Palette[c].RGB, pal[c].RGB)
		}
	}
}
