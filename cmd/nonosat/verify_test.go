package main

import (
	"strings"
	"testing"

	"github.com/nonosat/nonosat/puzzle"
)

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
			"nonosat: testdata/heart-badchar.grid:3: "},
		{"missing grid", []string{"testdata/heart.non", "testdata/missing.grid"}, exitError, "", "testdata/missing.grid"},
		{"no such puzzle", []string{"--puzzle", "2", "testdata/heart.non", "testdata/heart.grid"}, exitUsage, "",
			"--index 2: testdata/heart.non holds 1 puzzle(s)"},
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
		r := runIn(t, strings.NewReader(".XX.XX.\r\n#######\r\n#######\r\n.#####.\r\n..###..\r\n...#...\r\n"), "verify", "testdata/heart.non", "-")
		if r.code != exitOK || r.stdout != "ok\n" {
			t.Errorf("verify heart.non - < heart: %v", r)
		}
	})
	t.Run("solve's output", func(t *testing.T) {
		// The verdict line solve prints after the grid reads back.
		s := run(t, "solve", "--plain", "testdata/heart.non")
		if s.code != exitOK || !strings.HasSuffix(s.stdout, "\nunique (line solved)\n") {
			t.Fatalf("solve --plain heart.non: %v", s)
		}
		if r := runIn(t, strings.NewReader(s.stdout), "verify", "testdata/heart.non", "-"); r.code != exitOK || r.stdout != "ok\n" {
			t.Errorf("solve --plain heart.non | verify heart.non -: %v", r)
		}
	})
	// What solve prints without --plain reads back too: the framed grid
	// with the clues around it, in colour or not, black and white or not.
	for _, args := range [][]string{
		{"testdata/heart.non"},
		{"--color", "always", "testdata/heart.non"},
		{"../../examples/flower.xml"},
		{"--color", "always", "../../examples/flower.xml"},
	} {
		s := run(t, append([]string{"solve"}, args...)...)
		puz := args[len(args)-1]
		if r := runIn(t, strings.NewReader(s.stdout), "verify", puz, "-"); s.code != exitOK || r.code != exitOK || r.stdout != "ok\n" {
			t.Errorf("solve %v | verify %s -: %v", args, puz, r)
		}
		// A grid changed in the frame is no solution: the last cell of
		// the first row, background in both, made colour 1.
		lines := strings.Split(s.stdout, "\n")
		for i, l := range lines {
			if strings.Contains(l, "|") {
				j := strings.LastIndex(l, ".")
				lines[i] = l[:j] + "#" + l[j+1:]
				break
			}
		}
		bad := strings.Join(lines, "\n")
		if r := runIn(t, strings.NewReader(bad), "verify", puz, "-"); r.code != exitError {
			t.Errorf("solve %v, a cell changed, | verify %s -: %v; want exit 1", args, puz, r)
		}
	}
	// Two solutions: say so, rather than read the first.
	s := run(t, "solve", "--max", "2", "--format", "text", textFile(t, diagonals))
	if r := runIn(t, strings.NewReader(s.stdout), "verify", "--format", "text", textFile(t, diagonals), "-"); r.code != exitError || !strings.Contains(r.stderr, "several solutions") {
		t.Errorf("solve --max 2 | verify: %v; want an error saying the file holds several", r)
	}
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
