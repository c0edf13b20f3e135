package design

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/nonosat/nonosat/internal/clock"

	"github.com/nonosat/nonosat/linesolve"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/solver"
)

// Edit is a change of a few cells of the goal picture and what it makes
// of the puzzle. Its JSON form is an element of fix --json's "edits".
type Edit struct {
	Cells []Cell `json:"cells"`
	// Verdict is the solver's verdict on the edited puzzle: "unique" or
	// "multiple", or "timeout" when FixOptions.EditTimeout ran out first.
	Verdict string `json:"verdict"`
	// Open counts the cells line logic leaves open in the edited puzzle;
	// 0 means line-solvable (and so unique).
	Open int `json:"open"`

	edits []change // the same cells, from 0
}

// change is one cell of an edit, from 0, with its new colour.
type change struct {
	r, c int
	v    puzzle.Color
}

// FixOptions bound [Fix]. The zero value asks for the defaults.
type FixOptions struct {
	Best   int // edits reported (default 5)
	Verify int // candidates, fewest open cells first, whose verdict is computed (default 20)
	Pairs  int // best single edits combined in pairs when no single edit makes the puzzle unique (default 8; negative: none)
	// EditTimeout bounds the solve of each edited puzzle (0: none); one
	// it stops gets the verdict "timeout" and ranks last, so that one
	// hard edit does not take the whole run.
	EditTimeout time.Duration
	// Progress, if not nil, is told how far Fix is (for a progress
	// line): after each row of single edits ranked by line logic (ranked
	// of total), and after each verdict (verified so far).
	Progress func(ranked, total, verified int)
}

// ErrNoGoal is returned by Fix for a goal that does not satisfy the clues.
var ErrNoGoal = errors.New("the goal picture does not satisfy the clues")

// Baseline is the unedited puzzle measured as [Fix] measures an edit: its
// verdict (within timeout; 0: no limit) and the cells line logic leaves
// open, 0 when line logic solves it (then it is unique, and nothing needs
// fixing). Its Cells are empty.
func Baseline(ctx context.Context, p *puzzle.Puzzle, goal puzzle.Grid, timeout time.Duration) (Edit, error) {
	if puzzle.Check(p, goal) != nil {
		return Edit{}, ErrNoGoal
	}
	e := Edit{Cells: []Cell{}, Open: openAfter(p, goal, nil), Verdict: string(solver.Unique)}
	if e.Open == 0 {
		return e, nil
	}
	res, err := solveWithin(ctx, edited(p, goal, nil), timeout)
	if err != nil {
		return Edit{}, err
	}
	if res.Verdict == solver.Timeout && ctx.Err() != nil {
		return Edit{}, fmt.Errorf("solving the puzzle: %w", ctx.Err())
	}
	e.Verdict = string(res.Verdict)
	return e, nil
}

// Fix ranks the single-cell edits of the goal picture (every other colour
// of every cell) by what they make of the puzzle: line-solvable first,
// then unique, then the others, each by the cells line logic leaves open.
// Every edit changes the clues of one row and one column; line logic is
// run for each (a few hundred microseconds on 40×40), and the solver
// gives the verdict of the o.Verify with the fewest open cells. When none
// of those is unique, pairs of the o.Pairs best singles are ranked the
// same way. It returns the best o.Best edits, best first; each effect is
// that of solving the edited puzzle afresh.
//
// A puzzle that is unique already ([Baseline]) gets only the edits that
// keep it unique and leave line logic fewer cells open: none when line
// logic solves it, or when no edit of one or two cells does better.
func Fix(ctx context.Context, p *puzzle.Puzzle, goal puzzle.Grid, o FixOptions) ([]Edit, error) {
	if o.Best <= 0 {
		o.Best = 5
	}
	if o.Verify <= 0 {
		o.Verify = 20
	}
	// Only verified candidates are reported: verify at least as many as
	// are asked for.
	o.Verify = max(o.Verify, o.Best)
	if o.Pairs == 0 {
		o.Pairs = 8
	}
	base, err := Baseline(ctx, p, goal, o.EditTimeout)
	if err != nil {
		return nil, err
	}
	if base.Open == 0 {
		return []Edit{}, nil // line logic solves it: nothing to fix
	}
	// helps reports whether an edit improves the puzzle: any edit of an
	// ambiguous one (ranked by rank), of a unique one only a unique
	// edit that leaves fewer cells open.
	helps := func(e Edit) bool {
		return base.Verdict != string(solver.Unique) || e.Verdict == string(solver.Unique) && e.Open < base.Open
	}
	total := p.Height() * p.Width() * p.NumColors()
	ranked, verified := 0, 0
	progress := func() {
		if o.Progress != nil {
			o.Progress(ranked, total, verified)
		}
	}
	singles, err := singleEdits(ctx, p, goal, func(n int) { ranked = n; progress() })
	if err != nil {
		return nil, err
	}
	best, err := verify(ctx, p, goal, singles, o, func() { verified++; progress() })
	if err != nil {
		return nil, err
	}
	best = slices.DeleteFunc(best, func(e Edit) bool { return !helps(e) })
	if (len(best) == 0 || best[0].Verdict != string(solver.Unique)) && o.Pairs > 0 {
		pairs := pairEdits(p, goal, singles[:min(o.Pairs, len(singles))])
		more, err := verify(ctx, p, goal, pairs, o, func() { verified++; progress() })
		if err != nil {
			return nil, err
		}
		best = append(best, slices.DeleteFunc(more, func(e Edit) bool { return !helps(e) })...)
	}
	slices.SortStableFunc(best, func(a, b Edit) int {
		return cmp.Or(cmp.Compare(rank(a), rank(b)), cmp.Compare(a.Open, b.Open), cmp.Compare(len(a.edits), len(b.edits)))
	})
	best = best[:min(o.Best, len(best))]
	for i := range best {
		for _, x := range best[i].edits {
			best[i].Cells = append(best[i].Cells, cellOf(p, x.r, x.c, x.v))
		}
	}
	return best, nil
}

