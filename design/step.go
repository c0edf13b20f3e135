package design

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/nonosat/nonosat/internal/clock"

	"github.com/nonosat/nonosat/linesolve"
	"github.com/nonosat/nonosat/puzzle"
)

// Kind says what a step needs.
type Kind int

// The kinds of step, simplest first.
const (
	KindLine      Kind = LevelLine      // one line and its known cells
	KindLookahead Kind = LevelLookahead // an assumption that line logic refutes
	KindGuess     Kind = LevelGuessing  // a cell of the solution, no deduction found
)

// Step is one deduction: the cells it fixes, the line it reads (a
// lookahead step: the line left with no placement), and why, in words.
// The fields tagged "-" are for programs (the web page, tests).
type Step struct {
	Cells  []Cell `json:"cells"`
	Line   string `json:"line"`
	Reason string `json:"reason"`

	Kind Kind `json:"-"`
	// LineIndex is the line: 0 ≤ LineIndex < height is a row, the
	// others column LineIndex-height (-1 for a guess).
	LineIndex int `json:"-"`
	// Because are the known cells a line step's reason cites; with only
	// them known, the line's clue forces every cell of Cells.
	Because []Cell `json:"-"`
	// Assumed is the cell and colour a lookahead step refutes, one per
	// colour refuted.
	Assumed []Cell `json:"-"`
	// Choice marks a guess that the clues do not decide: solutions with
	// the known cells differ at its cell, so the puzzle is not unique.
	Choice bool `json:"-"`
}

// errContradiction is returned when the known cells leave a line with no
// placement.
var errContradiction = errors.New("the known cells fit no solution")

// forced is a cell of a line (index i) that the line fixes to colour v.
type forced struct {
	i int
	v puzzle.Color
}

// stepper finds steps on a partial grid, keeping per line what the line
// alone forces until one of its cells changes.
type stepper struct {
	p      *puzzle.Puzzle
	g      puzzle.Grid // Unknown for open cells
	all    linesolve.Set
	stale  []bool
	bad    []bool
	forces [][]forced
	sol    puzzle.Grid // a solution that agrees with g, for guesses; may be nil
	// several is 1 when the puzzle has one solution, 2 when it has more,
	// 0 until a guess asks (see choice).
	several int
	// ctx bounds a lookahead, which probes and tries every open cell:
	// minutes on a large puzzle.
	ctx context.Context
}

// stopped reports whether st.ctx has ended: the stop of a lookahead's
// line solving.
func (st *stepper) stopped() bool { return clock.Err(st.ctx) != nil }

func newStepper(ctx context.Context, p *puzzle.Puzzle, g puzzle.Grid, sol puzzle.Grid) *stepper {
	n := numLines(p)
	st := &stepper{p: p, g: g, all: linesolve.All(p.NumColors()), stale: make([]bool, n), bad: make([]bool, n), forces: make([][]forced, n), sol: sol, ctx: ctx}
	for i := range st.stale {
		st.stale[i] = true
	}
	return st
}

// lineDomains is line li as a person sees it: known cells have their
// colour, the others any colour; with keep not nil, only the known cells
// keep marks stay known.
func (st *stepper) lineDomains(li int, keep []bool) []linesolve.Set {
	out := make([]linesolve.Set, lineLen(st.p, li))
	for i := range out {
		r, c := at(st.p, li, i)
		out[i] = st.all
		if v := st.g[r][c]; v != Unknown && (keep == nil || keep[i]) {
			out[i] = linesolve.Of(v)
		}
	}
	return out
}

func (st *stepper) refresh(li int) {
	st.stale[li] = false
	st.forces[li] = st.forces[li][:0]
	out, ok := linesolve.Line(clueOf(st.p, li), st.lineDomains(li, nil))
	st.bad[li] = !ok
	if !ok {
		return
	}
	for i, d := range out {
		r, c := at(st.p, li, i)
		if v, one := d.Single(); one && st.g[r][c] == Unknown {
			st.forces[li] = append(st.forces[li], forced{i, v})
		}
	}
}

// done reports whether every cell is known.
func (st *stepper) done() bool {
	for _, row := range st.g {
		for _, v := range row {
			if v == Unknown {
				return false
			}
		}
	}
	return true
}

// set fixes cell (r, c) and marks its row and column for a new look.
func (st *stepper) set(r, c int, v puzzle.Color) {
	st.g[r][c] = v
	st.stale[r] = true
	st.stale[st.p.Height()+c] = true
}

