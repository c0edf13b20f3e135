package main

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nonosat/nonosat/internal/randpuzzle"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/solver"
)

// writeFile writes content to name in a fresh temporary directory and
// returns the path.
func writeFile(t *testing.T, name, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(content), 0o666); err != nil {
		t.Fatal(err)
	}
	return path
}

// writePNG draws g one pixel per cell in the colours of pal.
func writePNG(t *testing.T, path string, g puzzle.Grid, pal []puzzle.Swatch) {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, len(g[0]), len(g)))
	for r := range g {
		for c, v := range g[r] {
			rgb := pal[v].RGB
			img.SetNRGBA(c, r, color.NRGBA{rgb.R, rgb.G, rgb.B, 255})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o666); err != nil {
		t.Fatal(err)
	}
}

const heartArt = ".##.##.\n#######\n#######\n.#####.\n..###..\n...#...\n"

func TestMakeUnique(t *testing.T) {
	needFormats(t, puzzle.XML)
	art := writeFile(t, "heart.txt", heartArt)
	r := run(t, "make", art)
	if r.code != exitOK {
		t.Fatalf("make %s: %v", art, r)
	}
	if want := art + ": 7x6, 1 colour: unique\n"; r.stderr != want {
		t.Errorf("make %s: stderr = %q, want %q", art, r.stderr, want)
	}
	p, err := puzzle.Decode(strings.NewReader(r.stdout), puzzle.XML)
	if err != nil {
		t.Fatalf("Decode(make output) error = %v\n%s", err, r.stdout)
	}
	want := puzzle.FromGrid(mustGrid(t, heartArt), nil)
	if !sameClues(p, want) {
		t.Errorf("make %s: clues %v / %v, want %v / %v", art, p.Rows, p.Cols, want.Rows, want.Cols)
	}
	if p.Title != "heart" {
		t.Errorf("make %s: title %q, want heart", art, p.Title)
	}
	if !p.Goal.Equal(want.Goal) {
		t.Errorf("make %s: goal\n%vwant\n%v", art, p.Goal, want.Goal)
	}
}

func mustGrid(t *testing.T, art string) puzzle.Grid {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(art), "\n")
	g := puzzle.NewGrid(len(lines), len(lines[0]))
	for r, l := range lines {
		for c, ch := range l {
			if ch != '.' {
				g[r][c] = 1
			}
		}
	}
	return g
}

func TestMakeToFile(t *testing.T) {
	needFormats(t, puzzle.NON)
	dir := t.TempDir()
	in := filepath.Join(dir, "flag.png")
	pal := []puzzle.Swatch{puzzle.White, {Name: "red", RGB: puzzle.RGB{R: 220}}, {Name: "blue", RGB: puzzle.RGB{B: 200}}}
	goal := puzzle.Grid{{1, 1, 0, 2}, {1, 0, 2, 2}, {0, 2, 2, 1}}
	writePNG(t, in, goal, pal)
	out := filepath.Join(dir, "flag.non")
	r := run(t, "make", in, "-o", out, "--title", "Flag")
	if r.code != exitOK && r.code != exitMultiple {
		t.Fatalf("make %s -o %s: %v", in, out, r)
	}
	if !strings.HasPrefix(r.stdout, in+": 4x3, 2 colours: ") || r.stderr != "" {
		t.Errorf("make -o: stdout %q, stderr %q; want the report on stdout", r.stdout, r.stderr)
	}
	p, err := puzzle.ReadFile(out)
	if err != nil {
		t.Fatalf("ReadFile(%s) error = %v", out, err)
	}
	if p.Title != "Flag" || p.NumColors() != 2 || p.Goal == nil || puzzle.Check(p, p.Goal) != nil {
		t.Errorf("make wrote title %q, %d colours, goal %v", p.Title, p.NumColors(), p.Goal)
	}
}