// singleEdits returns the edits of one cell of goal to another colour,
// each with the cells line logic leaves open, fewest first. It calls
// rows with the number made so far after each row of the picture.
func singleEdits(ctx context.Context, p *puzzle.Puzzle, goal puzzle.Grid, rows func(n int)) ([]Edit, error) {
	var singles []Edit
	for r := range p.Height() {
		for c := range p.Width() {
			for v := range puzzle.Color(p.NumColors() + 1) {
				if v == goal[r][c] {
					continue
				}
				e := Edit{edits: []change{{r, c, v}}}
				e.Open = openAfter(p, goal, e.edits)
				singles = append(singles, e)
			}
			if err := clock.Err(ctx); err != nil {
				return nil, err
			}
		}
		rows(len(singles))
	}
	byOpen(singles)
	return singles, nil
}

// pairEdits returns the edits that make two of the single edits top, on
// two different cells, each with the cells line logic leaves open,
// fewest first.
func pairEdits(p *puzzle.Puzzle, goal puzzle.Grid, top []Edit) []Edit {
	var pairs []Edit
	for i, a := range top {
		for _, b := range top[i+1:] {
			if a.edits[0].r == b.edits[0].r && a.edits[0].c == b.edits[0].c {
				continue
			}
			e := Edit{edits: []change{a.edits[0], b.edits[0]}}
			e.Open = openAfter(p, goal, e.edits)
			pairs = append(pairs, e)
		}
	}
	byOpen(pairs)
	return pairs
}

// rank orders effects: line-solvable, unique, the rest, those whose
// verdict the edit's timeout stopped.
func rank(e Edit) int {
	switch {
	case e.Verdict == string(solver.Unique) && e.Open == 0:
		return 0
	case e.Verdict == string(solver.Unique):
		return 1
	case e.Verdict == string(solver.Timeout):
		return 3
	}
	return 2
}

// byOpen sorts candidates by open cells, stably (cell order breaks ties).
func byOpen(es []Edit) {
	slices.SortStableFunc(es, func(a, b Edit) int { return cmp.Compare(a.Open, b.Open) })
}

// verify solves the first o.Verify candidates, each within
// o.EditTimeout, and returns them with verdicts; done is called after
// each verdict that took a solve.
func verify(ctx context.Context, p *puzzle.Puzzle, goal puzzle.Grid, es []Edit, o FixOptions, done func()) ([]Edit, error) {
	out := slices.Clone(es[:min(o.Verify, len(es))])
	for i := range out {
		if out[i].Open == 0 {
			out[i].Verdict = string(solver.Unique) // line logic fixed every cell
			continue
		}
		res, err := solveWithin(ctx, edited(p, goal, out[i].edits), o.EditTimeout)
		done()
		if err != nil {
			return nil, err
		}
		if res.Verdict == solver.Timeout && clock.Err(ctx) != nil {
			return nil, fmt.Errorf("solving an edited puzzle: %w", clock.Err(ctx))
		}
		out[i].Verdict = string(res.Verdict)
	}
	return out, nil
}

// solveWithin solves p (to its verdict) within timeout (0: no limit).
func solveWithin(ctx context.Context, p *puzzle.Puzzle, timeout time.Duration) (*solver.Result, error) {
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	return solver.Solve(ctx, p, solver.Options{})
}

// Edited is p with the given cells of the goal picture changed: the
// clues of the rows and columns they lie on follow the new picture, which
// becomes the goal. p itself is not changed.
func Edited(p *puzzle.Puzzle, goal puzzle.Grid, cells []Cell) (*puzzle.Puzzle, error) {
	cs := make([]change, len(cells))
	for i, x := range cells {
		v := colorOf(p, x)
		if x.Row < 1 || x.Row > p.Height() || x.Col < 1 || x.Col > p.Width() || v == Unknown {
			return nil, fmt.Errorf("edit of row %d, column %d to %q: no such cell or colour", x.Row, x.Col, x.Color)
		}
		cs[i] = change{x.Row - 1, x.Col - 1, v}
	}
	return edited(p, goal, cs), nil
}

func edited(p *puzzle.Puzzle, goal puzzle.Grid, cs []change) *puzzle.Puzzle {
	q := *p
	g := goal.Clone()
	q.Rows, q.Cols = slices.Clone(p.Rows), slices.Clone(p.Cols)
	for _, x := range cs {
		g[x.r][x.c] = x.v
	}
	for _, x := range cs {
		q.Rows[x.r] = puzzle.LineClue(g[x.r])
		q.Cols[x.c] = puzzle.LineClue(g.Column(x.c))
	}
	q.Goal = g
	return &q
}

// openAfter is the number of cells line logic leaves open once the
// changes are made to the goal picture.
func openAfter(p *puzzle.Puzzle, goal puzzle.Grid, cs []change) int {
	s := linesolve.NewState(edited(p, goal, cs))
	if !s.Propagate() {
		return p.Width() * p.Height() // cannot happen: the new goal fits
	}
	return countOpen(s.Cells)
}