// next finds the simplest step: the line that forces the most cells (the
// first such line, rows before columns), else a lookahead, else a guess
// from the solution. It applies the step to the grid. It returns
// errContradiction (wrapped, naming the line) when a line has no
// placement, and an error when a guess is needed without a solution.
func (st *stepper) next() (Step, error) {
	best := -1
	for li := range st.stale {
		if st.stale[li] {
			st.refresh(li)
		}
		if st.bad[li] {
			return Step{}, fmt.Errorf("%w: %s has no placement", errContradiction, lineName(st.p, li))
		}
		if len(st.forces[li]) > 0 && (best < 0 || len(st.forces[li]) > len(st.forces[best])) {
			best = li
		}
	}
	if best >= 0 {
		return st.lineStep(best), nil
	}
	if s, ok, err := st.lookahead(); ok || err != nil {
		return s, err
	}
	return st.guess()
}

func (st *stepper) lineStep(li int) Step {
	p := st.p
	fs := append([]forced(nil), st.forces[li]...)
	keep := st.explain(li, fs)
	s := Step{Kind: KindLine, LineIndex: li, Line: lineName(p, li)}
	var cells [][3]int
	for _, f := range fs {
		r, c := at(p, li, f.i)
		s.Cells = append(s.Cells, cellOf(p, r, c, f.v))
		cells = append(cells, [3]int{r, c, int(f.v)})
	}
	for i, k := range keep {
		if k {
			r, c := at(p, li, i)
			s.Because = append(s.Because, cellOf(p, r, c, st.g[r][c]))
		}
	}
	s.Reason = lineReason(p, li, s.Because, s.Cells)
	for _, x := range cells {
		st.set(x[0], x[1], puzzle.Color(x[2]))
	}
	return s
}

// explain shrinks the known cells of line li greedily: it drops them one
// at a time, farthest from the forced cells first, as long as the line
// with only the kept cells known still forces every cell of fs. Forcing
// only weakens as cells are dropped, so one pass leaves a set from which
// no single cell can go.
func (st *stepper) explain(li int, fs []forced) []bool {
	n := lineLen(st.p, li)
	keep := make([]bool, n)
	var known []int
	for i := range n {
		r, c := at(st.p, li, i)
		if st.g[r][c] != Unknown {
			keep[i] = true
			known = append(known, i)
		}
	}
	dist := func(i int) int {
		d := n
		for _, f := range fs {
			d = min(d, abs(i-f.i))
		}
		return d
	}
	// Farthest first; among equals, the higher index first (stable).
	for a := 1; a < len(known); a++ {
		for b := a; b > 0 && dist(known[b]) >= dist(known[b-1]); b-- {
			known[b], known[b-1] = known[b-1], known[b]
		}
	}
	for _, i := range known {
		keep[i] = false
		if !forces(clueOf(st.p, li), st.lineDomains(li, keep), wantOf(fs)) {
			keep[i] = true
		}
	}
	return keep
}

// wantOf maps each forced cell of a line to its colour.
func wantOf(fs []forced) map[int]puzzle.Color {
	m := make(map[int]puzzle.Color, len(fs))
	for _, f := range fs {
		m[f.i] = f.v
	}
	return m
}

// forces reports whether every placement of clue that the domains allow
// gives each cell i of want the colour want[i]: the line solver leaves
// that colour alone.
func forces(clue puzzle.Clue, domains []linesolve.Set, want map[int]puzzle.Color) bool {
	out, ok := linesolve.Line(clue, domains)
	if !ok {
		return false
	}
	for i, v := range want {
		if out[i] != linesolve.Of(v) {
			return false
		}
	}
	return true
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// lineReason words a line step: the clue, the cited cells, the result.
func lineReason(p *puzzle.Puzzle, li int, because, cells []Cell) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s, clue %s: ", lineName(p, li), clueText(p, clueOf(p, li)))
	if len(because) == 0 {
		sb.WriteString("from the clue alone")
	} else {
		sb.WriteString("with ")
		sb.WriteString(cellList(p, li, because))
		sb.WriteString(" known")
	}
	sb.WriteString(", every placement gives ")
	sb.WriteString(cellList(p, li, cells))
	return sb.String()
}

// cellList names cells of line li by their position along it.
func cellList(p *puzzle.Puzzle, li int, cells []Cell) string {
	what := "column"
	if li >= p.Height() {
		what = "row"
	}
	parts := make([]string, len(cells))
	for i, x := range cells {
		pos := x.Col
		if li >= p.Height() {
			pos = x.Row
		}
		parts[i] = fmt.Sprintf("%s %d %s", what, pos, x.Color)
	}
	return strings.Join(parts, ", ")
}

// clueText is the clue as a person reads it: lengths, each followed by its
// colour character when the puzzle has colours; "0" when empty.
func clueText(p *puzzle.Puzzle, c puzzle.Clue) string {
	if len(c) == 0 {
		return "0"
	}
	parts := make([]string, len(c))
	for i, b := range c {
		parts[i] = fmt.Sprint(b.Len)
		if !p.IsBW() {
			parts[i] += string(p.Char(b.Color))
		}
	}
	return strings.Join(parts, " ")
}
