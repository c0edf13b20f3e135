package design_test

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/nonosat/nonosat/design"
	"github.com/nonosat/nonosat/internal/testcorpus"
	"github.com/nonosat/nonosat/linesolve"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/solver"
)

// webpbn lists the webpbn scrape's puzzles (every one has its goal), or
// skips t when the corpora are absent.
func webpbn(t testing.TB) []string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(testcorpus.Dir, "storyyeller-webpbn-scrape", "results", "*.non"))
	if len(files) == 0 {
		t.Skipf("corpus tests need ../shared/corpora beside the repository (no webpbn puzzles in %s)", testcorpus.Dir)
	}
	slices.Sort(files)
	return files
}

// sample keeps every k-th file, or all of them with -corpus.all.
func sample(files []string, k int) []string {
	if *testcorpus.All {
		return files
	}
	var out []string
	for i := 0; i < len(files); i += k {
		out = append(out, files[i])
	}
	return out
}

// TestWebpbnSteps: on line-solvable webpbn puzzles (a sample; all of them
// with -corpus.all), the steps from the empty grid are all line steps,
// reach the goal, fix every cell to the goal's colour, and every reason
// holds by linesolve.Line with only the cited cells known; a partial grid
// with one wrong cell gets that cell, and only it, as the mistake.
func TestWebpbnSteps(t *testing.T) {
	k := 10
	if raceEnabled {
		k = 100
	}
	files := sample(webpbn(t), k)
	ctx := context.Background()
	n := 0
	for i, f := range files {
		p, err := puzzle.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		s := linesolve.NewState(p)
		if !s.Propagate() || !s.Solved() {
			continue
		}
		n++
		steps, err := design.Steps(ctx, p)
		if err != nil {
			t.Fatalf("%s: Steps: %v", f, err)
		}
		for _, st := range steps {
			if st.Kind != design.KindLine {
				t.Fatalf("%s: a line-solvable puzzle needs a step of kind %d: %s", f, st.Kind, st.Reason)
			}
		}
		checkSteps(t, p, steps, p.Goal, 0)
		if i%5 != 0 {
			continue
		}
		// Half the goal known, one known cell wrong.
		part := design.EmptyGrid(p)
		for r := range part {
			for c := range part[r] {
				if (r*7+c*3)%2 == 0 {
					part[r][c] = p.Goal[r][c]
				}
			}
		}
		r, c := p.Height()/2, p.Width()/2
		part[r][c] = 1 - p.Goal[r][c]
		h, err := design.NextHint(ctx, p, part)
		if err != nil {
			t.Fatalf("%s: NextHint: %v", f, err)
		}
		if len(h.Mistakes) != 1 || h.Mistakes[0] != (design.Pos{Row: r + 1, Col: c + 1}) {
			t.Fatalf("%s: mistakes %v, want row %d, column %d", f, h.Mistakes, r+1, c+1)
		}
	}
	if n == 0 {
		t.Fatal("no line-solvable puzzle in the sample")
	}
	t.Logf("%d line-solvable puzzles of %d stepped through", n, len(files))
}

// TestWebpbnGrades computes the grade distribution of the webpbn scrape
// (every puzzle with -corpus.all, else a sample) and of the survey, logs
// it (go test -v -run Grades), and checks that grading is deterministic
// and that unique survey puzzles known to need search get grade 3.
func TestWebpbnGrades(t *testing.T) {
	k := 5
	if raceEnabled {
		k = 100
	}
	files := sample(webpbn(t), k)
	survey, _ := filepath.Glob(filepath.Join(testcorpus.Dir, "webpbn-survey-nin", "*.nin"))
	hard, _ := filepath.Glob(filepath.Join(testcorpus.Dir, "webpbn-survey-nin", "hard", "*.nin"))
	survey = append(survey, hard...)
	if raceEnabled && !*testcorpus.All {
		survey = nil
	}
	t.Logf("webpbn (%d puzzles): %s", len(files), gradeTable(t, files, false))
	if len(survey) > 0 {
		t.Logf("survey (%d puzzles):\n%s", len(survey), gradeTable(t, survey, true))
	}
}

// surveyVerdicts are the survey's verdicts (fastnonogramsolver-survey's
// expected-results-summary.csv) of a few puzzles of each kind.
var surveyVerdicts = map[string]string{
	"webpbn-00001": "unique", "webpbn-02040": "unique", "webpbn-06574": "unique", "webpbn-08098": "unique",
	"webpbn-07604": "unique", "webpbn-02556": "multiple", "webpbn-06739": "multiple", "knotty": "multiple",
	"webpbn-03867": "multiple",
}

// gradeTable grades every file and returns the distribution; each grade is
// computed twice from one solve and, without each, from a second solve,
// and must not change. With each, it also lists every puzzle.
func gradeTable(t *testing.T, files []string, each bool) string {
	t.Helper()
	counts := map[string]int{}
	var guessing []string
	var sb strings.Builder
	for _, f := range files {
		p, err := puzzle.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		// A guard against a search gone astray, not a speed goal.
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		res, err := solver.Solve(ctx, p, solver.Options{})
		cancel()
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		g := design.GradeResult(p, res)
		if !each {
			// Grading from a second solve must agree, guesses included.
			res2, err := solver.Solve(context.Background(), p, solver.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if g2 := design.GradeResult(p, res2); g2 != g {
				t.Fatalf("%s: graded twice: %+v, then %+v", f, g, g2)
			}
		}
		if want, ok := surveyVerdicts[strings.TrimSuffix(filepath.Base(f), ".nin")]; ok && (g.Level == design.LevelNone) != (want == "multiple") {
			t.Errorf("%s: grade %+v (verdict %s), but the survey says %s", f, g, res.Verdict, want)
		}
		if again := design.GradeResult(p, res); again != g {
			t.Fatalf("%s: graded twice: %+v, then %+v", f, g, again)
		}
		key := fmt.Sprintf("%d %s", g.Level, g.Name)
		if g.Level == design.LevelNone {
			key += " (" + string(res.Verdict) + ")"
		}
		counts[key]++
		if g.Level == design.LevelGuessing {
			guessing = append(guessing, fmt.Sprintf("%s (%d guesses)", filepath.Base(f), g.Guesses))
		}
		if each {
			fmt.Fprintf(&sb, "\t%-16s %-22s passes %3d lines %6d probes %6d open %4d guesses %d\n", filepath.Base(f), key, g.Passes, g.Lines, g.Probes, g.Open, g.Guesses)
		}
	}
	keys := make([]string, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		fmt.Fprintf(&sb, "%s: %d; ", k, counts[k])
	}
	fmt.Fprintf(&sb, "grade 3: %s", strings.Join(guessing, ", "))
	return sb.String()
}
