package picture

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/nonosat/nonosat/puzzle"
)

// Errors wrapped by what Decode, ReadFile and Grid return.
var (
	ErrUnknownFormat = errors.New("not a picture nonosat reads (PNG, GIF, JPEG, PBM, PGM, PPM or text art)")
	ErrMalformed     = errors.New("malformed picture")
	ErrTooLarge      = errors.New("picture too large")
	ErrTooManyColors = errors.New("too many colours")
	ErrSize          = errors.New("bad target size")
	ErrBlank         = errors.New("picture is all background")
)

// Limits on what the readers accept, checked before anything of that size
// is allocated.
const (
	MaxPixels   = 1 << 24  // pixels (or text-art cells) in one picture
	MaxFileSize = 64 << 20 // bytes read from one file
)

// Options say how a picture becomes a grid. The zero value keeps the
// picture's own size and colours.
type Options struct {
	// Colors is the most colours the grid may have besides the background.
	// A picture with more is reduced by median cut (see the package doc).
	// Zero keeps the picture's exact colours and fails with
	// ErrTooManyColors if there are more than puzzle.MaxColors.
	Colors int
	// Width and Height are the size of the grid in cells. Zero keeps the
	// picture's size; when only one is zero it follows the aspect ratio.
	// A picture is only ever scaled down.
	Width, Height int
	// Background, when set, picks as background the colour nearest to it
	// instead of the lightest one.
	Background *puzzle.RGB
}

// Format names a picture format found by Decode.
type Format string

// The formats Decode reads.
const (
	FormatPNG     Format = "png"
	FormatGIF     Format = "gif"
	FormatJPEG    Format = "jpeg"
	FormatPNM     Format = "pnm" // PBM, PGM and PPM, plain and raw
	FormatTextArt Format = "text art"
)

// Sniff names the format of a picture from its first bytes, or returns ""
// when data is not a picture.
func Sniff(data []byte) Format {
	switch {
	case bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n")):
		return FormatPNG
	case bytes.HasPrefix(data, []byte("GIF87a")), bytes.HasPrefix(data, []byte("GIF89a")):
		return FormatGIF
	case bytes.HasPrefix(data, []byte("\xff\xd8\xff")):
		return FormatJPEG
	case isPNM(data):
		return FormatPNM
	case isText(data):
		return FormatTextArt
	}
	return ""
}

// ReadFile reads the named picture file, or standard input for "-", and
// turns it into a grid and palette; see [Decode]. Errors name the file
// (standard input as puzzle.StdinName). A file named *.txt or *.text is
// always text art.
func ReadFile(name string, o Options) (puzzle.Grid, []puzzle.Swatch, error) {
	var data []byte
	var err error
	if name == "-" {
		data, err = io.ReadAll(io.LimitReader(os.Stdin, MaxFileSize+1))
	} else {
		data, err = readLimited(name)
	}
	if err != nil {
		return nil, nil, err
	}
	if name == "-" {
		name = puzzle.StdinName
	}
	var g puzzle.Grid
	var pal []puzzle.Swatch
	switch ext := strings.ToLower(filepath.Ext(name)); {
	case len(bytes.TrimSpace(data)) == 0:
		err = fmt.Errorf("%w: it is empty", ErrUnknownFormat)
	case len(data) > MaxFileSize:
		err = fmt.Errorf("%w: file over %d bytes", ErrTooLarge, MaxFileSize)
	case ext == ".txt" || ext == ".text":
		g, pal, err = decodeAs(data, FormatTextArt, o)
	default:
		g, pal, err = decodeAs(data, Sniff(data), o)
	}
	if err != nil {
		return nil, nil, nameError(name, err)
	}
	return g, pal, nil
}

// nameError puts the file name into err: a *puzzle.ParseError gets its
// File set; any other error is wrapped in one.
func nameError(name string, err error) error {
	var pe *puzzle.ParseError
	if errors.As(err, &pe) {
		pe.File = name
		return pe
	}
	return &puzzle.ParseError{File: name, Err: err}
}

