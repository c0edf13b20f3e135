package design

import (
	"errors"
	"fmt"
	"strings"

	"github.com/nonosat/nonosat/linesolve"
	"github.com/nonosat/nonosat/puzzle"
)

// lookahead looks for an open cell all of whose colours but one line logic
// refutes: assume the colour, run line logic from the known cells, reach a
// line with no placement. Cells that line logic over several lines or
// probing would fix are tried first (they usually have such a refutation),
// then the rest, row by row. It applies the step it finds.
func (st *stepper) lookahead() (Step, bool, error) {
	p := st.p
	base := newBoard(p, st.g)
	b0 := base.clone()
	if ok, fail, _, _ := b0.propagate(nil); !ok {
		return Step{}, false, fmt.Errorf("%w: line logic leaves %s with no placement", errContradiction, lineName(p, fail))
	}
	var order [][2]int
	seen := make([][]bool, p.Height())
	for r := range seen {
		seen[r] = make([]bool, p.Width())
	}
	add := func(r, c int) {
		if !seen[r][c] && st.g[r][c] == Unknown {
			seen[r][c] = true
			order = append(order, [2]int{r, c})
		}
	}
	for r, row := range b0.cells {
		for c, d := range row {
			if d.Len() == 1 {
				add(r, c)
			}
		}
	}
	if s := st.probed(); s != nil {
		for r, row := range s.Cells {
			for c, d := range row {
				if d.Len() == 1 {
					add(r, c)
				}
			}
		}
	}
	for r := range p.Height() {
		for c := range p.Width() {
			add(r, c)
		}
	}
	for _, x := range order {
		if s, ok := st.refute(base, b0, x[0], x[1]); ok {
			st.set(x[0], x[1], colorOf(p, s.Cells[0]))
			return s, true, nil
		}
	}
	return Step{}, false, nil
}

// probed is the state probing reaches from the known cells, or nil.
func (st *stepper) probed() *linesolve.State {
	s := linesolve.NewState(st.p)
	for r, row := range st.g {
		for c, v := range row {
			if v != Unknown && !s.Set(r, c, linesolve.Of(v)) {
				return nil
			}
		}
	}
	if !s.ProbeUntil(0, nil) {
		return nil
	}
	return s
}

// refute tries every colour of cell (r, c): when line logic refutes all
// but one, the cell has that colour.
func (st *stepper) refute(base, b0 *board, r, c int) (Step, bool) {
	p := st.p
	var alive []puzzle.Color
	var assumed []Cell
	var fails []int
	for v := range puzzle.Color(p.NumColors() + 1) {
		var b *board
		var dirty []bool
		if b0.cells[r][c].Has(v) {
			b = b0.clone()
			dirty = make([]bool, numLines(p))
			dirty[r], dirty[p.Height()+c] = true, true
		} else {
			b = base.clone() // line logic from the known cells refutes it
		}
		b.cells[r][c] = linesolve.Of(v)
		if ok, fail, _, _ := b.propagate(dirty); ok {
			alive = append(alive, v)
			if len(alive) > 1 {
				return Step{}, false
			}
		} else {
			assumed = append(assumed, cellOf(p, r, c, v))
			fails = append(fails, fail)
		}
	}
	if len(alive) != 1 {
		return Step{}, false
	}
	s := Step{Kind: KindLookahead, LineIndex: fails[0], Line: lineName(p, fails[0]), Assumed: assumed,
		Cells: []Cell{cellOf(p, r, c, alive[0])}}
	var sb strings.Builder
	for i, a := range assumed {
		if i > 0 {
			sb.WriteString("; ")
		}
		fmt.Fprintf(&sb, "if row %d, column %d were %s, line logic from the known cells would leave %s with no placement", r+1, c+1, a.Color, lineName(p, fails[i]))
	}
	fmt.Fprintf(&sb, "; so it is %s", s.Cells[0].Color)
	s.Reason = sb.String()
	return s, true
}

// colorOf is the colour of a reported cell.
func colorOf(p *puzzle.Puzzle, x Cell) puzzle.Color {
	for v := range puzzle.Color(p.NumColors() + 1) {
		if string(p.Char(v)) == x.Color {
			return v
		}
	}
	return Unknown
}

// guess takes the open cell with the fewest open cells in its row and
// column (the first such, row by row) and gives it the solution's colour.
func (st *stepper) guess() (Step, error) {
	p := st.p
	if st.sol == nil {
		return Step{}, errors.New("no deduction found and no solution to guess from")
	}
	rowOpen := make([]int, p.Height())
	colOpen := make([]int, p.Width())
	for r, row := range st.g {
		for c, v := range row {
			if v == Unknown {
				rowOpen[r]++
				colOpen[c]++
			}
		}
	}
	br, bc := -1, -1
	for r, row := range st.g {
		for c, v := range row {
			if v == Unknown && (br < 0 || rowOpen[r]+colOpen[c] < rowOpen[br]+colOpen[bc]) {
				br, bc = r, c
			}
		}
	}
	if br < 0 {
		return Step{}, errors.New("no open cell")
	}
	v := st.sol[br][bc]
	s := Step{Kind: KindGuess, LineIndex: -1, Line: lineName(p, br), Cells: []Cell{cellOf(p, br, bc, v)}}
	s.Reason = fmt.Sprintf("no line and no single assumption decides a cell; the solution has %s at row %d, column %d (a guess: only trying both ways confirms it)", string(p.Char(v)), br+1, bc+1)
	st.set(br, bc, v)
	return s, nil
}
