package main

import (
	"archive/tar"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nonosat/nonosat/design"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/solver"
)

// cliJSON runs the command line args and returns its standard output.
func cliJSON(t *testing.T, args ...string) []byte {
	t.Helper()
	var out, errb bytes.Buffer
	if code := exitReport(&errb, newApp(&out, &errb).Run(append([]string{"nonosat"}, args...))); code != exitOK {
		t.Fatalf("%v: exit %d: %s", args, code, errb.String())
	}
	return bytes.TrimSpace(out.Bytes())
}

// TestHintAPI: /api/hint answers what hint --json prints; the cells it
// gives have the solution's colours; a wrong cell in ?grid= comes back
// as the mistake.
func TestHintAPI(t *testing.T) {
	base, _ := testServer(t, serverConfig{})
	file := "../../examples/house.non"
	p := firstPuzzle(t, file)
	res, err := solver.Solve(context.Background(), p, solver.Options{})
	if err != nil || res.Verdict != solver.Unique {
		t.Fatalf("house: %v %v", res.Verdict, err)
	}
	sol := res.Solutions[0]
	status, _, body := post(t, base+"/api/hint", readTestFile(t, file))
	if status != http.StatusOK {
		t.Fatalf("status %d: %s", status, body)
	}
	if want := cliJSON(t, "hint", "--json", file); !bytes.Equal(bytes.TrimSpace(body), want) {
		t.Errorf("api/hint:\n%s\nhint --json:\n%s", body, want)
	}
	var h design.Hint
	if err := json.Unmarshal(body, &h); err != nil {
		t.Fatal(err)
	}
	if len(h.Cells) == 0 || h.Reason == "" || len(h.Mistakes) != 0 {
		t.Fatalf("hint on the empty grid: %+v", h)
	}
	for _, c := range h.Cells {
		if want := string(p.Char(sol[c.Row-1][c.Col-1])); c.Color != want {
			t.Errorf("hint gives (%d,%d) %s, the solution has %s", c.Row, c.Col, c.Color, want)
		}
	}
	// One wrong cell, every other open.
	rows := make([]string, p.Height())
	for r := range rows {
		rows[r] = strings.Repeat("?", p.Width())
	}
	wrong := puzzle.Color(1 - sol[2][3])
	rows[2] = rows[2][:3] + string(p.Char(wrong)) + rows[2][4:]
	status, _, body = post(t, base+"/api/hint?grid="+url.QueryEscape(strings.Join(rows, "/")), readTestFile(t, file))
	if status != http.StatusOK {
		t.Fatalf("status %d: %s", status, body)
	}
	h = design.Hint{}
	if err := json.Unmarshal(body, &h); err != nil {
		t.Fatal(err)
	}
	if len(h.Mistakes) != 1 || h.Mistakes[0] != (design.Pos{Row: 3, Col: 4}) {
		t.Errorf("mistakes %+v, want row 3 column 4", h.Mistakes)
	}
	if status, _, body := post(t, base+"/api/hint?grid=xyz", readTestFile(t, file)); status != http.StatusBadRequest || !bytes.Contains(body, []byte("error")) {
		t.Errorf("a bad grid: status %d: %s", status, body)
	}
}

// TestFixAPI: /api/fix answers what fix --json prints, and each edit's
// verdict is what a solve of the edited puzzle says.
func TestFixAPI(t *testing.T) {
	base, _ := testServer(t, serverConfig{})
	// Two diagonals: multiple; a one-cell edit makes it unique.
	g := puzzle.Grid{{1, 0, 0}, {0, 1, 0}, {0, 0, 0}}
	p := puzzle.FromGrid(g, nil)
	var buf bytes.Buffer
	if err := puzzle.Encode(&buf, p, puzzle.NON); err != nil {
		t.Fatal(err)
	}
	status, _, body := post(t, base+"/api/fix", buf.Bytes())
	if status != http.StatusOK {
		t.Fatalf("status %d: %s", status, body)
	}
	var got struct{ Edits []design.Edit }
	if err := json.Unmarshal(body, &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Edits) == 0 {
		t.Fatalf("no edits: %s", body)
	}
	for _, e := range got.Edits {
		q, err := design.Edited(p, g, e.Cells)
		if err != nil {
			t.Fatal(err)
		}
		res, err := solver.Solve(context.Background(), q, solver.Options{IgnoreGoal: true})
		if err != nil || string(res.Verdict) != e.Verdict {
			t.Errorf("edit %+v: verdict %s, a re-solve says %s (%v)", e.Cells, e.Verdict, res.Verdict, err)
		}
	}
	name := filepath.Join(t.TempDir(), "diagonals.non")
	if err := os.WriteFile(name, buf.Bytes(), 0o666); err != nil {
		t.Fatal(err)
	}
	if want := cliJSON(t, "fix", "--json", name); !bytes.Equal(bytes.TrimSpace(body), want) {
		t.Errorf("api/fix:\n%s\nfix --json:\n%s", body, want)
	}
}

