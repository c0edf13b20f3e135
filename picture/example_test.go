package picture_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/nonosat/nonosat/picture"
	"github.com/nonosat/nonosat/puzzle"
)

func ExampleText() {
	art := "##.\n.##\n#.#\n"
	g, pal, err := picture.Decode(strings.NewReader(art), picture.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	p := puzzle.FromGrid(g, pal)
	if err := picture.Text(os.Stdout, p, g, picture.Plain); err != nil {
		fmt.Println(err)
	}
	// Output:
	//       1
	//       1 2 2
	//     +------
	//   2 | # # .
	//   2 | . # #
	// 1 1 | # . #
}

func ExampleDiff() {
	a := puzzle.Grid{{1, 0}, {0, 1}}
	b := puzzle.Grid{{0, 1}, {0, 1}}
	for _, cell := range picture.Diff(a, b) {
		fmt.Printf("row %d, column %d\n", cell[0]+1, cell[1]+1)
	}
	// Output:
	// row 1, column 1
	// row 1, column 2
}
