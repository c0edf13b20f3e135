package design

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/solver"
)

// The text forms of steps, hints and edits, as `nonosat steps`, `hint`
// and `fix` print them without --json, and the goal fix edits.

// Name is the kind's name in a step's text: line, lookahead or guess.
func (k Kind) Name() string {
	switch k {
	case KindLine:
		return "line"
	case KindLookahead:
		return "lookahead"
	}
	return "guess"
}

// WriteText writes s as "n. line (kind): cells" (no number when n is 0)
// with the reason indented below, or only the reason for a step that
// fixes no cell.
func (s Step) WriteText(w io.Writer, n int) error {
	if len(s.Cells) == 0 {
		_, err := fmt.Fprintln(w, s.Reason)
		return err
	}
	cells := make([]string, len(s.Cells))
	for i, x := range s.Cells {
		cells[i] = fmt.Sprintf("(%d,%d) %s", x.Row, x.Col, x.Color)
	}
	num := ""
	if n > 0 {
		num = fmt.Sprintf("%d. ", n)
	}
	_, err := fmt.Fprintf(w, "%s%s (%s): %s\n    %s\n", num, s.Line, s.Kind.Name(), strings.Join(cells, " "), s.Reason)
	return err
}

// WriteText writes the hint's mistakes, a line each, then its step.
func (h Hint) WriteText(w io.Writer) error {
	for _, m := range h.Mistakes {
		if _, err := fmt.Fprintf(w, "mistake: row %d, column %d fits no solution\n", m.Row, m.Col); err != nil {
			return err
		}
	}
	return h.Step.WriteText(w, 0)
}

// Edits is the JSON object of a list of edits: {"edits": [...]}.
type Edits struct {
	Edits []Edit `json:"edits"`
}

// WriteEdits writes es numbered from 1, one a line: the cells each
// changes and what line logic then leaves open.
func WriteEdits(w io.Writer, es []Edit) error {
	for i, e := range es {
		cells := make([]string, len(e.Cells))
		for j, x := range e.Cells {
			cells[j] = fmt.Sprintf("(%d,%d) to %s", x.Row, x.Col, x.Color)
		}
		effect := fmt.Sprintf("%s, %d cells open after line logic", e.Verdict, e.Open)
		if e.Open == 0 {
			effect = "unique, line-solvable"
		}
		if _, err := fmt.Fprintf(w, "%d. %s: %s\n", i+1, strings.Join(cells, ", "), effect); err != nil {
			return err
		}
	}
	return nil
}

// FixGoal is the picture [Fix] edits: p's goal when it solves p, else
// the first solution a solve with o finds (o.Max is set to 1). res is
// that solve's result, nil when the goal served; goal is nil when the
// solve found no solution (res.Verdict says why).
func FixGoal(ctx context.Context, p *puzzle.Puzzle, o solver.Options) (goal puzzle.Grid, res *solver.Result, err error) {
	if p.Goal != nil && puzzle.Check(p, p.Goal) == nil {
		return p.Goal, nil, nil
	}
	o.Max = 1
	res, err = solver.Solve(ctx, p, o)
	if err != nil || len(res.Solutions) == 0 {
		return nil, res, err
	}
	return res.Solutions[0], res, nil
}
