package puzzle_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nonosat/nonosat/puzzle"
)

func TestDecodeText(t *testing.T) {
	// A small puzzle, 4 wide and 3 high.
	ex := puzzle.New([][]int{{1}, {1, 1}, {4}}, [][]int{{3}, {1}, {1}, {2}})
	small := puzzle.New([][]int{{1}, {}}, [][]int{{1}, {}})
	runLineReadTests(t, puzzle.Text, []lineReadTest{
		{name: "Example", input: "1\n1 1\n4\n\n3\n1\n1\n2\n", want: []*puzzle.Puzzle{ex}},
		{name: "Commas", input: "1\n1,1\n4\n\n3\n1\n1\n2\n", want: []*puzzle.Puzzle{ex}},
		{name: "Dancer", input: "2\n2 1\n1 1\n3\n1 1\n1 1\n2\n1 1\n1 2\n2\n\n2 1\n2 1 3\n7\n1 3\n2 1\n", want: []*puzzle.Puzzle{cluesOnly(dancerPuzzle())}},
		{name: "ZeroIsEmpty", input: "1\n0\n\n1\n0\n", want: []*puzzle.Puzzle{small}},
		{name: "SeveralBlankLines", input: "\n1\n0\n\n\n1\n0\n\n", want: []*puzzle.Puzzle{small}},
		{name: "CRLF", input: "1\r\n0\r\n\r\n1\r\n0\r\n", want: []*puzzle.Puzzle{small}},
		{name: "NoColumns", input: "1\n0\n", err: "line 2: no column clues: want row clues, a blank line, then column clues", is: puzzle.ErrSyntax},
		{name: "ThirdGroup", input: "1\n\n1\n\n1\n", err: `line 5: extra line "1" after the column clues`, is: puzzle.ErrSyntax},
		{name: "BadNumber", input: "1\n\n1a\n", err: `line 3: column 1: clue "1a": not a positive integer`, is: puzzle.ErrSyntax},
		{name: "HugeBlock", input: "5000\n\n1\n", err: "line 1: row 1: block length 5000: too large, at most 1000", is: puzzle.ErrTooLarge},
		{name: "Empty", input: "\n\n", err: "no puzzle found: it is empty", is: puzzle.ErrNoPuzzle},
	})
}

func TestEncodeText(t *testing.T) {
	checkGolden(t, puzzle.Text, dancerPuzzle(), "dancer.text")
	checkGolden(t, puzzle.Text, mugPuzzle(), "mug.text")
}

// TestSniffLineFormats checks that content alone tells the line formats
// apart, with CRLF line ends and a byte order mark too.
func TestSniffLineFormats(t *testing.T) {
	file := func(name string) string {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	tests := []struct {
		name, input string
		want        puzzle.Format
	}{
		{"nin", dancerNIN, puzzle.NIN},
		{"ninEmptyFirstRow", file("mug.nin"), puzzle.NIN},
		{"mk", file("dancer.mk"), puzzle.MK},
		{"cwd", file("dancer.cwd"), puzzle.CWD},
		{"cwdEmptyFirstRow", file("mug.cwd"), puzzle.CWD},
		{"cwc", file("example-b.cwc"), puzzle.CWC},
		{"cwcOneColour", file("dancer.cwc"), puzzle.CWC},
		{"text", file("dancer.text"), puzzle.Text},
		{"textTwoNumbersFirst", "1 1\n1\n\n1\n1\n1\n", puzzle.Text},
		{"textCommas", "1,1\n1\n\n1\n1\n1\n", puzzle.Text},
		{"string", file("dancer.str"), puzzle.String},
		{"tatham", file("pair.tatham"), puzzle.Tatham},
		{"non", file("dancer.non"), puzzle.NON},
		{"nonNonny", file("example-b-nonny.non"), puzzle.NON},
		{"nonpack", file("pack.nonpack"), puzzle.NON},
		{"ninWithBadTotals", "2 1\n2\n1\n0\n", puzzle.NIN},
		{"mkWithBadTotals", "1 2\n2\n#\n1\n0\n", puzzle.MK},
	}
	for _, tt := range tests {
		for _, v := range []struct{ name, data string }{
			{"", tt.input},
			{"/crlf", strings.ReplaceAll(tt.input, "\n", "\r\n")},
			{"/bom", "\ufeff" + tt.input},
		} {
			t.Run(tt.name+v.name, func(t *testing.T) {
				if got := puzzle.Sniff([]byte(v.data)); got != tt.want {
					t.Errorf("Sniff(%q) = %q, want %q", v.data, got, tt.want)
				}
			})
		}
	}
}
