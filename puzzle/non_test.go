package puzzle_test

import (
	"bufio"
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nonosat/nonosat/puzzle"
)

// dancerNON is example A of docs/formats.md in .non form.
const dancerNON = `catalogue "webpbn.com #1"
title "Demo Puzzle from Front Page"
by "Jan Wolter"
width 5
height 10
rows
2
2,1
1,1
3
1,1
1,1
2
1,1
1,2
2
columns
2,1
2,1,3
7
1,3
2,1
goal "01100011010010101110101001010000110010100101111000"
`

func TestDecodeNON(t *testing.T) {
	dancer := dancerPuzzle()
	small := puzzle.New([][]int{{1}, {}}, [][]int{{1}, {}})
	b := exampleBPuzzle()
	const size = "width 2\nheight 2\n"
	runLineReadTests(t, puzzle.NON, []lineReadTest{
		{name: "Dancer", input: dancerNON, want: []*puzzle.Puzzle{dancer}},
		{name: "ZeroIsEmpty", input: size + "rows\n1\n0\ncolumns\n1\n0\n", want: []*puzzle.Puzzle{small}},
		{name: "BlankIsEmpty", input: size + "rows\n1\n\ncolumns\n1\n\n", want: []*puzzle.Puzzle{small}},
		{name: "BlankSeparators", input: size + "\n\nrows\n1\n0\n\n\ncolumns\n1\n0\n\n", want: []*puzzle.Puzzle{small}},
		{name: "BlankAfterKeyword", input: size + "rows\n\n1\n0\ncolumns\n\n1\n0\n", want: []*puzzle.Puzzle{small}},
		{name: "EmptyLastClueThenBlank", input: size + "rows\n1\n\n\ncolumns\n1\n\n\ngoal \"1000\"\n", want: []*puzzle.Puzzle{small}},
		{name: "SpacesAfterCommas", input: "width 3\nheight 1\nrows\n1, 1\ncolumns\n1\n0\n1\n", want: []*puzzle.Puzzle{puzzle.New([][]int{{1, 1}}, [][]int{{1}, {}, {1}})}},
		{name: "ColumnsFirst", input: size + "columns\n1\n0\nrows\n1\n0\n", want: []*puzzle.Puzzle{small}},
		{name: "NoSize", input: "rows\n1\n0\n\ncolumns\n1\n0\n", want: []*puzzle.Puzzle{small}},
		{name: "UnknownKeywords", input: "difficulty 3\n" + size + "license CC0-1.0\nrows\n1\n0\ncolumns\n1\n0\nsaved \"????\"\nfoo\n", want: []*puzzle.Puzzle{small}},
		{name: "UpperCaseKeywords", input: "WIDTH 2\nHeight 2\nROWS\n1\n0\nColumns\n1\n0\n", want: []*puzzle.Puzzle{small}},
		{name: "Bundle", input: size + "rows\n1\n0\ncolumns\n1\n0\n====\n" + dancerNON + "====\n", want: []*puzzle.Puzzle{small, dancer}},
		{name: "Mikix", input: "width 4\nheight 3\ncolor a #000000\ncolor b #f00\nrows\n2b,1a\n2a\n1b,2a\ncolumns\n1b,1b\n1b,1a\n3a\n1a\ngoal \"bba00aa0b0aa\"\n", want: []*puzzle.Puzzle{b}},
		{name: "MikixColoursLast", input: "width 4\nheight 3\nrows\n2b,1a\n2a\n1b,2a\ncolumns\n1b,1b\n1b,1a\n3a\n1a\ncolor a #000000\ncolor b #f00\n", want: []*puzzle.Puzzle{cluesOnly(b)}},
		{name: "MikixUndeclared", input: "width 4\nheight 3\nrows\n2b,1\n2\n1b,2\ncolumns\n1b,1b\n1b,1\n3\n1\n", want: []*puzzle.Puzzle{cluesOnlySwapped(b)}},
		{name: "Nonny", input: "width 4\nheight 3\ncolor black 000000 X\ncolor red FF0000 r\nrows\nred 2 black 1\nblack 2\nred: 1, black: 2\ncolumns\nred 1 1\nred 1 black 1\n3\n1\n", want: []*puzzle.Puzzle{cluesOnly(b)}},
		{name: "NonnyDefaultBlack", input: "width 4\nheight 3\ncolor red FF0000 r\nrows\nred 2 black 1\n2\nred 1 black 2\ncolumns\nred 1 1\nred 1 black 1\n3\n1\n", want: []*puzzle.Puzzle{cluesOnlySwapped(b)}},
		{name: "Empty", input: "", err: "no puzzle found: it is empty", is: puzzle.ErrNoPuzzle},
		{name: "OnlyProperties", input: "title \"x\"\n", err: "no puzzle found", is: puzzle.ErrNoPuzzle},
		{name: "NoColumns", input: size + "rows\n1\n0\n", err: `line 1: puzzle has no "columns" section`, is: puzzle.ErrSyntax},
		{name: "ShortRows", input: size + "rows\n1\ncolumns\n1\n0\n", err: `line 5: "columns" after 1 of 2 row clues`, is: puzzle.ErrSyntax},
		{name: "ExtraRow", input: size + "rows\n1\n0\n1\ncolumns\n1\n0\n", err: `line 6: extra row clue "1": height is 2`, is: puzzle.ErrSyntax},
		{name: "SecondRows", input: size + "rows\n1\n0\nrows\n1\n0\n", err: `line 6: second "rows" section (the first is on line 3)`, is: puzzle.ErrSyntax},
		{name: "HugeHeight", input: "height 1001\n", err: "line 1: too large: height 1001, at most 1000", is: puzzle.ErrTooLarge},
		{name: "NegativeWidth", input: "width -3\n", err: `line 1: width "-3": not a positive integer`, is: puzzle.ErrSyntax},
		{name: "BadBlock", input: size + "rows\n1\n-1\ncolumns\n1\n0\n", err: `line 5: row 2: clue "-1": not a positive integer`, is: puzzle.ErrSyntax},
		{name: "BadBlockText", input: size + "rows\n1\n1.5\ncolumns\n1\n0\n", err: `line 5: row 2: block "1.5": want a number and an optional colour letter`, is: puzzle.ErrSyntax},
		{name: "HugeBlock", input: size + "rows\n1\n1000000000000000000000000\ncolumns\n1\n0\n", err: "line 5: row 2: block length 1000000000000000000000000: too large, at most 1000", is: puzzle.ErrTooLarge},
		{name: "UnknownColourName", input: size + "color red f00 r\nrows\nred 1\nblue 1\ncolumns\nred 1\n1\n", err: `line 6: row 2: unknown colour "blue"`, is: puzzle.ErrColor},
		{name: "UnknownGoalColour", input: size + "color a 000\ncolor b f00\nrows\n1a\n1b\ncolumns\n1a,1b\n0\ngoal \"a0c0\"\n", err: `line 11: goal row 2: unknown colour "c"`, is: puzzle.ErrColor},
		{name: "GoalLength", input: size + "rows\n1\n0\ncolumns\n1\n0\ngoal \"10000\"\n", err: "line 9: goal has 5 cells, puzzle 2x2 has 4", is: puzzle.ErrSyntax},
		{name: "BadRGB", input: size + "color a nothex\n", err: `line 3: colour "nothex": want 3 or 6 hex digits`, is: puzzle.ErrSyntax},
		{name: "SecondPuzzleBad", input: size + "rows\n1\n0\ncolumns\n1\n0\n====\n" + size + "rows\n1,0\n0\ncolumns\n1\n0\n", err: `line 13: puzzle 2: row 1: clue "1,0": 0 stands for an empty clue and cannot be a block`, is: puzzle.ErrSyntax},
		{name: "SecondPuzzleTooLong", input: size + "rows\n1\n0\ncolumns\n1\n0\n====\n" + size + "rows\n3\n0\ncolumns\n1\n0\n", want: []*puzzle.Puzzle{puzzle.New([][]int{{1}, {}}, [][]int{{1}, {}}), puzzle.New([][]int{{3}, {}}, [][]int{{1}, {}})}},
	})
}

