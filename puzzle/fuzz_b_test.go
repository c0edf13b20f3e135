package puzzle_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/nonosat/nonosat/puzzle"
)

// Round-trip fuzz tests of the XML, .g and TAAI formats (encoding/csv's
// FuzzRoundtrip, seeded from testdata as in image/png's FuzzDecode): any
// input either fails to decode or decodes to puzzles that survive
// Encode and Decode unchanged.

func FuzzXML(f *testing.F)  { fuzzRoundTrip(f, puzzle.XML, ".xml") }
func FuzzG(f *testing.F)    { fuzzRoundTrip(f, puzzle.G, ".g") }
func FuzzTAAI(f *testing.F) { fuzzRoundTrip(f, puzzle.TAAI, ".taai") }

func fuzzRoundTrip(f *testing.F, format puzzle.Format, suffix string) {
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
	f.Fuzz(func(t *testing.T, data []byte) {
		ps, err := puzzle.DecodeAll(bytes.NewReader(data), format)
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if err := puzzle.EncodeAll(&buf, ps, format); err != nil {
			t.Fatalf("EncodeAll(%s) of a decoded puzzle error = %v", format, err)
		}
		qs, err := puzzle.DecodeAll(bytes.NewReader(buf.Bytes()), format)
		if err != nil {
			t.Fatalf("DecodeAll(EncodeAll(%s)) error = %v\n%s", format, err, buf.Bytes())
		}
		if len(qs) != len(ps) {
			t.Fatalf("DecodeAll(EncodeAll(%s)) read %d puzzles, wrote %d", format, len(qs), len(ps))
		}
		for i := range ps {
			p, q := ps[i], qs[i]
			if !cluesEqual(p.Rows, q.Rows) || !cluesEqual(p.Cols, q.Cols) {
				t.Fatalf("%s round trip changed puzzle %d:\nwrote %v / %v\nread  %v / %v\n%s", format, i+1, p.Rows, p.Cols, q.Rows, q.Cols, buf.Bytes())
			}
			if len(p.Palette) != len(q.Palette) {
				t.Fatalf("%s round trip changed the palette of puzzle %d: %v, want %v", format, i+1, q.Palette, p.Palette)
			}
			for c := range p.Palette {
				if p.Palette[c].RGB != q.Palette[c].RGB && format != puzzle.TAAI {
					t.Fatalf("%s round trip changed colour %d of puzzle %d: %v, want %v\n%s", format, c, i+1, q.Palette[c], p.Palette[c], buf.Bytes())
				}
			}
			if format == puzzle.XML && !sameGrid(p.Goal, q.Goal) {
				t.Fatalf("XML round trip changed the goal of puzzle %d:\n%vwant\n%v", i+1, q.Goal, p.Goal)
			}
		}
	})
}
