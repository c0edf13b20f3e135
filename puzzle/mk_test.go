package puzzle_test

import (
	"testing"

	"github.com/nonosat/nonosat/puzzle"
)

func TestDecodeMK(t *testing.T) {
	small := puzzle.New([][]int{{1}, {}}, [][]int{{1}, {}})
	runLineReadTests(t, puzzle.MK, []lineReadTest{
		{name: "Dancer", input: "10 5\n2\n2 1\n1 1\n3\n1 1\n1 1\n2\n1 1\n1 2\n2\n#\n2 1\n2 1 3\n7\n1 3\n2 1\n", want: []*puzzle.Puzzle{cluesOnly(dancerPuzzle())}},
		{name: "HeightFirst", input: "2 1\n1\n0\n#\n1\n", want: []*puzzle.Puzzle{puzzle.New([][]int{{1}, {}}, [][]int{{1}})}},
		{name: "ZeroIsEmpty", input: "2 2\n1\n0\n#\n1\n0\n", want: []*puzzle.Puzzle{small}},
		{name: "BlankIsEmpty", input: "2 2\n1\n\n#\n1\n\n", want: []*puzzle.Puzzle{small}},
		{name: "BlankBeforeHash", input: "2 2\n1\n0\n\n#\n1\n0\n", want: []*puzzle.Puzzle{small}},
		{name: "TrailingBlankLines", input: "2 2\r\n1\r\n0\r\n#\r\n1\r\n0\r\n\r\n\r\n", want: []*puzzle.Puzzle{small}},
		{name: "NoHash", input: "2 2\n1\n0\n1\n0\n", err: `line 4: want a line "#" after 2 row clues, have "1"`, is: puzzle.ErrSyntax},
		{name: "EarlyHash", input: "2 2\n1\n#\n1\n0\n", err: `line 3: "#" after 1 of 2 row clues`, is: puzzle.ErrSyntax},
		{name: "HashInColumns", input: "2 2\n1\n0\n#\n1\n#\n", err: `line 6: "#" after 1 of 2 column clues`, is: puzzle.ErrSyntax},
		{name: "EndsBeforeHash", input: "2 2\n1\n0\n", err: `line 3: file ends after the row clues, want a line "#"`, is: puzzle.ErrSyntax},
		{name: "HugeWidth", input: "1 99999999999999999999999\n", err: "line 1: too large: width 99999999999999999999999, at most 1000", is: puzzle.ErrTooLarge},
		{name: "Extra", input: "1 1\n1\n#\n1\n1\n", err: `line 5: extra line "1" after the last column clue`, is: puzzle.ErrSyntax},
	})
}

func TestEncodeMK(t *testing.T) {
	checkGolden(t, puzzle.MK, dancerPuzzle(), "dancer.mk")
	checkGolden(t, puzzle.MK, mugPuzzle(), "mug.mk")
}
