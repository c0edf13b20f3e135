package puzzle_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/nonosat/nonosat/puzzle"
)

func TestDecodeTatham(t *testing.T) {
	// The example in the comment of sgt-puzzles' pattern.c.
	four := puzzle.New([][]int{{1, 1}, {2}, {1}, {1}}, [][]int{{2}, {1}, {2}, {1}})
	small := puzzle.New([][]int{{1}, {}}, [][]int{{1}, {}})
	runLineReadTests(t, puzzle.Tatham, []lineReadTest{
		{name: "PatternC", input: "4x4:2/1/2/1/1.1/2/1/1\n", want: []*puzzle.Puzzle{four}},
		{name: "EmptyClues", input: "2x2:1//1/", want: []*puzzle.Puzzle{small}},
		{name: "ZeroIsEmpty", input: "2x2:1/0/1/0", want: []*puzzle.Puzzle{small}},
		{name: "Square", input: "2:1//1/", want: []*puzzle.Puzzle{small}},
		{name: "PrefilledIgnored", input: "2x2:1//1/,aDa\n", want: []*puzzle.Puzzle{small}},
		{name: "SeveralIDs", input: "2x2:1//1/\n\n4x4:2/1/2/1/1.1/2/1/1\r\n", want: []*puzzle.Puzzle{small, four}},
		{name: "TooFew", input: "2x2:1//1", err: "line 1: 3 clues for a 2x2 puzzle, want 4", is: puzzle.ErrSyntax},
		{name: "TooMany", input: "2x2:1//1///", err: "line 1: more than 4 clues for a 2x2 puzzle", is: puzzle.ErrSyntax},
		{name: "NoColon", input: "2x2 1//1/", err: `line 1: "2x2 1//1/": want WIDTHxHEIGHT:clues`, is: puzzle.ErrSyntax},
		{name: "BadHeight", input: "2xy:1//1/", err: `line 1: height "y": not a positive integer`, is: puzzle.ErrSyntax},
		{name: "HugeWidth", input: "1000000x1:1", err: "line 1: too large: width 1000000, at most 1000", is: puzzle.ErrTooLarge},
		{name: "BadBlock", input: "2x2:1//1/1..1", err: `line 1: row 2: clue "1..1": not a positive integer`, is: puzzle.ErrSyntax},
		{name: "SecondLineTooLong", input: "2x2:1//1/\n2x2:1//1/3\n", want: []*puzzle.Puzzle{small, puzzle.New([][]int{{1}, {3}}, [][]int{{1}, {}})}},
	})
}

func TestEncodeTatham(t *testing.T) {
	checkGolden(t, puzzle.Tatham, dancerPuzzle(), "dancer.tatham")
	checkGolden(t, puzzle.Tatham, mugPuzzle(), "mug.tatham")
	want, err := os.ReadFile(filepath.Join("testdata", "pair.tatham"))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := puzzle.EncodeAll(&buf, []*puzzle.Puzzle{dancerPuzzle(), mugPuzzle()}, puzzle.Tatham); err != nil {
		t.Fatalf("EncodeAll(tatham) error = %v", err)
	}
	if buf.String() != string(want) {
		t.Errorf("EncodeAll(tatham) =\n%s\nwant\n%s", buf.Bytes(), want)
	}
	ps, err := puzzle.ReadFileAll(filepath.Join("testdata", "pair.tatham"), "")
	if err != nil || len(ps) != 2 || !equalClues(ps[0], dancerPuzzle()) || !equalClues(ps[1], mugPuzzle()) {
		t.Errorf("ReadFileAll(pair.tatham) = %v, %v, want Dancer and Mug", ps, err)
	}
}
