package picture

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"github.com/nonosat/nonosat/puzzle"
)

// PNG writes the picture [Image] draws as a PNG file.
func PNG(w io.Writer, p *puzzle.Puzzle, o RenderOptions) error {
	img, err := Image(p, o)
	if err != nil {
		return err
	}
	return png.Encode(w, img)
}

// Image draws the puzzle as a printed nonogram, as [SVG] does, into an
// image. Clue numbers are set in Go Bold (golang.org/x/image/font/gofont,
// BSD licence), rendered by golang.org/x/image/font/opentype.
func Image(p *puzzle.Puzzle, o RenderOptions) (*image.RGBA, error) {
	sc, err := layout(p, o)
	if err != nil {
		return nil, err
	}
	if sc.w > MaxPixels*4/sc.h {
		return nil, fmt.Errorf("%w: drawing would be %dx%d pixels, at most %d in all: use a smaller cell size", ErrTooLarge, sc.w, sc.h, MaxPixels*4)
	}
	img := image.NewRGBA(image.Rect(0, 0, sc.w, sc.h))
	for _, b := range sc.fills {
		fill(img, image.Rect(b.x, b.y, b.x+b.w, b.y+b.h), b.c)
	}
	if len(sc.labels) > 0 {
		f, err := opentype.Parse(gobold.TTF)
		if err != nil {
			return nil, fmt.Errorf("font: %w", err)
		}
		faces := make(map[float64]font.Face)
		defer func() {
			for _, face := range faces {
				face.Close()
			}
		}()
		for _, l := range sc.labels {
			face := faces[l.size]
			if face == nil {
				face, err = opentype.NewFace(f, &opentype.FaceOptions{Size: l.size, DPI: 72, Hinting: font.HintingFull})
				if err != nil {
					return nil, fmt.Errorf("font: %w", err)
				}
				faces[l.size] = face
			}
			d := &font.Drawer{Dst: img, Src: image.NewUniform(rgba(l.c)), Face: face}
			// Centre the digits: half the advance left of x, and half the
			// height of a digit below y.
			adv := d.MeasureString(l.text)
			bounds, _ := font.BoundString(face, "0")
			digit := bounds.Max.Y - bounds.Min.Y
			d.Dot = fixed.Point26_6{X: fixed.I(l.x) - adv/2, Y: fixed.I(l.y) + digit/2}
			d.DrawString(l.text)
		}
	}
	for _, b := range sc.marks {
		for _, r := range []image.Rectangle{
			image.Rect(b.x, b.y, b.x+b.w, b.y+2),
			image.Rect(b.x, b.y+b.h-2, b.x+b.w, b.y+b.h),
			image.Rect(b.x, b.y, b.x+2, b.y+b.h),
			image.Rect(b.x+b.w-2, b.y, b.x+b.w, b.y+b.h),
		} {
			fill(img, r, b.c)
		}
	}
	return img, nil
}

func fill(img *image.RGBA, r image.Rectangle, c puzzle.RGB) {
	draw.Draw(img, r, image.NewUniform(rgba(c)), image.Point{}, draw.Src)
}

func rgba(c puzzle.RGB) color.RGBA { return color.RGBA{c.R, c.G, c.B, 255} }
