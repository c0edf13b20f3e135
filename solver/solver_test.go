package solver_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/nonosat/nonosat/internal/brute"
	"github.com/nonosat/nonosat/internal/randpuzzle"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/solver"
	"github.com/nonosat/nonosat/solver/backend"
)

// TestMain lets the test binary act as a SAT worker child process.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == solver.WorkerArg {
		if err := backend.ServeWorker(os.Stdin, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	if backend := os.Getenv("NONOSAT_TEST_SOLVE_WITH"); backend != "" {
		// A parent to kill: TestExternalDiesWithParent.
		_, err := solver.Solve(context.Background(), fakePuzzle(), solver.Options{Backend: backend, NoPresolve: true})
		fmt.Fprintln(os.Stderr, "solve ended:", err)
		os.Exit(1)
	}
	// The workers and commands this binary runs as itself would each
	// sleep a second at exit under the race detector.
	os.Setenv("GORACE", strings.TrimSpace(os.Getenv("GORACE")+" atexit_sleep_ms=0"))
	os.Exit(m.Run())
}

func workerOptions(t testing.TB) solver.Options {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return solver.Options{Worker: []string{exe, solver.WorkerArg}}
}

// bruteCount counts the grids satisfying p without SAT (bruteSolutions).
func bruteCount(p *puzzle.Puzzle) int { return len(bruteSolutions(p)) }

// bruteSolutions lists the grids satisfying p without SAT or a line
// solver (brute.Pruned: row placements, columns followed along).
func bruteSolutions(p *puzzle.Puzzle) []puzzle.Grid {
	sols, _ := brute.Pruned(p, 0)
	return sols
}

func TestCountMatchesBruteForce(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 150 {
		h, w := 1+rng.IntN(6), 1+rng.IntN(6)
		colors := 1 + rng.IntN(4)
		g := randpuzzle.Grid(rng, h, w, colors, 0.3+0.5*rng.Float64())
		p := puzzle.FromGrid(g, randpuzzle.Palette(colors))
		p.Goal = nil
		want := bruteCount(p)
		for _, o := range []solver.Options{{}, {NoSearch: true}, {SearchBudget: 3}, {SearchBudget: 40},
			{NoPresolve: true}, {Backend: "gini", NoSearch: true}, {Backend: "gini", SearchBudget: 2},
			{Portfolio: true, NoPresolve: true}, {Portfolio: true}, {Portfolio: true, NoSearch: true},
			{Encoding: "classic", NoPresolve: true}, {Encoding: "order", NoPresolve: true}, // encode.Classic, encode.Order
			{Encoding: "classic", NoSearch: true}, {Encoding: "order", NoSearch: true}} {
			n, complete, err := solver.Count(context.Background(), p, 0, o)
			if err != nil || !complete || n != want {
				t.Fatalf("case %d (%+v): Count = %d, %v, %v; brute force %d\n%v", i, o, n, complete, err, want, g)
			}
		}
	}
}

func TestSolveRandom(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 60 {
		h, w := 2+rng.IntN(14), 2+rng.IntN(14)
		colors := 1 + rng.IntN(3)
		g := randpuzzle.Grid(rng, h, w, colors, 0.5)
		p := puzzle.FromGrid(g, randpuzzle.Palette(colors))
		p.Goal = nil
		res, err := solver.Solve(context.Background(), p, solver.Options{Max: -1})
		if err != nil {
			t.Fatalf("case %d: Solve error = %v", i, err)
		}
		if !res.Complete || len(res.Solutions) == 0 {
			t.Fatalf("case %d: Solve = %+v, want complete with solutions", i, res)
		}
		seen := false
		for _, s := range res.Solutions {
			if err := puzzle.Check(p, s); err != nil {
				t.Fatalf("case %d: solution fails Check: %v", i, err)
			}
			seen = seen || s.Equal(g)
		}
		if !seen {
			t.Fatalf("case %d: original grid not among %d solutions", i, len(res.Solutions))
		}
		want := solver.Unique
		if len(res.Solutions) > 1 {
			want = solver.Multiple
		}
		if res.Verdict != want {
			t.Errorf("case %d: verdict %s with %d solutions", i, res.Verdict, len(res.Solutions))
		}
	}
}

