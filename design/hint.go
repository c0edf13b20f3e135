package design

import (
	"context"
	"errors"
	"fmt"

	"github.com/nonosat/nonosat/internal/clock"

	"github.com/nonosat/nonosat/learner"
	"github.com/nonosat/nonosat/linesolve"
	"github.com/nonosat/nonosat/puzzle"
)

// Hint is the next step on a partly filled grid, and the known cells that
// no solution has. Its JSON form is what hint --json prints: "cells",
// "line", "reason", "mistakes". With mistakes, the step is the one for the
// grid with those cells open again.
type Hint struct {
	Step
	Mistakes []Pos `json:"mistakes"`
}

// ErrNoSolution is returned when the puzzle has no solution; the error
// says why when the clues show it (puzzle.Puzzle.Contradiction).
var ErrNoSolution = errors.New("the puzzle has no solution")

// noSolution is ErrNoSolution, with the reason when the clues show it.
func noSolution(p *puzzle.Puzzle) error {
	if why := p.Contradiction(); why != nil {
		return fmt.Errorf("%w: %w", ErrNoSolution, why)
	}
	return ErrNoSolution
}

// NextHint finds the next step a person can make on the partial grid g
// (Unknown for open cells; nil for the empty grid), simplest kind first:
// a line alone, then a lookahead, then a guess from a solution that agrees
// with the known cells. It also lists the known cells that no solution
// has. A finished grid gives a Hint without cells. g is not changed.
func NextHint(ctx context.Context, p *puzzle.Puzzle, g puzzle.Grid) (Hint, error) {
	if g == nil {
		g = EmptyGrid(p)
	}
	if err := checkPartial(p, g); err != nil {
		return Hint{}, err
	}
	g = g.Clone()
	h := Hint{Mistakes: []Pos{}}
	sol, ok, err := completion(ctx, p, g)
	if err != nil {
		return h, err
	}
	if !ok {
		if _, solvable, err := completion(ctx, p, EmptyGrid(p)); err != nil {
			return h, err
		} else if !solvable {
			return h, noSolution(p)
		}
		if h.Mistakes, err = mistakes(ctx, p, g); err != nil {
			return h, err
		}
		for _, m := range h.Mistakes {
			g[m.Row-1][m.Col-1] = Unknown
		}
		if sol, ok, err = completion(ctx, p, g); err != nil {
			return h, err
		}
		if !ok {
			h.Reason = "the known cells fit no solution together, though each fits one alone"
			h.Cells = []Cell{}
			return h, nil
		}
	}
	st := newStepper(ctx, p, g, sol)
	if st.done() {
		h.Cells = []Cell{}
		h.Reason = "solved"
		return h, nil
	}
	h.Step, err = st.next()
	return h, err
}

// Steps is the whole solution of p from the empty grid as steps, each the
// simplest available (see [NextHint]). A puzzle with several solutions is
// finished along its goal, if it carries one that is a solution, else
// along one of them (its guesses say so).
func Steps(ctx context.Context, p *puzzle.Puzzle) ([]Step, error) {
	sol, ok, err := completion(ctx, p, EmptyGrid(p))
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, noSolution(p)
	}
	st := newStepper(ctx, p, EmptyGrid(p), sol)
	var steps []Step
	for !st.done() {
		if err := clock.Err(ctx); err != nil {
			return steps, err
		}
		s, err := st.next()
		if err != nil {
			return steps, err
		}
		steps = append(steps, s)
	}
	return steps, nil
}

// completion finds a solution of p that agrees with every known cell of g:
// the designer's goal when it is one, so that the guesses of a puzzle
// of several solutions lead to the intended picture; ok is false when
// there is none.
func completion(ctx context.Context, p *puzzle.Puzzle, g puzzle.Grid) (puzzle.Grid, bool, error) {
	if errors.Is(p.Contradiction(), puzzle.ErrTotals) {
		return nil, false, nil // no search shows that quickly (see solver.Solve)
	}
	if p.Goal != nil && puzzle.Check(p, p.Goal) == nil && agrees(p.Goal, g) { // Check first: it checks the size
		return p.Goal.Clone(), true, nil
	}
	s := linesolve.NewState(p)
	for r, row := range g {
		for c, v := range row {
			if v != Unknown && !s.Set(r, c, linesolve.Of(v)) {
				return nil, false, nil
			}
		}
	}
	return firstSolution(ctx, s)
}

// agrees reports whether grid sol has the colour of every known cell of
// the partial grid g (of the same size).
func agrees(sol, g puzzle.Grid) bool {
	for r, row := range g {
		for c, v := range row {
			if v != Unknown && sol[r][c] != v {
				return false
			}
		}
	}
	return true
}

// firstSolution searches s for a solution with the learner, which is
// complete.
func firstSolution(ctx context.Context, s *linesolve.State) (puzzle.Grid, bool, error) {
	if !s.Propagate() {
		return nil, false, nil
	}
	var sol puzzle.Grid
	found := func(g puzzle.Grid) bool { sol = g; return false }
	lim := learner.Limits{Stop: clock.Stop(ctx)}
	res := learner.New(s).Run(lim, found)
	if sol != nil {
		return sol, true, nil
	}
	if res.Stopped {
		return nil, false, fmt.Errorf("looking for a solution: %w", context.Cause(ctx))
	}
	return nil, false, nil
}

// countUpTo counts the solutions of s with the learner, up to n.
func countUpTo(ctx context.Context, s *linesolve.State, n int) (int, error) {
	if !s.Propagate() {
		return 0, nil
	}
	count := 0
	found := func(puzzle.Grid) bool { count++; return count < n }
	lim := learner.Limits{Stop: func() bool { return ctx.Err() != nil }}
	if res := learner.New(s).Run(lim, found); res.Stopped {
		return count, fmt.Errorf("counting solutions: %w", context.Cause(ctx))
	}
	return count, nil
}

// mistakes lists the known cells of g that no solution of p has, row by
// row: each known cell is checked alone, skipping those that a solution
// found on the way already has.
func mistakes(ctx context.Context, p *puzzle.Puzzle, g puzzle.Grid) ([]Pos, error) {
	var sols []puzzle.Grid
	out := []Pos{}
	for r, row := range g {
		for c, v := range row {
			if v == Unknown {
				continue
			}
			had := false
			for _, s := range sols {
				if s[r][c] == v {
					had = true
					break
				}
			}
			if had {
				continue
			}
			s := linesolve.NewState(p)
			ok := s.Set(r, c, linesolve.Of(v))
			var sol puzzle.Grid
			if ok {
				var err error
				if sol, ok, err = firstSolution(ctx, s); err != nil {
					return nil, err
				}
			}
			if ok {
				sols = append(sols, sol)
			} else {
				out = append(out, Pos{Row: r + 1, Col: c + 1})
			}
		}
	}
	return out, nil
}
