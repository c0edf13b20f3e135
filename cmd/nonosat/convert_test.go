package main

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/nonosat/nonosat/puzzle"
)

// readAll reads every puzzle of a test file, failing the test on error.
func readAll(t *testing.T, name string) []*puzzle.Puzzle {
	t.Helper()
	ps, err := puzzle.ReadFileAll(name, "")
	if err != nil {
		t.Fatalf("ReadFileAll(%q) error = %v", name, err)
	}
	return ps
}

func sameClues(p, q *puzzle.Puzzle) bool {
	return reflect.DeepEqual(p.Rows, q.Rows) && reflect.DeepEqual(p.Cols, q.Cols)
}

func TestConvertEveryFormat(t *testing.T) {
	needFormats(t, puzzle.NON)
	heart := readAll(t, "testdata/heart.non")[0]
	for _, f := range puzzle.Formats() {
		if !f.CanWrite() {
			continue
		}
		t.Run(string(f), func(t *testing.T) {
			needFormats(t, f)
			r := run(t, "convert", "testdata/heart.non", "--to", string(f))
			if f == puzzle.TAAI { // tournament puzzles are square; the heart is 7x6
				if r.code != exitError || !strings.Contains(r.stderr, "taai puzzles are square") || r.stdout != "" {
					t.Fatalf("convert heart.non --to taai: %v, want exit 1 saying taai puzzles are square", r)
				}
				return
			}
			if r.code != exitOK || r.stderr != "" {
				t.Fatalf("convert heart.non --to %s: %v", f, r)
			}
			got, err := puzzle.Decode(strings.NewReader(r.stdout), f)
			if err != nil {
				t.Fatalf("Decode(convert --to %s) error = %v\n%s", f, err, r.stdout)
			}
			if !sameClues(got, heart) {
				t.Errorf("convert --to %s changed the clues: got %v / %v, want %v / %v", f, got.Rows, got.Cols, heart.Rows, heart.Cols)
			}
			// The same through a file, and back to .non.
			out := filepath.Join(t.TempDir(), "heart"+f.Suffix())
			if r := run(t, "convert", "-o", out, "--to", string(f), "testdata/heart.non"); r.code != exitOK || r.stdout != "" || r.stderr != "" {
				t.Fatalf("convert -o %s: %v\nwant exit 0 and no output", out, r)
			}
			if b, err := os.ReadFile(out); err != nil || string(b) != r.stdout {
				t.Errorf("convert -o wrote %q (error %v), want what it printed to stdout:\n%s", b, err, r.stdout)
			}
			back := run(t, "convert", out, "--to", "non", "--format", string(f))
			if back.code != exitOK {
				t.Fatalf("convert %s --to non: %v", out, back)
			}
			if got, err := puzzle.Decode(strings.NewReader(back.stdout), puzzle.NON); err != nil || !sameClues(got, heart) {
				t.Errorf("non → %s → non: error %v, clues changed:\n%s", f, err, back.stdout)
			}
		})
	}
}

func TestConvertSeveralToMulti(t *testing.T) {
	needFormats(t, puzzle.XML, puzzle.NON)
	want := readAll(t, "testdata/garden.xml")
	r := run(t, "convert", "testdata/garden.xml", "--to", "non")
	if r.code != exitOK || r.stderr != "" {
		t.Fatalf("convert garden.xml --to non: %v", r)
	}
	got, err := puzzle.DecodeAll(strings.NewReader(r.stdout), puzzle.NON)
	if err != nil || len(got) != len(want) {
		t.Fatalf("DecodeAll(convert garden.xml --to non) = %d puzzles, error %v; want %d\n%s", len(got), err, len(want), r.stdout)
	}
	for i := range want {
		if !sameClues(got[i], want[i]) {
			t.Errorf("puzzle %d: clues changed: got %v / %v, want %v / %v", i+1, got[i].Rows, got[i].Cols, want[i].Rows, want[i].Cols)
		}
	}
}

func TestConvertSeveralToSingle(t *testing.T) {
	needFormats(t, puzzle.XML, puzzle.CWC)
	want := readAll(t, "testdata/garden.xml")

	t.Run("files", func(t *testing.T) {
		dir := t.TempDir()
		r := run(t, "convert", "testdata/garden.xml", "--to", "cwc", "-o", filepath.Join(dir, "out.cwc"))
		if r.code != exitOK || r.stdout != "" {
			t.Fatalf("convert garden.xml --to cwc -o out.cwc: %v", r)
		}
		for i, name := range []string{"out-0001.cwc", "out-0002.cwc"} {
			if !strings.Contains(r.stderr, name) {
				t.Errorf("stderr does not name %s: %q", name, r.stderr)
			}
			ps, err := puzzle.ReadFileAll(filepath.Join(dir, name), "")
			if err != nil || len(ps) != 1 || !sameClues(ps[0], want[i]) {
				t.Errorf("ReadFileAll(%s) = %d puzzles, error %v; want puzzle %d of garden.xml", name, len(ps), err, i+1)
			}
		}
		if _, err := os.Stat(filepath.Join(dir, "out.cwc")); err == nil {
			t.Errorf("convert -o out.cwc also wrote out.cwc")
		}
	})
	t.Run("stdout", func(t *testing.T) {
		r := run(t, "convert", "testdata/garden.xml", "--to", "cwc")
		if r.code != exitOK || !strings.Contains(r.stderr, "warning") {
			t.Fatalf("convert garden.xml --to cwc: %v\nwant exit 0 and a warning", r)
		}
		// CWC has blank lines of its own, so split after the known
		// encoding of the first puzzle.
		var first bytes.Buffer
		if err := puzzle.Encode(&first, want[0], puzzle.CWC); err != nil {
			t.Fatal(err)
		}
		rest, ok := strings.CutPrefix(r.stdout, first.String()+"\n")
		if !ok {
			t.Fatalf("stdout does not start with puzzle 1 and a blank line:\n%s", r.stdout)
		}
		got, err := puzzle.Decode(strings.NewReader(rest), puzzle.CWC)
		if err != nil || !sameClues(got, want[1]) {
			t.Errorf("second puzzle on stdout: error %v or clues changed:\n%s", err, rest)
		}
	})
}

