package puzzle_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nonosat/nonosat/puzzle"
)

// picture builds a grid from text rows: each character in keys has the
// colour keys gives it; otherwise '#' is colour 1 and the rest background.
func picture(keys map[rune]puzzle.Color, rows ...string) puzzle.Grid {
	g := make(puzzle.Grid, len(rows))
	for r, s := range rows {
		for _, ch := range s {
			c, ok := keys[ch]
			if !ok && ch == '#' {
				c = 1
			}
			g[r] = append(g[r], c)
		}
	}
	return g
}

var (
	heartPicture = picture(nil,
		".##.##.",
		"#######",
		"#######",
		".#####.",
		"..###..",
		"...#...",
		".......")
	arrowPicture = picture(nil,
		"...#.",
		"....#",
		".####",
		"....#",
		"...#.")
)

func TestDecodeTAAI(t *testing.T) {
	for _, name := range []string{"heart.taai", "heart-crlf.taai"} {
		t.Run(name, func(t *testing.T) {
			ps, err := puzzle.ReadFileAll(filepath.Join("testdata", name), "")
			if err != nil {
				t.Fatalf("ReadFileAll(%q) error = %v", name, err)
			}
			if len(ps) != 2 {
				t.Fatalf("ReadFileAll(%q) read %d puzzles, want 2", name, len(ps))
			}
			for i, want := range []*puzzle.Puzzle{puzzle.FromGrid(heartPicture, nil), puzzle.FromGrid(arrowPicture, nil)} {
				p := ps[i]
				if id := "$" + string(rune('1'+i)); p.ID != id {
					t.Errorf("puzzle %d ID = %q, want %q", i+1, p.ID, id)
				}
				if !cluesEqual(p.Rows, want.Rows) || !cluesEqual(p.Cols, want.Cols) {
					t.Errorf("puzzle %d clues = %v / %v, want %v / %v", i+1, p.Rows, p.Cols, want.Rows, want.Cols)
				}
				if err := puzzle.Check(p, want.Goal); err != nil {
					t.Errorf("Check(puzzle %d, its picture) = %v", i+1, err)
				}
			}
		})
	}
}

func TestEncodeTAAI(t *testing.T) {
	want, err := os.ReadFile(filepath.Join("testdata", "heart.taai"))
	if err != nil {
		t.Fatal(err)
	}
	heart, arrow := puzzle.FromGrid(heartPicture, nil), puzzle.FromGrid(arrowPicture, nil)
	var buf bytes.Buffer
	if err := puzzle.EncodeAll(&buf, []*puzzle.Puzzle{heart, arrow}, puzzle.TAAI); err != nil {
		t.Fatalf("EncodeAll(TAAI) error = %v", err)
	}
	if buf.String() != string(want) {
		t.Errorf("EncodeAll(TAAI) =\n%s\nwant\n%s", buf.Bytes(), want)
	}

	// Ids of the form $k are kept when every puzzle has a distinct one.
	heart.ID, arrow.ID = "$7", "$3"
	buf.Reset()
	if err := puzzle.EncodeAll(&buf, []*puzzle.Puzzle{heart, arrow}, puzzle.TAAI); err != nil {
		t.Fatalf("EncodeAll(TAAI) error = %v", err)
	}
	if !strings.HasPrefix(buf.String(), "$7\n") || !strings.Contains(buf.String(), "\n$3\n") {
		t.Errorf("EncodeAll(TAAI) with ids $7, $3 wrote\n%s", buf.Bytes())
	}
	arrow.ID = "$7"
	buf.Reset()
	if err := puzzle.EncodeAll(&buf, []*puzzle.Puzzle{heart, arrow}, puzzle.TAAI); err != nil {
		t.Fatalf("EncodeAll(TAAI) error = %v", err)
	}
	if !strings.HasPrefix(buf.String(), "$1\n") || !strings.Contains(buf.String(), "\n$2\n") {
		t.Errorf("EncodeAll(TAAI) with duplicate ids wrote\n%s", buf.Bytes())
	}

	roundTrip(t, heart, puzzle.TAAI)
}