func TestVerdicts(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		p    *puzzle.Puzzle
		want solver.Verdict
		n    int
	}{
		{"cross", puzzle.New([][]int{{1}, {3}, {1}}, [][]int{{1}, {3}, {1}}), solver.Unique, 1},
		{"diagonals", puzzle.New([][]int{{1}, {1}}, [][]int{{1}, {1}}), solver.Multiple, 2},
		{"empty", puzzle.New([][]int{{}, {}}, [][]int{{}, {}, {}}), solver.Unique, 1},
		{"full", puzzle.New([][]int{{3}, {3}}, [][]int{{2}, {2}, {2}}), solver.Unique, 1},
		{"1xN", puzzle.New([][]int{{2, 1}}, [][]int{{1}, {1}, {}, {1}}), solver.Unique, 1},
		{"contradiction", puzzle.New([][]int{{2}, {}}, [][]int{{2}, {}}), solver.None, 0},
		{"contradiction2", puzzle.New([][]int{{1, 1}, {1}, {}}, [][]int{{2}, {1}, {}}), solver.None, 0},
	}
	for _, tt := range tests {
		for _, o := range []solver.Options{{}, {NoSearch: true}, {NoPresolve: true}, {Backend: "gini", NoSearch: true}, {NoPresolve: true, Backend: "gini"}, {NoPresolve: true, Portfolio: true}} {
			t.Run(fmt.Sprintf("%s/%+v", tt.name, o), func(t *testing.T) {
				res, err := solver.Solve(context.Background(), tt.p, o)
				if err != nil || res.Verdict != tt.want || len(res.Solutions) != tt.n {
					t.Fatalf("Solve() = %v, %d solutions, %v; want %v, %d", res.Verdict, len(res.Solutions), err, tt.want, tt.n)
				}
			})
		}
	}
}

// TestResultNamesStage: Result says which stage decided, and names the
// SAT back end only when SAT took the puzzle.
func TestResultNamesStage(t *testing.T) {
	t.Parallel()
	cross := puzzle.New([][]int{{1}, {3}, {1}}, [][]int{{1}, {3}, {1}})
	diagonals := puzzle.New([][]int{{1}, {1}}, [][]int{{1}, {1}})
	tests := []struct {
		name    string
		p       *puzzle.Puzzle
		o       solver.Options
		line    bool
		learned bool
		sat     string
	}{
		{"line", cross, solver.Options{}, true, false, ""},
		{"learner", diagonals, solver.Options{}, false, true, ""},
		{"gophersat", diagonals, solver.Options{NoSearch: true}, false, false, "gophersat"},
		{"gini", diagonals, solver.Options{NoSearch: true, Backend: "gini"}, false, false, "gini"},
		{"portfolio", diagonals, solver.Options{NoPresolve: true, Portfolio: true}, false, false, "portfolio"},
	}
	for _, tt := range tests {
		res, err := solver.Solve(context.Background(), tt.p, tt.o)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if res.LineSolved != tt.line || res.Learned != tt.learned || res.SAT != tt.sat {
			t.Errorf("%s: LineSolved %v, Learned %v, SAT %q; want %v, %v, %q", tt.name, res.LineSolved, res.Learned, res.SAT, tt.line, tt.learned, tt.sat)
		}
	}
}

// TestLearnerHandsOver: the 720 permutation matrices of a 6×6 puzzle
// whose every clue is "1", in black and white and with a second colour in
// the palette. A learner given too few conflicts to finish finds some of
// them; SAT must find exactly the rest: none twice, none missed.
func TestLearnerHandsOver(t *testing.T) {
	t.Parallel()
	for _, colour := range []bool{false, true} {
		t.Run(fmt.Sprint("colour=", colour), func(t *testing.T) { testLearnerHandsOver(t, colour) })
	}
}