func TestConvertColorToBW(t *testing.T) {
	needFormats(t, puzzle.XML, puzzle.NIN)
	out := filepath.Join(t.TempDir(), "out.nin")
	r := run(t, "convert", "testdata/garden.xml", "--to", "nin", "-o", out)
	if r.code != exitError || !strings.Contains(r.stderr, "puzzle 2 has 2 colours") {
		t.Errorf("convert garden.xml --to nin: %v\nwant exit 1 naming puzzle 2", r)
	}
	matches, _ := filepath.Glob(filepath.Join(filepath.Dir(out), "*"))
	if len(matches) != 0 {
		t.Errorf("a failed convert left files behind: %v", matches)
	}
}

func TestNumberedNames(t *testing.T) {
	tests := []struct {
		out  string
		f    puzzle.Format
		n    int
		want []string // first and last
	}{
		{"out.nin", puzzle.NIN, 2, []string{"out-0001.nin", "out-0002.nin"}},
		{"dir/out", puzzle.NIN, 3, []string{"dir/out-0001.nin", "dir/out-0003.nin"}},
		{"a.b/x.txt", puzzle.Text, 12345, []string{"a.b/x-00001.txt", "a.b/x-12345.txt"}},
	}
	for _, tt := range tests {
		got := numberedNames(tt.out, tt.f, tt.n)
		if len(got) != tt.n || got[0] != tt.want[0] || got[tt.n-1] != tt.want[1] {
			t.Errorf("numberedNames(%q, %s, %d) = %q ... %q, want %q ... %q", tt.out, tt.f, tt.n, got[0], got[len(got)-1], tt.want[0], tt.want[1])
		}
	}
}

// TestConvertOutputChecks: convert refuses -o naming its input, which it
// leaves as it was, and warns when OUT's suffix names another format than
// --to (nonosat would read it back as that one).
func TestConvertOutputChecks(t *testing.T) {
	needFormats(t, puzzle.NON, puzzle.NIN)
	dir := t.TempDir()
	in := filepath.Join(dir, "heart.non")
	src, err := os.ReadFile("testdata/heart.non")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(in, src, 0o644); err != nil {
		t.Fatal(err)
	}
	r := run(t, "convert", in, "--to", "nin", "-o", in)
	if now, _ := os.ReadFile(in); r.code != exitUsage || !bytes.Equal(now, src) {
		t.Errorf("convert %s -o the same file: %v; want exit %d and the file unchanged", in, r, exitUsage)
	}
	out := filepath.Join(dir, "heart-nin.non")
	r = run(t, "convert", in, "--to", "nin", "-o", out)
	if r.code != exitOK || !strings.Contains(r.stderr, "warning: "+out+" is written in format nin, but its suffix says non") {
		t.Errorf("convert --to nin -o %s: %v; want exit 0 and a warning about the suffix", out, r)
	}
	if r := run(t, "convert", in, "--to", "nin", "-o", filepath.Join(dir, "heart.nin")); r.code != exitOK || r.stderr != "" {
		t.Errorf("convert --to nin -o heart.nin: %v; want exit 0 and no warning", r)
	}
}

// TestConvertFormatFromSuffix: without --to, OUT's suffix names the
// format, as for make, generate and fix (.pbn is one of XML's); without
// either, or with a suffix of no format, it is a usage error.
func TestConvertFormatFromSuffix(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct {
		out  string
		want puzzle.Format
	}{{"h.xml", puzzle.XML}, {"h.pbn", puzzle.XML}, {"h.nin", puzzle.NIN}, {"h.txt", puzzle.Text}} {
		out := filepath.Join(dir, tt.out)
		if r := run(t, "convert", "testdata/heart.non", "-o", out); r.code != exitOK {
			t.Errorf("convert -o %s: %v", tt.out, r)
			continue
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if got := puzzle.Sniff(data); got != tt.want {
			t.Errorf("convert -o %s wrote %s, want %s", tt.out, got, tt.want)
		}
		if _, err := puzzle.Decode(bytes.NewReader(data), tt.want); err != nil {
			t.Errorf("convert -o %s: reading it back: %v", tt.out, err)
		}
	}
	for _, args := range [][]string{{"testdata/heart.non"}, {"testdata/heart.non", "-o", "-"}, {"testdata/heart.non", "-o", filepath.Join(dir, "h.xyz")}} {
		if r := run(t, append([]string{"convert"}, args...)...); r.code != exitUsage {
			t.Errorf("convert %v: %v; want exit %d", args, r, exitUsage)
		}
	}
}
