package picture_test

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nonosat/nonosat/picture"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/solver"
)

// corpus is the shared test corpus; tests that need it skip without it.
const corpus = "../../shared/corpora/number-loom-xml"

var (
	white = puzzle.RGB{R: 255, G: 255, B: 255}
	black = puzzle.RGB{}
	red   = puzzle.RGB{R: 200, G: 30, B: 30}
	green = puzzle.RGB{R: 20, G: 150, B: 40}
	blue  = puzzle.RGB{R: 30, G: 60, B: 200}
)

// encodeGrid draws g as an image, one pixel per cell, in the colours of
// pal; with clear set the background is transparent instead.
func encodeGrid(g puzzle.Grid, pal []puzzle.Swatch, clear bool) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, len(g[0]), len(g)))
	for r := range g {
		for c, v := range g[r] {
			rgb := pal[v].RGB
			a := uint8(255)
			if clear && v == 0 {
				a = 0
			}
			img.SetNRGBA(c, r, color.NRGBA{rgb.R, rgb.G, rgb.B, a})
		}
	}
	return img
}

func pngBytes(t testing.TB, img image.Image) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// cellRGBs is g in colours, for comparing grids whose palettes number
// the same colours differently.
func cellRGBs(g puzzle.Grid, pal []puzzle.Swatch) [][]puzzle.RGB {
	out := make([][]puzzle.RGB, len(g))
	for r := range g {
		for _, v := range g[r] {
			out[r] = append(out[r], pal[v].RGB)
		}
	}
	return out
}

func sameRGBs(a, b [][]puzzle.RGB) bool {
	if len(a) != len(b) {
		return false
	}
	for r := range a {
		if len(a[r]) != len(b[r]) {
			return false
		}
		for c := range a[r] {
			if a[r][c] != b[r][c] {
				return false
			}
		}
	}
	return true
}

func randomGrid(rng *rand.Rand, h, w, colors int) puzzle.Grid {
	g := puzzle.NewGrid(h, w)
	for r := range g {
		for c := range g[r] {
			if rng.IntN(2) == 1 {
				g[r][c] = puzzle.Color(1 + rng.IntN(colors))
			}
		}
	}
	g[0][0] = 0                        // some background
	g[h-1][w-1] = puzzle.Color(colors) // some colour
	return g
}

// TestRoundTrip draws random grids as PNG (opaque white or transparent
// background), decodes them, makes puzzles and solves them: the colours
// come back exactly, and a unique solution is the original picture.
func TestRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	pal := []puzzle.Swatch{puzzle.White, {Name: "black", RGB: black}, {Name: "red", RGB: red}, {Name: "green", RGB: green}, {Name: "blue", RGB: blue}}
	unique := 0
	for i := range 120 {
		colors := 1 + i%4
		h, w := 1+rng.IntN(8), 2+rng.IntN(7)
		orig := randomGrid(rng, h, w, colors)
		clear := i%3 == 2
		data := pngBytes(t, encodeGrid(orig, pal, clear))
		g, gotPal, err := picture.Decode(bytes.NewReader(data), picture.Options{})
		if err != nil {
			t.Fatalf("grid %d: Decode error = %v\n%v", i, err, orig)
		}
		if !sameRGBs(cellRGBs(g, gotPal), cellRGBs(orig, pal)) {
			t.Fatalf("grid %d: Decode = \n%vwant\n%v(palette %v)", i, g, orig, gotPal)
		}
		p := puzzle.FromGrid(g, gotPal)
		if err := p.Validate(); err != nil {
			t.Fatalf("grid %d: FromGrid(Decode).Validate() error = %v", i, err)
		}
		res, err := solver.Solve(t.Context(), p, solver.Options{Max: 2, IgnoreGoal: true})
		if err != nil {
			t.Fatalf("grid %d: Solve error = %v", i, err)
		}
		if res.Verdict == solver.Unique {
			unique++
			if got := cellRGBs(res.Solutions[0], gotPal); !sameRGBs(got, cellRGBs(orig, pal)) {
				t.Errorf("grid %d: unique solution\n%vis not the picture\n%v", i, res.Solutions[0], orig)
			}
		}
	}
	if unique < 20 {
		t.Errorf("only %d of 120 random grids were unique; the test checks too little", unique)
	}
}

