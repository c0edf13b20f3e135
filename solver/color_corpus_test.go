package solver_test

import (
	"context"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nonosat/nonosat/internal/testcorpus"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/solver"
)

// corpusColorPuzzles returns every colour puzzle of the corpora that
// nonosat reads (files of a colour-capable format; those it cannot read,
// such as triddlers, are left out), named by file and index.
func corpusColorPuzzles(t *testing.T) (names []string, ps []*puzzle.Puzzle) {
	t.Helper()
	testcorpus.Need(t)
	err := filepath.WalkDir(testcorpus.Dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		switch strings.ToLower(filepath.Ext(path)) {
		case ".g", ".non", ".xml", ".cwc":
		default:
			return nil
		}
		all, err := puzzle.ReadFileAll(path, "")
		if err != nil {
			return nil // unsupported or damaged: puzzle's corpus test says which
		}
		for i, p := range all {
			if p.NumColors() > 1 {
				rel, _ := filepath.Rel(testcorpus.Dir, path)
				names = append(names, fmt.Sprintf("%s:%d", rel, i+1))
				ps = append(ps, p)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) < 10 {
		t.Fatalf("found %d colour puzzles in the testcorpus.Dir, want at least 10", len(ps))
	}
	return names, ps
}

// TestCorpusColorLearner: every colour puzzle of the corpora gets from
// the learner the verdict gophersat gives on the CNF road (no presolve,
// no learner), and a unique solution equal to the goal when the file has
// one.
func TestCorpusColorLearner(t *testing.T) {
	names, ps := corpusColorPuzzles(t)
	learned := 0
	for i, p := range ps {
		ctx, cancel := context.WithTimeout(context.Background(), surveyGuard)
		got, err := solver.Solve(ctx, p, solver.Options{IgnoreGoal: true})
		if err != nil {
			t.Fatalf("%s: learner: %v", names[i], err)
		}
		want, err := solver.Solve(ctx, p, solver.Options{IgnoreGoal: true, NoPresolve: true})
		cancel()
		if err != nil {
			t.Fatalf("%s: gophersat: %v", names[i], err)
		}
		if got.Verdict != want.Verdict || got.Verdict == solver.Timeout {
			t.Errorf("%s (%dx%d, %d colours): learner %s, gophersat on the CNF %s", names[i], p.Width(), p.Height(), p.NumColors(), got.Verdict, want.Verdict)
		}
		if got.Learned {
			learned++
		}
		if got.Verdict == solver.Unique && p.Goal != nil && !got.Solutions[0].Equal(p.Goal) {
			t.Errorf("%s: unique solution differs from the goal", names[i])
		}
	}
	t.Logf("%d colour puzzles, %d decided by the learner", len(ps), learned)
}