// cluesOnlySwapped returns example B's clues with black and red swapped:
// how a file that declares red before it uses black numbers them.
func cluesOnlySwapped(p *puzzle.Puzzle) *puzzle.Puzzle {
	swap := func(cs []puzzle.Clue) []puzzle.Clue {
		out := make([]puzzle.Clue, len(cs))
		for i, c := range cs {
			for _, b := range c {
				b.Color = 3 - b.Color
				out[i] = append(out[i], b)
			}
		}
		return out
	}
	return &puzzle.Puzzle{Rows: swap(p.Rows), Cols: swap(p.Cols)}
}

// TestNONProperties checks what the reader keeps besides the clues.
func TestNONProperties(t *testing.T) {
	tests := []struct {
		name, file                   string
		id, title, author, copyright string
		palette                      []puzzle.Swatch // nil: black and white
	}{
		{name: "Dancer", file: "dancer.non", id: "webpbn.com #1", title: "Dancer", author: "Jan Wolter"},
		{name: "Unquoted", file: "mug-blank.non", title: "Mug with blanks", author: "A. Tester & Co"},
		{name: "Name", file: "mug-nosize.non", title: "Mug without a size"},
		{name: "Latin1", file: "latin1.non", id: "plus", title: "Café “plus” © 2024"},
		{name: "Mikix", file: "example-b.non", title: "Example B", palette: []puzzle.Swatch{
			puzzle.White, {Name: "x", Char: 'x'}, {Name: "r", RGB: puzzle.RGB{R: 255}, Char: 'r'}}},
		{name: "Nonny", file: "example-b-nonny.non", title: "Example B", author: "Nonny style", palette: []puzzle.Swatch{
			puzzle.White, {Name: "black", Char: 'X'}, {Name: "red", RGB: puzzle.RGB{R: 255}, Char: 'r'}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := puzzle.ReadFile(filepath.Join("testdata", tt.file))
			if err != nil {
				t.Fatalf("ReadFile(%s) error = %v", tt.file, err)
			}
			if p.ID != tt.id || p.Title != tt.title || p.Author != tt.author || p.Copyright != tt.copyright {
				t.Errorf("ReadFile(%s) id, title, by, copyright = %q, %q, %q, %q, want %q, %q, %q, %q",
					tt.file, p.ID, p.Title, p.Author, p.Copyright, tt.id, tt.title, tt.author, tt.copyright)
			}
			want := tt.palette
			if want == nil {
				want = puzzle.BlackWhite()
			}
			if len(p.Palette) != len(want) {
				t.Fatalf("ReadFile(%s) palette = %v, want %v", tt.file, p.Palette, want)
			}
			for i := range want {
				if p.Palette[i] != want[i] {
					t.Errorf("ReadFile(%s) palette[%d] = %v, want %v", tt.file, i, p.Palette[i], want[i])
				}
			}
		})
	}
}

