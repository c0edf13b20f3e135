package drat

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/crillab/gophersat/explain"
	sat "github.com/crillab/gophersat/solver"

	"github.com/nonosat/nonosat/cnf"
)

// random3SAT returns a random 3-SAT formula; with clauses ≥ 5·vars it is
// almost always unsatisfiable.
func random3SAT(seed uint64, vars, clauses int) *cnf.Formula {
	r := rand.New(rand.NewPCG(seed, 19))
	f := &cnf.Formula{NumVars: vars}
	for range clauses {
		var c cnf.Clause
		for len(c) < 3 {
			l := cnf.Lit(r.IntN(vars) + 1)
			if r.IntN(2) == 0 {
				l = -l
			}
			if !containsVar(c, l) {
				c = append(c, l)
			}
		}
		f.Clauses = append(f.Clauses, c)
	}
	return f
}

func containsVar(c cnf.Clause, l cnf.Lit) bool {
	for _, x := range c {
		if x.Var() == l.Var() {
			return true
		}
	}
	return false
}

// pigeons returns the pigeonhole formula: n+1 pigeons, n holes.
func pigeons(n int) *cnf.Formula {
	f := &cnf.Formula{NumVars: (n + 1) * n}
	v := func(p, h int) cnf.Lit { return cnf.Lit(p*n + h + 1) }
	for p := range n + 1 {
		var c cnf.Clause
		for h := range n {
			c = append(c, v(p, h))
		}
		f.Clauses = append(f.Clauses, c)
	}
	for h := range n {
		for p := range n + 1 {
			for q := p + 1; q <= n; q++ {
				f.Add(-v(p, h), -v(q, h))
			}
		}
	}
	return f
}

// gophersatProof solves f with gophersat in certified mode and returns
// the lemmas it wrote, one per line, ending with "0" when f is
// unsatisfiable.
func gophersatProof(t testing.TB, f *cnf.Formula) (lines []string, unsat bool) {
	t.Helper()
	ints := make([][]int, len(f.Clauses))
	for i, c := range f.Clauses {
		for _, l := range c {
			ints[i] = append(ints[i], int(l))
		}
	}
	s := sat.New(sat.ParseSliceNb(ints, f.NumVars))
	s.Certified = true
	s.CertChan = make(chan string, 256)
	done := make(chan struct{})
	go func() {
		for l := range s.CertChan {
			lines = append(lines, l)
		}
		close(done)
	}()
	st := s.Solve()
	close(s.CertChan)
	<-done
	if st == sat.Unsat && (len(lines) == 0 || lines[len(lines)-1] != "0") {
		lines = append(lines, "0") // refuted while parsing: no lemma written
	}
	return lines, st == sat.Unsat
}

func dimacs(f *cnf.Formula) string {
	var b strings.Builder
	f.WriteDIMACS(&b)
	return b.String()
}

// explainValid is gophersat's own checker: every lemma RUP.
func explainValid(t *testing.T, f *cnf.Formula, proof string) bool {
	t.Helper()
	pb, err := explain.ParseCNF(strings.NewReader(dimacs(f)))
	if err != nil {
		t.Fatal(err)
	}
	ok, err := pb.Unsat(strings.NewReader(proof))
	if err != nil {
		t.Fatal(err)
	}
	return ok
}

// unsatFormulas are small unsatisfiable formulas with gophersat proofs of
// a few to a few hundred lemmas.
func unsatFormulas(t *testing.T) (fs []*cnf.Formula, proofs [][]string) {
	t.Helper()
	cands := []*cnf.Formula{pigeons(4), pigeons(5)}
	for seed := range uint64(12) {
		cands = append(cands, random3SAT(seed, 30+int(seed)*2, 5*(30+int(seed)*2)))
	}
	for i, f := range cands {
		lines, unsat := gophersatProof(t, f)
		if !unsat {
			t.Logf("formula %d is satisfiable; skipped", i)
			continue
		}
		fs, proofs = append(fs, f), append(proofs, lines)
	}
	if len(fs) < 8 {
		t.Fatalf("only %d unsatisfiable formulas", len(fs))
	}
	return fs, proofs
}

func join(lines []string) string { return strings.Join(lines, "\n") + "\n" }

func TestGophersatProofs(t *testing.T) {
	fs, proofs := unsatFormulas(t)
	for i, f := range fs {
		res := check(t, f, join(proofs[i]))
		if !res.Verified {
			t.Errorf("formula %d (%d lemmas): %s", i, len(proofs[i]), res.Reason)
		}
		if !explainValid(t, f, join(proofs[i])) {
			t.Errorf("formula %d: gophersat's explain rejects its own proof", i)
		}
	}
}

