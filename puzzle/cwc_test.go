package puzzle_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/nonosat/nonosat/puzzle"
)

func TestDecodeCWC(t *testing.T) {
	b := cluesOnly(exampleBPuzzle())
	runLineReadTests(t, puzzle.CWC, []lineReadTest{
		{name: "ExampleB", input: "3\n4\n2\n2 1\n2\n1 2\n\n2 1\n1\n2 1\n\n1 1\n1 1\n3\n1\n\n2 2\n2 1\n1\n1\n", want: []*puzzle.Puzzle{b}},
		{name: "OneColour", input: "1\n2\n1\n1 \n\n1\n\n1\n\n\n1\n\n", want: []*puzzle.Puzzle{puzzle.New([][]int{{1}}, [][]int{{1}, {}})}},
		{name: "ZeroIsEmpty", input: "1\n2\n1\n1\n\n1\n\n1\n0\n\n1\n0\n", want: []*puzzle.Puzzle{puzzle.New([][]int{{1}}, [][]int{{1}, {}})}},
		{name: "UnknownColour", input: "1\n1\n2\n1\n\n3\n\n1\n\n1\n", err: "line 6: row 1: unknown colour 3, colours are 1 to 2", is: puzzle.ErrColor},
		{name: "ColourZero", input: "1\n1\n2\n1\n\n0\n\n1\n\n1\n", err: "line 6: row 1: unknown colour 0, colours are 1 to 2", is: puzzle.ErrColor},
		{name: "TooFewColours", input: "1\n3\n1\n1 1\n\n1\n\n1\n0\n1\n\n1\n\n1\n", err: "line 6: row 1: want 2 colours for clue 1 1, have 1", is: puzzle.ErrSyntax},
		{name: "TooManyColours", input: "1\n1\n1\n1\n\n1 1\n\n1\n\n1\n", err: "line 6: row 1: want 1 colours for clue 1, have 2", is: puzzle.ErrSyntax},
		{name: "BadColour", input: "1\n1\n1\n1\n\nred\n\n1\n\n1\n", err: `line 6: row 1: colour "red": not a colour number`, is: puzzle.ErrSyntax},
		{name: "HugeColourCount", input: "1\n1\n300\n", err: "line 3: too large: 300 colours, at most 63", is: puzzle.ErrTooLarge},
		{name: "NoColourCount", input: "1\n1\n", err: "line 2: file ends before the number of colours", is: puzzle.ErrSyntax},
	})
}

// TestCWCPalette checks the palette the reader makes up: black and white
// for one colour, otherwise numbered colours with distinct values and
// characters, none of them the background's.
func TestCWCPalette(t *testing.T) {
	for _, k := range []int{1, 2, 17, 18, puzzle.MaxColors} {
		// One row of k blocks of colours 1..k, each in its own column.
		var lens, cols, colLens, colCols []string
		for c := 1; c <= k; c++ {
			lens = append(lens, "1")
			cols = append(cols, fmt.Sprint(c))
			colLens = append(colLens, "1")
			colCols = append(colCols, fmt.Sprint(c))
		}
		in := fmt.Sprintf("1\n%d\n%d\n%s\n\n%s\n\n%s\n\n%s\n", k, k,
			strings.Join(lens, " "), strings.Join(cols, " "), strings.Join(colLens, "\n"), strings.Join(colCols, "\n"))
		p, err := puzzle.Decode(strings.NewReader(in), puzzle.CWC)
		if err != nil {
			t.Fatalf("Decode(%d colours) error = %v", k, err)
		}
		if p.NumColors() != k {
			t.Fatalf("Decode(%d colours) has %d colours", k, p.NumColors())
		}
		if k == 1 {
			if p.Palette[1] != puzzle.Black {
				t.Errorf("Decode(1 colour) palette = %v, want black and white", p.Palette)
			}
			continue
		}
		rgbs := map[puzzle.RGB]bool{p.Palette[0].RGB: true}
		chars := map[rune]bool{p.Palette[0].Char: true}
		for c := 1; c <= k; c++ {
			sw := p.Palette[c]
			if want := fmt.Sprintf("color%d", c); sw.Name != want {
				t.Errorf("Decode(%d colours) colour %d name = %q, want %q", k, c, sw.Name, want)
			}
			if rgbs[sw.RGB] || chars[sw.Char] || sw.Char == 0 {
				t.Errorf("Decode(%d colours) colour %d = %v repeats a value or character", k, c, sw)
			}
			rgbs[sw.RGB], chars[sw.Char] = true, true
		}
	}
}

func TestEncodeCWC(t *testing.T) {
	checkGolden(t, puzzle.CWC, exampleBPuzzle(), "example-b.cwc")
	checkGolden(t, puzzle.CWC, dancerPuzzle(), "dancer.cwc")
	checkGolden(t, puzzle.CWC, mugPuzzle(), "mug.cwc")
}
