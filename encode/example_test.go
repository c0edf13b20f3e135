package encode_test

import (
	"fmt"

	"github.com/nonosat/nonosat/encode"
	"github.com/nonosat/nonosat/puzzle"
)

// A 2×2 puzzle with one black cell in each row and column has two
// solutions, the diagonals. Its cell variables come first, row by row;
// the clause that blocks one solution says some open cell differs from
// it.
func ExamplePuzzle() {
	p := puzzle.New([][]int{{1}, {1}}, [][]int{{1}, {1}})
	e, err := encode.Puzzle(p)
	if err != nil {
		fmt.Println(err)
		return
	}
	for r := range 2 {
		for c := range 2 {
			l, _ := e.Cell(r, c, 1)
			fmt.Printf("cell (%d,%d) is black: %d\n", r, c, l)
		}
	}
	cl, _ := e.Block(puzzle.Grid{{1, 0}, {0, 1}})
	fmt.Println("block the diagonal:", cl)
	// Output:
	// cell (0,0) is black: 1
	// cell (0,1) is black: 2
	// cell (1,0) is black: 3
	// cell (1,1) is black: 4
	// block the diagonal: [-1 2 3 -4]
}
