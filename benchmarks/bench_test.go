package benchmarks

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/nonosat/nonosat/encode"
	"github.com/nonosat/nonosat/learner"
	"github.com/nonosat/nonosat/linesolve"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/solver"
)

// benchCorpora is ../shared/corpora beside the repository, seen from this
// package's folder. Benchmarks that need it skip when it is absent.
var benchCorpora = filepath.Join("..", "..", "shared", "corpora")

// randomPuzzle returns the puzzle of a random w×h grid (fixed seed) in
// which each cell is coloured with probability density, with one of
// colors colours; the goal is dropped so that solving is a real search.
func randomPuzzle(w, h, colors int, density float64, seed uint64) *puzzle.Puzzle {
	r := rand.New(rand.NewPCG(seed, 0x6e6f6e6f736174))
	g := puzzle.NewGrid(h, w)
	for y := range g {
		for x := range g[y] {
			if r.Float64() < density {
				g[y][x] = puzzle.Color(1 + r.IntN(colors))
			}
		}
	}
	pal := puzzle.BlackWhite()
	if colors > 1 {
		pal = []puzzle.Swatch{puzzle.White,
			{Name: "red", RGB: puzzle.RGB{R: 220}, Char: 'r'},
			{Name: "green", RGB: puzzle.RGB{G: 160}, Char: 'g'},
			{Name: "blue", RGB: puzzle.RGB{B: 200}, Char: 'b'},
			{Name: "black", Char: 'k'},
		}[:colors+1]
	}
	p := puzzle.FromGrid(g, pal)
	p.Goal = nil
	return p
}

// generated are the puzzles every benchmark run has, corpus or not.
func generated() []namedPuzzle {
	return []namedPuzzle{
		{"random-25x25", randomPuzzle(25, 25, 1, 0.5, 3)},
		{"random-40x40", randomPuzzle(40, 40, 1, 0.6, 2)},
		{"random-colour-30x30", randomPuzzle(30, 30, 3, 0.7, 3)},
	}
}

type namedPuzzle struct {
	name string
	p    *puzzle.Puzzle
}

// corpusPuzzle reads a puzzle of the shared corpora (rel is relative to
// it; id picks one puzzle of a file that holds several, "" the first), or
// skips the benchmark when the corpora are absent.
func corpusPuzzle(b *testing.B, rel, id string) *puzzle.Puzzle {
	b.Helper()
	name := filepath.Join(benchCorpora, rel)
	if _, err := os.Stat(name); err != nil {
		b.Skipf("needs ../shared/corpora beside the repository: %v", err)
	}
	ps, err := puzzle.ReadFileAll(name, "")
	if err != nil {
		b.Fatal(err)
	}
	if id == "" {
		return ps[0]
	}
	for _, p := range ps {
		if p.ID == id {
			return p
		}
	}
	b.Fatalf("%s: no puzzle %s", name, id)
	return nil
}

// fastSurvey are survey puzzles that take well under a second, with their
// verdicts from expected-results-summary.csv.
var fastSurvey = []struct {
	name string
	want solver.Verdict
}{
	{"webpbn-00001", solver.Unique},
	{"webpbn-00016", solver.Unique},
	{"webpbn-00529", solver.Unique},
	{"webpbn-03541", solver.Unique},
	{"webpbn-04645", solver.Unique},
	{"webpbn-06739", solver.Multiple},
}

// benchSolve solves p in uniqueness mode (in process, gophersat) in the
// loop and reports the formula size; want "" accepts any verdict.
func benchSolve(b *testing.B, p *puzzle.Puzzle, want solver.Verdict, lineSolved bool) {
	ctx := context.Background()
	o := solver.Options{Max: 2}
	var res *solver.Result
	for b.Loop() {
		var err error
		if res, err = solver.Solve(ctx, p, o); err != nil {
			b.Fatal(err)
		}
	}
	if want != "" && res.Verdict != want {
		b.Fatalf("Solve verdict = %s, want %s", res.Verdict, want)
	}
	if lineSolved && !res.LineSolved {
		b.Fatalf("Solve needed SAT (%d calls), want a line-solved puzzle", res.Stats.SATCalls)
	}
	b.ReportMetric(float64(res.Stats.Vars), "vars")
	b.ReportMetric(float64(res.Stats.Clauses), "clauses")
	b.ReportMetric(float64(res.Stats.SATCalls), "satcalls")
}

// BenchmarkSolve measures solver.Solve in uniqueness mode (up to two
// solutions, presolve on, gophersat in process) on generated puzzles and,
// when the corpora are there, on survey puzzles that take under a second.
func BenchmarkSolve(b *testing.B) {
	for _, g := range generated() {
		b.Run(g.name, func(b *testing.B) { benchSolve(b, g.p, "", false) })
	}
	for _, s := range fastSurvey {
		b.Run(s.name, func(b *testing.B) {
			p := corpusPuzzle(b, filepath.Join("webpbn-survey-nin", s.name+".nin"), "")
			benchSolve(b, p, s.want, false)
		})
	}
}

