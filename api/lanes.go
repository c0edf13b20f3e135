package api

import (
	"context"
	"fmt"

	"github.com/nonosat/nonosat/encode"
	"github.com/nonosat/nonosat/internal/clock"
	"github.com/nonosat/nonosat/learner"
	"github.com/nonosat/nonosat/linesolve"
	"github.com/nonosat/nonosat/puzzle"
)

// Lane names the kind of slot a call solves in, so that a server can keep
// the quick solves apart from the long ones: a puzzle that line solving
// decides takes a millisecond or so and should not wait behind puzzles
// that search for seconds.
type Lane string

// The lanes.
const (
	// Lines is for a puzzle that line solving decides (solved, or no
	// solution) within linesWork: it needs no search, and little memory.
	Lines Lane = "lines"
	// Search is for everything else: solves that may search until the
	// deadline, and the designer calls (hint, fix, proof, steps,
	// generate).
	Search Lane = "search"
)

// linesWork bounds the line solving that chooses the lane, in
// linesolve.Stats.Work units: about 10 to 100 ms of a CPU. A puzzle that
// line solving decides within it is solved in the lines lane; a larger
// one searches like any other. Work, not time, so that the lane of a
// puzzle does not depend on how busy the machine is.
const linesWork = 2_000_000

// Info describes a call for a server's log: the puzzle's size, the lane
// it was solved in and the verdict. [Service.Call] returns it with an
// error too, filled in as far as the call got.
type Info struct {
	Width, Height int    // of the puzzle read; 0 before one was read
	Lane          Lane   // "" when the call took no slot
	Verdict       string // of the solve; "" when the call solved nothing
}

type infoKey struct{}

// infoFrom returns the Info that Call put in ctx, or a scratch one.
func infoFrom(ctx context.Context) *Info {
	if in, ok := ctx.Value(infoKey{}).(*Info); ok {
		return in
	}
	return &Info{}
}

// slot waits for the slot p is solved in and returns the function that
// frees it: a Lines slot when line solving decides p within linesWork
// (tried in that slot), else, once the memory check passed, a Search
// slot. Every transport runs the same checks, with or without
// Config.Acquire, so that their answers agree.
func (s *Service) slot(ctx context.Context, p *puzzle.Puzzle) (func(), error) {
	in := infoFrom(ctx)
	release, err := s.acquire(ctx, Lines)
	if err != nil {
		return nil, err
	}
	if linesDecide(ctx, p) {
		in.Lane = Lines
		return release, nil
	}
	release()
	if err := s.checkMemory(p); err != nil {
		return nil, err
	}
	if release, err = s.acquire(ctx, Search); err != nil {
		return nil, err
	}
	in.Lane = Search
	return release, nil
}

// linesDecide reports whether line solving alone decides p, a grid or a
// contradiction, within linesWork (and ctx).
func linesDecide(ctx context.Context, p *puzzle.Puzzle) bool {
	st := linesolve.NewState(p)
	done := clock.Stop(ctx)
	if !st.PropagateUntil(func() bool { return done() || st.Stats().Work > linesWork }) {
		return true // no solution
	}
	return st.Pending() == 0 && st.Solved()
}

// checkMemory refuses a puzzle that needs search when its learner's
// arrays (learner.Footprint, allocated before the first conflict) pass
// half of Config.MaxMemory, the share the solver gives them: the solver
// would hand such a puzzle to SAT, whose formula takes more again
// (benchmarks/RESULTS.md, "serve under load"). It runs before the
// puzzle takes a slot.
func (s *Service) checkMemory(p *puzzle.Puzzle) error {
	if s.cfg.MaxMemory <= 0 {
		return nil
	}
	need := 2 * learner.Footprint(p.Height(), p.Width(), p.NumColors())
	if need <= s.cfg.MaxMemory {
		return nil
	}
	return &Error{StatusTooLarge, fmt.Sprintf("puzzle of %dx%d cells in %d colours needs at least %s of memory to search, over this server's %s per solve",
		p.Width(), p.Height(), p.NumColors(), encode.Bytes(need), encode.Bytes(s.cfg.MaxMemory))}
}
