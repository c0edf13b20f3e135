package drat

import (
	"strings"
	"testing"

	"github.com/nonosat/nonosat/cnf"
)

// formula parses a DIMACS text.
func formula(t *testing.T, text string) *cnf.Formula {
	t.Helper()
	f, _, err := cnf.ReadDIMACS(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func check(t *testing.T, f *cnf.Formula, proof string) *Result {
	t.Helper()
	res, err := Check(f, strings.NewReader(proof))
	if err != nil {
		t.Fatalf("proof %q: %v", proof, err)
	}
	return res
}

// Hand-made proofs whose answers follow from reading them: each case
// names the lemma that must fail, or 0 for a verified proof, or -1 for a
// proof that ends without a refutation.
func TestHandMade(t *testing.T) {
	// x1 is forced, then x2 by (-1 2); 3, 4 and 5 need reasoning.
	const chain = "p cnf 5 6\n1 0\n-1 2 0\n-2 3 4 0\n-2 3 -4 0\n-2 -3 5 0\n-2 -3 -5 0\n"
	// Every pair of (x1, x2) is ruled out; no units.
	const square = "p cnf 2 4\n1 2 0\n1 -2 0\n-1 2 0\n-1 -2 0\n"
	cases := []struct {
		name, cnf, proof string
		fail, line       int
	}{
		{"chain", chain, "3 0\n0\n", 0, 0},
		{"chain without the lemma", chain, "0\n", 1, 1},
		{"chain, lemma 3 changed to -3", chain, "-3 0\n0\n", 0, 0}, // -3 is RUP too: 5 and -5 clash
		{"chain, lemma changed to 4", chain, "4 0\n0\n", 0, 0},     // RUP: -4 forces 3, and 5 and -5 clash
		{"chain, lemma changed to -1", chain, "-1 0\n0\n", 1, 1},   // 1 is a unit of the input
		{"chain, comments and blank lines", chain, "c a comment\n\n3 0\nc another\n0\n", 0, 0},
		// Without 2, lemma 3 is no longer RUP, only RAT (its resolvents
		// with (-2 -3 5) and (-2 -3 -5) are RUP), and the empty clause fails.
		{"chain, reason of 2 deleted", chain, "d -1 2 0\n3 0\n0\n", 2, 3},
		{"chain, unit 1 deleted", chain, "d 1 0\n3 0\n0\n", 2, 3},
		{"chain, other clause deleted", chain, "d -2 -3 5 0\n3 0\n-3 0\n0\n", 2, 3},
		{"chain, no refutation", chain, "d -2 -3 5 0\n3 0\n", -1, 0},
		{"chain, lemma over two lines", chain, "3\n0\n0", 0, 0},
		{"square", square, "1 0\n0\n", 0, 0},
		{"square, first step the empty clause", square, "0\n1 0\n", 1, 1},
		{"square, empty proof", square, "", -1, 0},
		{"input refuted by propagation", "p cnf 1 2\n1 0\n-1 0\n", "", 0, 0},
		{"input with the empty clause", "p cnf 1 1\n0\n", "", 0, 0},
		// -3 is not RUP but RAT: no clause holds 3.
		{"RAT on a fresh variable", "p cnf 3 4\n1 2 0\n1 -2 0\n-1 2 0\n-1 -2 0\n", "-3 0\n1 0\n0\n", 0, 0},
	}
	for _, tc := range cases {
		res := check(t, formula(t, tc.cnf), tc.proof)
		switch {
		case tc.fail == 0 && !res.Verified:
			t.Errorf("%s: not verified: %s", tc.name, res.Reason)
		case tc.fail != 0 && res.Verified:
			t.Errorf("%s: verified, want a failure", tc.name)
		case tc.fail > 0 && (res.FailLemma != tc.fail || res.FailLine != tc.line):
			t.Errorf("%s: fails at lemma %d line %d (%s), want lemma %d line %d", tc.name, res.FailLemma, res.FailLine, res.Reason, tc.fail, tc.line)
		case tc.fail < 0 && res.FailLemma != 0:
			t.Errorf("%s: lemma %d fails, want an unfinished proof: %s", tc.name, res.FailLemma, res.Reason)
		}
	}
}

func TestSyntaxErrors(t *testing.T) {
	f := formula(t, "p cnf 2 1\n1 2 0\n")
	for _, proof := range []string{"1 x 0\n", "1 2\n", "1 d 2 0\n", "d\n"} {
		if _, err := Check(f, strings.NewReader(proof)); err == nil {
			t.Errorf("proof %q: no error", proof)
		}
	}
}

// TestBinary checks the same proof in text and in drat-trim's binary
// form.
func TestBinary(t *testing.T) {
	f := formula(t, "p cnf 5 6\n1 0\n-1 2 0\n-2 3 4 0\n-2 3 -4 0\n-2 -3 5 0\n-2 -3 -5 0\n")
	enc := func(steps ...[]int) string {
		var b []byte
		for _, s := range steps {
			op, lits := s[0], s[1:]
			b = append(b, byte(op))
			for _, l := range lits {
				u := uint(2 * l)
				if l < 0 {
					u = uint(-2*l) + 1
				}
				for u >= 0x80 {
					b = append(b, byte(u)|0x80)
					u >>= 7
				}
				b = append(b, byte(u))
			}
			b = append(b, 0)
		}
		return string(b)
	}
	if res := check(t, f, enc([]int{'a', 3}, []int{'a'})); !res.Verified {
		t.Errorf("binary proof not verified: %s", res.Reason)
	}
	res := check(t, f, enc([]int{'d', -1, 2}, []int{'a', 3}, []int{'a'}))
	if res.Verified || res.FailLemma != 2 || res.FailLine != 7 {
		t.Errorf("binary proof with the reason deleted: verified %v, lemma %d at byte %d, want lemma 2 at byte 7", res.Verified, res.FailLemma, res.FailLine)
	}
	// A variable over 127 takes two bytes.
	g := formula(t, "p cnf 200 2\n200 0\n-200 0\n")
	if res := check(t, g, enc([]int{'a', -200})); !res.Verified {
		t.Errorf("two-byte literal: %s", res.Reason)
	}
}
