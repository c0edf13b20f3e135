package benchmarks

import (
	"bytes"
	"context"
	"io"
	"path/filepath"
	"testing"
	"time"

	"github.com/nonosat/nonosat/certify"
	"github.com/nonosat/nonosat/cnf"
	"github.com/nonosat/nonosat/drat"
	"github.com/nonosat/nonosat/encode"
	"github.com/nonosat/nonosat/solver"
)

// proofSurvey are unique survey puzzles: line solving decides 7604 (its
// proof is "0"), probing 1611, 1694, 2040, 3541 and 4645 (the proof is
// its lemmas), the learner 8098 (9-Dom: probing's lemmas, then the
// learner's clauses).
var proofSurvey = []string{"webpbn-07604", "webpbn-01611", "webpbn-01694", "webpbn-03541", "webpbn-04645", "webpbn-08098", "webpbn-02040"}

// BenchmarkProof measures, per puzzle, what a certificate costs, in CPU
// time of the process (user+sys, cpuNow). Each iteration runs, one after
// the other:
//
//	verdict  solver.Solve as check runs it (line solving, probing, the
//	         learner)
//	trace    the same with Options.Proof: the verdict's run recording the
//	         steps of its proof
//	cnf      the certificate's CNF (no presolving): encode.Puzzle WithText and
//	         writing it as DIMACS, blocking clause and header included
//	proof    Trace.WriteDRAT: the traced steps written as DRAT in the
//	         CNF's variables
//	cert     the whole certificate as check --proof makes it: Certify
//	         (encoding, proof, the solution's cells) and the CNF written
//	check    reading the CNF as written and drat.Check of the proof
//	sol      completing the solution's cells to a model (drat.Complete)
//	         and checking it against the CNF less its last clause
//
// It reports each in CPU ms per puzzle and these ratios to verdict: proof/v,
// what proving adds to the verdict's run (trace less verdict, plus
// proof: the "proof writing adds at most 30 %"); cert/v, what the
// whole certificate adds (trace less verdict, plus cert); check/v. And
// the proof's lemmas and bytes, and the CNF's bytes.
func BenchmarkProof(b *testing.B) {
	for _, name := range proofSurvey {
		b.Run(name, func(b *testing.B) {
			p := corpusPuzzle(b, filepath.Join("webpbn-survey-nin", name+".nin"), "")
			ctx := context.Background()
			var verdict, traced, enc, write, prove, cert, check, sol time.Duration
			var proof, text bytes.Buffer
			var lemmas int
			for b.Loop() {
				t0 := cpuNow()
				res, err := solver.Solve(ctx, p, solver.Options{Max: 2})
				t1 := cpuNow()
				if err != nil || res.Verdict != solver.Unique {
					b.Fatalf("Solve = %v, %v; want unique", res, err)
				}
				trace := &certify.Trace{}
				o := solver.Options{Max: 2, Proof: trace}
				res, err = solver.Solve(ctx, p, o)
				t2 := cpuNow()
				if err != nil || res.Verdict != solver.Unique || !trace.Complete() {
					b.Fatalf("Solve with a trace = %v, %v; want unique, traced", res, err)
				}
				e, _ := encode.Puzzle(p, encode.WithText())
				t3 := cpuNow()
				text.Reset()
				if err := e.WriteDIMACS(&text, p, encode.DIMACSOptions{Block: res.Solutions[:1]}); err != nil {
					b.Fatal(err)
				}
				t4 := cpuNow()
				proof.Reset()
				if _, _, err := trace.WriteDRAT(e, &proof); err != nil {
					b.Fatal(err)
				}
				t5 := cpuNow()
				c, err := certify.Verdict(ctx, p, res, o, io.Discard)
				if err != nil {
					b.Fatal(err)
				}
				if err := c.Encoding.WriteDIMACS(io.Discard, p, encode.DIMACSOptions{Block: c.Block}); err != nil {
					b.Fatal(err)
				}
				t6 := cpuNow()
				f, _, err := cnf.ReadDIMACS(bytes.NewReader(text.Bytes()))
				if err != nil {
					b.Fatal(err)
				}
				dr, err := drat.Check(f, bytes.NewReader(proof.Bytes()))
				t7 := cpuNow()
				if err != nil || !dr.Verified {
					b.Fatalf("proof not verified: %v %+v", err, dr)
				}
				butLast := &cnf.Formula{NumVars: f.NumVars, Clauses: f.Clauses[:len(f.Clauses)-1]}
				m, ok := drat.Complete(butLast, c.Models[0])
				if !ok || !m.Satisfies(butLast) {
					b.Fatal("the solution's cells complete to no model")
				}
				t8 := cpuNow()
				verdict += t1 - t0
				traced += t2 - t1
				enc += t3 - t2
				write += t4 - t3
				prove += t5 - t4
				cert += t6 - t5
				check += t7 - t6
				sol += t8 - t7
				lemmas = c.Lemmas
			}
			n := float64(b.N)
			ms := func(d time.Duration) float64 { return d.Seconds() * 1000 / n }
			v := verdict.Seconds()
			b.ReportMetric(ms(verdict), "verdict-ms")
			b.ReportMetric(ms(traced), "trace-ms")
			b.ReportMetric(ms(enc+write), "cnf-ms")
			b.ReportMetric(ms(prove), "proof-ms")
			b.ReportMetric(ms(cert), "cert-ms")
			b.ReportMetric(ms(check), "check-ms")
			b.ReportMetric(ms(sol), "sol-ms")
			b.ReportMetric((traced-verdict+prove).Seconds()/v, "proof/v")
			b.ReportMetric((traced-verdict+cert).Seconds()/v, "cert/v")
			b.ReportMetric(check.Seconds()/v, "check/v")
			b.ReportMetric(float64(lemmas), "lemmas")
			b.ReportMetric(float64(proof.Len()), "proof-B")
			b.ReportMetric(float64(text.Len()), "cnf-B")
		})
	}
}
