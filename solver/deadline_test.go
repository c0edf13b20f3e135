package solver

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/nonosat/nonosat/internal/ctxtest"
	"github.com/nonosat/nonosat/internal/randpuzzle"
	"github.com/nonosat/nonosat/linesolve"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/solver/backend"
)

// bigPuzzle is the 1000×1000 three-colour puzzle at 70 %, whose
// presolve took 31–43 s and whose encoding without presolve ran for
// minutes; its goal is dropped, so that nothing takes a shortcut.
func bigPuzzle() *puzzle.Puzzle {
	p := randpuzzle.Picture(1, 1000, 1000, 3, 0.7)
	p.Goal = nil
	return p
}

// TestDeadlineBigPresolve checks that presolve returns, stopped, when the
// context ends during the first line-solving pass.
func TestDeadlineBigPresolve(t *testing.T) {
	p := bigPuzzle()
	ctx := &ctxtest.DoneAfter{Context: context.Background(), N: 10}
	pre := presolve(ctx, p, Options{}.probes(p), DefaultParams(), nil)
	if !pre.stopped || pre.contradiction || pre.grid != nil {
		t.Fatalf("presolve(context done after 10 checks) = %+v, want stopped", pre)
	}
	if ctx.Calls != 11 {
		t.Errorf("presolve asked the context %d times, want 11 (once per line, then stop)", ctx.Calls)
	}
}

// TestDeadlineBigSolve checks that Solve on the big puzzle gives verdict
// timeout at once, on every back end, with a context that is already done
// or that ends during presolving or encoding.
func TestDeadlineBigSolve(t *testing.T) {
	p := bigPuzzle()
	done, cancel := context.WithCancel(context.Background())
	cancel()
	for _, name := range []string{"gophersat", "gini", "portfolio", "cadical"} {
		o := Options{Backend: name, Portfolio: name == "portfolio"}
		if o.Portfolio {
			o.Backend = ""
		}
		if backend.Check(o.Backend) != nil {
			t.Logf("%s not installed: skipped", name)
			continue
		}
		for _, noPre := range []bool{true, name == "gophersat"} { // presolving comes before any back end
			for _, ctx := range []context.Context{done, &ctxtest.DoneAfter{Context: context.Background(), N: 20}} {
				o.NoPresolve = noPre
				res, err := Solve(ctx, p, o)
				if err != nil || res.Verdict != Timeout {
					t.Errorf("Solve(%s, NoPresolve %v, context done) = %v, %v; want verdict timeout", name, noPre, res, err)
				}
			}
		}
	}
	// The same through EncodeContext, as the dimacs command calls it.
	for _, noPre := range []bool{false, true} {
		if e, err := EncodeContext(&ctxtest.DoneAfter{Context: context.Background(), N: 20}, p, Options{NoPresolve: noPre}); !errors.Is(err, context.Canceled) || e != nil {
			t.Errorf("EncodeContext(NoPresolve %v, context done after 20 checks) = %v, %v; want context.Canceled", noPre, e, err)
		}
	}
}

// TestDeadlineInLearner: a learner the deadline stops has not decided, so
// the result does not say it did. 16-Dom takes the learner far longer than
// the 300 ms given.
func TestDeadlineInLearner(t *testing.T) {
	p := randpuzzle.Dom(16)
	for _, backend := range []string{"gophersat", "portfolio"} {
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		o := Options{Backend: backend}
		if backend == "portfolio" {
			o = Options{Portfolio: true}
		}
		res, err := Solve(ctx, p, o)
		cancel()
		if err != nil || res.Verdict != Timeout || res.Learned || res.Stats.Conflicts == 0 && backend == "gophersat" {
			t.Errorf("Solve(16-Dom, %s, 300 ms) = %+v, %v; want timeout, not learned, after some conflicts", backend, res, err)
		}
	}
}

// TestProbeWorkBound: probing stops once its line solves, weighted by
// their length, pass Params.ProbeWork, and a puzzle whose every probe
// sweeps the grid (60×60 with a 1 in every line: 439,320 line solves
// unbounded) goes on undecided with what line solving found.
func TestProbeWorkBound(t *testing.T) {
	t.Parallel()
	prm := DefaultParams()
	prm.ProbeWork = 1_000_000
	one := make([][]int, 60)
	for i := range one {
		one[i] = []int{1}
	}
	p := puzzle.New(one, one)
	pre := presolve(context.Background(), p, Options{Params: &prm}.probes(p), prm, nil)
	if pre.stopped || pre.contradiction || pre.grid != nil || pre.state == nil {
		t.Fatalf("presolve(60×60 permutations) = %+v, want undecided", pre)
	}
	// The bound is asked every 64 probes, each of at most 120 lines.
	if work := int64(pre.state.Stats().Lines) * 60; work > prm.ProbeWork+64*120*60 {
		t.Errorf("probing did %d units of work (line solves × 60), want at most %d and a probe batch", work, prm.ProbeWork)
	}
}

// TestProbeCostBound: probing also stops once its line solves, weighted
// by their cost (linesolve.Stats.Work), pass Params.ProbeCost, ProbeWork
// aside.
func TestProbeCostBound(t *testing.T) {
	t.Parallel()
	prm := DefaultParams()
	prm.ProbeWork, prm.ProbeCost = 1<<62, 200_000
	one := make([][]int, 60)
	for i := range one {
		one[i] = []int{1}
	}
	p := puzzle.New(one, one)
	st := linesolve.NewState(p)
	st.Propagate()
	before := st.Stats().Work // line solving's, before probing
	pre := presolve(context.Background(), p, Options{Params: &prm}.probes(p), prm, nil)
	if pre.stopped || pre.contradiction || pre.grid != nil || pre.state == nil {
		t.Fatalf("presolve(60×60 permutations) = %+v, want undecided", pre)
	}
	// Unbounded, probing takes 439,320 line solves of 5 units each; the
	// bound is asked every 64 probes, each of at most 120 lines.
	work := pre.state.Stats().Work - before
	if work <= prm.ProbeCost || work > prm.ProbeCost+64*120*5 {
		t.Errorf("probing did %d units of work, want over %d and at most a probe batch more", work, prm.ProbeCost)
	}
}

// TestProbeOptions: Options.NoProbe turns probing off, ProbeBudget bounds
// it, and the default is Params.Probe probes a cell.
func TestProbeOptions(t *testing.T) {
	t.Parallel()
	p := puzzle.New([][]int{{1}, {3}, {1}}, [][]int{{1}, {3}, {1}})
	prm := DefaultParams()
	prm.Probe = 3
	for _, tt := range []struct {
		o    Options
		want int
	}{
		{Options{Params: &prm}, 3 * 3 * 3},
		{Options{Params: &prm, ProbeBudget: 7}, 7},
		{Options{Params: &prm, NoProbe: true, ProbeBudget: 7}, 0},
		{Options{Params: &prm, NoProbe: true}, 0},
	} {
		if got := tt.o.probes(p); got != tt.want {
			t.Errorf("Options{NoProbe: %v, ProbeBudget: %d}.probes(3×3) = %d, want %d", tt.o.NoProbe, tt.o.ProbeBudget, got, tt.want)
		}
	}
}
