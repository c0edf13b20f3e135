package picture

import (
	"bufio"
	"errors"
	"fmt"
	"image"
	"image/color"
	"io"
)

// isPNM reports whether data starts with a Netpbm magic number, P1 to P6,
// followed by white space or a comment.
func isPNM(data []byte) bool {
	return len(data) >= 3 && data[0] == 'P' && data[1] >= '1' && data[1] <= '6' && (isSpace(data[2]) || data[2] == '#')
}

func isSpace(b byte) bool {
	return b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\v' || b == '\f'
}

// DecodePNM reads the first image of a Netpbm file: PBM (P1 plain, P4
// raw), PGM (P2, P5) or PPM (P3, P6), with any maxval up to 65535 (raw
// samples above 255 take two bytes, most significant first). '#' starts a
// comment to the end of the line anywhere in the header and in the plain
// formats' raster. Samples are scaled to 8 bits; in PBM, 1 is black.
// Errors wrap [ErrMalformed] or [ErrTooLarge] and say what and where.
func DecodePNM(r io.Reader) (image.Image, error) {
	d := &pnmReader{r: bufio.NewReader(r), kind: "pnm"}
	img, err := d.decode()
	if err != nil {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, fmt.Errorf("%w: %s: file ends too soon", ErrMalformed, d.kind)
		}
		return nil, err
	}
	return img, nil
}

type pnmReader struct {
	r    *bufio.Reader
	kind string // "pbm", "pgm" or "ppm", for messages
}

func (d *pnmReader) errorf(format string, args ...any) error {
	return fmt.Errorf("%w: %s: %s", ErrMalformed, d.kind, fmt.Sprintf(format, args...))
}

func (d *pnmReader) decode() (image.Image, error) {
	var magic [2]byte
	if _, err := io.ReadFull(d.r, magic[:]); err != nil {
		return nil, err
	}
	if magic[0] != 'P' || magic[1] < '1' || magic[1] > '6' {
		return nil, d.errorf("magic number %q, want P1 to P6", magic[:])
	}
	n := magic[1] - '0'
	d.kind = [...]string{"pbm", "pgm", "ppm"}[(n-1)%3]
	plain := n <= 3
	w, err := d.number("width", 1<<30)
	if err != nil {
		return nil, err
	}
	h, err := d.number("height", 1<<30)
	if err != nil {
		return nil, err
	}
	if w == 0 || h == 0 {
		return nil, d.errorf("%dx%d image", w, h)
	}
	if w > MaxPixels/h {
		return nil, fmt.Errorf("%w: %s: %dx%d pixels, at most %d in all", ErrTooLarge, d.kind, w, h, MaxPixels)
	}
	maxval := 1
	if d.kind != "pbm" {
		if maxval, err = d.number("maxval", 65535); err != nil {
			return nil, err
		}
		if maxval == 0 {
			return nil, d.errorf("maxval 0, want 1 to 65535")
		}
	}
	if !plain {
		// Exactly one white-space character ends the header.
		b, err := d.r.ReadByte()
		if err != nil {
			return nil, err
		}
		if !isSpace(b) {
			return nil, d.errorf("no white space after the header")
		}
	}
	channels := 1
	if d.kind == "ppm" {
		channels = 3
	}
	var samples []uint16
	switch {
	case n == 1:
		samples, err = d.plainBits(w * h)
	case plain:
		samples, err = d.plainSamples(w*h*channels, maxval)
	case n == 4:
		samples, err = d.rawBits(w, h)
	default:
		samples, err = d.rawSamples(w*h*channels, maxval)
	}
	if err != nil {
		return nil, err
	}
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for i := range w * h {
		var c color.NRGBA
		switch {
		case d.kind == "pbm":
			v := uint8(255 * (1 - samples[i]))
			c = color.NRGBA{v, v, v, 255}
		case channels == 1:
			v := scale8(samples[i], maxval)
			c = color.NRGBA{v, v, v, 255}
		default:
			s := samples[3*i:]
			c = color.NRGBA{scale8(s[0], maxval), scale8(s[1], maxval), scale8(s[2], maxval), 255}
		}
		img.SetNRGBA(i%w, i/w, c)
	}
	return img, nil
}