func testLearnerHandsOver(t *testing.T, colour bool) {
	one := [][]int{{1}, {1}, {1}, {1}, {1}, {1}}
	p := puzzle.New(one, one)
	if colour {
		p.Palette = append(p.Palette, puzzle.Swatch{Name: "red", Char: 'r'})
	}
	handovers := 0
	for _, budget := range []int{-1, 1, 10, 50, 200, 0} {
		res, err := solver.Solve(context.Background(), p, solver.Options{Max: -1, NoSearch: budget < 0, SearchBudget: max(budget, 0)})
		if err != nil || !res.Complete || len(res.Solutions) != 720 {
			t.Fatalf("Search %d: %v, complete %v, %d solutions; want 720", budget, err, res.Complete, len(res.Solutions))
		}
		seen := map[string]bool{}
		for _, g := range res.Solutions {
			if seen[g.String()] {
				t.Fatalf("Search %d: a solution twice\n%v", budget, g)
			}
			seen[g.String()] = true
		}
		switch {
		case budget < 0 && (res.Stats.Conflicts != 0 || res.Learned || res.Stats.SATCalls != 721):
			t.Fatalf("Search %d: the learner ran, or SAT did not find all: %+v", budget, res.Stats)
		case budget == 0 && (!res.Learned || res.Stats.SATCalls != 0):
			t.Fatalf("Search %d: the learner should finish this puzzle: %+v", budget, res.Stats)
		case budget > 0 && !res.Learned && res.Stats.SATCalls > 0 && res.Stats.SATCalls < 721:
			// 720 solutions and a last UNSAT call: 721 SAT calls when SAT
			// found them all; fewer when the learner found some first.
			handovers++
		}
	}
	if handovers == 0 {
		t.Fatal("no budget made the learner hand over")
	}
}

// TestColorEmptyLines: colours that occur in rows but not in some columns,
// and empty lines in a colour puzzle (a case that crashes another solver).
func TestColorEmptyLines(t *testing.T) {
	t.Parallel()
	g := puzzle.Grid{
		{0, 0, 0, 0},
		{1, 2, 0, 0},
		{0, 2, 2, 0},
		{0, 0, 0, 0},
	}
	p := puzzle.FromGrid(g, randpuzzle.Palette(2))
	p.Goal = nil
	res, err := solver.Solve(context.Background(), p, solver.Options{NoPresolve: true})
	if err != nil || res.Verdict != solver.Unique || !res.Solutions[0].Equal(g) {
		t.Fatalf("Solve() = %+v, %v; want unique %v", res, err, g)
	}
}

func TestGoalShortcut(t *testing.T) {
	t.Parallel()
	multi := puzzle.New([][]int{{1}, {1}}, [][]int{{1}, {1}})
	multi.Goal = puzzle.Grid{{1, 0}, {0, 1}}
	res, err := solver.Solve(context.Background(), multi, solver.Options{NoPresolve: true})
	if err != nil || res.Verdict != solver.Multiple || !res.Solutions[0].Equal(multi.Goal) || res.Stats.SATCalls != 1 {
		t.Fatalf("Solve(with goal) = %+v, %v; want multiple after one SAT call", res, err)
	}
	// With presolving, the learner takes the goal as a known solution.
	res, err = solver.Solve(context.Background(), multi, solver.Options{})
	if err != nil || res.Verdict != solver.Multiple || !res.Solutions[0].Equal(multi.Goal) || res.Solutions[1].Equal(multi.Goal) || !res.Learned || res.Stats.SATCalls != 0 {
		t.Fatalf("Solve(with goal, learner) = %+v, %v; want multiple from the learner", res, err)
	}
	// A wrong goal is ignored, not trusted.
	multi.Goal = puzzle.Grid{{1, 1}, {0, 0}}
	res, err = solver.Solve(context.Background(), multi, solver.Options{NoPresolve: true})
	if err != nil || res.Verdict != solver.Multiple || res.Solutions[0].Equal(multi.Goal) {
		t.Fatalf("Solve(with wrong goal) = %+v, %v", res, err)
	}
}

func TestWorkerBackend(t *testing.T) {
	t.Parallel()
	o := workerOptions(t)
	rng := rand.New(rand.NewPCG(5, 6))
	for i := range 3 {
		g := randpuzzle.Grid(rng, 8, 8, 2, 0.5)
		p := puzzle.FromGrid(g, randpuzzle.Palette(2))
		p.Goal = nil
		o.Max, o.NoPresolve = -1, true
		got, err := solver.Solve(context.Background(), p, o)
		if err != nil {
			t.Fatalf("case %d: worker Solve error = %v", i, err)
		}
		want, err := solver.Solve(context.Background(), p, solver.Options{Max: -1, NoPresolve: true})
		if err != nil || len(got.Solutions) != len(want.Solutions) || got.Verdict != want.Verdict {
			t.Fatalf("case %d: worker %v/%d, in process %v/%d (%v)", i, got.Verdict, len(got.Solutions), want.Verdict, len(want.Solutions), err)
		}
		po := o
		po.Portfolio = true
		race, err := solver.Solve(context.Background(), p, po)
		if err != nil || len(race.Solutions) != len(want.Solutions) || race.Verdict != want.Verdict {
			t.Fatalf("case %d: portfolio %v/%d, gophersat %v/%d (%v)", i, race.Verdict, len(race.Solutions), want.Verdict, len(want.Solutions), err)
		}
	}
}

