package puzzle_test

import (
	"bytes"
	"io"
	"testing"

	"github.com/nonosat/nonosat/puzzle"
)

// dancerNIN is example A of docs/formats.md in .nin form. It is not a testdata file
// because it is byte for byte a file of the shared corpus.
const dancerNIN = "5 10\n2\n2 1\n1 1\n3\n1 1\n1 1\n2\n1 1\n1 2\n2\n2 1\n2 1 3\n7\n1 3\n2 1\n"

func TestDecodeNIN(t *testing.T) {
	dancer := cluesOnly(dancerPuzzle())
	small := puzzle.New([][]int{{1}, {}}, [][]int{{1}, {}})
	runLineReadTests(t, puzzle.NIN, []lineReadTest{
		{name: "Dancer", input: dancerNIN, want: []*puzzle.Puzzle{dancer}},
		{name: "ZeroIsEmpty", input: "2 2\n1\n0\n1\n0\n", want: []*puzzle.Puzzle{small}},
		{name: "BlankIsEmpty", input: "2 2\n1\n\n1\n\n", want: []*puzzle.Puzzle{small}},
		{name: "BlankLinesAround", input: "\n\n2 2\n1\n0\n1\n0\n\n\n", want: []*puzzle.Puzzle{small}},
		{name: "TabsCommasSpaces", input: "3 1\n1,\t1\n1\n0\n1\n", want: []*puzzle.Puzzle{puzzle.New([][]int{{1, 1}}, [][]int{{1}, {}, {1}})}},
		{name: "CRLF", input: "2 2\r\n1\r\n0\r\n1\r\n0\r\n", want: []*puzzle.Puzzle{small}},
		{name: "BOM", input: "\ufeff2 2\n1\n0\n1\n0\n", want: []*puzzle.Puzzle{small}},
		{name: "Empty", input: "", err: "no puzzle found: it is empty", is: puzzle.ErrNoPuzzle},
		{name: "OnlyBlank", input: "\n \n", err: "no puzzle found: it is empty", is: puzzle.ErrNoPuzzle},
		{name: "HugeHeight", input: "1 1000000000000\n", err: "line 1: too large: height 1000000000000, at most 1000", is: puzzle.ErrTooLarge},
		{name: "ZeroWidth", input: "0 1\n", err: `line 1: width "0": not a positive integer`, is: puzzle.ErrSyntax},
		{name: "ThreeNumbers", input: "1 1 1\n1\n1\n", err: `line 1: header "1 1 1": want width and height`, is: puzzle.ErrSyntax},
		{name: "Negative", input: "1 1\n-1\n1\n", err: `line 2: row 1: clue "-1": not a positive integer`, is: puzzle.ErrSyntax},
		{name: "Plus", input: "1 1\n+1\n1\n", err: `line 2: row 1: clue "+1": not a positive integer`, is: puzzle.ErrSyntax},
		{name: "ZeroAmongBlocks", input: "3 1\n1 0 1\n1\n0\n1\n", err: `line 2: row 1: clue "1 0 1": 0 stands for an empty clue and cannot be a block`, is: puzzle.ErrSyntax},
		{name: "Truncated", input: "2 2\n1\n", err: "line 2: file ends after 1 of 2 row clues", is: puzzle.ErrSyntax},
		// Clues that cannot hold are a puzzle with no solution, not an
		// error of the file.
		{name: "TooLong", input: "2 1\n3\n1\n1\n", want: []*puzzle.Puzzle{puzzle.New([][]int{{3}}, [][]int{{1}, {1}})}},
		{name: "Totals", input: "2 1\n2\n1\n0\n", want: []*puzzle.Puzzle{puzzle.New([][]int{{2}}, [][]int{{1}, {}})}},
	})
}

func TestEncodeNIN(t *testing.T) {
	var buf bytes.Buffer
	if err := puzzle.Encode(&buf, dancerPuzzle(), puzzle.NIN); err != nil || buf.String() != dancerNIN {
		t.Errorf("Encode(Dancer, nin) = %q, %v, want %q", buf.Bytes(), err, dancerNIN)
	}
	checkGolden(t, puzzle.NIN, mugPuzzle(), "mug.nin")
	if err := puzzle.Encode(io.Discard, exampleBPuzzle(), puzzle.NIN); err == nil {
		t.Errorf("Encode(example B, nin) error = nil, want %v", puzzle.ErrUnsupported)
	}
}
