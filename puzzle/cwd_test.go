package puzzle_test

import (
	"testing"

	"github.com/nonosat/nonosat/puzzle"
)

func TestDecodeCWD(t *testing.T) {
	small := puzzle.New([][]int{{1}, {}}, [][]int{{1}, {}})
	runLineReadTests(t, puzzle.CWD, []lineReadTest{
		{name: "Dancer", input: "10\n5\n2\n2 1\n1 1\n3\n1 1\n1 1\n2\n1 1\n1 2\n2\n\n2 1\n2 1 3\n7\n1 3\n2 1\n", want: []*puzzle.Puzzle{cluesOnly(dancerPuzzle())}},
		{name: "BlankIsEmpty", input: "2\n2\n1\n\n\n1\n\n", want: []*puzzle.Puzzle{small}},
		{name: "ZeroIsEmpty", input: "2\n2\n1\n0\n\n1\n0\n", want: []*puzzle.Puzzle{small}},
		{name: "EmptyFirstRow", input: "2\n2\n\n1\n\n\n1\n", want: []*puzzle.Puzzle{puzzle.New([][]int{{}, {1}}, [][]int{{}, {1}})}},
		{name: "CRLF", input: "2\r\n2\r\n1\r\n\r\n\r\n1\r\n\r\n", want: []*puzzle.Puzzle{small}},
		{name: "NoSeparator", input: "2\n2\n1\n0\n1\n0\n", err: `line 5: want a blank line after the row clues, have "1"`, is: puzzle.ErrSyntax},
		{name: "NoWidth", input: "2\n", err: "line 1: file ends before the width", is: puzzle.ErrSyntax},
		{name: "BadWidth", input: "2\n2 2\n", err: `line 2: width "2 2": not a positive integer`, is: puzzle.ErrSyntax},
		{name: "HugeHeight", input: "1001\n1\n", err: "line 1: too large: height 1001, at most 1000", is: puzzle.ErrTooLarge},
		{name: "Truncated", input: "2\n2\n1\n0\n\n1\n", err: "line 6: file ends after 1 of 2 column clues", is: puzzle.ErrSyntax},
		{name: "EndsAtSeparator", input: "1\n1\n1\n", err: "line 3: file ends after the row clues", is: puzzle.ErrSyntax},
	})
}

func TestEncodeCWD(t *testing.T) {
	checkGolden(t, puzzle.CWD, dancerPuzzle(), "dancer.cwd")
	checkGolden(t, puzzle.CWD, mugPuzzle(), "mug.cwd")
}