// TestNONDialects reads the hand-written dialect files and wants the same
// clues as the puzzles they draw.
func TestNONDialects(t *testing.T) {
	for _, tt := range []struct {
		file string
		want *puzzle.Puzzle
	}{
		{"mug-blank.non", mugPuzzle()},
		{"mug-nosize.non", mugPuzzle()},
		{"example-b-nonny.non", exampleBPuzzle()},
		{"latin1.non", puzzle.New([][]int{{1}, {3}, {1}}, [][]int{{1}, {3}, {1}})},
	} {
		p, err := puzzle.ReadFile(filepath.Join("testdata", tt.file))
		if err != nil {
			t.Errorf("ReadFile(%s) error = %v", tt.file, err)
			continue
		}
		if !equalClues(p, tt.want) {
			t.Errorf("ReadFile(%s) clues = %v / %v, want %v / %v", tt.file, p.Rows, p.Cols, tt.want.Rows, tt.want.Cols)
		}
		if p.Goal != nil {
			if err := puzzle.Check(p, p.Goal); err != nil {
				t.Errorf("ReadFile(%s) goal fails Check: %v", tt.file, err)
			}
		}
	}
}

func TestEncodeNON(t *testing.T) {
	checkGolden(t, puzzle.NON, dancerPuzzle(), "dancer.non")
	checkGolden(t, puzzle.NON, mugPuzzle(), "mug.non")
	// Colours are declared with their names where they have words for
	// them (the Nonny way), so that the names survive; example-b.non
	// is the same puzzle in the mikix way, which names them by letters.
	checkGolden(t, puzzle.NON, exampleBPuzzle(), "example-b-names.non")
	q := roundTrip(t, exampleBPuzzle(), puzzle.NON)
	for c, sw := range exampleBPuzzle().Palette {
		if q.Palette[c].Name != sw.Name || q.Palette[c].RGB != sw.RGB {
			t.Errorf("NON round trip of example B: colour %d = %+v, want %+v", c, q.Palette[c], sw)
		}
	}
	// A name that is no word keeps its colour's letter.
	odd := exampleBPuzzle()
	odd.Palette[2].Name = "dark red"
	if q := roundTrip(t, odd, puzzle.NON); q.Palette[2].RGB != odd.Palette[2].RGB || q.Palette[1].Name != "black" {
		t.Errorf("NON round trip with a colour named %q: palette %+v", "dark red", q.Palette)
	}

	// Properties that need escaping survive.
	p := mugPuzzle()
	p.Title, p.Author, p.Copyright, p.ID = `"Quoted" & <tagged>`, "line\nbreak", "&copy; stays text", " spaced "
	q = roundTrip(t, p, puzzle.NON)
	if q.Title != p.Title || q.Author != p.Author || q.Copyright != p.Copyright || q.ID != p.ID {
		t.Errorf("NON round trip of properties = %q, %q, %q, %q, want %q, %q, %q, %q",
			q.Title, q.Author, q.Copyright, q.ID, p.Title, p.Author, p.Copyright, p.ID)
	}
}

