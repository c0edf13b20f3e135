package design

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/nonosat/nonosat/internal/clock"

	"github.com/nonosat/nonosat/linesolve"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/solver"
)

// GenerateOptions describe the puzzle [Generate] makes.
type GenerateOptions struct {
	Width, Height int
	Colors        int     // colours besides the background, 1 to len(Palette)-1 (default 1)
	Density       float64 // share of cells filled in the first picture, (0, 1) (default 0.6)
	Unique        bool    // the puzzle must have one solution
	LineSolvable  bool    // line logic alone must solve it (implies Unique)
	Seed          uint64  // the same options and seed give the same puzzle
	// MaxEdits bounds the cells changed after the first picture (default
	// width × height); Generate fails when the goal is not met by then.
	MaxEdits int
}

// Palette holds the colours Generate uses: the background, then black,
// then others, each with its own character.
var Palette = []puzzle.Swatch{
	puzzle.White, puzzle.Black,
	{Name: "red", RGB: puzzle.RGB{R: 0xcc, G: 0x22, B: 0x22}, Char: 'r'},
	{Name: "green", RGB: puzzle.RGB{R: 0x22, G: 0x88, B: 0x22}, Char: 'g'},
	{Name: "blue", RGB: puzzle.RGB{R: 0x22, G: 0x44, B: 0xcc}, Char: 'b'},
	{Name: "yellow", RGB: puzzle.RGB{R: 0xee, G: 0xcc, B: 0x00}, Char: 'y'},
	{Name: "orange", RGB: puzzle.RGB{R: 0xee, G: 0x88, B: 0x00}, Char: 'o'},
	{Name: "purple", RGB: puzzle.RGB{R: 0x88, G: 0x22, B: 0xaa}, Char: 'p'},
	{Name: "brown", RGB: puzzle.RGB{R: 0x88, G: 0x55, B: 0x22}, Char: 'n'},
	{Name: "grey", RGB: puzzle.RGB{R: 0x88, G: 0x88, B: 0x88}, Char: 'e'},
}

// ErrGiveUp is returned when Generate reaches MaxEdits without meeting
// its goal.
var ErrGiveUp = errors.New("no puzzle found within the edit budget")

// sampleCells bounds the open cells whose edits one round of Generate
// tries, so that a round on 50×50 stays near a tenth of a second.
const sampleCells = 60

// nearColor reports whether colour v is the background or the colour of
// a neighbour of cell (r, c) of g: the edits that extend a shape or cut
// one, rather than scatter colours.
func nearColor(g puzzle.Grid, r, c int, v puzzle.Color) bool {
	if v == 0 {
		return true
	}
	for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		y, x := r+d[0], c+d[1]
		if y >= 0 && y < len(g) && x >= 0 && x < len(g[y]) && g[y][x] == v {
			return true
		}
	}
	return false
}

// pickBatch takes the best candidate and then, while their number is
// under an eighth of the open cells, further improving candidates whose
// rows and columns none of those taken share (their effects mostly add
// up; the next round measures what they did).
func pickBatch(cands []Edit, before int) []change {
	rows, cols := map[int]bool{}, map[int]bool{}
	var out []change
	for _, e := range cands {
		x := e.edits[0]
		if e.Open >= before || len(out) > 0 && len(out) >= before/8 {
			break
		}
		if rows[x.r] || cols[x.c] {
			continue
		}
		rows[x.r], cols[x.c] = true, true
		out = append(out, x)
	}
	return out
}

// Generate draws a random picture (each cell filled with probability
// Density, in a colour drawn uniformly) and, when asked for a unique or
// line-solvable puzzle, edits it until it is. Each round tries, on up to
// 60 of the cells line logic leaves open, the background and the colours
// of the cell's neighbours, and keeps the edit that leaves the fewest
// cells open, with (on large open areas) other improving edits in other
// rows and columns; when no edit does better than the picture as it is,
// a random one. The result
// carries the picture as its goal, and is checked before it is returned:
// the goal satisfies the clues, the solver (ignoring the goal) finds it
// unique when asked, and line logic solves it when asked.
func Generate(ctx context.Context, o GenerateOptions) (*puzzle.Puzzle, error) {
	o, err := o.withDefaults()
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(o.Seed, 0x6e6f6e6f))
	g := puzzle.NewGrid(o.Height, o.Width)
	for r := range g {
		for c := range g[r] {
			if rng.Float64() < o.Density {
				g[r][c] = puzzle.Color(1 + rng.IntN(o.Colors))
			}
		}
	}
	p := puzzle.FromGrid(g, Palette[:o.Colors+1])
	for edits := 0; o.Unique; edits++ {
		if err := clock.Err(ctx); err != nil {
			return nil, err
		}
		s := linesolve.NewState(p)
		s.Propagate()
		open := openList(s)
		if len(open) == 0 {
			break
		}
		if !o.LineSolvable {
			unique, err := uniqueEnough(ctx, p, g, s, len(open))
			if err != nil {
				return nil, err
			}
			if unique {
				break
			}
		}
		if edits == o.MaxEdits {
			return nil, ErrGiveUp
		}
		batch := nextEdits(p, g, open, o.Colors, rng)
		p = edited(p, g, batch)
		g = p.Goal
		edits += len(batch) - 1
	}
	p.Goal = g
	if err := checkGenerated(ctx, p, o); err != nil {
		return nil, err
	}
	return p, nil
}

