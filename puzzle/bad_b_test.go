package puzzle_test

import (
	"bytes"
	"errors"
	"flag"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/nonosat/nonosat/puzzle"
)

// This file holds tests shared by the XML, .g and TAAI formats: bad inputs
// with golden errors, oversized inputs, and line-end variants;
// bad_a_test.go has the line-based formats'.

var updateBad = flag.Bool("update-bad", false, "rewrite the .err files of testdata/bad/*.{xml,g,taai}")

// badFormatsB maps the suffixes of this file's bad inputs to their formats.
var badFormatsB = map[string]puzzle.Format{".xml": puzzle.XML, ".g": puzzle.G, ".taai": puzzle.TAAI}

// badKindsB maps the prefix of a bad file's name to the sentinel its error
// must wrap.
var badKindsB = map[string]error{
	"syntax": puzzle.ErrSyntax, "large": puzzle.ErrTooLarge, "colour": puzzle.ErrColor,
	"empty":       puzzle.ErrNoPuzzle,
	"unsupported": puzzle.ErrUnsupported,
}

// TestBadXMLGTAAI reads every testdata/bad file of the XML, .g and TAAI
// formats and compares the error with the .err file beside it
// (name.ext.err), which holds the exact text ReadFileAll reports. The
// format comes from the suffix, as for a user's file.
func TestBadXMLGTAAI(t *testing.T) {
	t.Chdir("testdata")
	files, err := filepath.Glob("bad/*")
	if err != nil {
		t.Fatal(err)
	}
	count := map[puzzle.Format]int{}
	for _, name := range files {
		f, ok := badFormatsB[filepath.Ext(name)]
		if !ok {
			continue
		}
		count[f]++
		t.Run(filepath.Base(name), func(t *testing.T) {
			_, err := puzzle.ReadFileAll(name, "")
			if err == nil {
				t.Fatalf("ReadFileAll(%q) error = nil, want an error", name)
			}
			if *updateBad {
				if err := os.WriteFile(name+".err", []byte(err.Error()+"\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, rerr := os.ReadFile(name + ".err")
			if rerr != nil {
				t.Fatalf("missing golden error: %v", rerr)
			}
			if got := err.Error(); got != strings.TrimRight(string(want), "\n") {
				t.Errorf("ReadFileAll(%q) error = %q, want %q", name, got, want)
			}
			var pe *puzzle.ParseError
			if !errors.As(err, &pe) || pe.File != name {
				t.Errorf("ReadFileAll(%q) error = %#v, want a *ParseError naming the file", name, err)
			}
			kind, _, _ := strings.Cut(filepath.Base(name), "-")
			if s, ok := badKindsB[kind]; !ok {
				t.Errorf("file name %q does not start with one of the kinds %v", name, slices.Sorted(maps.Keys(badKindsB)))
			} else if !errors.Is(err, s) {
				t.Errorf("ReadFileAll(%q) error = %v, want it to wrap %v", name, err, s)
			}
		})
	}
	for _, f := range []puzzle.Format{puzzle.XML, puzzle.G, puzzle.TAAI} {
		if count[f] < 8 {
			t.Errorf("found %d bad %s files, want at least 8", count[f], f)
		}
	}
}

// TestTooManyLines checks that inputs with more lines than a puzzle may
// have are stopped at the first line too many.
func TestTooManyLines(t *testing.T) {
	tests := []struct {
		name string
		f    puzzle.Format
		in   string
		want string
	}{
		{"taai", puzzle.TAAI, "$1\n" + strings.Repeat("1\n", 2001),
			"line 2002: too large: puzzle $1 has more than 2000 clue lines"},
		{"g", puzzle.G, ": rows\n" + strings.Repeat("1\n", 1001),
			"line 1002: too large: more than 1000 rows"},
		{"xml", puzzle.XML, "<puzzleset><puzzle><clues type=\"rows\">\n" + strings.Repeat("<line/>\n", 1001) + "</clues></puzzle></puzzleset>",
			"line 1002: too large: more than 1000 lines"},
		{"xml deep", puzzle.XML, strings.Repeat("<a>", 100),
			"line 1: too large: elements nested more than 64 deep"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := puzzle.DecodeAll(strings.NewReader(tt.in), tt.f)
			if err == nil || err.Error() != tt.want || !errors.Is(err, puzzle.ErrTooLarge) {
				t.Errorf("DecodeAll(%s) error = %v, want %q", tt.f, err, tt.want)
			}
		})
	}
}

// TestXMLGTAAIVariants reads every XML, .g and TAAI file in testdata with
// CRLF line ends, with a UTF-8 byte order mark, and with both, and wants
// the same puzzles as from the file itself.
func TestXMLGTAAIVariants(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, name := range files {
		f, ok := badFormatsB[filepath.Ext(name)]
		if !ok {
			continue
		}
		n++
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		want, err := puzzle.DecodeAll(bytes.NewReader(data), f)
		if err != nil {
			t.Fatalf("DecodeAll(%s) error = %v", name, err)
		}
		lf := bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))
		crlf := bytes.ReplaceAll(lf, []byte("\n"), []byte("\r\n"))
		bom := []byte("\xef\xbb\xbf")
		for _, v := range []struct {
			name string
			data []byte
		}{{"lf", lf}, {"crlf", crlf}, {"bom", append(bom, data...)}, {"bom+crlf", append(bom, crlf...)}} {
			t.Run(filepath.Base(name)+"/"+v.name, func(t *testing.T) {
				got, err := puzzle.DecodeAll(bytes.NewReader(v.data), f)
				if err != nil {
					t.Fatalf("DecodeAll(%s, %s) error = %v", v.name, name, err)
				}
				if len(got) != len(want) {
					t.Fatalf("DecodeAll(%s, %s) = %d puzzles, want %d", v.name, name, len(got), len(want))
				}
				for i := range got {
					g, w := got[i], want[i]
					if !cluesEqual(g.Rows, w.Rows) || !cluesEqual(g.Cols, w.Cols) || !sameGrid(g.Goal, w.Goal) ||
						g.Title != w.Title || !reflect.DeepEqual(g.Palette, w.Palette) {
						t.Errorf("DecodeAll(%s, %s)[%d] differs from the plain file", v.name, name, i)
					}
				}
			})
		}
	}
	if n < 8 {
		t.Errorf("found %d XML, .g and TAAI files in testdata, want at least 8", n)
	}
}
