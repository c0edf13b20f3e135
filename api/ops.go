package api

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/nonosat/nonosat/internal/clock"

	"github.com/nonosat/nonosat/design"
	"github.com/nonosat/nonosat/report"

	"github.com/nonosat/nonosat/encode"
	"github.com/nonosat/nonosat/linesolve"
	"github.com/nonosat/nonosat/picture"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/solver"
)

// The calls of the API (see the README). Each reads one puzzle (or
// picture) from the body and answers JSON or a file. The designer calls,
// hint, fix and proof, are in design.go.

// Analysis is the answer of /api/analyze: the object `check --json`
// prints, and with ?detail=1 the cells the page marks.
type Analysis struct {
	report.Result
	// Open lists the cells ([row, column], from 1) that line solving and
	// probing leave undecided, the cells a solver has to guess.
	Open [][2]int `json:"open,omitempty"`
	// Differ lists the cells where the first two solutions differ (for
	// a multiple verdict).
	Differ [][2]int `json:"differ,omitempty"`
}

func (s *Service) analyze(ctx context.Context, q Request) (Reply, error) {
	p, index, err := s.readPuzzle(q)
	if err != nil {
		return Reply{}, err
	}
	// The grade and the open cells probe, which can take as long as the
	// solve: they run in the solve's slot and within its deadline, so
	// that --timeout and --max-solves bound the whole call and a client
	// that goes stops it.
	var a Analysis
	_, err = s.solveOne(ctx, p, solver.Options{Max: 2}, func(ctx context.Context, res *solver.Result) {
		a = Analysis{Result: report.ForCheck("-", index, p, res, design.GradeWithin(ctx, p, res))} // as check --json
		if q.boolParam("detail") {
			if !res.LineSolved && res.Verdict != solver.None {
				a.Open = openCells(ctx, p)
			}
			if len(res.Solutions) >= 2 {
				for _, rc := range picture.Diff(res.Solutions[0], res.Solutions[1]) {
					a.Differ = append(a.Differ, [2]int{rc[0] + 1, rc[1] + 1})
				}
			}
		}
	})
	if err != nil {
		return Reply{}, err
	}
	return Reply{Value: a}, nil
}

// openCells runs line solving and probing as the solver's presolve does
// (the same budget: 4 probes per cell) and lists the cells left with more
// than one colour; a done ctx cuts probing short, leaving more cells open.
func openCells(ctx context.Context, p *puzzle.Puzzle) [][2]int {
	st := linesolve.NewState(p)
	if !st.Propagate() || !st.ProbeUntil(4*p.Width()*p.Height(), clock.Stop(ctx)) {
		return nil
	}
	open := [][2]int{}
	for r, row := range st.Cells {
		for c, d := range row {
			if d.Len() > 1 {
				open = append(open, [2]int{r + 1, c + 1})
			}
		}
	}
	return open
}

// solve answers the object `solve --json --max N` prints (?max=N, default
// 1, at most 100).
func (s *Service) solve(ctx context.Context, q Request) (Reply, error) {
	p, index, err := s.readPuzzle(q)
	if err != nil {
		return Reply{}, err
	}
	n, err := q.intParam("max", 1, 1, 100)
	if err != nil {
		return Reply{}, err
	}
	res, err := s.solveOne(ctx, p, solver.Options{Max: max(n, 2)}, nil)
	if err != nil {
		return Reply{}, err
	}
	return Reply{Value: report.ForSolve("-", index, p, res, n)}, nil
}

// solveOne solves p in its slot (the lines lane's when line solving
// decides it, see slot), within the server's deadline and the request's
// life: a client that goes away (the page sends a newer edit)
// stops its solve. A deadline gives verdict timeout, not an error. then,
// if not nil, runs on the result in the same slot and deadline (the
// work that follows the solve: analyze's grade and open cells).
func (s *Service) solveOne(ctx context.Context, p *puzzle.Puzzle, o solver.Options, then func(context.Context, *solver.Result)) (*solver.Result, error) {
	ctx, cancel := context.WithTimeout(ctx, s.cfg.Deadline)
	defer cancel()
	release, err := s.slot(ctx, p)
	if err != nil {
		return nil, err
	}
	defer release()
	o.Worker, o.MaxMemory = s.cfg.Worker, s.cfg.MaxMemory
	res, err := solver.Solve(ctx, p, o)
	if err != nil {
		return nil, solveError(err)
	}
	infoFrom(ctx).Verdict = string(res.Verdict)
	if then != nil {
		then(ctx, res)
	}
	return res, nil
}