// withDefaults is o checked, with its zero fields set to their defaults.
func (o GenerateOptions) withDefaults() (GenerateOptions, error) {
	if o.Colors == 0 {
		o.Colors = 1
	}
	if o.Density == 0 {
		o.Density = 0.6
	}
	switch {
	case o.Width < 1 || o.Height < 1 || o.Width > puzzle.MaxSide || o.Height > puzzle.MaxSide:
		return o, fmt.Errorf("size %dx%d: want 1 to %d cells a side", o.Width, o.Height, puzzle.MaxSide)
	case o.Colors < 1 || o.Colors >= len(Palette):
		return o, fmt.Errorf("%d colours: want 1 to %d", o.Colors, len(Palette)-1)
	case !(o.Density > 0 && o.Density < 1):
		return o, fmt.Errorf("density %v: want more than 0 and less than 1", o.Density)
	}
	if o.MaxEdits <= 0 {
		o.MaxEdits = o.Width * o.Height
	}
	o.Unique = o.Unique || o.LineSolvable
	return o, nil
}

// nextEdits is one round of Generate's edits of picture g (the goal of p),
// whose cells open are the ones line logic leaves open: the edits that
// leave the fewest cells open, or a random one when none does better than
// the picture as it is.
func nextEdits(p *puzzle.Puzzle, g puzzle.Grid, open [][2]int, colors int, rng *rand.Rand) []change {
	before := len(open)
	rng.Shuffle(len(open), func(i, j int) { open[i], open[j] = open[j], open[i] })
	open = open[:min(len(open), sampleCells)]
	var cands []Edit
	for _, x := range open {
		for v := range puzzle.Color(colors + 1) {
			if v == g[x[0]][x[1]] || !nearColor(g, x[0], x[1], v) {
				continue
			}
			e := Edit{edits: []change{{x[0], x[1], v}}}
			e.Open = openAfter(p, g, e.edits)
			cands = append(cands, e)
		}
	}
	byOpen(cands)
	if len(cands) > 0 && cands[0].Open < before {
		return pickBatch(cands, before)
	}
	// No edit helps: a random one, to leave the plateau.
	x := open[rng.IntN(len(open))]
	v := puzzle.Color(rng.IntN(colors))
	if v >= g[x[0]][x[1]] {
		v++
	}
	return []change{{x[0], x[1], v}}
}

// checkTime bounds each uniqueness check of Generate's loop: a picture
// that the solver needs longer for is edited on.
const checkTime = 2 * time.Second

// uniqueEnough reports whether the puzzle p, with picture g and line
// logic state s leaving open cells open, is known to be unique: probing
// solves it, or, once at most a twentieth of the cells (at least 10) are
// open, the solver proves it within checkTime (with gini, which stops on
// time; a timeout counts as not unique).
func uniqueEnough(ctx context.Context, p *puzzle.Puzzle, g puzzle.Grid, s *linesolve.State, open int) (bool, error) {
	pr := s.Clone()
	if pr.ProbeUntil(0, clock.Stop(ctx)) && pr.Solved() {
		return true, nil
	}
	if open > max(10, p.Width()*p.Height()/20) {
		return false, clock.Err(ctx)
	}
	cctx, cancel := context.WithTimeout(ctx, checkTime)
	defer cancel()
	res, err := solver.Solve(cctx, withGoal(p, g), solver.Options{Backend: "gini"})
	if err != nil {
		return false, err
	}
	return res.Verdict == solver.Unique, clock.Err(ctx)
}

func withGoal(p *puzzle.Puzzle, g puzzle.Grid) *puzzle.Puzzle {
	q := *p
	q.Goal = g
	return &q
}

// openList lists the cells of s with more than one colour left.
func openList(s *linesolve.State) [][2]int {
	var out [][2]int
	for r, row := range s.Cells {
		for c, d := range row {
			if d.Len() > 1 {
				out = append(out, [2]int{r, c})
			}
		}
	}
	return out
}

// checkGenerated re-checks a generated puzzle from its clues alone.
func checkGenerated(ctx context.Context, p *puzzle.Puzzle, o GenerateOptions) error {
	if err := puzzle.Check(p, p.Goal); err != nil {
		return fmt.Errorf("%w: generated goal fails its clues: %v", solver.ErrBug, err)
	}
	if o.LineSolvable {
		s := linesolve.NewState(p)
		if !s.Propagate() || !s.Solved() || !s.Grid().Equal(p.Goal) {
			return fmt.Errorf("%w: generated puzzle is not line-solvable", solver.ErrBug)
		}
	}
	if o.Unique {
		res, err := solver.Solve(ctx, p, solver.Options{IgnoreGoal: true})
		if err != nil {
			return err
		}
		if res.Verdict != solver.Unique || !res.Solutions[0].Equal(p.Goal) {
			return fmt.Errorf("%w: generated puzzle is %s", solver.ErrBug, res.Verdict)
		}
	}
	return nil
}
