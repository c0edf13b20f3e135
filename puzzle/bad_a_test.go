package puzzle_test

import (
	"bytes"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/nonosat/nonosat/puzzle"
)

// This file holds what the tests of the line-based formats (non, nin, mk,
// cwd, cwc, text, string, tatham) share, and the bad-input golden test.

// lineFormats maps the suffixes of the line-based formats' test files to
// their formats.
var lineFormats = map[string]puzzle.Format{
	".non": puzzle.NON, ".nonpack": puzzle.NON, ".nin": puzzle.NIN, ".mk": puzzle.MK,
	".cwd": puzzle.CWD, ".cwc": puzzle.CWC, ".text": puzzle.Text, ".str": puzzle.String,
	".tatham": puzzle.Tatham,
}

// drawGrid builds a grid from text rows: '.' is the background, '#' colour
// 1, and each other character the colour keys gives it.
func drawGrid(keys map[rune]puzzle.Color, rows ...string) puzzle.Grid {
	g := make(puzzle.Grid, len(rows))
	for r, s := range rows {
		for _, ch := range s {
			var c puzzle.Color
			switch ch {
			case '.':
			case '#':
				c = 1
			default:
				c = keys[ch]
			}
			g[r] = append(g[r], c)
		}
	}
	return g
}

// dancerPuzzle is webpbn #1 (Jan Wolter, redistributable with attribution),
// example A of docs/formats.md.
func dancerPuzzle() *puzzle.Puzzle {
	p := puzzle.FromGrid(drawGrid(nil,
		".##..", ".##.#", "..#.#", ".###.", "#.#..", "#.#..", "..##.", ".#.#.", ".#.##", "##..."), nil)
	p.ID, p.Title, p.Author = "webpbn.com #1", "Dancer", "Jan Wolter"
	return p
}

// mugPuzzle has an empty first row and an empty last column.
func mugPuzzle() *puzzle.Puzzle {
	p := puzzle.FromGrid(drawGrid(nil, "......", "####..", "#..##.", "####..", ".##..."), nil)
	p.Title = "Mug"
	return p
}

// exampleBPuzzle is example B of docs/formats.md: 4x3, black (1) and red (2),
// with touching blocks of different colours.
func exampleBPuzzle() *puzzle.Puzzle {
	pal := []puzzle.Swatch{puzzle.White, {Name: "black", Char: 'X'}, {Name: "red", RGB: puzzle.RGB{R: 255}, Char: 'r'}}
	p := puzzle.FromGrid(drawGrid(map[rune]puzzle.Color{'X': 1, 'r': 2}, "rrX.", ".XX.", "r.XX"), pal)
	p.Title = "Example B"
	return p
}

// cluesOnly returns a copy of p with no goal and no descriptive data, as
// the clue-only formats read it back.
func cluesOnly(p *puzzle.Puzzle) *puzzle.Puzzle {
	return &puzzle.Puzzle{Palette: p.Palette, Rows: p.Rows, Cols: p.Cols}
}

// equalClues reports whether p and q have equal row and column clues.
func equalClues(p, q *puzzle.Puzzle) bool {
	return cluesEqual(p.Rows, q.Rows) && cluesEqual(p.Cols, q.Cols)
}

// equalRGBs reports whether the colours (not the background) of p and q
// have the same values in the same order.
func equalRGBs(p, q *puzzle.Puzzle) bool {
	if len(p.Palette) != len(q.Palette) {
		return false
	}
	for i := 1; i < len(p.Palette); i++ {
		if p.Palette[i].RGB != q.Palette[i].RGB {
			return false
		}
	}
	return true
}

// lineReadTest is one case of a format's table test, in encoding/csv's
// readTests shape: an input and either the puzzles it holds or the exact
// error text.
type lineReadTest struct {
	name  string
	input string
	want  []*puzzle.Puzzle // compared by clues; by goal too when set
	err   string
	is    error // sentinel the error must wrap, if set
}

func runLineReadTests(t *testing.T, f puzzle.Format, tests []lineReadTest) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := puzzle.DecodeAll(strings.NewReader(tt.input), f)
			if tt.err != "" {
				if err == nil || err.Error() != tt.err {
					t.Fatalf("DecodeAll(%q, %s) error = %v, want %q", tt.input, f, err, tt.err)
				}
				var pe *puzzle.ParseError
				if !errors.As(err, &pe) {
					t.Errorf("DecodeAll(%q, %s) error %T is not a *ParseError", tt.input, f, err)
				}
				if tt.is != nil && !errors.Is(err, tt.is) {
					t.Errorf("DecodeAll(%q, %s) error = %v, want it to wrap %v", tt.input, f, err, tt.is)
				}
				return
			}
			if err != nil {
				t.Fatalf("DecodeAll(%q, %s) error = %v, want nil", tt.input, f, err)
			}
			if len(got) != len(tt.want) {
				t.Fatalf("DecodeAll(%q, %s) = %d puzzles, want %d", tt.input, f, len(got), len(tt.want))
			}
			for i, w := range tt.want {
				if !equalClues(got[i], w) {
					t.Errorf("DecodeAll(%q, %s)[%d] clues = %v / %v, want %v / %v", tt.input, f, i, got[i].Rows, got[i].Cols, w.Rows, w.Cols)
				}
				if w.Goal != nil && !sameGrid(got[i].Goal, w.Goal) {
					t.Errorf("DecodeAll(%q, %s)[%d] goal =\n%vwant\n%v", tt.input, f, i, got[i].Goal, w.Goal)
				}
			}
		})
	}
}

