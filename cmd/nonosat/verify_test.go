package main

import (
	"errors"
	"strings"
	"testing"

	"github.com/nonosat/nonosat/puzzle"
)

func TestReadGrid(t *testing.T) {
	heart := puzzle.New([][]int{{2, 2}, {7}, {7}, {5}, {3}, {1}}, [][]int{{2}, {4}, {5}, {5}, {5}, {4}, {2}})
	xheart := new(puzzle.Puzzle)
	*xheart = *heart
	xheart.Palette = []puzzle.Swatch{puzzle.White, {Name: "black", Char: 'X'}}
	const heartGrid = ".##.##.\n#######\n#######\n.#####.\n..###..\n...#...\n"
	tests := []struct {
		name string
		p    *puzzle.Puzzle
		in   string
		want string // the grid as Grid.String prints it, or the error
	}{
		{"black and white", heart, heartGrid, heartGrid},
		{"blank lines, CRLF, trailing space", heart, "\r\n" + strings.ReplaceAll(heartGrid, "\n", "  \r\n") + "\n\n", heartGrid},
		{"palette char", xheart, strings.ReplaceAll(heartGrid, "#", "X"), heartGrid},
		{"palette char and #", xheart, heartGrid, heartGrid},
		{"colour", mushroom(), ".rr.\nrrrr\n.gg.\n.gg.\n", ".##.\n####\n.11.\n.11.\n"},
		{"colour by number", mushroom(), ".##.\n####\n.11.\n.11.\n", ".##.\n####\n.11.\n.11.\n"},
		{"unknown char", heart, ".##.##.\n###?###\n", `g:2: row 2, column 4: '?' is no colour of this puzzle (want one of ".#")`},
		{"other colour's char", heart, ".##.##.\n###1###\n", `g:2: row 2, column 4: '1' is no colour`},
		{"short row", heart, ".##.##.\n######\n", "g:2: row 2 has 6 cells, puzzle width 7"},
		{"too many rows", heart, heartGrid + "\n.......\n", "g:8: more rows than the puzzle's 6"},
		{"too few rows", heart, ".##.##.\n", "g: grid has 1 rows, puzzle height 6"},
		{"empty", heart, "", "g: grid has 0 rows, puzzle height 6"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := readGrid(strings.NewReader(tt.in), "g", tt.p)
			got := ""
			if err != nil {
				var pe *puzzle.ParseError
				if !errors.As(err, &pe) || pe.File != "g" {
					t.Errorf("readGrid(%q) error = %#v, want a *puzzle.ParseError for g", tt.in, err)
				}
				got = err.Error()
			} else {
				got = g.String()
			}
			if !strings.HasPrefix(got, tt.want) {
				t.Errorf("readGrid(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestVerify(t *testing.T) {
	needFormats(t, puzzle.NON)
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout string
		stderr string // in stderr, which must be one line
	}{
		{"solution", []string{"testdata/heart.non", "testdata/heart.grid"}, exitOK, "ok\n", ""},
		{"flags after", []string{"testdata/heart.non", "testdata/heart.grid", "--puzzle", "1"}, exitOK, "ok\n", ""},
		{"not a solution", []string{"testdata/heart.non", "testdata/heart-wrong.grid"}, exitError, "",
			"nonosat: testdata/heart-wrong.grid: not a solution: row 4 reads 2 2, clue is 5\n"},
		{"bad character", []string{"testdata/heart.non", "testdata/heart-badchar.grid"}, exitError, "",
			"nonosat: testdata/heart-badchar.grid:3: row 3, column 4: '?' is no colour"},
		{"missing grid", []string{"testdata/heart.non", "testdata/missing.grid"}, exitError, "", "testdata/missing.grid"},
		{"no such puzzle", []string{"--puzzle", "2", "testdata/heart.non", "testdata/heart.grid"}, exitUsage, "",
			"--puzzle 2: testdata/heart.non holds 1 puzzle(s)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := run(t, append([]string{"verify"}, tt.args...)...)
			if r.code != tt.code || r.stdout != tt.stdout || !strings.Contains(r.stderr, tt.stderr) || strings.Count(r.stderr, "\n") > 1 {
				t.Errorf("verify %q: %v\nwant exit %d, stdout %q, stderr with %q", tt.args, r, tt.code, tt.stdout, tt.stderr)
			}
		})
	}
	t.Run("stdin", func(t *testing.T) {
		r := runIn(t, strings.NewReader(".##.##.\n#######\n#######\n.#####.\n..###..\n...#...\n"), "verify", "testdata/heart.non", "-")
		if r.code != exitOK || r.stdout != "ok\n" {
			t.Errorf("verify heart.non - < heart: %v", r)
		}
	})
}

func TestVerifyColor(t *testing.T) {
	needFormats(t, puzzle.XML)
	for _, tt := range []struct {
		args []string
		code int
	}{
		{[]string{"--puzzle", "2", "testdata/garden.xml", "testdata/mushroom.grid"}, exitOK},
		{[]string{"testdata/garden.xml", "testdata/heart.grid"}, exitOK},
		{[]string{"testdata/garden.xml", "testdata/mushroom.grid"}, exitError},
		{[]string{"--puzzle", "3", "testdata/garden.xml", "testdata/mushroom.grid"}, exitUsage},
	} {
		if r := run(t, append([]string{"verify"}, tt.args...)...); r.code != tt.code {
			t.Errorf("verify %q: %v\nwant exit %d", tt.args, r, tt.code)
		}
	}
}