func TestMakeMultiple(t *testing.T) {
	needFormats(t, puzzle.XML)
	art := writeFile(t, "diag.txt", "#..\n.#.\n..#\n")
	r := run(t, "make", art, "-o", filepath.Join(t.TempDir(), "diag.xml"))
	if r.code != exitMultiple {
		t.Fatalf("make %s: %v\nwant exit %d", art, r, exitMultiple)
	}
	// Any two of the six permutation matrices differ in 4 or 6 cells.
	if !strings.Contains(r.stdout, ": 3x3, 1 colour: multiple; ") || !strings.Contains(r.stdout, "cells differ between two solutions (row,column): (1,") {
		t.Errorf("make %s: stdout =\n%s\nwant the cells that differ", art, r.stdout)
	}
	if n := strings.Count(r.stdout, "?"); n != 4 && n != 6 {
		t.Errorf("make %s: drawing marks %d cells, want 4 or 6:\n%s", art, n, r.stdout)
	}
	if strings.Contains(r.stdout, "\x1b[") {
		t.Errorf("make %s: colour escapes on a non-terminal:\n%s", art, r.stdout)
	}
	t.Setenv("COLORTERM", "truecolor")
	r = run(t, "make", art, "-o", filepath.Join(t.TempDir(), "diag.xml"), "--color", "always")
	if !strings.Contains(r.stdout, "\x1b[48;2;") {
		t.Errorf("make --color always: no colour escapes:\n%s", r.stdout)
	}
}

func TestMakeScaleAndColors(t *testing.T) {
	needFormats(t, puzzle.XML)
	dir := t.TempDir()
	in := filepath.Join(dir, "big.png")
	// A 2x2 checkerboard of red and white, each cell 10x10 pixels, every
	// red pixel a slightly different red.
	g := puzzle.NewGrid(20, 20)
	pal := []puzzle.Swatch{puzzle.White}
	for r := range 20 {
		for c := range 20 {
			if (r/10+c/10)%2 == 0 {
				g[r][c] = puzzle.Color(len(pal))
				pal = append(pal, puzzle.Swatch{RGB: puzzle.RGB{R: uint8(180 + r), G: uint8(c)}})
			}
		}
	}
	writePNG(t, in, g, pal)
	if r := run(t, "make", in); r.code != exitError || !strings.Contains(r.stderr, "(reduce them with --colors N)") {
		t.Errorf("make %s without --colors: %v\nwant an error suggesting --colors", in, r)
	}
	r := run(t, "make", in, "--colors", "1", "--size", "2x")
	if r.code != exitMultiple {
		t.Fatalf("make --colors 1 --size 2x: %v\nwant exit %d (a checkerboard is ambiguous)", r, exitMultiple)
	}
	p, err := puzzle.Decode(strings.NewReader(r.stdout), puzzle.XML)
	if err != nil {
		t.Fatalf("Decode(make output) error = %v", err)
	}
	if want := (puzzle.Grid{{1, 0}, {0, 1}}); !p.Goal.Equal(want) {
		t.Errorf("make --size 2x: goal\n%vwant\n%v", p.Goal, want)
	}
}

// TestMakeOutputIsInput: make refuses -o naming its input picture, as
// convert does, and leaves it as it was.
func TestMakeOutputIsInput(t *testing.T) {
	const src = ".#.\n###\n.#.\n"
	art := writeFile(t, "art.txt", src)
	r := run(t, "make", art, "-o", art)
	if now, _ := os.ReadFile(art); r.code != exitUsage || string(now) != src {
		t.Errorf("make %s -o the same file: %v; want exit %d and the picture unchanged, have %q", art, r, exitUsage, now)
	}
}

