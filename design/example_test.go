package design_test

import (
	"context"
	"fmt"

	"github.com/nonosat/nonosat/design"
	"github.com/nonosat/nonosat/puzzle"
)

func ExampleNextHint() {
	// A plus sign: rows 1, 3, 1 and columns 1, 3, 1.
	p := puzzle.New([][]int{{1}, {3}, {1}}, [][]int{{1}, {3}, {1}})
	h, err := design.NextHint(context.Background(), p, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(h.Line)
	fmt.Println(h.Reason)
	// Output:
	// row 2
	// row 2, clue 3: from the clue alone, every placement gives column 1 #, column 2 #, column 3 #
}

func ExampleGradeOf() {
	p := puzzle.New([][]int{{1}, {3}, {1}}, [][]int{{1}, {3}, {1}})
	g, _ := design.GradeOf(context.Background(), p)
	fmt.Println(g.Level, g.Name, g.LineSolvable)
	// Output:
	// 1 line true
}