func scale8(v uint16, maxval int) uint8 { return uint8((int(v)*255 + maxval/2) / maxval) }

// skip skips white space and comments.
func (d *pnmReader) skip() error {
	for {
		b, err := d.r.ReadByte()
		if err != nil {
			return err
		}
		switch {
		case b == '#':
			for b != '\n' {
				if b, err = d.r.ReadByte(); err != nil {
					return err
				}
			}
		case !isSpace(b):
			return d.r.UnreadByte()
		}
	}
}

// number reads a decimal number at most limit, after white space and
// comments.
func (d *pnmReader) number(what string, limit int) (int, error) {
	if err := d.skip(); err != nil {
		return 0, err
	}
	v, digits := 0, 0
	for {
		b, err := d.r.ReadByte()
		if errors.Is(err, io.EOF) && digits > 0 {
			break
		}
		if err != nil {
			return 0, err
		}
		if b < '0' || b > '9' {
			if digits == 0 {
				return 0, d.errorf("%s: want a number, found %q", what, b)
			}
			if err := d.r.UnreadByte(); err != nil {
				return 0, err
			}
			break
		}
		digits++
		v = 10*v + int(b-'0')
		if v > limit {
			return 0, d.errorf("%s over %d", what, limit)
		}
	}
	return v, nil
}

// plainBits reads n plain PBM pixels: '0' or '1', white space optional.
func (d *pnmReader) plainBits(n int) ([]uint16, error) {
	var out []uint16
	for len(out) < n {
		if err := d.skip(); err != nil {
			return nil, err
		}
		b, err := d.r.ReadByte()
		if err != nil {
			return nil, err
		}
		if b != '0' && b != '1' {
			return nil, d.errorf("pixel %d: want 0 or 1, found %q", len(out)+1, b)
		}
		out = append(out, uint16(b-'0'))
	}
	return out, nil
}

// plainSamples reads n decimal samples, each at most maxval.
func (d *pnmReader) plainSamples(n, maxval int) ([]uint16, error) {
	var out []uint16
	for len(out) < n {
		v, err := d.number(fmt.Sprintf("sample %d", len(out)+1), 1<<20)
		if err != nil {
			return nil, err
		}
		if v > maxval {
			return nil, d.errorf("sample %d is %d, above maxval %d", len(out)+1, v, maxval)
		}
		out = append(out, uint16(v))
	}
	return out, nil
}

// readRaw reads exactly n bytes, allocating no more than the input holds.
func (d *pnmReader) readRaw(n int) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(d.r, int64(n)))
	if err != nil {
		return nil, err
	}
	if len(b) < n {
		return nil, d.errorf("raster ends after %d of %d bytes", len(b), n)
	}
	return b, nil
}

// rawBits reads a raw PBM raster: rows of w bits, each row padded to
// whole bytes, most significant bit first.
func (d *pnmReader) rawBits(w, h int) ([]uint16, error) {
	stride := (w + 7) / 8
	b, err := d.readRaw(stride * h)
	if err != nil {
		return nil, err
	}
	out := make([]uint16, w*h)
	for y := range h {
		for x := range w {
			out[y*w+x] = uint16(b[y*stride+x/8]>>(7-x%8)) & 1
		}
	}
	return out, nil
}

// rawSamples reads n raw samples of one byte, or two when maxval > 255.
func (d *pnmReader) rawSamples(n, maxval int) ([]uint16, error) {
	size := 1
	if maxval > 255 {
		size = 2
	}
	b, err := d.readRaw(n * size)
	if err != nil {
		return nil, err
	}
	out := make([]uint16, n)
	for i := range out {
		v := int(b[i])
		if size == 2 {
			v = int(b[2*i])<<8 | int(b[2*i+1])
		}
		if v > maxval {
			return nil, d.errorf("sample %d is %d, above maxval %d", i+1, v, maxval)
		}
		out[i] = uint16(v)
	}
	return out, nil
}
