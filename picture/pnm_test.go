package picture_test

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"testing"

	"github.com/nonosat/nonosat/picture"
)

// encodePPM writes img as a PPM, plain (P3) or raw (P6).
func encodePPM(img image.Image, plain bool) []byte {
	b := img.Bounds()
	var buf bytes.Buffer
	magic := "P6"
	if plain {
		magic = "P3"
	}
	fmt.Fprintf(&buf, "%s\n%d %d\n255\n", magic, b.Dx(), b.Dy())
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
			if plain {
				fmt.Fprintf(&buf, "%d %d %d\n", c.R, c.G, c.B)
			} else {
				buf.Write([]byte{c.R, c.G, c.B})
			}
		}
	}
	return buf.Bytes()
}

func samePixels(a, b image.Image) bool {
	if a.Bounds() != b.Bounds() {
		return false
	}
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if color.NRGBAModel.Convert(a.At(x, y)) != color.NRGBAModel.Convert(b.At(x, y)) {
				return false
			}
		}
	}
	return true
}

func TestPNMScaling(t *testing.T) {
	tests := []struct {
		in   string
		want color.NRGBA
	}{
		{"P2 1 1 1 1", color.NRGBA{255, 255, 255, 255}},
		{"P2 1 1 3 1", color.NRGBA{85, 85, 85, 255}},
		{"P5 1 1 1000\n\x01\xf4", color.NRGBA{128, 128, 128, 255}},
		{"P3 1 1 15 15 0 8", color.NRGBA{255, 0, 136, 255}},
		{"P1 1 1 1", color.NRGBA{0, 0, 0, 255}},
		{"P1\n#c\n1 1\n#c\n0", color.NRGBA{255, 255, 255, 255}},
		{"P4 9 1\n\x00\x80", color.NRGBA{255, 255, 255, 255}},
	}
	for _, tt := range tests {
		img, err := picture.DecodePNM(bytes.NewReader([]byte(tt.in)))
		if err != nil {
			t.Errorf("DecodePNM(%q) error = %v", tt.in, err)
			continue
		}
		if got := color.NRGBAModel.Convert(img.At(0, 0)); got != tt.want {
			t.Errorf("DecodePNM(%q) pixel = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// FuzzPNM decodes anything as PNM; what decodes must survive writing as
// PPM (raw and plain) and decoding again, and turning into a grid must not
// panic.
func FuzzPNM(f *testing.F) {
	for _, s := range []string{
		"P1\n# a plus\n3 3\n010\n111\n010\n",
		"P4 3 3\n\x40\xe0\x40",
		"P2 3 3 15\n15 0 15\n0 0 0\n15 0 15\n",
		"P5 2 1 65535\n\xff\xff\x00\x00",
		"P3 1 2 255 255 0 0 0 0 255",
		"P6\n1 1\n255\n\x01\x02\x03",
		"P2 1 1",
		"P5 4 4 255\nab",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		img, err := picture.DecodePNM(bytes.NewReader(data))
		if err != nil {
			return
		}
		for _, plain := range []bool{false, true} {
			again, err := picture.DecodePNM(bytes.NewReader(encodePPM(img, plain)))
			if err != nil {
				t.Fatalf("DecodePNM(encode(DecodePNM(%q))) error = %v", data, err)
			}
			if !samePixels(img, again) {
				t.Fatalf("PPM round trip of %q changed the pixels", data)
			}
		}
		_, _, _ = picture.Grid(img, picture.Options{Colors: 3, Width: 1})
	})
}
