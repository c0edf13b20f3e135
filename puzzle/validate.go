package puzzle

import "fmt"

// positions records the input line of each row and column clue, so that
// validation errors can point at the line that caused them. Zero means
// unknown.
type positions struct {
	rows, cols []int
	start      int // line where the puzzle begins
}

func (ps positions) row(i int) int {
	if i < len(ps.rows) && ps.rows[i] > 0 {
		return ps.rows[i]
	}
	return ps.start
}

func (ps positions) col(i int) int {
	if i < len(ps.cols) && ps.cols[i] > 0 {
		return ps.cols[i]
	}
	return ps.start
}

// Validate checks that p is well formed: sizes within limits, a palette for
// every colour used, every block positive, a goal of the puzzle's size.
// Clues that cannot all hold (see [Puzzle.Contradiction]) are well formed:
// such a puzzle has no solution, which is a verdict, not an input error.
func (p *Puzzle) Validate() error { return validate(p, positions{}) }

func validate(p *Puzzle, ps positions) error {
	h, w := p.Height(), p.Width()
	if h == 0 || w == 0 {
		return errorf(ps.start, "%w: puzzle has %d rows and %d columns", ErrNoPuzzle, h, w)
	}
	if h > MaxSide || w > MaxSide {
		return errorf(ps.start, "%w: %dx%d puzzle, at most %d per side", ErrTooLarge, w, h, MaxSide)
	}
	if len(p.Palette) < 2 {
		return errorf(ps.start, "palette has %d entries, need background and a colour", len(p.Palette))
	}
	if p.NumColors() > MaxColors {
		return errorf(ps.start, "%w: %d colours, at most %d", ErrTooLarge, p.NumColors(), MaxColors)
	}
	check := func(kind string, i int, c Clue, line int) error {
		for _, b := range c {
			if b.Len <= 0 {
				return errorf(line, "%s %d: block length %d: %w", kind, i+1, b.Len, ErrSyntax)
			}
			if b.Color == Background || int(b.Color) > p.NumColors() {
				return errorf(line, "%s %d: %w %d", kind, i+1, ErrColor, b.Color)
			}
		}
		return nil
	}
	for i, c := range p.Rows {
		if err := check("row", i, c, ps.row(i)); err != nil {
			return err
		}
	}
	for i, c := range p.Cols {
		if err := check("column", i, c, ps.col(i)); err != nil {
			return err
		}
	}
	if p.Goal != nil {
		if len(p.Goal) != h {
			return errorf(ps.start, "goal has %d rows, puzzle %d", len(p.Goal), h)
		}
		for r := range p.Goal {
			if len(p.Goal[r]) != w {
				return errorf(ps.start, "goal row %d has %d cells, puzzle width %d", r+1, len(p.Goal[r]), w)
			}
		}
	}
	return nil
}

// Contradiction says why the clues of p cannot all hold, when that shows
// on their face: the rows and the columns fill different numbers of cells
// of a colour (an error wrapping [ErrTotals]), or a clue needs more cells
// than its line has ([ErrClueTooLong]). Such a puzzle is well formed and
// has no solution. Nil means neither: the puzzle may still have none.
// The totals come first: no search shows a difference of totals quickly
// (it is the pigeonhole principle), while a clue too long for its line
// stops line solving at once.
func (p *Puzzle) Contradiction() error {
	rt, ct := p.Totals()
	for c := 1; c < len(rt); c++ {
		if rt[c] != ct[c] {
			name := ""
			if c < len(p.Palette) {
				name = p.Palette[c].Name
			}
			if name == "" {
				name = fmt.Sprintf("colour %d", c)
			}
			return fmt.Errorf("%w: row clues fill %d %s cells, column clues %d", ErrTotals, rt[c], name, ct[c])
		}
	}
	line := func(kind string, clues []Clue, n int) error {
		for i, c := range clues {
			if m := c.MinLen(); m > n {
				return fmt.Errorf("%s %d: %w: clue %v needs %d cells, %s has %d", kind, i+1, ErrClueTooLong, c, m, kind, n)
			}
		}
		return nil
	}
	if err := line("row", p.Rows, p.Width()); err != nil {
		return err
	}
	return line("column", p.Cols, p.Height())
}
