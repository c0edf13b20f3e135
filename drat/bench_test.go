package drat

import (
	"strings"
	"testing"
)

// BenchmarkCheck checks gophersat's proof for a random 3-SAT formula near
// the threshold (170 variables, 730 clauses): thousands of lemmas over a
// small formula, so propagation is what it measures.
func BenchmarkCheck(b *testing.B) {
	f := random3SAT(7, 170, 730)
	lines, unsat := gophersatProof(b, f)
	if !unsat {
		b.Skip("satisfiable")
	}
	proof := join(lines)
	var res *Result
	for b.Loop() {
		var err error
		if res, err = Check(f, strings.NewReader(proof)); err != nil {
			b.Fatal(err)
		}
	}
	if !res.Verified {
		b.Fatal(res.Reason)
	}
	b.ReportMetric(float64(res.Lemmas), "lemmas")
}