func readLimited(name string) ([]byte, error) {
	fh, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	return io.ReadAll(io.LimitReader(fh, MaxFileSize+1))
}

// Decode reads a picture in any format [Sniff] knows and turns it into a
// grid and a palette for [puzzle.FromGrid]: colours reduced to at most
// o.Colors plus the background, and the picture scaled down to
// o.Width×o.Height cells. Text-art errors are *puzzle.ParseError values
// with a line number.
func Decode(r io.Reader, o Options) (puzzle.Grid, []puzzle.Swatch, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxFileSize+1))
	if err != nil {
		return nil, nil, err
	}
	if len(data) > MaxFileSize {
		return nil, nil, fmt.Errorf("%w: over %d bytes", ErrTooLarge, MaxFileSize)
	}
	return decodeAs(data, Sniff(data), o)
}

func decodeAs(data []byte, f Format, o Options) (puzzle.Grid, []puzzle.Swatch, error) {
	if err := o.check(); err != nil {
		return nil, nil, err
	}
	var img image.Image
	var err error
	switch f {
	case FormatTextArt:
		ras, err := readTextArt(bytes.NewReader(data))
		if err != nil {
			return nil, nil, err
		}
		return ras.grid(o)
	case FormatPNM:
		img, err = DecodePNM(bytes.NewReader(data))
	case FormatPNG, FormatGIF, FormatJPEG:
		img, err = decodeStd(data, f)
	default:
		return nil, nil, ErrUnknownFormat
	}
	if err != nil {
		return nil, nil, err
	}
	return Grid(img, o)
}

// decodeStd decodes with the standard library, after checking the size
// the header declares.
func decodeStd(data []byte, f Format) (image.Image, error) {
	configs := map[Format]func(io.Reader) (image.Config, error){FormatPNG: png.DecodeConfig, FormatGIF: gif.DecodeConfig, FormatJPEG: jpeg.DecodeConfig}
	decoders := map[Format]func(io.Reader) (image.Image, error){FormatPNG: png.Decode, FormatGIF: gif.Decode, FormatJPEG: jpeg.Decode}
	cfg, err := configs[f](bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrMalformed, f, err)
	}
	if err := checkSize(cfg.Width, cfg.Height); err != nil {
		return nil, err
	}
	img, err := decoders[f](bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrMalformed, f, err)
	}
	return img, nil
}

func checkSize(w, h int) error {
	if w <= 0 || h <= 0 {
		return fmt.Errorf("%w: %dx%d pixels", ErrMalformed, w, h)
	}
	if w > MaxPixels/h {
		return fmt.Errorf("%w: %dx%d pixels, at most %d in all", ErrTooLarge, w, h, MaxPixels)
	}
	return nil
}

func (o Options) check() error {
	switch {
	case o.Colors < 0 || o.Colors > puzzle.MaxColors:
		return fmt.Errorf("%w: %d colours, want 1 to %d (0 keeps the picture's own)", ErrSize, o.Colors, puzzle.MaxColors)
	case o.Width < 0 || o.Height < 0 || o.Width > puzzle.MaxSide || o.Height > puzzle.MaxSide:
		return fmt.Errorf("%w: %dx%d, want 1 to %d cells a side", ErrSize, o.Width, o.Height, puzzle.MaxSide)
	}
	return nil
}