func ExampleSolve() {
	p := puzzle.New([][]int{{1}, {3}, {1}}, [][]int{{1}, {3}, {1}})
	res, _ := solver.Solve(context.Background(), p, solver.Options{})
	fmt.Println(res.Verdict)
	fmt.Print(res.Solutions[0])
	// Output:
	// unique
	// .#.
	// ###
	// .#.
}

// permutation is the n x n puzzle with one cell per row and column: n!
// solutions.
func permutation(n int) *puzzle.Puzzle {
	one := make([][]int, n)
	for i := range one {
		one[i] = []int{1}
	}
	return puzzle.New(one, one)
}

func TestSolutionsEveryBackend(t *testing.T) {
	t.Parallel()
	p := permutation(4)
	for _, be := range []string{"gophersat", "gini", "portfolio"} {
		n := 0
		o := solver.Options{Backend: be}
		if be == "portfolio" {
			o = solver.Options{Portfolio: true}
		}
		for g, err := range solver.Solutions(context.Background(), p, o) {
			if err != nil {
				t.Fatalf("Solutions(%s) error = %v", be, err)
			}
			if err := puzzle.Check(p, g); err != nil {
				t.Fatalf("Solutions(%s) gave a grid that fails Check: %v", be, err)
			}
			n++
		}
		if n != 24 {
			t.Errorf("Solutions(%s) yielded %d grids, want 4! = 24", be, n)
		}
	}
}