func TestEncodeTAAIUnsupported(t *testing.T) {
	tests := []struct {
		name string
		p    *puzzle.Puzzle
	}{
		{"not square", puzzle.New([][]int{{1}, {1}}, [][]int{{2}})},
		{"colour", puzzle.FromGrid(picture(map[rune]puzzle.Color{'r': 2}, "#r"),
			[]puzzle.Swatch{puzzle.White, puzzle.Black, {Name: "red", Char: 'r'}})},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := puzzle.Encode(&bytes.Buffer{}, tt.p, puzzle.TAAI)
			if !errors.Is(err, puzzle.ErrUnsupported) {
				t.Errorf("Encode(TAAI) error = %v, want %v", err, puzzle.ErrUnsupported)
			}
		})
	}
}

func TestDecodeTAAISolutions(t *testing.T) {
	for _, name := range []string{"heart-solutions.txt", "heart-solutions-crlf.txt"} {
		t.Run(name, func(t *testing.T) {
			f, err := os.Open(filepath.Join("testdata", "grid", name))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			sols, err := puzzle.DecodeTAAISolutions(f)
			if err != nil {
				t.Fatalf("DecodeTAAISolutions(%s) error = %v", name, err)
			}
			if len(sols) != 2 || !sols["$1"].Equal(heartPicture) || !sols["$2"].Equal(arrowPicture) {
				t.Errorf("DecodeTAAISolutions(%s) = %v, want $1 heart and $2 arrow", name, sols)
			}
		})
	}
}

func TestDecodeTAAISolutionsErrors(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"empty", "", "no puzzle found: no solutions"},
		{"no header", "0\t1\n1\t0\n", "line 1: want a solution header \"$1\", found \"0\\t1\""},
		{"bad cell", "$1\n0\t1\n1\t2\n", "line 3: solution $1 row 2 column 2: \"2\" is not 0 or 1"},
		{"ragged", "$1\n0\t1\n1\n", "line 3: solution $1 row 2 has 1 cells, row 1 has 2"},
		{"not square", "$1\n0\t1\t1\n1\t0\t0\n", "line 1: solution $1 has 2 rows of 3 cells, want a square"},
		{"no rows", "$1\n$2\n1\n", "line 1: solution $1 has no rows"},
		{"twice", "$1\n1\n$1\n1\n", "line 3: solution $1 appears twice"},
		{"huge", "$1\n" + strings.Repeat("0\t", 1001) + "\n", "line 2: too large: solution $1 is larger than 1000 per side"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := puzzle.DecodeTAAISolutions(strings.NewReader(tt.in))
			var pe *puzzle.ParseError
			if !errors.As(err, &pe) || err.Error() != tt.want {
				t.Errorf("DecodeTAAISolutions(%q) error = %v, want ParseError %q", tt.in, err, tt.want)
			}
		})
	}
}

// TestEncodeTAAINoID: a puzzle without a "$k" id (read from another
// format) is written as $1 and reads back.
func TestEncodeTAAINoID(t *testing.T) {
	p := puzzle.New([][]int{{1}, {2}}, [][]int{{2}, {1}})
	q := roundTrip(t, p, puzzle.TAAI)
	if q.ID != "$1" {
		t.Errorf("Decode(Encode(no id)).ID = %q, want $1", q.ID)
	}
	var buf bytes.Buffer
	if err := puzzle.EncodeAll(&buf, []*puzzle.Puzzle{p, p}, puzzle.TAAI); err != nil {
		t.Fatal(err)
	}
	ps, err := puzzle.DecodeAll(&buf, puzzle.TAAI)
	if err != nil || len(ps) != 2 || ps[1].ID != "$2" {
		t.Fatalf("DecodeAll(EncodeAll(two without ids)) = %d puzzles, %v", len(ps), err)
	}
}