// TestProofAPI: /api/proof answers a tar of the certificate files, which
// proof check (its own checker) verifies: a unique puzzle's proof and
// solution, a multiple one's two solutions, a puzzle with none's proof.
func TestProofAPI(t *testing.T) {
	base, _ := testServer(t, serverConfig{})
	for _, tc := range []struct {
		name, body string
		want       []string
	}{
		{"house", string(readTestFile(t, "../../examples/house.non")), []string{".drat", ".cnf", ".sol"}},
		{"multiple", "2x2:1/1/1/1", []string{".cnf", ".sol"}},
		{"none", "3x3:/2//1.1//", []string{".drat", ".cnf"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, hd, body := post(t, base+"/api/proof", []byte(tc.body))
			if status != http.StatusOK || hd.Get("Content-Type") != "application/x-tar" {
				t.Fatalf("status %d, %s: %.200s", status, hd.Get("Content-Type"), body)
			}
			dir := t.TempDir()
			tr := tar.NewReader(bytes.NewReader(body))
			var got []string
			files := map[string]string{}
			for {
				h, err := tr.Next()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
				b, err := io.ReadAll(tr)
				if err != nil {
					t.Fatal(err)
				}
				ext := filepath.Ext(h.Name)
				got = append(got, ext)
				files[ext] = filepath.Join(dir, filepath.Base(h.Name))
				if err := os.WriteFile(files[ext], b, 0o666); err != nil {
					t.Fatal(err)
				}
			}
			if strings.Join(got, " ") != strings.Join(tc.want, " ") {
				t.Fatalf("files %v, want %v", got, tc.want)
			}
			for _, ext := range []string{".drat", ".sol"} {
				if f, ok := files[ext]; ok {
					if out := cliJSON(t, "proof", "check", files[".cnf"], f); !bytes.Contains(out, []byte("verified")) {
						t.Errorf("proof check %s: %s", ext, out)
					}
				}
			}
		})
	}
}

// TestHintAPISlashColour: a puzzle whose palette has '/' as a colour (text
// art keeps its characters) takes a ?grid= whose rows are separated by new
// lines, as the page sends it.
func TestHintAPISlashColour(t *testing.T) {
	base, _ := testServer(t, serverConfig{})
	pal := []puzzle.Swatch{puzzle.White, puzzle.Black, {Name: "red", RGB: puzzle.RGB{R: 200}, Char: '/'}}
	p := puzzle.FromGrid(puzzle.Grid{{2, 0, 1}, {0, 2, 1}, {1, 0, 2}}, pal)
	var buf bytes.Buffer
	if err := puzzle.Encode(&buf, p, puzzle.XML); err != nil {
		t.Fatal(err)
	}
	grid := "/??\n???\n???"
	status, _, body := post(t, base+"/api/hint?grid="+url.QueryEscape(grid), buf.Bytes())
	if status != http.StatusOK {
		t.Fatalf("grid %q: status %d: %s", grid, status, body)
	}
	var h design.Hint
	if err := json.Unmarshal(body, &h); err != nil {
		t.Fatal(err)
	}
	if len(h.Mistakes) != 0 || len(h.Cells) == 0 {
		t.Errorf("hint %+v", h)
	}
}

// TestHintAPISlashColourOneRow: a puzzle of one row whose palette has
// '/' takes a ?grid= of that row alone, with no new line (as the page
// sent it) or with one.
func TestHintAPISlashColourOneRow(t *testing.T) {
	base, _ := testServer(t, serverConfig{})
	pal := []puzzle.Swatch{puzzle.White, puzzle.Black, {Name: "red", RGB: puzzle.RGB{R: 200}, Char: '/'}}
	p := puzzle.FromGrid(puzzle.Grid{{2, 1, 2, 0, 1}}, pal)
	var buf bytes.Buffer
	if err := puzzle.Encode(&buf, p, puzzle.XML); err != nil {
		t.Fatal(err)
	}
	for _, grid := range []string{"/????", "/????\n"} {
		status, _, body := post(t, base+"/api/hint?grid="+url.QueryEscape(grid), buf.Bytes())
		if status != http.StatusOK {
			t.Errorf("grid %q: status %d: %s", grid, status, body)
		}
	}
}

// TestProofAPILimit: a certificate over the server's MaxProof is refused
// with 413, before its CNF is built when that alone is too large, and
// while it is written otherwise; a small one still comes. (A random
// 200×200 picture in 4 colours has a CNF of 481 MB: built in memory and
// sent whole, it took the server to 2.4 GB.)
func TestProofAPILimit(t *testing.T) {
	house := readTestFile(t, "../../examples/house.non")
	// house's certificate: a CNF of some 60 KB of formula, and its proof.
	base, _ := testServer(t, serverConfig{MaxProof: 20 << 10})
	status, hd, body := post(t, base+"/api/proof", house)
	if msg := errorMessage(t, hd, body); status != http.StatusRequestEntityTooLarge || !strings.Contains(msg, "certificates of at most 20.5 kB (serve --max-proof)") {
		t.Errorf("house under a 20 KiB limit: %d %q", status, msg)
	}
	if status, _, body := post(t, base+"/api/proof", []byte("2x2:1/1/1/1")); status != http.StatusOK {
		t.Errorf("2x2 under a 20 KiB limit: %d %.200s", status, body)
	}

	// house's whole certificate is some 21 KB, its formula's memory 55 KB:
	// under a 40 KiB limit it comes.
	base40, _ := testServer(t, serverConfig{MaxProof: 40 << 10})
	status, hd, body = post(t, base40+"/api/proof", house)
	if status != http.StatusOK {
		t.Errorf("house (a certificate of some 21 KB) under a 40 KiB limit: %d %q", status, errorMessage(t, hd, body))
	}
}