// lineBadKinds maps the prefix of a bad file's name to the sentinel its error
// must wrap.
var lineBadKinds = map[string]error{
	"syntax": puzzle.ErrSyntax, "large": puzzle.ErrTooLarge, "colour": puzzle.ErrColor,
	"empty": puzzle.ErrNoPuzzle,
}

// TestBadLineFormats reads every testdata/bad file of the line-based
// formats and compares the error with the .err file beside it
// (name.ext.err), which holds the exact text ReadFileAll reports.
func TestBadLineFormats(t *testing.T) {
	t.Chdir("testdata")
	files, err := filepath.Glob("bad/*")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, name := range files {
		f, ok := lineFormats[filepath.Ext(name)]
		if !ok {
			continue
		}
		n++
		t.Run(filepath.Base(name), func(t *testing.T) {
			want, err := os.ReadFile(name + ".err")
			if err != nil {
				t.Fatalf("missing golden error: %v", err)
			}
			_, err = puzzle.ReadFileAll(name, f)
			if err == nil {
				t.Fatalf("ReadFileAll(%q) error = nil, want %q", name, want)
			}
			if got := err.Error(); got != strings.TrimRight(string(want), "\n") {
				t.Errorf("ReadFileAll(%q) error = %q, want %q", name, got, want)
			}
			var pe *puzzle.ParseError
			if !errors.As(err, &pe) || pe.File != name {
				t.Errorf("ReadFileAll(%q) error = %#v, want a *ParseError naming the file", name, err)
			}
			kind, _, _ := strings.Cut(filepath.Base(name), "-")
			kind = strings.TrimSuffix(kind, filepath.Ext(kind))
			if s, ok := lineBadKinds[kind]; !ok {
				t.Errorf("file name %q does not start with one of the kinds %v", name, slices.Sorted(maps.Keys(lineBadKinds)))
			} else if !errors.Is(err, s) {
				t.Errorf("ReadFileAll(%q) error = %v, want it to wrap %v", name, err, s)
			}
		})
	}
	if n < 40 {
		t.Errorf("found %d bad files, want at least 40", n)
	}
}

// TestLineFormatVariants reads every line-format file in testdata with CRLF
// line ends, with a UTF-8 byte order mark, and with both, and wants the
// same puzzles as from the file itself.
func TestLineFormatVariants(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		f, ok := lineFormats[filepath.Ext(name)]
		if !ok {
			continue
		}
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		want, err := puzzle.DecodeAll(bytes.NewReader(data), f)
		if err != nil {
			t.Fatalf("DecodeAll(%s) error = %v", name, err)
		}
		crlf := bytes.ReplaceAll(data, []byte("\n"), []byte("\r\n"))
		bom := []byte("\xef\xbb\xbf")
		for _, v := range []struct {
			name string
			data []byte
		}{{"crlf", crlf}, {"bom", append(bom, data...)}, {"bom+crlf", append(bom, crlf...)}} {
			t.Run(filepath.Base(name)+"/"+v.name, func(t *testing.T) {
				got, err := puzzle.DecodeAll(bytes.NewReader(v.data), f)
				if err != nil {
					t.Fatalf("DecodeAll(%s, %s) error = %v", v.name, name, err)
				}
				if len(got) != len(want) {
					t.Fatalf("DecodeAll(%s, %s) = %d puzzles, want %d", v.name, name, len(got), len(want))
				}
				for i := range got {
					if !equalClues(got[i], want[i]) || !sameGrid(got[i].Goal, want[i].Goal) || got[i].Title != want[i].Title {
						t.Errorf("DecodeAll(%s, %s)[%d] differs from the plain file", v.name, name, i)
					}
				}
			})
		}
	}
}

// checkGolden encodes p in format f and compares the output with the file
// testdata/name, then decodes that file and wants p's clues back (and its
// goal and palette values where the format carries them).
func checkGolden(t *testing.T, f puzzle.Format, p *puzzle.Puzzle, name string) {
	t.Helper()
	want, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := puzzle.Encode(&buf, p, f); err != nil {
		t.Fatalf("Encode(%s, %s) error = %v", name, f, err)
	}
	if got := buf.String(); got != string(want) {
		t.Errorf("Encode(%s, %s) =\n%s\nwant\n%s", name, f, got, want)
	}
	q, err := puzzle.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatalf("ReadFile(%s) error = %v", name, err)
	}
	if !equalClues(p, q) {
		t.Errorf("ReadFile(%s) clues = %v / %v, want %v / %v", name, q.Rows, q.Cols, p.Rows, p.Cols)
	}
	if f == puzzle.NON {
		if !sameGrid(p.Goal, q.Goal) {
			t.Errorf("ReadFile(%s) goal =\n%vwant\n%v", name, q.Goal, p.Goal)
		}
		if q.Title != p.Title || q.Author != p.Author || q.ID != p.ID {
			t.Errorf("ReadFile(%s) title, author, id = %q, %q, %q, want %q, %q, %q", name, q.Title, q.Author, q.ID, p.Title, p.Author, p.ID)
		}
	}
	if f.Color() && !equalRGBs(p, q) {
		t.Errorf("ReadFile(%s) palette = %v, want the values of %v", name, q.Palette, p.Palette)
	}
}