// Grid turns an image into a grid and palette as [Decode] does. Pixels
// less than half opaque are background.
func Grid(img image.Image, o Options) (puzzle.Grid, []puzzle.Swatch, error) {
	if err := o.check(); err != nil {
		return nil, nil, err
	}
	b := img.Bounds()
	if err := checkSize(b.Dx(), b.Dy()); err != nil {
		return nil, nil, err
	}
	ras := newRaster(b.Dx(), b.Dy())
	for y := range ras.h {
		for x := range ras.w {
			c := color.NRGBAModel.Convert(img.At(b.Min.X+x, b.Min.Y+y)).(color.NRGBA)
			i := y*ras.w + x
			if c.A < 0x80 {
				ras.clear[i] = true
				continue
			}
			ras.pix[i] = puzzle.RGB{R: c.R, G: c.G, B: c.B}
		}
	}
	return ras.grid(o)
}

// raster is a picture on its way to a grid: one colour per cell, some
// cells known to be background whatever their colour (transparent pixels,
// background characters of text art), and for text art the swatch each
// colour came from.
type raster struct {
	w, h   int
	pix    []puzzle.RGB
	clear  []bool
	known  map[puzzle.RGB]puzzle.Swatch // colour → swatch the input named
	bgSwat *puzzle.Swatch               // background swatch the input named
	// text: the background is the cells marked clear, if any; no
	// colour becomes it (text art, whose characters all name colours)
	text bool
}

func newRaster(w, h int) *raster {
	return &raster{w: w, h: h, pix: make([]puzzle.RGB, w*h), clear: make([]bool, w*h)}
}

// grid quantises, picks the background, scales and builds the palette.
func (ras *raster) grid(o Options) (puzzle.Grid, []puzzle.Swatch, error) {
	w, h, err := targetSize(ras.w, ras.h, o)
	if err != nil {
		return nil, nil, err
	}
	reps, bg, idx, err := ras.quantize(o)
	if err != nil {
		return nil, nil, err
	}
	cells := scale(idx, ras.w, ras.h, w, h, len(reps)+1)

	// Palette: the colours still used, most cells first.
	count := make([]int, len(reps)+1)
	for _, v := range cells {
		count[v]++
	}
	var used []int
	for i := 1; i < len(count); i++ {
		if count[i] > 0 && i-1 != bg {
			used = append(used, i)
		}
	}
	if len(used) == 0 {
		return nil, nil, ErrBlank
	}
	sortByCount(used, count, reps)
	colors := make([]puzzle.RGB, len(used))
	renum := make([]puzzle.Color, len(reps)+1)
	for j, i := range used {
		colors[j] = reps[i-1]
		renum[i] = puzzle.Color(j + 1)
	}
	pal := palette(ras.background(reps, bg), colors, ras.known)
	g := puzzle.NewGrid(h, w)
	for r := range h {
		for c := range w {
			g[r][c] = renum[cells[r*w+c]]
		}
	}
	return g, pal, nil
}

// quantize reduces the picture's colours to those of o: it returns the
// colours kept, the index in reps of the background colour (-1: none),
// and each pixel's colour (0 for the background, 1+i for reps[i]).
func (ras *raster) quantize(o Options) (reps []puzzle.RGB, bg int, idx []int, err error) {
	hist := make(map[puzzle.RGB]int)
	anyClear := false
	for i, c := range ras.pix {
		if ras.clear[i] {
			anyClear = true
			continue
		}
		hist[c]++
	}

	// With background pixels marked, every other colour is a foreground
	// colour, unless the caller named a background colour.
	k := o.Colors
	exact := k == 0
	if exact {
		k = puzzle.MaxColors
	}
	implied := !anyClear && !ras.text // the background is a colour of the picture
	if implied || o.Background != nil {
		k++
	}
	if exact && len(hist) > k {
		return nil, 0, nil, fmt.Errorf("%w: %d colours, at most %d plus the background", ErrTooManyColors, len(hist), puzzle.MaxColors)
	}
	reps = medianCut(hist, k)

	bg = -1
	switch {
	case len(reps) == 0:
	case o.Background != nil:
		bg = nearest(reps, *o.Background)
	case implied:
		bg = lightest(reps)
	}

	lookup := make(map[puzzle.RGB]int, len(hist))
	for c := range hist {
		i := nearest(reps, c)
		if i == bg {
			lookup[c] = 0
		} else {
			lookup[c] = i + 1
		}
	}
	idx = make([]int, len(ras.pix))
	for i, c := range ras.pix {
		if !ras.clear[i] {
			idx[i] = lookup[c]
		}
	}
	return reps, bg, idx, nil
}