// BenchmarkHardest measures solver.Solve in uniqueness mode on the survey
// puzzles that took longest before the learner's hints (Knotty, Meow and
// Faase timed out at 30 s; the target is 30 s each), and reports
// the learner's conflicts. Each has several solutions. The learner
// sub-benchmarks run the learner alone, with and without hints, from the
// state line solving and probing leave, on the three of them that it
// decides both ways (without hints it finds no solution of Knotty, Meow
// or Faase in 30 s).
func BenchmarkHardest(b *testing.B) {
	for _, name := range []string{"webpbn-22336", "webpbn-12548", "webpbn-18297"} {
		for _, hints := range []bool{true, false} {
			b.Run(fmt.Sprintf("learner/%s/hints=%v", name, hints), func(b *testing.B) {
				p := corpusPuzzle(b, filepath.Join("webpbn-survey-nin", name+".nin"), "")
				st := linesolve.NewState(p)
				if !st.Propagate() || !st.Probe(0) || st.Solved() {
					b.Fatal("line solving and probing decide the puzzle")
				}
				var res learner.Result
				for b.Loop() {
					l := learner.New(st.Clone()) // a cold line cache each time
					l.SetHints(hints)
					n := 0
					res = l.Run(learner.Limits{}, func(puzzle.Grid) bool { n++; return n < 2 })
					if n < 2 {
						b.Fatalf("learner found %d solutions, want 2", n)
					}
				}
				b.ReportMetric(float64(res.Conflicts), "conflicts")
			})
		}
	}
	for _, name := range []string{"knotty", "meow", "faase", "webpbn-22336", "webpbn-12548", "webpbn-18297"} {
		b.Run(name, func(b *testing.B) {
			p := corpusPuzzle(b, filepath.Join("webpbn-survey-nin", name+".nin"), "")
			var res *solver.Result
			for b.Loop() {
				var err error
				if res, err = solver.Solve(context.Background(), p, solver.Options{Max: 2}); err != nil {
					b.Fatal(err)
				}
			}
			if res.Verdict != solver.Multiple {
				b.Fatalf("Solve verdict = %s, want multiple", res.Verdict)
			}
			b.ReportMetric(float64(res.Stats.Conflicts), "conflicts")
		})
	}
}

// lineSolvablePuzzle returns the first random w×h black-and-white puzzle
// (seeds from 1 on) that line solving alone decides.
func lineSolvablePuzzle(b *testing.B, w, h int) *puzzle.Puzzle {
	b.Helper()
	for seed := uint64(1); seed <= 200; seed++ {
		p := randomPuzzle(w, h, 1, 0.7, seed)
		res, err := solver.Solve(context.Background(), p, solver.Options{Max: 2})
		if err != nil {
			b.Fatal(err)
		}
		if res.LineSolved && res.Verdict == solver.Unique {
			return p
		}
	}
	b.Fatalf("no line-solvable random %dx%d puzzle in 200 seeds", w, h)
	return nil
}

// BenchmarkLineSolvable measures line-solvable puzzles end to end through
// solver.Solve, uniqueness included (the 5 ms target): no SAT call is made.
// Some need probing after line solving.
func BenchmarkLineSolvable(b *testing.B) {
	b.Run("random-30x30", func(b *testing.B) {
		benchSolve(b, lineSolvablePuzzle(b, 30, 30), solver.Unique, true)
	})
	corpus := []struct{ name, rel, id string }{
		{"webpbn-00001", "webpbn-survey-nin/webpbn-00001.nin", ""},
		{"webpbn-00529", "webpbn-survey-nin/webpbn-00529.nin", ""},
		{"webpbn-07604", "webpbn-survey-nin/webpbn-07604.nin", ""},
		{"taai2011-0003", "tournament-NonogramRecord/question/taai2011.txt", "$3"},
		// Finished by probing after line solving: the slowest of the
		// survey (M&M has columns of 70 cells).
		{"webpbn-02040-Hot", "webpbn-survey-nin/webpbn-02040.nin", ""},
		{"webpbn-00803-Light", "webpbn-survey-nin/webpbn-00803.nin", ""},
		{"webpbn-04645-M&M", "webpbn-survey-nin/webpbn-04645.nin", ""},
		// The slowest that probing finishes among the 3,903 webpbn
		// puzzles of the scrape (rows, or columns, of 65–75 cells).
		{"webpbn-03094", "storyyeller-webpbn-scrape/results/3094.non", ""},
		{"webpbn-03538", "storyyeller-webpbn-scrape/results/3538.non", ""},
	}
	for _, c := range corpus {
		b.Run(c.name, func(b *testing.B) {
			benchSolve(b, corpusPuzzle(b, c.rel, c.id), solver.Unique, true)
		})
	}
}

// BenchmarkEncode measures encode.Puzzle alone, without presolving, and
// reports the formula size.
func BenchmarkEncode(b *testing.B) {
	encodeOne := func(b *testing.B, p *puzzle.Puzzle) {
		b.ReportAllocs()
		var e *encode.Encoding
		for b.Loop() {
			e, _ = encode.Puzzle(p)
		}
		b.ReportMetric(float64(e.Formula.NumVars), "vars")
		b.ReportMetric(float64(len(e.Formula.Clauses)), "clauses")
	}
	for _, g := range generated() {
		b.Run(g.name, func(b *testing.B) { encodeOne(b, g.p) })
	}
	for _, name := range []string{"webpbn-00016", "webpbn-03541", "webpbn-22336"} {
		b.Run(name, func(b *testing.B) {
			encodeOne(b, corpusPuzzle(b, filepath.Join("webpbn-survey-nin", name+".nin"), ""))
		})
	}
}
