package puzzle_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nonosat/nonosat/puzzle"
)

// dancer is example A of docs/formats.md, webpbn #1.
func dancer() *puzzle.Puzzle {
	return puzzle.FromGrid(picture(nil,
		".##..",
		".##.#",
		"..#.#",
		".###.",
		"#.#..",
		"#.#..",
		"..##.",
		".#.#.",
		".#.##",
		"##..."), nil)
}

func TestDancerClues(t *testing.T) {
	want := puzzle.New(
		[][]int{{2}, {2, 1}, {1, 1}, {3}, {1, 1}, {1, 1}, {2}, {1, 1}, {1, 2}, {2}},
		[][]int{{2, 1}, {2, 1, 3}, {7}, {1, 3}, {2, 1}})
	if p := dancer(); !cluesEqual(p.Rows, want.Rows) || !cluesEqual(p.Cols, want.Cols) {
		t.Errorf("dancer() clues = %v / %v, want %v / %v", p.Rows, p.Cols, want.Rows, want.Cols)
	}
}

// exampleB is example B of docs/formats.md: black and red on white.
func exampleB() *puzzle.Puzzle {
	red := puzzle.Swatch{Name: "red", RGB: puzzle.RGB{R: 255}, Char: 'r'}
	black := puzzle.Swatch{Name: "black", Char: 'X'}
	return puzzle.FromGrid(picture(map[rune]puzzle.Color{'r': 2},
		"rr#.",
		".##.",
		"r.##"), []puzzle.Swatch{puzzle.White, black, red})
}

func TestParseGrid(t *testing.T) {
	tests := []struct {
		file string
		p    *puzzle.Puzzle
	}{
		{"dancer.txt", dancer()},
		{"example-b.txt", exampleB()},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			f, err := os.Open(filepath.Join("testdata", "grid", tt.file))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			g, err := puzzle.ParseGrid(f, tt.p)
			if err != nil {
				t.Fatalf("ParseGrid(%s) error = %v", tt.file, err)
			}
			if err := puzzle.Check(tt.p, g); err != nil {
				t.Errorf("Check(ParseGrid(%s)) = %v", tt.file, err)
			}
		})
	}
}

func TestParseGridChars(t *testing.T) {
	p := puzzle.New([][]int{{1, 1}, {3}}, [][]int{{2}, {1}, {2}})
	want := picture(nil, "#.#", "###")
	for _, in := range []string{"#.#\n###\n", "X X\r\n1X#\n\n\n", "101\n111", "#0#\nXXX\n",
		"#.#\n###\nunique (line solved)\n", "#.#\n###\n\nmultiple (at least 2 solutions)\n\n", "#.#\n###\ntimeout",
		// As solve draws it, with the clues around it, plain and in colour.
		"      2 1 2\n    +------\n1 1 | # . #\n  3 | # # #\nunique (line solved)\n",
		"== p.txt (3x2)\n      2 1 2\n    +------\n1 1 |\x1b[48;5;16;38;5;231m #\x1b[48;5;231;38;5;16m .\x1b[48;5;16;38;5;231m #\x1b[0m\n  3 |\x1b[48;5;16;38;5;231m # # #\x1b[0m\n"} {
		g, err := puzzle.ParseGrid(strings.NewReader(in), p)
		if err != nil || !g.Equal(want) {
			t.Errorf("ParseGrid(%q) = %v, %v, want %v", in, g, err, want)
		}
	}
}

func TestParseGridErrors(t *testing.T) {
	p := exampleB()
	tests := []struct {
		name, in, want string
	}{
		{"short row", "rrX.\n.XX\nr.XX\n", "line 2: row 2 has 3 cells, puzzle width 4"},
		{"long row", "rrX..\n", "line 1: row 1 has 5 cells, puzzle width 4"},
		{"unknown char", "rrX.\n.XX.\nr.Xq\n", "line 3: unknown colour: row 3 column 4: character 'q' is no colour of the puzzle"},
		{"too few rows", "rrX.\n.XX.\n", "line 2: grid has 2 rows, puzzle 3"},
		{"too many rows", "rrX.\n.XX.\nr.XX\n\n....\n", "line 5: grid has more than 3 rows"},
		{"rows after the verdict", "rrX.\n.XX.\nr.XX\nunique\n....\n", "line 5: grid has more than 3 rows"},
		{"two verdicts", "rrX.\n.XX.\nr.XX\nunique\nunique\n", "line 5: grid has more than 3 rows"},
		{"no verdict word", "rrX.\n.XX.\nr.XX\nuniquely\n", "line 4: grid has more than 3 rows"},
		{"empty", "", "grid has 0 rows, puzzle 3"},
		{"framed, short row", "  +--------\n3 | r r X .\n2 | . X X\n", "line 3: row 2 has 3 cells, puzzle width 4"},
		{"framed, too few rows", "  +--------\n3 | r r X .\n2 | . X X .\nunique\n", "line 4: grid has 2 rows, puzzle 3"},
		{"two frames", "solution 1:\n  +--------\nsolution 2:\n  +--------\n", "line 4: a second grid: the file holds several solutions, and only one can be checked"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := puzzle.ParseGrid(strings.NewReader(tt.in), p)
			var pe *puzzle.ParseError
			if !errors.As(err, &pe) || err.Error() != tt.want {
				t.Errorf("ParseGrid(%q) error = %v, want ParseError %q", tt.in, err, tt.want)
			}
		})
	}
}

// TestFromGridRagged: a grid whose rows differ in length is a caller's
// mistake FromGrid cannot return as an error; its panic names the row
// instead of an index out of range.
func TestFromGridRagged(t *testing.T) {
	defer func() {
		r := recover()
		if msg, _ := r.(string); !strings.Contains(msg, "row 2 has 1 cells, row 1 has 2") {
			t.Errorf("FromGrid(ragged) panicked with %v", r)
		}
	}()
	puzzle.FromGrid(puzzle.Grid{{1, 0}, {1}}, nil)
	t.Error("FromGrid(ragged) returned")
}