// solveError makes a failed solve an answer: a puzzle over the memory
// limit is the request's doing (413), anything else a bug.
func solveError(err error) error {
	var tb *encode.TooBigError
	if errors.As(err, &tb) {
		return &Error{StatusTooLarge, fmt.Sprintf("puzzle too large for this engine's memory: %v", err)}
	}
	return fmt.Errorf("solving: %w", err)
}

// count answers the object `count --json --max N` prints (?max=N,
// default 10000; 0: no limit), counting within the deadline.
func (s *Service) count(ctx context.Context, q Request) (Reply, error) {
	p, index, err := s.readPuzzle(q)
	if err != nil {
		return Reply{}, err
	}
	n, err := q.intParam("max", 10000, 0, 1<<30)
	if err != nil {
		return Reply{}, err
	}
	o := solver.Options{Max: n, IgnoreGoal: true, CountOnly: true}
	if n == 0 {
		o.Max = -1
	}
	res, err := s.solveOne(ctx, p, o, nil)
	if err != nil {
		return Reply{}, err
	}
	return Reply{Value: report.ForCount("-", index, p, res, false)}, nil
}

// parse answers the puzzle of the body as JSON: palette, clues and goal.
func (s *Service) parse(ctx context.Context, q Request) (Reply, error) {
	p, _, err := s.readPuzzle(q)
	if err != nil {
		return Reply{}, err
	}
	return Reply{Value: report.NewPuzzle(p)}, nil
}

// makeFromImage turns the picture of the body into a puzzle as `make`
// does (?colors=N, ?size=WxH, ?background=RGB, ?title=T) and answers it as
// /api/parse does, goal included.
func (s *Service) makeFromImage(ctx context.Context, q Request) (Reply, error) {
	var o picture.Options
	if q.Query.Has("colors") {
		n, err := q.intParam("colors", 0, 1, puzzle.MaxColors)
		if err != nil {
			return Reply{}, err
		}
		o.Colors = n
	}
	if v := q.Query.Get("size"); v != "" {
		w, h, err := puzzle.ParseSize(v)
		if err != nil {
			return Reply{}, badRequest("size: %v", err)
		}
		o.Width, o.Height = w, h
	}
	if v := q.Query.Get("background"); v != "" {
		rgb, err := puzzle.ParseRGB(v)
		if err != nil {
			return Reply{}, badRequest("background: %v", err)
		}
		o.Background = &rgb
	}
	g, pal, err := picture.Decode(bytes.NewReader(q.Body), o)
	if errors.Is(err, picture.ErrTooManyColors) {
		return Reply{}, badRequest("%v (reduce them with colors=N)", err)
	}
	if err != nil {
		return Reply{}, badRequest("%v", err)
	}
	if len(g) > 0 {
		if err := s.checkSize(len(g[0]), len(g)); err != nil {
			return Reply{}, err
		}
	}
	p := puzzle.FromGrid(g, pal)
	p.Title = q.Query.Get("title")
	if err := p.Validate(); err != nil {
		return Reply{}, badRequest("%v", err)
	}
	return Reply{Value: report.NewPuzzle(p)}, nil
}