func TestMakeErrors(t *testing.T) {
	art := writeFile(t, "x.txt", "#r.\n")
	if r := run(t, "make", art, "--colors", "0"); r.code == exitUsage { // 0, the default, keeps the picture's colours
		t.Errorf("make --colors 0: %v; want it taken", r)
	}
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"missing file", []string{"make", "nonexistent.png"}, exitError, "nonexistent.png"},
		{"bad size", []string{"make", art, "--size", "ten"}, exitUsage, `--size: "ten": want WxH`},
		{"zero size", []string{"make", art, "--size", "0x3"}, exitUsage, "want whole numbers from 1 to 1000"},
		{"bad colors", []string{"make", art, "--colors", "-1"}, exitUsage, "--colors -1: want 1 to 63, or 0 to keep the picture's own"},
		{"bad background", []string{"make", art, "--background", "pink"}, exitUsage, "--background"},
		{"bad color", []string{"make", art, "--color", "sometimes"}, exitUsage, `--color "sometimes"`},
		{"unknown suffix", []string{"make", art, "-o", "out.xyz"}, exitUsage, "cannot tell the format of out.xyz"},
		{"colour to b&w format", []string{"make", art, "--to", "nin"}, exitError, "picture has 2 colours"},
		{"upscale", []string{"make", art, "--size", "5x5"}, exitError, "cannot scale a 3x1 picture up to 5x5"},
		{"not a picture", []string{"make", writeFile(t, "bin.dat", "\x00\x01")}, exitError, "bin.dat: not a picture"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := run(t, tt.args...)
			if r.code != tt.code || !strings.Contains(r.stderr, tt.want) {
				t.Errorf("nonosat %q: %v\nwant exit %d and %q on stderr", tt.args, r, tt.code, tt.want)
			}
			if strings.Count(r.stderr, "\n") != 1 || strings.HasSuffix(strings.TrimSpace(r.stderr), ".") {
				t.Errorf("nonosat %q: stderr = %q, want one line with no full stop", tt.args, r.stderr)
			}
		})
	}
}

// TestMakeRoundTrip: random grids, black and white or up to four colours,
// drawn as PNG, through make, parsed and solved: a unique solution is the
// original grid.
func TestMakeRoundTrip(t *testing.T) {
	needFormats(t, puzzle.XML)
	rng := rand.New(rand.NewPCG(7, 8))
	pal := []puzzle.Swatch{puzzle.White, puzzle.Black,
		{Name: "red", RGB: puzzle.RGB{R: 220, G: 20, B: 20}},
		{Name: "green", RGB: puzzle.RGB{G: 160}},
		{Name: "blue", RGB: puzzle.RGB{B: 220}}}
	dir := t.TempDir()
	unique := 0
	for i := range 24 {
		colors := 1 + i%4
		h, w := 2+rng.IntN(6), 2+rng.IntN(6)
		g := puzzle.NewGrid(h, w)
		for r := range g {
			for c := range g[r] {
				if rng.IntN(3) > 0 {
					g[r][c] = puzzle.Color(1 + rng.IntN(colors))
				}
			}
		}
		g[0][0], g[h-1][w-1] = 0, puzzle.Color(colors)
		in := filepath.Join(dir, "grid.png")
		writePNG(t, in, g, pal)
		r := run(t, "make", in)
		if r.code != exitOK && r.code != exitMultiple {
			t.Fatalf("grid %d: make: %v", i, r)
		}
		p, err := puzzle.Decode(strings.NewReader(r.stdout), puzzle.XML)
		if err != nil {
			t.Fatalf("grid %d: Decode(make output) error = %v\n%s", i, err, r.stdout)
		}
		res, err := solver.Solve(context.Background(), p, solver.Options{Max: 2, IgnoreGoal: true})
		if err != nil {
			t.Fatalf("grid %d: Solve error = %v", i, err)
		}
		if (res.Verdict == solver.Unique) != (r.code == exitOK) {
			t.Errorf("grid %d: make exit %d, Solve says %s", i, r.code, res.Verdict)
		}
		if res.Verdict != solver.Unique {
			continue
		}
		unique++
		sol := res.Solutions[0]
		for r := range g {
			for c := range g[r] {
				if p.Palette[sol[r][c]].RGB != pal[g[r][c]].RGB {
					t.Fatalf("grid %d: cell (%d,%d) solved as %v, picture has %v", i, r+1, c+1, p.Palette[sol[r][c]].RGB, pal[g[r][c]].RGB)
				}
			}
		}
	}
	if unique < 5 {
		t.Errorf("only %d of 24 grids unique; the test checks too little", unique)
	}
}

