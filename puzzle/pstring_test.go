package puzzle_test

import (
	"testing"

	"github.com/nonosat/nonosat/puzzle"
)

func TestDecodeString(t *testing.T) {
	// The "duck" example of the R package nonogram.
	duck := puzzle.New(
		[][]int{{3}, {2, 1}, {3, 2}, {2, 2}, {6}, {1, 5}, {6}, {1}, {2}},
		[][]int{{1, 2}, {3, 1}, {1, 5}, {7, 1}, {5}, {3}, {4}, {3}})
	runLineReadTests(t, puzzle.String, []lineReadTest{
		{name: "Duck", input: "3:2,1:3,2:2,2:6:1,5:6:1:2-1,2:3,1:1,5:7,1:5:3:4:3", want: []*puzzle.Puzzle{duck}},
		{name: "Spaces", input: "  3: 2, 1:3,2:2,2:6:1,5:6:1:2 - 1,2:3,1:1,5:7,1:5:3:4:3 \n\n", want: []*puzzle.Puzzle{duck}},
		{name: "ZeroIsEmpty", input: "1:0-1:0\n", want: []*puzzle.Puzzle{puzzle.New([][]int{{1}, {}}, [][]int{{1}, {}})}},
		{name: "CRLF", input: "1:0-1:0\r\n", want: []*puzzle.Puzzle{puzzle.New([][]int{{1}, {}}, [][]int{{1}, {}})}},
		{name: "NoDash", input: "1:0\n", err: `line 1: want row clues, "-", column clues; have "1:0"`, is: puzzle.ErrSyntax},
		{name: "TwoDashes", input: "1-1-1\n", err: `line 1: want row clues, "-", column clues; have "1-1-1"`, is: puzzle.ErrSyntax},
		{name: "Negative", input: "1:-1-1\n", err: `line 1: want row clues, "-", column clues; have "1:-1-1"`, is: puzzle.ErrSyntax},
		{name: "EmptyClue", input: "1:-1:\n", err: "line 1: row 2: empty clue (write 0 for an empty line)", is: puzzle.ErrSyntax},
		{name: "TwoLines", input: "1-1\n1-1\n", err: `line 2: extra line "1-1" after the puzzle string`, is: puzzle.ErrSyntax},
		{name: "TooLong", input: "2-1\n", want: []*puzzle.Puzzle{puzzle.New([][]int{{2}}, [][]int{{1}})}},
	})
}

func TestEncodeString(t *testing.T) {
	checkGolden(t, puzzle.String, dancerPuzzle(), "dancer.str")
	checkGolden(t, puzzle.String, mugPuzzle(), "mug.str")
}