func TestEncodeNONBundle(t *testing.T) {
	ps := []*puzzle.Puzzle{dancerPuzzle(), exampleBPuzzle(), mugPuzzle()}
	want, err := os.ReadFile(filepath.Join("testdata", "pack.nonpack"))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := puzzle.EncodeAll(&buf, ps, puzzle.NON); err != nil {
		t.Fatalf("EncodeAll(non) error = %v", err)
	}
	if buf.String() != string(want) {
		t.Errorf("EncodeAll(non) =\n%s\nwant\n%s", buf.Bytes(), want)
	}
	got, err := puzzle.ReadFileAll(filepath.Join("testdata", "pack.nonpack"), "")
	if err != nil {
		t.Fatalf("ReadFileAll(pack.nonpack) error = %v", err)
	}
	if len(got) != len(ps) {
		t.Fatalf("ReadFileAll(pack.nonpack) = %d puzzles, want %d", len(got), len(ps))
	}
	for i := range ps {
		if !equalClues(got[i], ps[i]) || !sameGrid(got[i].Goal, ps[i].Goal) || got[i].Title != ps[i].Title {
			t.Errorf("ReadFileAll(pack.nonpack)[%d] = %q, want %q with the same clues and goal", i, got[i].Title, ps[i].Title)
		}
	}
}

// TestEncodeNONColours checks the choice of colour letters and what the
// writer refuses.
func TestEncodeNONColours(t *testing.T) {
	// A single colour that is not black is written with a letter, so the
	// value survives.
	red := puzzle.FromGrid(drawGrid(nil, "#.", ".#"), []puzzle.Swatch{puzzle.White, {Name: "red", RGB: puzzle.RGB{R: 255}}})
	q := roundTrip(t, red, puzzle.NON)
	if !equalRGBs(red, q) {
		t.Errorf("NON round trip of a red puzzle: palette = %v", q.Palette)
	}

	// 52 colours have letters; 53 do not.
	many := func(k int) *puzzle.Puzzle {
		pal := []puzzle.Swatch{puzzle.White}
		row := make([]puzzle.Color, k)
		for c := 1; c <= k; c++ {
			pal = append(pal, puzzle.Swatch{Name: "c", RGB: puzzle.RGB{R: uint8(c)}})
			row[c-1] = puzzle.Color(c)
		}
		return puzzle.FromGrid(puzzle.Grid{row}, pal)
	}
	q = roundTrip(t, many(52), puzzle.NON)
	if !equalRGBs(many(52), q) {
		t.Errorf("NON round trip of 52 colours: palette = %v", q.Palette)
	}
	if err := puzzle.Encode(&bytes.Buffer{}, many(53), puzzle.NON); !errors.Is(err, puzzle.ErrUnsupported) {
		t.Errorf("Encode(53 colours, non) error = %v, want %v", err, puzzle.ErrUnsupported)
	}

	// A goal of the wrong size is refused, not written.
	bad := mugPuzzle()
	bad.Goal = bad.Goal[:2]
	if err := puzzle.Encode(&bytes.Buffer{}, bad, puzzle.NON); !errors.Is(err, puzzle.ErrUnsupported) {
		t.Errorf("Encode(short goal, non) error = %v, want %v", err, puzzle.ErrUnsupported)
	}
}

// lineCorpus returns the directory of a shared corpus, or skips the test
// when the corpora are not there (they live outside the repository).
func lineCorpus(t *testing.T, sub ...string) string {
	t.Helper()
	dir := filepath.Join(append([]string{"..", "..", "shared", "corpora"}, sub...)...)
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("corpus %s not available (%v); the corpora live beside the repository in shared/corpora", dir, err)
	}
	return dir
}

