package picture_test

import (
	"bytes"
	"errors"
	"flag"
	"image/png"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/nonosat/nonosat/internal/golden"
	"github.com/nonosat/nonosat/picture"
	"github.com/nonosat/nonosat/puzzle"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden")

// load makes the puzzle drawn in a testdata text-art file.
func load(t *testing.T, name string) *puzzle.Puzzle {
	t.Helper()
	g, pal, err := picture.ReadFile(filepath.Join("testdata", name), picture.Options{})
	if err != nil {
		t.Fatal(err)
	}
	p := puzzle.FromGrid(g, pal)
	p.Title = strings.TrimSuffix(name, ".txt")
	return p
}

// renderCases are the drawings checked against goldens, as SVG and text.
var renderCases = []struct {
	name  string
	file  string
	solve bool
	marks [][2]int
}{
	{"heart", "heart.txt", false, nil},
	{"heart-solved", "heart.txt", true, nil},
	{"flower", "flower.txt", false, nil},
	{"flower-marked", "flower.txt", true, [][2]int{{0, 1}, {5, 4}}},
}

func TestSVGGolden(t *testing.T) {
	for _, tt := range renderCases {
		t.Run(tt.name, func(t *testing.T) {
			p := load(t, tt.file)
			o := picture.RenderOptions{Marks: tt.marks}
			if tt.solve {
				o.Solution = p.Goal
			}
			var buf bytes.Buffer
			if err := picture.SVG(&buf, p, o); err != nil {
				t.Fatalf("SVG error = %v", err)
			}
			golden.Check(t, filepath.Join("testdata", tt.name+".svg.golden"), buf.Bytes(), *update)
		})
	}
}

func TestTextGolden(t *testing.T) {
	for _, tt := range renderCases {
		for _, color := range []picture.ANSI{picture.Plain, picture.TrueColor, picture.ANSI256} {
			name := tt.name + map[picture.ANSI]string{picture.TrueColor: "-ansi", picture.ANSI256: "-ansi256"}[color]
			t.Run(name, func(t *testing.T) {
				p := load(t, tt.file)
				var g puzzle.Grid
				if tt.solve {
					g = p.Goal
				}
				var buf bytes.Buffer
				if err := picture.TextMarked(&buf, p, g, tt.marks, color); err != nil {
					t.Fatalf("TextMarked error = %v", err)
				}
				if color == picture.Plain && strings.Contains(buf.String(), "\x1b") {
					t.Errorf("plain text has escape sequences:\n%s", buf.String())
				}
				golden.Check(t, filepath.Join("testdata", name+".txt.golden"), buf.Bytes(), *update)
			})
		}
	}
}

// escape matches the SGR sequences Text writes.
var escape = regexp.MustCompile("\x1b\\[[0-9;]*m")

// TestTextCellsCopy: in colour the cells keep their characters, so that
// a grid copied from the terminal (the text without its escapes) has the
// cells of the plain drawing: the whole drawing for black and white, the
// cells after "|" for colour (whose clue numbers sit on their colours
// instead of carrying a character, and so take less room). A 256-colour drawing uses only
// 256-colour sequences.
func TestTextCellsCopy(t *testing.T) {
	cells := func(s string) []string {
		var out []string
		for _, line := range strings.Split(s, "\n") {
			if _, after, ok := strings.Cut(line, "|"); ok {
				out = append(out, strings.Join(strings.Fields(after), " "))
			}
		}
		return out
	}
	for _, tt := range renderCases {
		p := load(t, tt.file)
		var g puzzle.Grid
		if tt.solve {
			g = p.Goal
		}
		var plain bytes.Buffer
		if err := picture.TextMarked(&plain, p, g, tt.marks, picture.Plain); err != nil {
			t.Fatal(err)
		}
		for _, color := range []picture.ANSI{picture.TrueColor, picture.ANSI256} {
			var buf bytes.Buffer
			if err := picture.TextMarked(&buf, p, g, tt.marks, color); err != nil {
				t.Fatal(err)
			}
			copied := escape.ReplaceAllString(buf.String(), "")
			if p.IsBW() && copied != plain.String() || !slices.Equal(cells(copied), cells(plain.String())) {
				t.Errorf("%s (ANSI %d) without its escapes:\n%s\nwant the cells of\n%s", tt.name, color, copied, plain.String())
			}
			if color == picture.ANSI256 && strings.Contains(buf.String(), "8;2;") {
				t.Errorf("%s: 256 colours written as 24-bit ones", tt.name)
			}
		}
	}
}

// TestNearest256 checks the mapping to xterm's 256 colours: the corners
// of the cube, a grey the grey ramp has, and that every cube colour and
// grey maps to itself.
func TestNearest256(t *testing.T) {
	tests := []struct {
		c    puzzle.RGB
		want int
	}{
		{puzzle.RGB{}, 16}, {puzzle.RGB{R: 255, G: 255, B: 255}, 231}, {puzzle.RGB{R: 255}, 196},
		{puzzle.RGB{R: 128, G: 128, B: 128}, 244}, {puzzle.RGB{R: 0x22, G: 0x88, B: 0x22}, 28},
	}
	for _, tt := range tests {
		if got := picture.Nearest256(tt.c); got != tt.want {
			t.Errorf("Nearest256(%v) = %d, want %d", tt.c, got, tt.want)
		}
	}
	levels := []uint8{0, 95, 135, 175, 215, 255}
	for i := range 216 {
		c := puzzle.RGB{R: levels[i/36], G: levels[i/6%6], B: levels[i%6]}
		if got := picture.Nearest256(c); got != 16+i {
			t.Errorf("Nearest256(%v) = %d, want %d", c, got, 16+i)
		}
	}
	for i := range 24 {
		v := uint8(8 + 10*i)
		if got := picture.Nearest256(puzzle.RGB{R: v, G: v, B: v}); got != 232+i {
			t.Errorf("Nearest256(grey %d) = %d, want %d", v, got, 232+i)
		}
	}
}

func TestPNG(t *testing.T) {
	for _, file := range []string{"heart.txt", "flower.txt"} {
		t.Run(file, func(t *testing.T) {
			p := load(t, file)
			const s = 16
			var buf bytes.Buffer
			if err := picture.PNG(&buf, p, picture.RenderOptions{Solution: p.Goal, CellSize: s, Marks: [][2]int{{0, 0}}}); err != nil {
				t.Fatalf("PNG error = %v", err)
			}
			img, err := png.Decode(&buf)
			if err != nil {
				t.Fatalf("png.Decode(PNG) error = %v", err)
			}
			// The layout the package doc promises.
			rowSlots, colSlots := most(p.Rows), most(p.Cols)
			margin := s / 2
			wantW := (rowSlots+p.Width())*s + 2*margin
			wantH := (colSlots+p.Height())*s + 2*margin
			if b := img.Bounds(); b.Dx() != wantW || b.Dy() != wantH {
				t.Fatalf("PNG size = %dx%d, want %dx%d", b.Dx(), b.Dy(), wantW, wantH)
			}
			for r := range p.Height() {
				for c := range p.Width() {
					x := margin + (rowSlots+c)*s + s/2
					y := margin + (colSlots+r)*s + s/2
					cr, cg, cb, _ := img.At(x, y).RGBA()
					got := puzzle.RGB{R: uint8(cr >> 8), G: uint8(cg >> 8), B: uint8(cb >> 8)}
					if want := p.Palette[p.Goal[r][c]].RGB; got != want {
						t.Errorf("cell (%d,%d) centre (%d,%d) = %v, want %v", r, c, x, y, got, want)
					}
				}
			}
			// The mark outlines cell (0,0) in red, two pixels in.
			x, y := margin+rowSlots*s+2, margin+colSlots*s+s/2
			if cr, cg, _, _ := img.At(x, y).RGBA(); cr>>8 < 200 || cg>>8 > 50 {
				t.Errorf("mark at (%d,%d) = %v, want red", x, y, img.At(x, y))
			}
			// Clue digits are drawn: some dark pixel in the first column
			// clue's slot of a black-and-white puzzle, or a pixel of the
			// slot's own colour for a colour puzzle.
			cx, cy := margin+rowSlots*s, margin+(colSlots-1)*s
			found := false
			for yy := cy; yy < cy+s; yy++ {
				for xx := cx; xx < cx+s; xx++ {
					if r, g, b, _ := img.At(xx, yy).RGBA(); r != g || g != b || r < 0x8000 {
						found = true
					}
				}
			}
			if !found {
				t.Errorf("no clue drawn in the slot at (%d,%d)", cx, cy)
			}
		})
	}
}

func most(cs []puzzle.Clue) int {
	n := 1
	for _, c := range cs {
		n = max(n, len(c))
	}
	return n
}

func TestRenderErrors(t *testing.T) {
	p := puzzle.New([][]int{{1}, {}}, [][]int{{1}, {}})
	tests := []struct {
		name string
		o    picture.RenderOptions
		msg  string
	}{
		{"short grid", picture.RenderOptions{Solution: puzzle.Grid{{1, 0}}}, "grid has 1 rows, puzzle 2"},
		{"bad colour", picture.RenderOptions{Solution: puzzle.Grid{{1, 0}, {0, 2}}}, "cell (2,2) has colour 2, puzzle has 1"},
		{"mark outside", picture.RenderOptions{Marks: [][2]int{{2, 0}}}, "mark (3,1) outside the 2x2 grid"},
		{"tiny cells", picture.RenderOptions{CellSize: 3}, "cell size 3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for name, render := range map[string]func() error{
				"SVG":  func() error { return picture.SVG(&bytes.Buffer{}, p, tt.o) },
				"PNG":  func() error { return picture.PNG(&bytes.Buffer{}, p, tt.o) },
				"Text": func() error { return picture.TextMarked(&bytes.Buffer{}, p, tt.o.Solution, tt.o.Marks, picture.Plain) },
			} {
				err := render()
				if name == "Text" && tt.o.CellSize != 0 {
					continue // text has no cell size
				}
				if err == nil || !strings.Contains(err.Error(), tt.msg) {
					t.Errorf("%s(%s) error = %v, want %q", name, tt.name, err, tt.msg)
				}
				if tt.o.CellSize == 0 && !errors.Is(err, picture.ErrGrid) {
					t.Errorf("%s(%s) error = %v, want ErrGrid", name, tt.name, err)
				}
			}
		})
	}
}

