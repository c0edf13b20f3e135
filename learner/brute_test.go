package learner_test

import "github.com/nonosat/nonosat/puzzle"

func gridKey(g puzzle.Grid) string { return g.String() }
