package benchmarks

import (
	"bytes"
	"context"
	"path/filepath"
	"testing"

	"github.com/nonosat/nonosat/cnf"
	"github.com/nonosat/nonosat/drat"
	"github.com/nonosat/nonosat/encode"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/solver"
)

// proofSurvey are unique survey puzzles whose certificates take under a
// few seconds: 7604 is line solved (its proof is "0"), the others need
// gophersat's lemmas.
var proofSurvey = []string{"webpbn-07604", "webpbn-01611", "webpbn-01694", "webpbn-03541", "webpbn-04645", "webpbn-08098", "webpbn-02040"}

// BenchmarkProof measures, per puzzle, what a certificate costs:
//
//	solve    solver.Solve as check runs it (line solving, the learner)
//	sat      solver.Solve with gophersat alone on the CNF of the
//	         certificate (no presolving, no search stage): the plain
//	         solve the certified one is compared with
//	certify  solver.Certify: encoding, gophersat in certified mode on
//	         that CNF with the solution blocked, writing the proof, and
//	         the solution's model
//	check    drat.Check of that proof against the CNF as written
//
// and reports the proof's lemmas and bytes. Ratios (certify/sat,
// check/sat, certify/solve) are worked out by hand from the ns/op.
func BenchmarkProof(b *testing.B) {
	for _, name := range proofSurvey {
		b.Run(name, func(b *testing.B) {
			p := corpusPuzzle(b, filepath.Join("webpbn-survey-nin", name+".nin"), "")
			res, err := solver.Solve(context.Background(), p, solver.Options{})
			if err != nil || res.Verdict != solver.Unique {
				b.Fatalf("Solve = %v, %v; want unique", res, err)
			}
			var proof bytes.Buffer
			cert, err := solver.Certify(context.Background(), p, res, solver.Options{}, &proof)
			if err != nil {
				b.Fatal(err)
			}
			var text bytes.Buffer
			if err := cert.Encoding.WriteDIMACS(&text, p, encode.DIMACSOptions{Block: cert.Block}); err != nil {
				b.Fatal(err)
			}
			f, _, err := cnf.ReadDIMACS(&text)
			if err != nil {
				b.Fatal(err)
			}
			b.Run("solve", func(b *testing.B) { benchVerdict(b, p, solver.Options{}) })
			b.Run("sat", func(b *testing.B) { benchVerdict(b, p, solver.Options{NoPresolve: true, Search: -1}) })
			b.Run("certify", func(b *testing.B) {
				var w bytes.Buffer
				for b.Loop() {
					w.Reset()
					if _, err := solver.Certify(context.Background(), p, res, solver.Options{}, &w); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(w.Len()), "proof-bytes")
				b.ReportMetric(float64(bytes.Count(w.Bytes(), []byte{'\n'})), "lemmas")
			})
			b.Run("check", func(b *testing.B) {
				var dr *drat.Result
				for b.Loop() {
					if dr, err = drat.Check(f, bytes.NewReader(proof.Bytes())); err != nil {
						b.Fatal(err)
					}
				}
				if !dr.Verified {
					b.Fatalf("proof not verified: %s", dr.Reason)
				}
				b.ReportMetric(float64(len(f.Clauses)), "clauses")
			})
		})
	}
}

// benchVerdict solves p with o in uniqueness mode and wants unique.
func benchVerdict(b *testing.B, p *puzzle.Puzzle, o solver.Options) {
	o.Max = 2
	for b.Loop() {
		res, err := solver.Solve(context.Background(), p, o)
		if err != nil || res.Verdict != solver.Unique {
			b.Fatalf("Solve = %v, %v; want unique", res, err)
		}
	}
}
