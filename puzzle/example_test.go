package puzzle_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/nonosat/nonosat/puzzle"
)

// A puzzle read from Steve Simpson's .non format, and a grid checked
// against its clues.
func ExampleDecode() {
	const plus = `title "Plus"
width 3
height 3
rows
1
3
1
columns
1
3
1
`
	p, err := puzzle.Decode(strings.NewReader(plus), puzzle.NON)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Title, p.Width(), p.Height())
	g := puzzle.Grid{{0, 1, 0}, {1, 1, 1}, {0, 1, 0}}
	fmt.Println(puzzle.Check(p, g) == nil)
	fmt.Print(p.FormatGrid(g))
	// Output:
	// Plus 3 3
	// true
	// .#.
	// ###
	// .#.
}

// Any puzzle can be written in the formats that can express it: here the
// compact puzzle string (row clues, "-", column clues).
func ExampleEncode() {
	p := puzzle.New([][]int{{1}, {3}, {1}}, [][]int{{1}, {3}, {1}})
	if err := puzzle.Encode(os.Stdout, p, puzzle.String); err != nil {
		fmt.Println(err)
	}
	// Output:
	// 1:3:1-1:3:1
}

// Check tells a grid that breaks a clue, and which line it breaks.
func ExampleCheck() {
	p := puzzle.New([][]int{{2}, {1}}, [][]int{{1}, {2}})
	fmt.Println(puzzle.Check(p, puzzle.Grid{{1, 1}, {0, 1}}) == nil)
	fmt.Println(puzzle.Check(p, puzzle.Grid{{1, 1}, {1, 0}}) == nil)
	// Output:
	// true
	// false
}

// FromGrid makes the clues of a picture. Blocks of different colours may
// touch (red 2, then black 1, in the first row); a clue prints a block of
// colour K other than 1 as LEN:K.
func ExampleFromGrid() {
	g := puzzle.Grid{{2, 2, 1, 0}, {0, 1, 1, 0}, {2, 0, 1, 1}}
	p := puzzle.FromGrid(g, []puzzle.Swatch{puzzle.White, puzzle.Black, {Name: "red", RGB: puzzle.RGB{R: 255}, Char: 'r'}})
	for _, c := range p.Rows {
		fmt.Println(c)
	}
	// Output:
	// 2:2 1
	// 2
	// 1:2 2
}
