package puzzle_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/nonosat/nonosat/puzzle"
)

// Round-trip fuzz tests of the line formats (encoding/csv's FuzzRoundtrip,
// seeded from testdata as in image/png's FuzzDecode): any input either
// fails with a *ParseError, or decodes to puzzles that survive EncodeAll
// and DecodeAll with the same clues (and, for .non, the same goal,
// properties and colour values; for CWC the same number of colours), and
// writing them again gives the same bytes.

func FuzzNON(f *testing.F) { fuzzLineRoundTrip(f, puzzle.NON, dancerNON, ".non", ".nonpack") }
func FuzzNIN(f *testing.F) { fuzzLineRoundTrip(f, puzzle.NIN, dancerNIN, ".nin") }
func FuzzMK(f *testing.F)  { fuzzLineRoundTrip(f, puzzle.MK, "2 2\n1\n\n#\n1\n0\n", ".mk") }
func FuzzCWD(f *testing.F) { fuzzLineRoundTrip(f, puzzle.CWD, "2\n2\n1\n\n\n1\n\n", ".cwd") }
func FuzzCWC(f *testing.F) {
	fuzzLineRoundTrip(f, puzzle.CWC, "1\n2\n2\n1 1\n\n1 2\n\n1\n1\n\n1\n2\n", ".cwc")
}
func FuzzText(f *testing.F) { fuzzLineRoundTrip(f, puzzle.Text, "1\n1,1\n4\n\n3\n1\n1\n2\n", ".text") }
func FuzzString(f *testing.F) {
	fuzzLineRoundTrip(f, puzzle.String, "3:2,1:3,2:2,2:6:1,5:6:1:2-1,2:3,1:1,5:7,1:5:3:4:3", ".str")
}
func FuzzTatham(f *testing.F) {
	fuzzLineRoundTrip(f, puzzle.Tatham, "4x4:2/1/2/1/1.1/2/1/1,aDa\n2:1//1/\n", ".tatham")
}

func fuzzLineRoundTrip(f *testing.F, format puzzle.Format, seed string, suffixes ...string) {
	f.Add([]byte(seed))
	for _, suffix := range suffixes {
		for _, dir := range []string{"testdata", filepath.Join("testdata", "bad")} {
			names, err := filepath.Glob(filepath.Join(dir, "*"+suffix))
			if err != nil {
				f.Fatal(err)
			}
			for _, name := range names {
				data, err := os.ReadFile(name)
				if err != nil {
					f.Fatal(err)
				}
				f.Add(data)
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		ps, err := puzzle.DecodeAll(bytes.NewReader(data), format)
		if err != nil {
			var pe *puzzle.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("DecodeAll(%s) error %T (%v) is not a *ParseError", format, err, err)
			}
			if msg := err.Error(); strings.TrimRight(msg, ".!\n ") != msg {
				t.Fatalf("DecodeAll(%s) error %q ends in punctuation or space", format, msg)
			}
			return
		}
		var buf bytes.Buffer
		if err := puzzle.EncodeAll(&buf, ps, format); err != nil {
			if errors.Is(err, puzzle.ErrUnsupported) {
				return // e.g. more colours than .non has letters for
			}
			t.Fatalf("EncodeAll(%s) of a decoded puzzle error = %v", format, err)
		}
		qs, err := puzzle.DecodeAll(bytes.NewReader(buf.Bytes()), format)
		if err != nil {
			t.Fatalf("DecodeAll(EncodeAll(%s)) error = %v\n%s", format, err, buf.Bytes())
		}
		if len(qs) != len(ps) {
			t.Fatalf("DecodeAll(EncodeAll(%s)) read %d puzzles, wrote %d\n%s", format, len(qs), len(ps), buf.Bytes())
		}
		// The writer's output is canonical: writing what it wrote and read
		// back gives the same bytes (and so, for .non, the same palette
		// names and characters).
		var again bytes.Buffer
		if err := puzzle.EncodeAll(&again, qs, format); err != nil {
			t.Fatalf("EncodeAll(%s) of a re-read puzzle error = %v", format, err)
		}
		if !bytes.Equal(again.Bytes(), buf.Bytes()) {
			t.Fatalf("EncodeAll(%s) is not canonical:\nfirst\n%s\nthen\n%s", format, buf.Bytes(), again.Bytes())
		}
		for i := range ps {
			p, q := ps[i], qs[i]
			if !equalClues(p, q) {
				t.Fatalf("%s round trip changed puzzle %d:\nwrote %v / %v\nread  %v / %v\n%s", format, i+1, p.Rows, p.Cols, q.Rows, q.Cols, buf.Bytes())
			}
			switch format {
			case puzzle.NON:
				if !sameGrid(p.Goal, q.Goal) {
					t.Fatalf("NON round trip changed the goal of puzzle %d:\n%vwant\n%v\n%s", i+1, q.Goal, p.Goal, buf.Bytes())
				}
				if p.ID != q.ID || p.Title != q.Title || p.Author != q.Author || p.Copyright != q.Copyright {
					t.Fatalf("NON round trip changed the properties of puzzle %d: %q %q %q %q, want %q %q %q %q\n%s",
						i+1, q.ID, q.Title, q.Author, q.Copyright, p.ID, p.Title, p.Author, p.Copyright, buf.Bytes())
				}
				if !equalRGBs(p, q) {
					t.Fatalf("NON round trip changed the colours of puzzle %d: %v, want the values of %v\n%s", i+1, q.Palette, p.Palette, buf.Bytes())
				}
			case puzzle.CWC:
				if p.NumColors() != q.NumColors() {
					t.Fatalf("CWC round trip changed the number of colours: %d, want %d", q.NumColors(), p.NumColors())
				}
			}
		}
	})
}

