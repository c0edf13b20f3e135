package decode

import (
	"github.com/nonosat/nonosat/cnf"
	"github.com/nonosat/nonosat/encode"
	"github.com/nonosat/nonosat/puzzle"
)

// Grid reads the colour of every cell from m. A cell none of whose colour
// literals is true in m (a model that does not satisfy the formula) gets the
// first colour it may take; callers check every grid with [puzzle.Check].
func Grid(e *encode.Encoding, m cnf.Model) puzzle.Grid {
	g := puzzle.NewGrid(e.Height(), e.Width())
	for r := range e.Height() {
		for c := range e.Width() {
			vals := e.Values(r, c)
			g[r][c] = vals[0]
			for _, v := range vals {
				if l, ok := e.Cell(r, c, v); ok && m.Value(l) {
					g[r][c] = v
					break
				}
			}
		}
	}
	return g
}