// TestMakeTimeout: --timeout holds on a picture whose check takes far
// longer (a random 50×50 picture in 4 colours, 35 % filled, that the
// learner leaves undecided in a minute; benchmarks/RESULTS.md, run 29).
func TestMakeTimeout(t *testing.T) {
	needFormats(t, puzzle.XML)
	p := randpuzzle.Picture(1, 50, 50, 4, 0.35)
	in := filepath.Join(t.TempDir(), "noise.png")
	writePNG(t, in, p.Goal, randpuzzle.Palette(4))
	start := time.Now()
	r := run(t, "make", in, "--timeout", "1s")
	if d := time.Since(start); r.code != exitUndecided || !strings.Contains(r.stderr, "uniqueness not decided in 1s") || d > 15*time.Second {
		t.Fatalf("make --timeout 1s: %v after %v; want exit %d within seconds", r, d, exitUndecided)
	}
}

// TestMakeNearColors: a picture whose colours are nearly equal, as the
// shades a photo or a smoothed drawing has, gets a warning that names a
// pair and suggests --colors with the number of groups of near colours;
// one of distinct colours, or made with --colors, gets none.
func TestMakeNearColors(t *testing.T) {
	near := []puzzle.Swatch{
		{RGB: puzzle.RGB{R: 255, G: 255, B: 255}}, {RGB: puzzle.RGB{}}, {RGB: puzzle.RGB{R: 5, G: 5, B: 5}},
		{RGB: puzzle.RGB{R: 10, G: 10, B: 10}}, {RGB: puzzle.RGB{R: 250, G: 250, B: 250}},
	}
	distinct := []puzzle.Swatch{
		{RGB: puzzle.RGB{R: 255, G: 255, B: 255}}, {RGB: puzzle.RGB{R: 200}}, {RGB: puzzle.RGB{G: 160}}, {RGB: puzzle.RGB{B: 200}},
	}
	g := puzzle.Grid{{1, 2, 3, 4}, {0, 1, 2, 3}, {4, 0, 1, 2}}
	dir := t.TempDir()
	shades, colours := filepath.Join(dir, "shades.png"), filepath.Join(dir, "colours.png")
	writePNG(t, shades, g, near)
	writePNG(t, colours, puzzle.Grid{{1, 2, 3, 0}, {0, 1, 2, 3}, {3, 0, 1, 2}}, distinct)
	out := filepath.Join(dir, "out.non")
	r := run(t, "make", shades, "-o", out)
	if want := "warning: " + shades + ": 4 colours, some nearly equal (as #000000 and #050505), as a photo or a smoothed drawing gives: try --colors 1"; !strings.Contains(r.stderr, want) {
		t.Errorf("make on near shades: %v; want %q", r, want)
	}
	for _, args := range [][]string{{colours}, {shades, "--colors", "3"}} {
		if r := run(t, append([]string{"make", "-o", out}, args...)...); strings.Contains(r.stderr, "warning") {
			t.Errorf("make %v: %v; want no warning", args, r)
		}
	}
}

// TestPictureGivenToSolve: a picture given to a command that reads
// puzzles says to make a puzzle of it, instead of a puzzle format's
// complaint about its first bytes; text art that reads as no puzzle gets
// the same hint after the error.
func TestPictureGivenToSolve(t *testing.T) {
	dir := t.TempDir()
	png := filepath.Join(dir, "flag.png")
	writePNG(t, png, puzzle.Grid{{1, 0}, {0, 1}}, puzzle.BlackWhite())
	for _, cmd := range []string{"solve", "check", "info", "hint"} {
		r := run(t, cmd, png)
		if want := png + " is a PNG picture, not a puzzle: nonosat make " + png + " makes one of it"; r.code != exitError || !strings.Contains(r.stderr, want) {
			t.Errorf("%s on a PNG: %v; want exit 1 and %q", cmd, r, want)
		}
	}
	r := run(t, "solve", "../../docs/example.txt")
	if r.code != exitError || !strings.Contains(r.stderr, "(if it is text art, nonosat make ../../docs/example.txt makes a puzzle of it)") {
		t.Errorf("solve on text art: %v; want the hint to make a puzzle of it", r)
	}
	// A puzzle file that is broken is not taken for a picture.
	bad := writeFile(t, "bad.non", "junk\n")
	if r := run(t, "solve", bad); strings.Contains(r.stderr, "make") {
		t.Errorf("solve on a broken .non: %v; want no hint to make a puzzle", r)
	}
}
