package certify_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nonosat/nonosat/certify"
	"github.com/nonosat/nonosat/internal/testcorpus"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/solver"
)

// surveyGuard bounds each survey solve, so that a search that has lost
// its way fails the test with a timeout verdict instead of hanging it.
// It is no speed goal: the slowest puzzle takes about 2 s (RESULTS.md).
const surveyGuard = 2 * time.Minute

// raceProof are the survey puzzles certified under the race detector,
// which slows gophersat about tenfold: three whose proofs are quick (one
// line solved, two with a dozen to 160 lemmas). The others are left to
// the non-race pass of make test.
var raceProof = map[string]bool{"webpbn-00016": true, "webpbn-00065": true, "webpbn-06574": true}

// TestCorpusProofs certifies the verdicts of the survey and hard puzzles
// and of a sample of the webpbn corpus (every puzzle of both, and two
// tournament sets, with -corpus.all): every unique and none verdict's DRAT
// proof, traced by the verdict's run, must pass package drat on the CNF
// as written, and fail once the
// blocking clause is dropped; every model must satisfy the CNF and decode
// to a grid that passes puzzle.Check (checkCertificate).
func TestCorpusProofs(t *testing.T) {
	testcorpus.Need(t)
	var files []string
	survey, _ := filepath.Glob(filepath.Join(testcorpus.Dir, "webpbn-survey-nin", "*.nin"))
	hard, _ := filepath.Glob(filepath.Join(testcorpus.Dir, "webpbn-survey-nin", "hard", "*.nin"))
	files = append(append(files, survey...), hard...)
	webpbn, _ := filepath.Glob(filepath.Join(testcorpus.Dir, "storyyeller-webpbn-scrape", "results", "*.non"))
	step := 80
	switch {
	case *testcorpus.All:
		step = 1
	case raceEnabled:
		step = 400
	}
	for i := 0; i < len(webpbn); i += step {
		files = append(files, webpbn[i])
	}
	if len(files) < 40 {
		t.Fatalf("found %d puzzles, want the survey and webpbn sets", len(files))
	}
	var ps []*puzzle.Puzzle
	var names []string
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), filepath.Ext(f))
		if raceEnabled && !*testcorpus.All && strings.Contains(f, "survey") && !raceProof[name] {
			continue
		}
		p, err := puzzle.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if p.Width()*p.Height() > 2500 && !*testcorpus.All && !strings.Contains(f, "survey") {
			continue // the large ones belong to the benchmark runner
		}
		ps, names = append(ps, p), append(names, name)
	}
	if *testcorpus.All {
		dir := filepath.Join(testcorpus.Dir, "tournament-NonogramRecord", "question")
		for _, set := range []string{"taai2011", "tcga2019"} {
			all, err := puzzle.ReadFileAll(filepath.Join(dir, set+".txt"), puzzle.TAAI)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range all {
				ps, names = append(ps, p), append(names, set+"-"+p.ID)
			}
		}
	}
	count := map[solver.Verdict]int{}
	lemmas := 0
	for i, p := range ps {
		ctx, cancel := context.WithTimeout(context.Background(), surveyGuard)
		o := solver.Options{IgnoreGoal: true, Proof: &certify.Trace{}}
		res, err := solver.Solve(ctx, p, o)
		cancel()
		if err != nil {
			t.Fatalf("%s: %v", names[i], err)
		}
		count[res.Verdict]++
		if res.Verdict == solver.Timeout {
			t.Logf("%s: timed out, no certificate", names[i])
			continue
		}
		t.Run(names[i], func(t *testing.T) {
			t0 := time.Now()
			if res.Verdict != solver.Multiple && !traced(o) {
				t.Fatalf("%s: the verdict's trace is not complete", res.Verdict)
			}
			dr := checkCertificate(t, p, res, o)
			if dr != nil {
				lemmas += dr.Lemmas
				if d := time.Since(t0); d > time.Second {
					t.Logf("%s: %s, %d lemmas, %s", names[i], res.Verdict, dr.Lemmas, d.Round(time.Millisecond))
				}
			}
		})
	}
	t.Logf("%d puzzles: %v; %d lemmas checked", len(ps), count, lemmas)
	if count[solver.Unique] == 0 {
		t.Errorf("no unique verdict among %d puzzles: nothing was proved", len(ps))
	}
}
