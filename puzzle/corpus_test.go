package puzzle_test

import (
	"bufio"
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/nonosat/nonosat/puzzle"
)

// The shared corpora (../../shared/corpora, see its SOURCES.md) hold real
// puzzles nobody on this team wrote. They live outside the repository and
// may not be copied into it; these tests skip when they are absent.

// corpusRoot returns the corpora directory or skips the test.
func corpusRoot(t *testing.T) string {
	t.Helper()
	dir := filepath.Join("..", "..", "shared", "corpora")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("shared corpora not available (%v): they live beside the repository in shared/corpora", err)
	}
	return dir
}

// corpusFormat decides how TestCorpusParses treats a corpus file, given
// its path relative to the corpora directory: the format to read it with,
// or why it is skipped. Skipped are
//
//   - licences, READMEs and other documentation (LICENSE, COPYING, *.md,
//     pbnsolve's README and input.md): not puzzles;
//   - PROVENANCE.tsv, FAMOUS-PUZZLES.tsv and the *.csv benchmark tables:
//     indexes and results, not puzzles;
//   - nonogrid's "blotted" (a list of webpbn ids): not a puzzle;
//   - number-loom's png/*.png and char-grid/*.txt: pictures and text art
//     to make puzzles from, not puzzle files;
//   - solution grids (webpbn-survey-nin/**/solutions/*.txt,
//     fastnonogramsolver-survey/solutions/*.txt and the tournament
//     solution/*.txt): checked against their puzzles by
//     TestCorpusSurveySolutions and TestCorpusTAAISolutions;
//   - pynogram's INI *.txt, nonogrid's *.toml and its SPOJ puzzles.txt:
//     formats nonosat does not read;
//   - CGI-LAB/PuzzleCannotSolve.txt: a tournament puzzle without its "$N"
//     line, read by TestCorpusPuzzleCannotSolve.
//
// TestCorpusParses also skips, by content, HTML pages saved under a puzzle
// suffix (storyyeller's testpuzzles/webpbn006817.non is a failed webpbn
// export) and byte-identical copies (hardtests/ repeats results/), and
// only logs the files of corpusDamaged.
//
// Every other file whose suffix is that of a format nonosat reads (.non,
// .nin, .mk, .g, .xml, ...), and every tournament question/*.txt (TAAI),
// must parse.
func corpusFormat(rel string) (f puzzle.Format, skip string) {
	rel = filepath.ToSlash(rel)
	base, dir := filepath.Base(rel), filepath.ToSlash(filepath.Dir(rel))
	ext := strings.ToLower(filepath.Ext(rel))
	upper := strings.ToUpper(base)
	switch {
	case strings.HasPrefix(upper, "LICENSE"), strings.HasPrefix(upper, "LISCENSE"), upper == "COPYING",
		strings.HasPrefix(upper, "README"), ext == ".md":
		return "", "licence or documentation"
	case ext == ".tsv", ext == ".csv":
		return "", "index or results table"
	case base == "blotted":
		return "", "list of webpbn ids"
	case ext == ".png", strings.HasSuffix(dir, "char-grid"):
		return "", "picture to make a puzzle from"
	case strings.HasSuffix(dir, "solutions") || strings.HasSuffix(dir, "tournament-NonogramRecord/solution"):
		return "", "solution grid (checked against its puzzle)"
	case strings.HasSuffix(dir, "tournament-NonogramRecord/question") && ext == ".txt":
		return puzzle.TAAI, ""
	case base == "PuzzleCannotSolve.txt":
		return "", "tournament puzzle without its $N line (TestCorpusPuzzleCannotSolve)"
	case ext == ".toml", strings.HasPrefix(dir, "tsionyx-pynogram-examples") && ext == ".txt", base == "puzzles.txt":
		return "", "nonogrid TOML, pynogram INI or SPOJ: no reader"
	case ext == ".txt" || ext == "":
		return "", "text of no puzzle format"
	}
	for _, f := range puzzle.Formats() {
		if f != puzzle.Text && ext == f.Suffix() {
			return f, ""
		}
	}
	if ext == ".nonpack" {
		return puzzle.NON, ""
	}
	return "", "suffix of no format nonosat reads"
}

var (
	// reXMLUnsupported finds triddlers and blotted clues (a count of 0).
	reXMLUnsupported = regexp.MustCompile(`type="triddler"|<count[^>]*>\s*0+\s*</count>`)
	// reGUnsupported finds triddlers ("#t" in column 1) and triangles
	// glued to their blocks (a colour comment starting "<<", "<>", ...).
	reGUnsupported = regexp.MustCompile(`(?m)^#[tT]|^[ \t]*[^ \t]:.?[ \t]*[^ \t]+[ \t]+[<>][<>]([ \t]|$)`)
)

