package linesolve_test

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nonosat/nonosat/linesolve"
	"github.com/nonosat/nonosat/puzzle"
)

// corpusDir is the shared survey corpus, outside the repository; the test
// skips when it is missing.
const corpusDir = "../../shared/corpora/webpbn-survey-nin"

// readSolution reads a black-and-white goal image: '#' black, '.' white.
func readSolution(name string) (puzzle.Grid, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var g puzzle.Grid
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		row := make([]puzzle.Color, len(line))
		for i, ch := range line {
			if ch == '#' {
				row[i] = 1
			}
		}
		g = append(g, row)
	}
	return g, sc.Err()
}

// TestCorpus propagates (and briefly probes) every survey puzzle and checks
// that no colour of its known solution is ever removed.
func TestCorpus(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob(filepath.Join(corpusDir, "*.nin"))
	if len(files) == 0 {
		t.Skip("no corpus at " + corpusDir)
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".nin")
		t.Run(name, func(t *testing.T) {
			p, err := puzzle.ReadFile(file)
			if err != nil {
				t.Skip(err)
			}
			goal, err := readSolution(filepath.Join(corpusDir, "solutions", name+".txt"))
			if err != nil {
				t.Skip(err)
			}
			if err := puzzle.Check(p, goal); err != nil {
				t.Skipf("solution does not match the clues as read: %v", err)
			}
			s := linesolve.NewState(p)
			if !s.Propagate() {
				t.Fatalf("Propagate() = false on a solvable puzzle")
			}
			checkHolds(t, "Propagate", s, goal)
			if s.Solved() {
				if err := puzzle.Check(p, s.Grid()); err != nil {
					t.Fatalf("Check(Grid()) = %v", err)
				}
				return
			}
			budget := 300
			if testing.Short() {
				budget = 50
			}
			if !s.Probe(budget) {
				t.Fatalf("Probe(%d) = false on a solvable puzzle", budget)
			}
			checkHolds(t, "Probe", s, goal)
		})
	}
}
