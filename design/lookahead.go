package design

import (
	"errors"
	"fmt"
	"strings"

	"github.com/nonosat/nonosat/internal/clock"

	"github.com/nonosat/nonosat/linesolve"
	"github.com/nonosat/nonosat/puzzle"
)

// lookahead looks for an open cell all of whose colours but one line logic
// refutes: assume the colour, run line logic from the known cells, reach a
// line with no placement. Cells that line logic over several lines fixes
// come first, then those probing fixes, row by row. The trials run on
// linesolve.State (fast); the board then names the line that fails. It
// applies the step it finds. It returns the context's error when st.ctx
// ends first: on a large puzzle the trials take minutes.
func (st *stepper) lookahead() (Step, bool, error) {
	p := st.p
	s0 := st.known()
	if s0 != nil && !s0.PropagateUntil(st.stopped) {
		s0 = nil
	}
	if err := clock.Err(st.ctx); err != nil {
		return Step{}, false, err
	}
	if s0 == nil {
		b := newBoard(p, st.g)
		_, fail, _, _ := b.propagate(nil)
		return Step{}, false, fmt.Errorf("%w: line logic leaves %s with no placement", errContradiction, lineName(p, max(fail, 0)))
	}
	// Probing from s0 tries every single assumption, so the cells it
	// fixes are the only ones a lookahead step can fix; it gives the
	// colour each must take, which leaves one trial per other colour.
	pr := s0.Clone()
	if !pr.ProbeUntil(0, st.stopped) {
		return Step{}, false, nil // the guess step will find no solution either
	}
	for _, pass := range []*linesolve.State{s0, pr} {
		for r, row := range pass.Cells {
			for c, d := range row {
				if err := clock.Err(st.ctx); err != nil { // probing or a trial stopped short
					return Step{}, false, err
				}
				v, one := d.Single()
				if !one || st.g[r][c] != Unknown || pass == pr && s0.Cells[r][c].Len() == 1 {
					continue
				}
				if s, ok := st.refute(s0, r, c, v); ok {
					st.set(r, c, v)
					return s, true, nil
				}
			}
		}
	}
	return Step{}, false, clock.Err(st.ctx) // the last trial may have stopped short
}

// known is the linesolve.State of the known cells, or nil when they
// break a clue's colours outright.
func (st *stepper) known() *linesolve.State {
	s := linesolve.NewState(st.p)
	for r, row := range st.g {
		for c, v := range row {
			if v != Unknown && !s.Set(r, c, linesolve.Of(v)) {
				return nil
			}
		}
	}
	return s
}

// refute tries every colour of cell (r, c) but v on copies of s0 (the
// line logic fixpoint of the known cells): when line logic refutes them
// all, the cell has colour v, and the step names, for each colour refuted,
// the line the board (from the known cells alone) finds with no placement.
func (st *stepper) refute(s0 *linesolve.State, r, c int, v puzzle.Color) (Step, bool) {
	p := st.p
	var refuted []puzzle.Color
	for u := range puzzle.Color(p.NumColors() + 1) {
		if u == v {
			continue
		}
		// A trial the context stops reads as not refuted; the caller
		// then sees the context's error.
		if s := s0.Clone(); s.Set(r, c, linesolve.Of(u)) && s.PropagateUntil(st.stopped) {
			return Step{}, false
		}
		refuted = append(refuted, u)
	}
	var assumed []Cell
	var fails []int
	for _, u := range refuted {
		b := newBoard(p, st.g)
		b.cells[r][c] = linesolve.Of(u)
		ok, fail, _, _ := b.propagate(nil)
		if ok {
			return Step{}, false // cannot happen: the same line logic
		}
		assumed = append(assumed, cellOf(p, r, c, u))
		fails = append(fails, fail)
	}
	s := Step{Kind: KindLookahead, LineIndex: fails[0], Line: lineName(p, fails[0]), Assumed: assumed,
		Cells: []Cell{cellOf(p, r, c, v)}}
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
	choice, err := st.choice(br, bc, v)
	if err != nil {
		return Step{}, err
	}
	if choice {
		whose := "one solution"
		if p.Goal != nil && st.sol.Equal(p.Goal) {
			whose = "the goal"
		}
		s.Choice = true
		s.Reason = fmt.Sprintf("no line and no single assumption decides a cell, and the solutions differ at row %d, column %d: %s has %s there (the puzzle is not unique)", br+1, bc+1, whose, string(p.Char(v)))
	} else {
		s.Reason = fmt.Sprintf("no line and no single assumption decides a cell; the solution has %s at row %d, column %d (a guess: only trying both ways confirms it)", string(p.Char(v)), br+1, bc+1)
	}
	st.set(br, bc, v)
	return s, nil
}

// choice reports whether a solution that agrees with the known cells has
// another colour than v at cell (r, c): then a guess there is a choice,
// not a deduction. A unique puzzle has no such solution; whether it is
// unique is found out once, at the first guess.
func (st *stepper) choice(r, c int, v puzzle.Color) (bool, error) {
	if st.several == 0 {
		n, err := countUpTo(st.ctx, linesolve.NewState(st.p), 2)
		if err != nil {
			return false, err
		}
		st.several = n
	}
	if st.several < 2 {
		return false, nil
	}
	s := st.known()
	if s == nil || !s.Set(r, c, st.all&^linesolve.Of(v)) {
		return false, nil
	}
	n, err := countUpTo(st.ctx, s, 1)
	return n > 0, err
}