// background is the swatch of the background: reps[bg], named as the
// picture named it, or the picture's own background.
func (ras *raster) background(reps []puzzle.RGB, bg int) puzzle.Swatch {
	sw := puzzle.White
	if ras.bgSwat != nil {
		sw = *ras.bgSwat
	}
	if bg >= 0 {
		if known, ok := ras.known[reps[bg]]; ok {
			sw = known
		} else if reps[bg] != puzzle.White.RGB {
			sw = puzzle.Swatch{Name: "background", RGB: reps[bg], Char: '.'}
		}
	}
	return sw
}

// targetSize is the grid size for a w×h picture under o.
func targetSize(w, h int, o Options) (int, int, error) {
	tw, th := o.Width, o.Height
	switch {
	case tw == 0 && th == 0:
		tw, th = w, h
	case th == 0:
		th = max(1, (h*tw+w/2)/w)
	case tw == 0:
		tw = max(1, (w*th+h/2)/h)
	}
	if tw > w || th > h {
		return 0, 0, fmt.Errorf("%w: cannot scale a %dx%d picture up to %dx%d", ErrSize, w, h, tw, th)
	}
	if tw > puzzle.MaxSide || th > puzzle.MaxSide {
		return 0, 0, fmt.Errorf("%w: %dx%d cells, at most %d a side: give a smaller target size", ErrTooLarge, tw, th, puzzle.MaxSide)
	}
	return tw, th, nil
}

// scale shrinks a w×h index image to tw×th: each cell takes the most
// common index of its block of pixels; on a tie a colour beats the
// background and a lower index beats a higher one.
func scale(idx []int, w, h, tw, th, n int) []int {
	if tw == w && th == h {
		return idx
	}
	out := make([]int, tw*th)
	count := make([]int, n)
	for r := range th {
		y0, y1 := r*h/th, (r+1)*h/th
		for c := range tw {
			x0, x1 := c*w/tw, (c+1)*w/tw
			clear(count)
			for y := y0; y < y1; y++ {
				for _, v := range idx[y*w+x0 : y*w+x1] {
					count[v]++
				}
			}
			best := 0
			for i := 1; i < n; i++ {
				if count[i] > count[best] || (best == 0 && count[i] > 0 && count[i] == count[0]) {
					best = i
				}
			}
			out[r*tw+c] = best
		}
	}
	return out
}

// sortByCount orders colour indices by cells used, most first, then by
// colour value.
func sortByCount(used, count []int, reps []puzzle.RGB) {
	slices.SortFunc(used, func(a, b int) int {
		if count[a] != count[b] {
			return count[b] - count[a]
		}
		return rgbKey(reps[a-1]) - rgbKey(reps[b-1])
	})
}

func rgbKey(c puzzle.RGB) int { return int(c.R)<<16 | int(c.G)<<8 | int(c.B) }

// luma is the perceived lightness of c, 0 to 255000.
func luma(c puzzle.RGB) int { return 299*int(c.R) + 587*int(c.G) + 114*int(c.B) }

// lightest returns the index of the lightest colour.
func lightest(cs []puzzle.RGB) int {
	best := 0
	for i, c := range cs {
		if luma(c) > luma(cs[best]) {
			best = i
		}
	}
	return best
}

// nearest returns the index of the colour closest to c (squared distance
// in RGB; the first on a tie).
func nearest(cs []puzzle.RGB, c puzzle.RGB) int {
	best := 0
	for i, d := range cs {
		if distance(d, c) < distance(cs[best], c) {
			best = i
		}
	}
	return best
}