func TestDecodeFormats(t *testing.T) {
	g := puzzle.Grid{{0, 1, 0}, {1, 1, 1}, {0, 1, 0}}
	pal := []puzzle.Swatch{puzzle.White, puzzle.Black}
	img := encodeGrid(g, pal, false)
	var gifBuf, jpegBuf bytes.Buffer
	if err := gif.Encode(&gifBuf, img, nil); err != nil {
		t.Fatal(err)
	}
	if err := jpeg.Encode(&jpegBuf, img, &jpeg.Options{Quality: 100}); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		data []byte
		o    picture.Options
	}{
		{"png", pngBytes(t, img), picture.Options{}},
		{"gif", gifBuf.Bytes(), picture.Options{}},
		{"jpeg", jpegBuf.Bytes(), picture.Options{Colors: 1}},
		{"pbm plain", []byte("P1\n# a plus\n3 3\n010\n111\n010\n"), picture.Options{}},
		{"pbm raw", []byte("P4 3 3\n\x40\xe0\x40"), picture.Options{}},
		{"pgm plain", []byte("P2 3 3 15\n15 0 15\n0 0 0\n15 0 15\n"), picture.Options{}},
		{"pgm raw 16-bit", []byte("P5 3 3 65535\n\xff\xff\x00\x00\xff\xff\x00\x00\x00\x00\x00\x00\xff\xff\x00\x00\xff\xff"), picture.Options{}},
		{"ppm plain", []byte("P3 3 3 255 255 255 255 0 0 0 255 255 255 0 0 0 0 0 0 0 0 0 255 255 255 0 0 0 255 255 255"), picture.Options{}},
		{"ppm raw", append([]byte("P6\n3 3\n255\n"), rgbBytes(img)...), picture.Options{}},
		{"text art", []byte(".#.\n###\n.#.\n"), picture.Options{}},
		{"text art spaces", []byte(" X\nXXX\n X"), picture.Options{}},
		{"binary art", []byte("010\r\n111\r\n010\r\n"), picture.Options{}},
		{"scaled png", pngBytes(t, upscale(img, 4)), picture.Options{Width: 3}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, gotPal, err := picture.Decode(bytes.NewReader(tt.data), tt.o)
			if err != nil {
				t.Fatalf("Decode(%q) error = %v", tt.name, err)
			}
			if len(gotPal) != 2 || gotPal[0].RGB != white || gotPal[1].RGB != black {
				t.Errorf("Decode(%q) palette = %v, want white and black", tt.name, gotPal)
			}
			if !got.Equal(g) {
				t.Errorf("Decode(%q) =\n%vwant\n%v", tt.name, got, g)
			}
		})
	}
}

func rgbBytes(img *image.NRGBA) []byte {
	var out []byte
	for i := 0; i < len(img.Pix); i += 4 {
		out = append(out, img.Pix[i:i+3]...)
	}
	return out
}

// upscale draws every pixel of img as a k×k block.
func upscale(img image.Image, k int) *image.NRGBA {
	b := img.Bounds()
	out := image.NewNRGBA(image.Rect(0, 0, b.Dx()*k, b.Dy()*k))
	for y := range b.Dy() * k {
		for x := range b.Dx() * k {
			out.Set(x, y, img.At(b.Min.X+x/k, b.Min.Y+y/k))
		}
	}
	return out
}

func TestQuantize(t *testing.T) {
	// Noisy shades of red, green and black on near-white: three colours
	// and a background, whatever the noise.
	rng := rand.New(rand.NewPCG(3, 4))
	want := puzzle.Grid{{0, 1, 1, 0}, {2, 2, 3, 3}, {0, 3, 3, 0}}
	base := []puzzle.RGB{{R: 250, G: 250, B: 245}, {R: 200, G: 30, B: 30}, {R: 20, G: 150, B: 40}, {R: 10, G: 10, B: 10}}
	img := image.NewNRGBA(image.Rect(0, 0, 40, 30))
	for y := range 30 {
		for x := range 40 {
			c := base[want[y/10][x/10]]
			n := func(v uint8) uint8 { return uint8(min(255, max(0, int(v)+rng.IntN(21)-10))) }
			img.SetNRGBA(x, y, color.NRGBA{n(c.R), n(c.G), n(c.B), 255})
		}
	}
	data := pngBytes(t, img)
	if _, _, err := picture.Decode(bytes.NewReader(data), picture.Options{}); !errors.Is(err, picture.ErrTooManyColors) {
		t.Errorf("Decode(noisy, no colour limit) error = %v, want ErrTooManyColors", err)
	}
	g, pal, err := picture.Decode(bytes.NewReader(data), picture.Options{Colors: 3, Width: 4, Height: 3})
	if err != nil {
		t.Fatalf("Decode(noisy, 3 colours, 4x3) error = %v", err)
	}
	if len(pal) != 4 {
		t.Fatalf("Decode(noisy) palette = %v, want 4 entries", pal)
	}
	for r := range want {
		for c := range want[r] {
			got, w := pal[g[r][c]].RGB, base[want[r][c]]
			if g[r][c] == 0 {
				got = puzzle.RGB{R: 250, G: 250, B: 245} // background's swatch is nominal
			}
			if d := dist(got, w); d > 10*10*3 {
				t.Errorf("cell (%d,%d) = %v, want near %v", r, c, got, w)
			}
			if (g[r][c] == 0) != (want[r][c] == 0) {
				t.Errorf("cell (%d,%d) background = %v, want %v", r, c, g[r][c] == 0, want[r][c] == 0)
			}
		}
	}
	names := map[string]bool{}
	for _, sw := range pal {
		if names[sw.Name] {
			t.Errorf("palette %v repeats the name %q", pal, sw.Name)
		}
		names[sw.Name] = true
	}

	// One colour: everything dark is one colour.
	g, pal, err = picture.Decode(bytes.NewReader(data), picture.Options{Colors: 1, Width: 4, Height: 3})
	if err != nil {
		t.Fatalf("Decode(noisy, 1 colour) error = %v", err)
	}
	if len(pal) != 2 {
		t.Errorf("Decode(noisy, 1 colour) palette = %v, want 2 entries", pal)
	}
	for r := range want {
		for c := range want[r] {
			if (g[r][c] == 0) != (want[r][c] == 0) {
				t.Errorf("1 colour: cell (%d,%d) = %d, want background %v", r, c, g[r][c], want[r][c] == 0)
			}
		}
	}
}

