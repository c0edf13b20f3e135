package learner_test

import (
	"fmt"

	"github.com/nonosat/nonosat/learner"
	"github.com/nonosat/nonosat/linesolve"
	"github.com/nonosat/nonosat/puzzle"
)

// The learner starts where line solving stopped and reports every
// solution: a 3×3 puzzle with one black cell in each row and column has
// six, the permutation matrices, which line solving alone cannot tell
// apart.
func ExampleLearner() {
	p := puzzle.New([][]int{{1}, {1}, {1}}, [][]int{{1}, {1}, {1}})
	s := linesolve.NewState(p)
	s.Propagate()
	l := learner.New(s)
	n := 0
	res := l.Run(learner.Limits{}, func(g puzzle.Grid) bool {
		if puzzle.Check(p, g) == nil {
			n++
		}
		return true // go on
	})
	fmt.Println(n, "solutions; all found:", res.Complete)
	// Output:
	// 6 solutions; all found: true
}