// TestTimeoutKeepsMultiple: a deadline that ends an enumeration after two
// solutions leaves the verdict "multiple", not "timeout".
func TestTimeoutKeepsMultiple(t *testing.T) {
	p := permutation(9) // 362,880 solutions: the enumeration cannot finish
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	res, err := solver.Solve(ctx, p, solver.Options{Max: -1, Backend: "gini"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Verdict != solver.Multiple || res.Complete || len(res.Solutions) < 2 {
		t.Fatalf("Solve(permutation 9, deadline) = %s, complete %v, %d solutions; want multiple, incomplete", res.Verdict, res.Complete, len(res.Solutions))
	}
}

// TestMemoryBoundsEnumeration: enumerating the 30! solutions of a 30×30
// puzzle stops at MaxMemory with MemoryOut and the solutions so far,
// for a count (which keeps two) and for a solve (which keeps them all);
// a larger limit lets it go further.
func TestMemoryBoundsEnumeration(t *testing.T) {
	p := permutation(30)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	count := func(mem int64, countOnly bool) *solver.Result {
		res, err := solver.Solve(ctx, p, solver.Options{Max: -1, CountOnly: countOnly, IgnoreGoal: true, MaxMemory: mem})
		if err != nil {
			t.Fatal(err)
		}
		if !res.MemoryOut || res.Complete || res.Verdict != solver.Multiple || ctx.Err() != nil {
			t.Fatalf("Solve(permutation 30, MaxMemory %d, CountOnly %v) = %s, count %d, complete %v, memory out %v; want multiple, incomplete, memory out",
				mem, countOnly, res.Verdict, res.Count, res.Complete, res.MemoryOut)
		}
		return res
	}
	small, large := count(10<<20, true), count(40<<20, true)
	if small.Count < 100 || large.Count < 2*small.Count {
		t.Errorf("count under 10 MB: %d solutions, under 40 MB: %d; want at least 100, then twice as many", small.Count, large.Count)
	}
	if res := count(10<<20, false); len(res.Solutions) != res.Count || res.Count >= small.Count {
		t.Errorf("solve under 10 MB kept %d of %d solutions; want all, and fewer than a count (%d), which keeps none", len(res.Solutions), res.Count, small.Count)
	}
}

// TestMemoryLeavesSearchAlone: a hard puzzle of one solution (10-Dom,
// 7,000 conflicts) is decided under a small MaxMemory: the bound is for
// enumeration, and the learnt clauses of a search for the verdict are not
// solutions kept; stopping there gave "timeout" with no SAT after it.
func TestMemoryLeavesSearchAlone(t *testing.T) {
	t.Parallel()
	for _, max := range []int{2, -1} {
		res, err := solver.Solve(context.Background(), randpuzzle.Dom(10), solver.Options{Max: max, CountOnly: max < 0, MaxMemory: 2 << 20})
		if err != nil {
			t.Fatal(err)
		}
		if res.Verdict != solver.Unique || res.MemoryOut {
			t.Errorf("Solve(10-Dom, Max %d, MaxMemory 2 MB) = %s, memory out %v; want unique", max, res.Verdict, res.MemoryOut)
		}
	}
}

// TestMemoryBoundsSAT: enumeration on the SAT road stops at MaxMemory
// too, the solutions and blocking clauses being what grows.
func TestMemoryBoundsSAT(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	res, err := solver.Solve(ctx, permutation(12), solver.Options{Backend: "gini", NoSearch: true, Max: -1, IgnoreGoal: true, MaxMemory: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	if !res.MemoryOut || res.Verdict != solver.Multiple || res.Complete || res.Count < 2 || len(res.Solutions) != res.Count || ctx.Err() != nil {
		t.Errorf("Solve(permutation 12, gini, no search, MaxMemory 1 MB) = %s, count %d, complete %v, memory out %v; want multiple, incomplete, memory out",
			res.Verdict, res.Count, res.Complete, res.MemoryOut)
	}
}

// TestSolutionsSayWhyTheyEnd: Solutions that a deadline or the memory
// limit ends after more than two solutions ends with the reason.
func TestSolutionsSayWhyTheyEnd(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	for _, tt := range []struct {
		ctx  context.Context
		o    solver.Options
		want error
	}{
		{ctx, solver.Options{}, context.DeadlineExceeded},
		{context.Background(), solver.Options{MaxMemory: 1 << 20}, solver.ErrMemory},
	} {
		n, last := 0, error(nil)
		for g, err := range solver.Solutions(tt.ctx, permutation(30), tt.o) {
			if g != nil {
				n++
			}
			last = err
		}
		if n < 3 || !errors.Is(last, tt.want) {
			t.Errorf("Solutions(permutation 30, %+v): %d solutions, last error %v; want more than two, then %v", tt.o, n, last, tt.want)
		}
	}
}

// TestMemoryBoundsPortfolio: the portfolio's learners stop at MaxMemory
// too, and SAT does not go on after them.
func TestMemoryBoundsPortfolio(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	res, err := solver.Solve(ctx, permutation(30), solver.Options{Portfolio: true, Max: -1, CountOnly: true, IgnoreGoal: true, MaxMemory: 10 << 20})
	if err != nil {
		t.Fatal(err)
	}
	if !res.MemoryOut || res.Verdict != solver.Multiple || ctx.Err() != nil {
		t.Errorf("Solve(permutation 30, portfolio, MaxMemory 10 MB) = %s, count %d, memory out %v, deadline passed %v; want multiple, memory out, before the deadline",
			res.Verdict, res.Count, res.MemoryOut, ctx.Err() != nil)
	}
}

// TestCountOnly: counting the 5,040 permutation matrices of 7×7 (with
// -short the 720 of 6×6) with CountOnly keeps two solutions on the
// learner's road and counts all; SAT's road keeps them all, as it must to
// block them.
func TestCountOnly(t *testing.T) {
	t.Parallel()
	n, all := 7, 5040 // the n×n permutation matrices
	if testing.Short() {
		n, all = 6, 720
	}
	p := permutation(n)
	count, complete, err := solver.Count(context.Background(), p, 0, solver.Options{})
	if err != nil || !complete || count != all {
		t.Fatalf("Count = %d, %v, %v; want %d, complete", count, complete, err, all)
	}
	for _, tc := range []struct {
		o    solver.Options
		kept int
	}{
		{solver.Options{Max: -1, CountOnly: true}, 2},
		{solver.Options{Max: -1, CountOnly: true, NoSearch: true}, all},
		{solver.Options{Max: -1}, all},
	} {
		res, err := solver.Solve(context.Background(), p, tc.o)
		if err != nil || !res.Complete || res.Count != all || len(res.Solutions) != tc.kept || res.Verdict != solver.Multiple {
			t.Fatalf("Solve(%+v) = %s, count %d, %d kept, complete %v, %v; want multiple, %d, %d kept", tc.o, res.Verdict, res.Count, len(res.Solutions), res.Complete, err, all, tc.kept)
		}
	}
}

// TestSolveEach: each sees every solution as the result holds it, in the
// order found, on every road (the goal first, when it is known); each
// returning false ends the search there.
func TestSolveEach(t *testing.T) {
	t.Parallel()
	p := permutation(4)
	p.Goal = puzzle.Grid{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}}
	for _, o := range []solver.Options{
		{Max: -1},
		{Max: -1, Portfolio: true},
		{Max: -1, NoSearch: true, Backend: "gini"},
		{Max: 2}, // the goal shortcut
	} {
		var seen []puzzle.Grid
		res, err := solver.SolveEach(context.Background(), p, o, func(g puzzle.Grid) bool {
			seen = append(seen, g)
			return true
		})
		if err != nil {
			t.Fatalf("SolveEach(%+v): %v", o, err)
		}
		if len(seen) != res.Count || len(seen) != len(res.Solutions) {
			t.Fatalf("SolveEach(%+v): each saw %d grids, result has %d (count %d)", o, len(seen), len(res.Solutions), res.Count)
		}
		for i, g := range seen {
			if !g.Equal(res.Solutions[i]) {
				t.Errorf("SolveEach(%+v): grid %d seen differs from the result's", o, i)
			}
		}
		if o.Max == 2 && !seen[0].Equal(p.Goal) {
			t.Errorf("SolveEach(%+v): the goal was not seen first", o)
		}
	}
	for _, o := range []solver.Options{
		{Max: -1, IgnoreGoal: true},
		{Max: -1, IgnoreGoal: true, Portfolio: true},
		{Max: -1, IgnoreGoal: true, Portfolio: true, NoSearch: true}, // gophersat and gini race
		{Max: -1, IgnoreGoal: true, Portfolio: true, NoPresolve: true},
		{Max: -1, IgnoreGoal: true, Backend: "gini", NoSearch: true},
	} {
		n := 0
		res, err := solver.SolveEach(context.Background(), p, o, func(puzzle.Grid) bool {
			n++
			return n < 3
		})
		if err != nil || n != 3 || res.Count != 3 || len(res.Solutions) != 3 || res.Complete {
			t.Errorf("SolveEach(%+v) stopped at the third grid: each called %d times, count %d, %d solutions, complete %v, error %v; want 3, 3, 3, false", o, n, res.Count, len(res.Solutions), res.Complete, err)
		}
	}
}

// TestMemoryBoundsLearner: the learner's arrays grow with cells times
// colours before any clause (6 GB for a 1000×1000 puzzle in 63 colours,
// past any MaxMemory); over the limit, SAT decides the presolved puzzle
// and the learner is not built. Here 30×30 cells in 63 colours, all but
// a 2×2 square fixed by line solving: the learner would take 5 MB, the
// formula a few kB.
func TestMemoryBoundsLearner(t *testing.T) {
	g := puzzle.NewGrid(30, 30)
	for r := range g {
		for c := range g[r] {
			g[r][c] = puzzle.Color(2 + (r*7+c*13)%62) // neighbours differ: one block a cell
		}
	}
	g[0][0], g[0][1], g[1][0], g[1][1] = 1, 0, 0, 1 // or 0, 1, 1, 0: two solutions
	pal := []puzzle.Swatch{{Name: "white", Char: '.'}}
	for i := range 63 {
		pal = append(pal, puzzle.Swatch{Char: rune('0' + i)})
	}
	p := puzzle.FromGrid(g, pal)
	const mem = 4 << 20
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	res, err := solver.Solve(context.Background(), p, solver.Options{MaxMemory: mem})
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if res.Verdict != solver.Multiple {
		t.Errorf("Solve(30×30 in 63 colours, MaxMemory 4 MB) = %s, want multiple", res.Verdict)
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > mem {
		t.Errorf("Solve(30×30 in 63 colours, MaxMemory 4 MB) allocated %d bytes, want at most %d", n, mem)
	}
}