// TestTampered removes, changes and shortens lemmas of gophersat's proofs
// and compares each verdict with gophersat's explain checker (every lemma
// must be RUP; lemmas that are only RAT are counted apart). Some of the
// tampered proofs must fail, or the comparison proves nothing.
func TestTampered(t *testing.T) {
	fs, proofs := unsatFormulas(t)
	r := rand.New(rand.NewPCG(1, 2))
	rejected, total, ratOnly := 0, 0, 0
	for i, f := range fs {
		lines := proofs[i]
		if len(lines) < 3 {
			continue
		}
		for range 12 {
			k := r.IntN(len(lines) - 1) // never the final "0"
			lits := strings.Fields(lines[k])
			lits = lits[:len(lits)-1]
			var tampered []string
			var what string
			switch op := r.IntN(3); {
			case op == 0 || len(lits) == 0:
				what = "removed"
				tampered = append(append([]string(nil), lines[:k]...), lines[k+1:]...)
			case op == 1:
				what = "sign flipped"
				j := r.IntN(len(lits))
				lits[j] = fmt.Sprint(-atoi(t, lits[j]))
				tampered = replace(lines, k, lits)
			default:
				what = "literal dropped"
				j := r.IntN(len(lits))
				tampered = replace(lines, k, append(lits[:j:j], lits[j+1:]...))
			}
			total++
			res := check(t, f, join(tampered))
			want := explainValid(t, f, join(tampered))
			if !res.Verified {
				rejected++
			}
			switch {
			case res.Verified && !want && res.RAT > 0:
				ratOnly++
			case res.Verified != want:
				t.Errorf("formula %d, lemma %d %s: verified %v (%s), explain says %v", i, k+1, what, res.Verified, res.Reason, want)
			case !res.Verified && res.FailLemma == 0:
				t.Errorf("formula %d, lemma %d %s: rejected without naming a lemma: %s", i, k+1, what, res.Reason)
			}
		}
	}
	t.Logf("%d tampered proofs, %d rejected, %d accepted as RAT only", total, rejected, ratOnly)
	if rejected == 0 || rejected == total {
		t.Errorf("%d of %d tampered proofs rejected: the sample decides nothing", rejected, total)
	}
}

func replace(lines []string, k int, lits []string) []string {
	out := append([]string(nil), lines...)
	out[k] = strings.Join(append(lits, "0"), " ")
	return out
}

func atoi(t *testing.T, s string) int {
	var x int
	if _, err := fmt.Sscan(s, &x); err != nil {
		t.Fatal(err)
	}
	return x
}

// satisfiableWithout tries every assignment of f (f has few variables)
// and reports, per clause, whether f without that clause is satisfiable:
// whether some assignment falsifies that clause alone. all says whether f
// itself is.
func satisfiableWithout(f *cnf.Formula) (without []bool, all bool) {
	without = make([]bool, len(f.Clauses))
	m := make(cnf.Model, f.NumVars)
	for bits := range uint64(1) << f.NumVars {
		for v := range m {
			m[v] = bits>>v&1 == 1
		}
		falsified, which := 0, 0
		for i, c := range f.Clauses {
			if !slices.ContainsFunc(c, m.Value) {
				falsified++
				which = i
				if falsified > 1 {
					break
				}
			}
		}
		switch falsified {
		case 0:
			all = true
		case 1:
			without[which] = true
		}
	}
	return without, all
}

// TestSatisfiableRejected drops one clause at a time from small
// unsatisfiable formulas: whenever brute force finds the rest
// satisfiable, no proof can be right, and the original proof must fail.
// This is the "blocking clause dropped" case of a uniqueness proof.
func TestSatisfiableRejected(t *testing.T) {
	tried := 0
	for seed := range uint64(30) {
		f := random3SAT(100+seed, 14, 84)
		lines, unsat := gophersatProof(t, f)
		without, sat := satisfiableWithout(f)
		if !unsat || sat {
			continue
		}
		for i := range f.Clauses {
			if !without[i] {
				continue
			}
			g := &cnf.Formula{NumVars: f.NumVars, Clauses: append(append([]cnf.Clause(nil), f.Clauses[:i]...), f.Clauses[i+1:]...)}
			tried++
			if res := check(t, g, join(lines)); res.Verified {
				t.Errorf("seed %d, clause %d dropped: the formula is satisfiable but the proof is verified", seed, i+1)
			}
		}
	}
	if tried < 30 {
		t.Fatalf("only %d satisfiable variants tried", tried)
	}
	t.Logf("%d satisfiable variants, all rejected", tried)
}