func dist(a, b puzzle.RGB) int {
	dr, dg, db := int(a.R)-int(b.R), int(a.G)-int(b.G), int(a.B)-int(b.B)
	return dr*dr + dg*dg + db*db
}

func TestBackgroundOption(t *testing.T) {
	// Light figure on black: with Background black, the light colour is
	// the figure.
	art := pngBytes(t, encodeGrid(puzzle.Grid{{0, 1}, {1, 0}}, []puzzle.Swatch{{RGB: black}, {RGB: white}}, false))
	g, pal, err := picture.Decode(bytes.NewReader(art), picture.Options{Background: &black})
	if err != nil {
		t.Fatal(err)
	}
	if want := (puzzle.Grid{{0, 1}, {1, 0}}); !g.Equal(want) || pal[1].RGB != white {
		t.Errorf("Decode(Background black) = %v %v, want %v with white as colour 1", g, pal, want)
	}
	g, _, err = picture.Decode(bytes.NewReader(art), picture.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if want := (puzzle.Grid{{1, 0}, {0, 1}}); !g.Equal(want) {
		t.Errorf("Decode(lightest is background) = %v, want %v", g, want)
	}
}

func TestScaleTies(t *testing.T) {
	// 2x2 blocks with two background and two colour pixels: the colour
	// wins the tie.
	g, _, err := picture.Decode(strings.NewReader("#.\n.#\n"), picture.Options{Width: 1, Height: 1})
	if err != nil {
		t.Fatal(err)
	}
	if !g.Equal(puzzle.Grid{{1}}) {
		t.Errorf("Decode(checkerboard, 1x1) = %v, want #", g)
	}
	// Height follows the aspect ratio.
	g, _, err = picture.Decode(strings.NewReader("##..\n##..\n..##\n..##\n"), picture.Options{Width: 2})
	if err != nil {
		t.Fatal(err)
	}
	if !g.Equal(puzzle.Grid{{1, 0}, {0, 1}}) {
		t.Errorf("Decode(4x4, width 2) = %v, want #. .#", g)
	}
}

func TestDecodeErrors(t *testing.T) {
	tests := []struct {
		name string
		data string
		o    picture.Options
		want error
		msg  string // substring of the message
	}{
		{"empty", "", picture.Options{}, picture.ErrUnknownFormat, "not a picture"},
		{"binary", "\x00\x01\x02", picture.Options{}, picture.ErrUnknownFormat, "not a picture"},
		{"blank", "...\n...\n", picture.Options{}, picture.ErrBlank, "all background"},
		{"upscale", "#.\n.#\n", picture.Options{Width: 4}, picture.ErrSize, "cannot scale a 2x2 picture up to 4x4"},
		{"negative colours", "#", picture.Options{Colors: -1}, picture.ErrSize, "-1 colours"},
		{"too wide", "#", picture.Options{Width: 5000}, picture.ErrSize, "5000x0"},
		{"tab", "#\t#\n", picture.Options{}, picture.ErrMalformed, "line 1: malformed picture: column 2: tab"},
		{"bad png", "\x89PNG\r\n\x1a\nxxxx", picture.Options{}, picture.ErrMalformed, "png"},
		{"huge pbm", "P4 100000 100000\n", picture.Options{}, picture.ErrTooLarge, "100000x100000"},
		{"short pgm", "P5 4 4 255\nab", picture.Options{}, picture.ErrMalformed, "pgm: raster ends after 2 of 16 bytes"},
		{"pgm sample", "P2 1 1 10 11", picture.Options{}, picture.ErrMalformed, "pgm: sample 1 is 11, above maxval 10"},
		{"pbm digit", "P1 2 1 0 2", picture.Options{}, picture.ErrMalformed, "pbm: pixel 2: want 0 or 1, found '2'"},
		{"pgm maxval", "P2 1 1 70000 1", picture.Options{}, picture.ErrMalformed, "pgm: maxval over 65535"},
		{"pgm eof", "P2 1 1", picture.Options{}, picture.ErrMalformed, "pgm: file ends too soon"},
		{"ppm zero", "P3 0 1 255", picture.Options{}, picture.ErrMalformed, "ppm: 0x1 image"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := picture.Decode(strings.NewReader(tt.data), tt.o)
			if !errors.Is(err, tt.want) || !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("Decode(%q) error = %v, want %v containing %q", tt.data, err, tt.want, tt.msg)
			}
			if err != nil && strings.HasSuffix(err.Error(), ".") {
				t.Errorf("Decode(%q) error %q ends in a full stop", tt.data, err)
			}
		})
	}
}

