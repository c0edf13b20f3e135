package main

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nonosat/nonosat/puzzle"
)

func TestRenderSVG(t *testing.T) {
	needFormats(t, puzzle.NON)
	r := run(t, "render", "testdata/heart.non")
	if r.code != exitOK || r.stderr != "" {
		t.Fatalf("render heart.non: %v", r)
	}
	if !strings.HasPrefix(r.stdout, "<svg ") || !strings.HasSuffix(r.stdout, "</svg>\n") || !strings.Contains(r.stdout, "<title>Heart</title>") {
		t.Errorf("render heart.non: not an SVG of Heart:\n%s", r.stdout)
	}
	// Without --solution no cell is black; with it, 27 are (plus the
	// thick lines, which are black too but not 24x24).
	cell := `width="24" height="24" fill="#000000"`
	if n := strings.Count(r.stdout, cell); n != 0 {
		t.Errorf("render without --solution fills %d cells", n)
	}
	r = run(t, "render", "testdata/heart.non", "--solution")
	if n := strings.Count(r.stdout, cell); r.code != exitOK || n != 27 {
		t.Errorf("render --solution: exit %d, %d black cells, want 0 and 27", r.code, n)
	}
}

func TestRenderPNG(t *testing.T) {
	needFormats(t, puzzle.NON)
	out := filepath.Join(t.TempDir(), "heart.png")
	r := run(t, "render", "testdata/heart.non", "-s", "-o", out, "--cell", "10")
	if r.code != exitOK || r.stdout != "" || r.stderr != "" {
		t.Fatalf("render -o %s: %v", out, r)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("png.Decode(%s) error = %v", out, err)
	}
	// Heart: 7x6 cells, at most 2 numbers per row clue and 1 per column
	// clue, cells of 10 and margins of 5.
	if got := img.Bounds().Size(); got.X != (2+7)*10+10 || got.Y != (1+6)*10+10 {
		t.Errorf("render PNG size = %v, want 100x80", got)
	}
	// Cell (2,1) is black: its centre in the picture.
	if c, _, _, _ := img.At(5+(2+0)*10+5, 5+(1+1)*10+5).RGBA(); c != 0 {
		t.Errorf("cell (2,1) is not black")
	}
}

func TestRenderSolves(t *testing.T) {
	needFormats(t, puzzle.NON)
	// A puzzle without a goal is solved for --solution; an ambiguous one
	// draws one solution and warns.
	unique := writeFile(t, "plus.non", "width 3\nheight 3\nrows\n1\n3\n1\ncolumns\n1\n3\n1\n")
	r := run(t, "render", unique, "--solution")
	if r.code != exitOK || r.stderr != "" || strings.Count(r.stdout, `width="24" height="24" fill="#000000"`) != 5 {
		t.Errorf("render --solution (no goal): %v", r)
	}
	ambiguous := writeFile(t, "diag.non", "width 2\nheight 2\nrows\n1\n1\ncolumns\n1\n1\n")
	r = run(t, "render", ambiguous, "--solution")
	if r.code != exitOK || !strings.Contains(r.stderr, "more than one solution") {
		t.Errorf("render --solution (ambiguous): %v\nwant a warning", r)
	}
	none := writeFile(t, "none.non", "width 2\nheight 2\nrows\n2\n0\ncolumns\n0\n2\n")
	r = run(t, "render", none, "--solution")
	if r.code != exitNoSolution && r.code != exitError {
		t.Errorf("render --solution (no solution): %v", r)
	}
}

func TestRenderErrors(t *testing.T) {
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"unknown kind", []string{"render", "testdata/heart.non", "-o", "heart.bmp"}, exitUsage, `cannot draw "bmp": want svg or png`},
		{"no suffix", []string{"render", "testdata/heart.non", "-o", "heart"}, exitUsage, "use --to svg or --to png"},
		{"bad cell", []string{"render", "testdata/heart.non", "--cell", "2"}, exitUsage, "--cell 2: want 8 to 200"},
		{"missing file", []string{"render", "nonexistent.non"}, exitError, "nonexistent.non"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := run(t, tt.args...)
			if r.code != tt.code || !strings.Contains(r.stderr, tt.want) {
				t.Errorf("nonosat %q: %v\nwant exit %d and %q on stderr", tt.args, r, tt.code, tt.want)
			}
		})
	}
}