// corpusUnsupported reports whether a file holds a puzzle nonosat's
// row-and-column model cannot express, which must then fail with
// ErrUnsupported rather than parse.
func corpusUnsupported(f puzzle.Format, data []byte) bool {
	switch f {
	case puzzle.XML:
		return reXMLUnsupported.Match(data)
	case puzzle.G:
		return reGUnsupported.Match(data)
	}
	return false
}

// corpusDamaged lists corpus files in a supported format that are not
// valid puzzles; their outcome is logged, not checked.
var corpusDamaged = map[string]string{
	"jwilk-nonogram-data/data142.nin": "five copies of one puzzle run together, some without a line break before the size line",
}

// corpusContentSkip gives a reason to skip a file whose content is no
// puzzle at all, or "".
func corpusContentSkip(data []byte) string {
	head := bytes.ToLower(bytes.TrimSpace(data[:min(len(data), 64)]))
	if bytes.HasPrefix(head, []byte("<html")) || bytes.HasPrefix(head, []byte("<!doctype html")) {
		return "HTML page saved under a puzzle suffix"
	}
	return ""
}

// TestCorpusParses reads every puzzle file of the corpora (see
// corpusFormat for what is skipped and why; byte-identical copies are read
// once). Each must parse, and each goal it carries must pass Check;
// triddlers, glued triangles and blotted clues must fail with
// ErrUnsupported instead. Collections are read in parallel.
func TestCorpusParses(t *testing.T) {
	root := corpusRoot(t)
	type file struct {
		rel  string
		f    puzzle.Format
		data []byte
	}
	groups := map[string][]file{}
	skipped := map[string]int{}
	seen := map[string]bool{}
	total := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		f, why := corpusFormat(rel)
		if f == "" {
			skipped[why]++
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if why := corpusContentSkip(data); why != "" {
			skipped[why]++
			return nil
		}
		if seen[string(data)] {
			skipped["byte-identical copy of a file read already"]++
			return nil
		}
		seen[string(data)] = true
		group, _, _ := strings.Cut(rel, "/")
		groups[group] = append(groups[group], file{rel, f, data})
		total++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if total == 0 {
		t.Fatalf("no puzzle files found under %s", root)
	}
	for why, n := range skipped {
		t.Logf("skipped %d: %s", n, why)
	}
	t.Run("collections", func(t *testing.T) {
		for group, files := range groups {
			t.Run(group, func(t *testing.T) {
				t.Parallel()
				read := map[puzzle.Format]int{}
				var unsupported []string
				for _, fl := range files {
					read[fl.f]++
					ps, err := puzzle.ReadFileAll(filepath.Join(root, fl.rel), fl.f)
					if why, ok := corpusDamaged[fl.rel]; ok {
						t.Logf("%s (%s): error = %v", fl.rel, why, err)
						continue
					}
					want := corpusUnsupported(fl.f, fl.data)
					switch {
					case want && errors.Is(err, puzzle.ErrUnsupported):
						unsupported = append(unsupported, fl.rel)
						continue
					case want:
						t.Errorf("ReadFileAll(%s, %s) error = %v, want %v (triddler, glued triangles or blotted clues)", fl.rel, fl.f, err, puzzle.ErrUnsupported)
						continue
					case err != nil:
						t.Errorf("ReadFileAll(%s, %s) error = %v", fl.rel, fl.f, err)
						continue
					}
					for i, p := range ps {
						if p.Goal == nil {
							continue
						}
						if err := puzzle.Check(p, p.Goal); err != nil {
							t.Errorf("%s puzzle %d: goal: %v", fl.rel, i+1, err)
						}
					}
				}
				t.Logf("read %v", read)
				if len(unsupported) > 0 {
					t.Logf("unsupported, as expected: %v", unsupported)
				}
			})
		}
	})
}

// corpusFile returns the path of a corpus file or skips the test.
func corpusFile(t *testing.T, rel ...string) string {
	t.Helper()
	path := filepath.Join(append([]string{corpusRoot(t)}, rel...)...)
	if _, err := os.Stat(path); err != nil {
		t.Skipf("corpus file not available: %v", err)
	}
	return path
}

// TestCorpusTAAISolutions checks every tournament solution of two sets
// (taai2011 with LF line ends, tcga2019 with CRLF) against its puzzle, and
// that each solution with one cell flipped fails.
func TestCorpusTAAISolutions(t *testing.T) {
	for _, set := range []string{"taai2011", "tcga2019"} {
		t.Run(set, func(t *testing.T) {
			q := corpusFile(t, "tournament-NonogramRecord", "question", set+".txt")
			s := corpusFile(t, "tournament-NonogramRecord", "solution", set+".txt")
			ps, err := puzzle.ReadFileAll(q, puzzle.TAAI)
			if err != nil {
				t.Fatalf("ReadFileAll: %v", err)
			}
			fh, err := os.Open(s)
			if err != nil {
				t.Fatal(err)
			}
			defer fh.Close()
			sols, err := puzzle.DecodeTAAISolutions(fh)
			if err != nil {
				t.Fatalf("DecodeTAAISolutions(%s) error = %v", s, err)
			}
			if len(ps) != 1000 || len(sols) != 1000 {
				t.Errorf("read %d puzzles and %d solutions, want 1000 of each", len(ps), len(sols))
			}
			for i, p := range ps {
				g, ok := sols[p.ID]
				if !ok {
					t.Errorf("puzzle %s has no solution", p.ID)
					continue
				}
				if err := puzzle.Check(p, g); err != nil {
					t.Errorf("Check(%s) = %v", p.ID, err)
					continue
				}
				bad := g.Clone()
				r, c := i%len(bad), (i*7)%len(bad[0])
				bad[r][c] = 1 - bad[r][c]
				if err := puzzle.Check(p, bad); !errors.Is(err, puzzle.ErrNotSolution) {
					t.Errorf("Check(%s with (%d,%d) flipped) error = %v, want %v", p.ID, r+1, c+1, err, puzzle.ErrNotSolution)
				}
			}
		})
	}
}

// TestCorpusPuzzleCannotSolve reads the one CGI-LAB puzzle that is a bare
// list of 50 tournament clue lines, by giving it a "$1" line.
func TestCorpusPuzzleCannotSolve(t *testing.T) {
	data, err := os.ReadFile(corpusFile(t, "tournament-NonogramRecord", "CGI-LAB", "PuzzleCannotSolve.txt"))
	if err != nil {
		t.Fatal(err)
	}
	p, err := puzzle.Decode(bytes.NewReader(append([]byte("$1\n"), data...)), puzzle.TAAI)
	if err != nil {
		t.Fatalf("Decode($1 + PuzzleCannotSolve.txt, taai) error = %v", err)
	}
	if p.Width() != 25 || p.Height() != 25 {
		t.Errorf("PuzzleCannotSolve.txt is %dx%d, want 25x25", p.Width(), p.Height())
	}
}

// TestCorpusSurveySolutions checks every solution grid of the survey set
// (solutions/*.txt and hard/solutions/*.txt, drawn with '#' and '.')
// against its .nin puzzle, and the two different Knotty solutions of the
// FastNonogramSolver copy against theirs.
func TestCorpusSurveySolutions(t *testing.T) {
	root := corpusRoot(t)
	type pair struct{ puzzle, grid string }
	var pairs []pair
	for _, dir := range []string{"webpbn-survey-nin", filepath.Join("webpbn-survey-nin", "hard")} {
		grids, err := filepath.Glob(filepath.Join(root, dir, "solutions", "*.txt"))
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range grids {
			stem := strings.TrimSuffix(filepath.Base(g), ".txt")
			pairs = append(pairs, pair{filepath.Join(root, dir, stem+".nin"), g})
		}
	}
	for _, k := range []string{"knotty-1.txt", "knotty-2.txt"} {
		g := filepath.Join(root, "fastnonogramsolver-survey", "solutions", k)
		if _, err := os.Stat(g); err == nil {
			pairs = append(pairs, pair{filepath.Join(root, "fastnonogramsolver-survey", "knotty.nin"), g})
		}
	}
	if len(pairs) < 35 {
		t.Errorf("found %d survey solutions, want the 31 + 4 hard ones", len(pairs))
	}
	var knotty []puzzle.Grid
	for _, pr := range pairs {
		name := strings.TrimPrefix(pr.grid, root+string(filepath.Separator))
		t.Run(name, func(t *testing.T) {
			p, err := puzzle.ReadFile(pr.puzzle)
			if err != nil {
				t.Fatalf("ReadFile: %v", err)
			}
			fh, err := os.Open(pr.grid)
			if err != nil {
				t.Fatal(err)
			}
			defer fh.Close()
			g, err := puzzle.ParseGrid(bufio.NewReader(fh), p)
			if err != nil {
				t.Fatalf("ParseGrid(%s) error = %v", name, err)
			}
			if err := puzzle.Check(p, g); err != nil {
				t.Errorf("Check(%s) = %v", name, err)
			}
			if strings.Contains(name, "knotty-") {
				knotty = append(knotty, g)
			}
		})
	}
	if len(knotty) == 2 && knotty[0].Equal(knotty[1]) {
		t.Errorf("the two Knotty solutions are the same grid, want two different ones")
	}
}