// render draws the puzzle (?to=svg|png, ?solution=1, ?cell=N) as `render`
// does.
func (s *Service) render(ctx context.Context, q Request) (Reply, error) {
	p, _, err := s.readPuzzle(q)
	if err != nil {
		return Reply{}, err
	}
	kind := q.Query.Get("to")
	if kind == "" {
		kind = "svg"
	}
	if kind != "svg" && kind != "png" {
		return Reply{}, badRequest("to=%q: want svg or png", kind)
	}
	cell, err := q.intParam("cell", picture.DefaultCellSize, 8, 200)
	if err != nil {
		return Reply{}, err
	}
	o := picture.RenderOptions{CellSize: cell}
	if q.boolParam("solution") {
		if p.Goal != nil && puzzle.Check(p, p.Goal) == nil {
			o.Solution = p.Goal
		} else {
			res, err := s.solveOne(ctx, p, solver.Options{Max: 1}, nil)
			if err != nil {
				return Reply{}, err
			}
			if len(res.Solutions) == 0 {
				return Reply{}, &Error{StatusUnprocessable, fmt.Sprintf("no solution to draw (verdict %s)", res.Verdict)}
			}
			o.Solution = res.Solutions[0]
		}
	}
	var buf bytes.Buffer
	ctype := "image/svg+xml"
	if kind == "png" {
		err, ctype = picture.PNG(&buf, p, o), "image/png"
	} else {
		err = picture.SVG(&buf, p, o)
	}
	if err != nil {
		return Reply{}, badRequest("%v", err)
	}
	return Reply{Body: buf.Bytes(), ContentType: ctype, Download: fileName(p, "."+kind)}, nil
}

// convert writes the puzzle in ?to=NAME, as `convert` does.
func (s *Service) convert(ctx context.Context, q Request) (Reply, error) {
	p, _, err := s.readPuzzle(q)
	if err != nil {
		return Reply{}, err
	}
	to, err := puzzle.ParseFormat(q.Query.Get("to"))
	if err != nil {
		return Reply{}, badRequest("to: %v", err)
	}
	if !to.CanWrite() {
		return Reply{}, badRequest("to: nonosat cannot write format %s", to)
	}
	if !to.Color() && !p.IsBW() {
		return Reply{}, badRequest("the puzzle has %d colours; %v: %s is black and white only", p.NumColors(), puzzle.ErrUnsupported, to)
	}
	var buf bytes.Buffer
	if err := puzzle.Encode(&buf, p, to); err != nil {
		return Reply{}, badRequest("%v", err)
	}
	return Reply{Body: buf.Bytes(), ContentType: contentType(to), Download: fileName(p, to.Suffix())}, nil
}

// dimacs writes the CNF as `dimacs` does (?no-presolve=1, ?block-goal=1).
func (s *Service) dimacs(ctx context.Context, q Request) (Reply, error) {
	p, _, err := s.readPuzzle(q)
	if err != nil {
		return Reply{}, err
	}
	var o encode.DIMACSOptions
	if q.boolParam("block-goal") {
		if p.Goal == nil || puzzle.Check(p, p.Goal) != nil {
			return Reply{}, badRequest("block-goal: the puzzle carries no goal that solves it")
		}
		o.Block = append(o.Block, p.Goal)
	}
	e := solver.Encode(p, solver.Options{NoPresolve: q.boolParam("no-presolve")})
	var buf bytes.Buffer
	if err := e.WriteDIMACS(&buf, p, o); err != nil {
		return Reply{}, badRequest("%v", err)
	}
	return Reply{Body: buf.Bytes(), ContentType: "text/plain; charset=utf-8", Download: fileName(p, ".cnf")}, nil
}

// contentType is the media type of a puzzle file in format f.
func contentType(f puzzle.Format) string {
	if f == puzzle.XML {
		return "application/xml"
	}
	return "text/plain; charset=utf-8"
}

// fileName is a download name made of the puzzle's title (letters, digits,
// '-' and '_' only) and suffix.
func fileName(p *puzzle.Puzzle, suffix string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(p.Title) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-', r == '_':
			b.WriteRune(r)
		case r == ' ' && b.Len() > 0:
			b.WriteRune('-')
		}
		if b.Len() >= 40 {
			break
		}
	}
	name := strings.Trim(b.String(), "-")
	if name == "" {
		name = "puzzle"
	}
	return name + suffix
}
