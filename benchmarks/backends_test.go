package benchmarks

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/solver"
	"github.com/nonosat/nonosat/solver/backend"
)

// BenchmarkBackends compares SAT back ends on the same CNFs: for each
// puzzle, solver.Solve in uniqueness mode (up to two solutions, presolve
// on, goals ignored) with gophersat in process, and with cadical and
// minisat as child processes (skipped when not installed). Every back end
// gets the formula solver.Encode gives, so the sub-benchmarks of one
// puzzle differ in the SAT solver alone, the external ones paying for
// writing the DIMACS file, starting the process and, on the second call,
// solving again from scratch with the blocking clause. Compare with
//
//	go test -run '^$' -bench Backends -count 5 ./benchmarks/ | tee new.txt
//	benchstat -col /sat new.txt
func BenchmarkBackends(b *testing.B) {
	for _, np := range backendPuzzles(b) {
		e := solver.Encode(np.p, solver.Options{NoPresolve: np.noPresolve})
		want := ""
		for _, name := range []string{"gophersat", "cadical", "minisat"} {
			b.Run(np.name+"/sat="+name, func(b *testing.B) {
				if err := backend.Check(name); err != nil {
					b.Skipf("skipping: %v", err)
				}
				o := solver.Options{Backend: name, NoPresolve: np.noPresolve, IgnoreGoal: true}
				for b.Loop() {
					ctx, cancel := context.WithTimeout(b.Context(), 5*time.Minute)
					res, err := solver.Solve(ctx, np.p, o)
					cancel()
					if err != nil {
						b.Fatal(err)
					}
					switch v := string(res.Verdict); {
					case v == string(solver.Timeout):
						b.Fatalf("%s timed out", name)
					case want == "":
						want = v
					case v != want:
						b.Fatalf("%s says %s, another back end %s", name, v, want)
					}
				}
				b.ReportMetric(float64(e.Formula.NumVars), "vars")
				b.ReportMetric(float64(len(e.Formula.Clauses)), "clauses")
			})
		}
	}
}

// backendPuzzle is one puzzle for BenchmarkBackends.
type backendPuzzle struct {
	name       string
	p          *puzzle.Puzzle
	noPresolve bool
}

// backendPuzzles are generated puzzles, with and without presolving, and,
// when ../shared/corpora is there, survey puzzles that need SAT after line
// solving: 9-Dom (unique, nothing fixed by line solving), Karate, Center
// and Lion (several solutions).
func backendPuzzles(b *testing.B) []backendPuzzle {
	ps := []backendPuzzle{
		{"random-25x25", backendRandom(25, 25, 1, 11), false},
		{"random-25x25-no-presolve", backendRandom(25, 25, 1, 11), true},
		{"random-colour-20x20-no-presolve", backendRandom(20, 20, 3, 12), true},
	}
	dir := filepath.Join("..", "..", "shared", "corpora", "storyyeller-webpbn-scrape", "sample-simpson")
	if _, err := os.Stat(dir); err != nil {
		b.Logf("survey puzzles left out: %v", err)
		return ps
	}
	for _, s := range []struct{ name, file string }{
		{"9-Dom", "webpbn-08098.non"},
		{"Karate", "webpbn-06739.non"},
		{"Center", "webpbn-10810.non"},
		{"Lion", "webpbn-02712.non"},
	} {
		p, err := puzzle.ReadFile(filepath.Join(dir, s.file))
		if err != nil {
			b.Logf("survey puzzle %s left out: %v", s.file, err)
			continue
		}
		ps = append(ps, backendPuzzle{s.name, p, false})
	}
	return ps
}

// backendRandom is the puzzle of a random w×h grid, about half filled with
// colors colours, without its goal.
func backendRandom(w, h, colors int, seed uint64) *puzzle.Puzzle {
	rng := rand.New(rand.NewPCG(seed, 0x626b6e64))
	g := puzzle.NewGrid(h, w)
	for r := range g {
		for c := range g[r] {
			if rng.IntN(2) == 0 {
				g[r][c] = puzzle.Color(1 + rng.IntN(colors))
			}
		}
	}
	pal := puzzle.BlackWhite()
	for k := 2; k <= colors; k++ {
		pal = append(pal, puzzle.Swatch{Name: string(rune('a' + k)), RGB: puzzle.RGB{R: uint8(60 * k)}, Char: rune('a' + k)})
	}
	p := puzzle.FromGrid(g, pal)
	p.Goal = nil
	return p
}