func TestImageTooLarge(t *testing.T) {
	rows := make([][]int, puzzle.MaxSide)
	p := puzzle.New(rows, rows)
	if _, err := picture.Image(p, picture.RenderOptions{CellSize: 200}); !errors.Is(err, picture.ErrTooLarge) {
		t.Errorf("Image(1000x1000 puzzle, 200-pixel cells) error = %v, want ErrTooLarge", err)
	}
}

func TestDiff(t *testing.T) {
	a := puzzle.Grid{{0, 1, 2}, {1, 1, 1}}
	tests := []struct {
		name string
		b    puzzle.Grid
		want [][2]int
	}{
		{"same", puzzle.Grid{{0, 1, 2}, {1, 1, 1}}, nil},
		{"two cells", puzzle.Grid{{1, 1, 2}, {1, 1, 0}}, [][2]int{{0, 0}, {1, 2}}},
		{"shorter", puzzle.Grid{{0, 1}}, [][2]int{{0, 2}, {1, 0}, {1, 1}, {1, 2}}},
	}
	for _, tt := range tests {
		got := picture.Diff(a, tt.b)
		if len(got) != len(tt.want) {
			t.Errorf("Diff(%s) = %v, want %v", tt.name, got, tt.want)
			continue
		}
		for i := range got {
			if got[i] != tt.want[i] {
				t.Errorf("Diff(%s) = %v, want %v", tt.name, got, tt.want)
				break
			}
		}
	}
}