func TestReadFileNamesFile(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "art.txt")
	if err := os.WriteFile(name, []byte("#.\n#\t\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	_, _, err := picture.ReadFile(name, picture.Options{})
	var pe *puzzle.ParseError
	if !errors.As(err, &pe) || pe.File != name || pe.Line != 2 {
		t.Fatalf("ReadFile(%q) error = %v, want a ParseError at %s:2", name, err, name)
	}
	if want := name + ":2: malformed picture: column 2: tab in text art; use spaces"; err.Error() != want {
		t.Errorf("ReadFile(%q) error = %q, want %q", name, err, want)
	}
	// A .txt file is text art even if it looks like PNM.
	if err := os.WriteFile(name, []byte("P1 #\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	g, _, err := picture.ReadFile(name, picture.Options{})
	if err != nil || len(g) != 1 || len(g[0]) != 4 {
		t.Errorf("ReadFile(%q) = %v, %v; want a 4x1 text-art grid", name, g, err)
	}
	_, _, err = picture.ReadFile(filepath.Join(dir, "missing.png"), picture.Options{})
	if !errors.Is(err, os.ErrNotExist) {
		t.Errorf("ReadFile(missing) error = %v, want ErrNotExist", err)
	}
}

// TestCorpus converts every example picture and text-art file of the
// shared corpus into a valid puzzle.
func TestCorpus(t *testing.T) {
	var files []string
	for _, pat := range []string{"png/*.png", "char-grid/*.txt"} {
		m, _ := filepath.Glob(filepath.Join(corpus, pat))
		files = append(files, m...)
	}
	if len(files) == 0 {
		t.Skipf("no corpus at %s", corpus)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			g, pal, err := picture.ReadFile(f, picture.Options{})
			if err != nil {
				t.Fatalf("ReadFile error = %v", err)
			}
			p := puzzle.FromGrid(g, pal)
			if err := p.Validate(); err != nil {
				t.Fatalf("puzzle from %s: Validate() error = %v", f, err)
			}
			if err := puzzle.Check(p, g); err != nil {
				t.Fatalf("puzzle from %s: Check(goal) error = %v", f, err)
			}
		})
	}
}

func TestNearColors(t *testing.T) {
	sw := func(r, g, b uint8) puzzle.Swatch { return puzzle.Swatch{RGB: puzzle.RGB{R: r, G: g, B: b}} }
	tests := []struct {
		name   string
		pal    []puzzle.Swatch
		groups int
		a, b   puzzle.RGB
	}{
		{"distinct", []puzzle.Swatch{sw(255, 255, 255), sw(0, 0, 0), sw(200, 0, 0)}, 3, puzzle.RGB{}, puzzle.RGB{}},
		{"one pair", []puzzle.Swatch{sw(255, 255, 255), sw(0, 0, 0), sw(10, 10, 10)}, 2, puzzle.RGB{}, puzzle.RGB{R: 10, G: 10, B: 10}},
		// 0-60-120 in red: neighbours near, the ends not; a chain is one group.
		{"chain", []puzzle.Swatch{sw(0, 0, 0), sw(60, 0, 0), sw(120, 0, 0)}, 1, puzzle.RGB{}, puzzle.RGB{R: 60}},
	}
	for _, tt := range tests {
		groups, a, b := picture.NearColors(tt.pal)
		if groups != tt.groups || a != tt.a || b != tt.b {
			t.Errorf("%s: NearColors = %d, %v, %v; want %d, %v, %v", tt.name, groups, a, b, tt.groups, tt.a, tt.b)
		}
	}
}