// FuzzLineWriters draws a random small picture, in up to five colours and
// with a random title, and wants every line format that can hold it to
// write it and read back the same clues (and, for .non, the same goal,
// title and colour values).
func FuzzLineWriters(f *testing.F) {
	f.Add(uint8(4), uint8(2), []byte{2, 2, 1, 0, 0, 1, 1, 0, 2, 0, 1, 1}, "Example B")
	f.Add(uint8(5), uint8(1), []byte("\x00\x01\x01\x00\x00"), "\"quoted\" &amp; <b>\r\n")
	f.Fuzz(func(t *testing.T, w, k uint8, cells []byte, title string) {
		width, colours := int(w%12)+1, int(k%5)+1
		height := min(len(cells)/width, 12)
		if height == 0 || !utf8.ValidString(title) {
			return
		}
		pal := []puzzle.Swatch{puzzle.White}
		for c := 1; c <= colours; c++ {
			pal = append(pal, puzzle.Swatch{Name: "c" + string(rune('0'+c)), RGB: puzzle.RGB{R: uint8(40 * c), G: uint8(255 - c), B: 7}, Char: rune('A' + c)})
		}
		g := make(puzzle.Grid, height)
		for r := range g {
			for c := 0; c < width; c++ {
				g[r] = append(g[r], puzzle.Color(int(cells[r*width+c])%(colours+1)))
			}
		}
		p := puzzle.FromGrid(g, pal)
		p.Title, p.Author = title, strings.ToUpper(title)
		for _, format := range []puzzle.Format{puzzle.NON, puzzle.NIN, puzzle.MK, puzzle.CWD, puzzle.CWC, puzzle.Text, puzzle.String, puzzle.Tatham} {
			if colours > 1 && !format.Color() {
				continue
			}
			q := roundTrip(t, p, format)
			if format == puzzle.NON {
				if !sameGrid(p.Goal, q.Goal) || q.Title != p.Title || q.Author != p.Author || !equalRGBs(p, q) {
					t.Fatalf("NON round trip of %q: goal, title, author, palette =\n%v%q %q %v\nwant\n%v%q %q %v",
						title, q.Goal, q.Title, q.Author, q.Palette, p.Goal, p.Title, p.Author, p.Palette)
				}
			}
			if q.NumColors() != p.NumColors() {
				t.Fatalf("%s round trip: %d colours, want %d", format, q.NumColors(), p.NumColors())
			}
		}
	})
}