// TestSurveyNONMatchesNIN reads the 31 puzzles of Wolter's survey from the
// Simpson .non archive and from the uniform .nin set, matched by the
// corpus's FAMOUS-PUZZLES.tsv, and wants the same clues from both, the
// webpbn id in the .non catalogue line, and a goal that passes Check.
func TestSurveyNONMatchesNIN(t *testing.T) {
	dir := lineCorpus(t)
	fh, err := os.Open(filepath.Join(dir, "FAMOUS-PUZZLES.tsv"))
	if err != nil {
		t.Skipf("no FAMOUS-PUZZLES.tsv: %v", err)
	}
	defer fh.Close()
	sc := bufio.NewScanner(fh)
	var header []string
	n := 0
	for sc.Scan() {
		fields := strings.Split(sc.Text(), "\t")
		if header == nil {
			header = fields
			continue
		}
		row := map[string]string{}
		for i, h := range header {
			if i < len(fields) {
				row[h] = fields[i]
			}
		}
		nin, non := row["uniform_nin"], row["wolter_archive_non"]
		if nin == "" || nin == "-" || non == "" || non == "-" {
			continue
		}
		n++
		t.Run(row["name"], func(t *testing.T) {
			p, err := puzzle.ReadFile(filepath.Join(dir, non))
			if err != nil {
				t.Fatalf("ReadFile(%s) error = %v", non, err)
			}
			q, err := puzzle.ReadFile(filepath.Join(dir, nin))
			if err != nil {
				t.Fatalf("ReadFile(%s) error = %v", nin, err)
			}
			if !equalClues(p, q) {
				t.Errorf("%s and %s have different clues", non, nin)
			}
			if id := row["webpbn_id"]; id != "-" && p.ID != "webpbn.com #"+id {
				t.Errorf("ReadFile(%s) id = %q, want %q", non, p.ID, "webpbn.com #"+id)
			}
			if p.Goal == nil {
				t.Errorf("ReadFile(%s) has no goal", non)
			} else if err := puzzle.Check(p, p.Goal); err != nil {
				t.Errorf("ReadFile(%s) goal: %v", non, err)
			}
		})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n != 31 {
		t.Errorf("found %d survey puzzles in both formats, want 31", n)
	}
}

// TestWebpbnGoals reads every webpbn puzzle of the Storyyeller scrape
// (Latin-1 text, all with a goal): each goal must pass Check, and the goal
// with one cell flipped must fail it. To keep the package's tests quick
// under -race it reads every 4th file (every 40th with -short); set
// NONOSAT_FULL_CORPUS=1 to read all of them.
func TestWebpbnGoals(t *testing.T) {
	dir := lineCorpus(t, "storyyeller-webpbn-scrape", "results")
	files, err := filepath.Glob(filepath.Join(dir, "*.non"))
	if err != nil || len(files) == 0 {
		t.Skipf("no .non files in %s", dir)
	}
	step := 4
	switch {
	case os.Getenv("NONOSAT_FULL_CORPUS") != "":
		step = 1
	case testing.Short():
		step = 40
	}
	for i := 0; i < len(files); i += step {
		name := files[i]
		p, err := puzzle.ReadFile(name)
		if err != nil {
			t.Errorf("ReadFile: %v", err)
			continue
		}
		if p.Goal == nil {
			t.Errorf("ReadFile(%s) has no goal", name)
			continue
		}
		if err := puzzle.Check(p, p.Goal); err != nil {
			t.Errorf("ReadFile(%s) goal: %v", name, err)
			continue
		}
		g := p.Goal.Clone()
		r, c := i%len(g), (i/7)%len(g[0])
		g[r][c] = 1 - g[r][c]
		if err := puzzle.Check(p, g); !errors.Is(err, puzzle.ErrNotSolution) {
			t.Errorf("Check(%s, goal with (%d,%d) flipped) error = %v, want %v", name, r+1, c+1, err, puzzle.ErrNotSolution)
		}
	}
}

// TestNONCorpusDialects reads every .non of the mikix and Nonny
// collections: plain, mikix colours and Nonny colours.
func TestNONCorpusDialects(t *testing.T) {
	root := lineCorpus(t)
	colour := 0
	for _, sub := range []string{"mikix-nonogram-db", "gkikola-nonny"} {
		err := filepath.WalkDir(filepath.Join(root, sub), func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || filepath.Ext(path) != ".non" {
				return err
			}
			p, err := puzzle.ReadFile(path)
			if err != nil {
				t.Errorf("ReadFile: %v", err)
				return nil
			}
			if !p.IsBW() {
				colour++
			}
			if p.Goal != nil {
				if err := puzzle.Check(p, p.Goal); err != nil {
					t.Errorf("ReadFile(%s) goal: %v", path, err)
				}
			}
			return nil
		})
		if err != nil {
			t.Logf("%s: %v", sub, err)
		}
	}
	if colour < 3 {
		t.Errorf("found %d colour puzzles, want the 3 of Nonny's color/", colour)
	}
}
