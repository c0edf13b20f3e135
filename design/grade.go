package design

import (
	"context"
	"fmt"

	"github.com/nonosat/nonosat/internal/clock"

	"github.com/nonosat/nonosat/linesolve"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/solver"
)

// The grades (see the package documentation).
const (
	LevelNone      = 0 // several solutions, none, or undecided
	LevelLine      = 1 // line logic alone
	LevelLookahead = 2 // line logic and probing
	LevelGuessing  = 3 // needs search with backtracking
)

var levelNames = [...]string{"not unique", "line", "lookahead", "guessing"}

// nameNoSolution is the name of grade 0 for a puzzle with no solution.
const nameNoSolution = "no solution"

// Grade is how hard a puzzle is for a person. Its JSON form is the
// "grade" object of check --json.
type Grade struct {
	Level int    `json:"level"` // LevelLine, LevelLookahead, LevelGuessing; LevelNone unless unique
	Name  string `json:"name"`  // "line", "lookahead", "guessing"; "not unique" or "no solution" for LevelNone
	// LineSolvable: line logic alone fixes every cell.
	LineSolvable bool `json:"line_solvable"`
	// Passes and Lines are the passes over the rows and columns (each
	// solving the lines changed since their last solve) and the line
	// solves that line logic took to its fixpoint from the empty grid.
	Passes int `json:"passes"`
	Lines  int `json:"lines"`
	// Probes are the (cell, colour) trials of probing after line logic;
	// Open the cells still open after it.
	Probes int `json:"probes"`
	Open   int `json:"open"`
	// Guesses is the search work of the verdict for grade 3: the
	// learner's conflicts.
	Guesses int `json:"guesses"`
}

// GradeOf solves p (with the default options) and grades it. When ctx
// ends before the verdict, it returns ctx's error: a puzzle whose verdict
// is not known has no grade (check --json leaves it out too).
func GradeOf(ctx context.Context, p *puzzle.Puzzle) (Grade, error) {
	res, err := solver.Solve(ctx, p, solver.Options{})
	if err != nil {
		return Grade{}, err
	}
	if res.Verdict == solver.Timeout {
		err := clock.Err(ctx)
		if err == nil {
			err = context.DeadlineExceeded
		}
		return Grade{}, fmt.Errorf("grading: no verdict: %w", err)
	}
	return GradeResultContext(ctx, p, res)
}

// GradeResult grades p given the result of solving it, so that a caller
// that has solved it pays only for line logic and probing (a few
// milliseconds on a 50×50 puzzle).
func GradeResult(p *puzzle.Puzzle, res *solver.Result) Grade {
	g, _ := GradeResultContext(context.Background(), p, res)
	return g
}

// GradeResultContext is GradeResult that stops probing, which has no
// budget, when ctx ends, and then returns ctx's error instead of a grade.
func GradeResultContext(ctx context.Context, p *puzzle.Puzzle, res *solver.Result) (Grade, error) {
	var g Grade
	b := newBoard(p, nil)
	ok, _, passes, lines := b.propagate(nil)
	g.Passes, g.Lines = passes, lines
	g.LineSolvable = ok && b.open() == 0
	probed := false
	if ok && !g.LineSolvable {
		s := linesolve.NewState(p)
		if s.ProbeUntil(0, clock.Stop(ctx)) {
			if err := clock.Err(ctx); err != nil {
				return Grade{}, err
			}
			probed = s.Solved()
			g.Open = countOpen(s.Cells)
		}
		g.Probes = s.Stats().Probes
	}
	switch {
	case res == nil || res.Verdict != solver.Unique:
		g.Level = LevelNone
	case g.LineSolvable:
		g.Level = LevelLine
	case probed:
		g.Level = LevelLookahead
	default:
		g.Level = LevelGuessing
		g.Guesses = res.Stats.Conflicts
	}
	g.Name = levelNames[g.Level]
	if res != nil && res.Verdict == solver.None {
		g.Name = nameNoSolution
	}
	return g, nil
}

// GradeWithin grades p from its result within ctx: nil when the verdict
// is timeout, or when ctx ends before the grade (check, info --grade and
// /api/analyze then leave it out).
func GradeWithin(ctx context.Context, p *puzzle.Puzzle, res *solver.Result) *Grade {
	if res.Verdict == solver.Timeout {
		return nil
	}
	g, err := GradeResultContext(ctx, p, res)
	if err != nil {
		return nil
	}
	return &g
}
