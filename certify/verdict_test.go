package certify_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/nonosat/nonosat/certify"
	"github.com/nonosat/nonosat/cnf"
	"github.com/nonosat/nonosat/decode"
	"github.com/nonosat/nonosat/drat"
	"github.com/nonosat/nonosat/encode"
	"github.com/nonosat/nonosat/internal/randpuzzle"
	"github.com/nonosat/nonosat/linesolve"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/solver"
)

// checkCertificate checks the certificate of res for p the way a user
// would, from the files alone: the CNF as written (read back with the
// DIMACS reader), the proof with package drat, each model against the
// clauses and, decoded through the CNF's header, against the clues. It
// returns the proof's result (nil for multiple).
func checkCertificate(t *testing.T, p *puzzle.Puzzle, res *solver.Result, o solver.Options) *drat.Result {
	t.Helper()
	var proof bytes.Buffer
	cert, err := certify.Verdict(context.Background(), p, res, o, &proof)
	if err != nil {
		t.Fatalf("Certify (%s): %v", res.Verdict, err)
	}
	var text bytes.Buffer
	if err := cert.Encoding.WriteDIMACS(&text, p, encode.DIMACSOptions{Block: cert.Block}); err != nil {
		t.Fatal(err)
	}
	f, comments, err := cnf.ReadDIMACS(&text)
	if err != nil {
		t.Fatal(err)
	}
	hdr, err := decode.ParseHeader(comments)
	if err != nil {
		t.Fatal(err)
	}
	n := len(f.Clauses)
	unblocked := &cnf.Formula{NumVars: f.NumVars, Clauses: f.Clauses[:n-len(cert.Block)]}
	var grids []puzzle.Grid
	for i, lits := range cert.Models {
		m, ok := drat.Complete(unblocked, lits)
		if !ok || !m.Satisfies(unblocked) {
			t.Fatalf("%s: model %d does not satisfy the clues' CNF", res.Verdict, i+1)
		}
		g := hdr.Grid(m)
		if err := puzzle.Check(p, g); err != nil {
			t.Fatalf("%s: model %d decodes to a grid that fails Check: %v", res.Verdict, i+1, err)
		}
		grids = append(grids, g)
	}
	switch res.Verdict {
	case solver.Multiple:
		if len(grids) != 2 || grids[0].Equal(grids[1]) || len(cert.Block) != 0 || proof.Len() != 0 {
			t.Fatalf("multiple: %d models, %d blocked, %d bytes of proof; want two different solutions and nothing else", len(grids), len(cert.Block), proof.Len())
		}
		return nil
	case solver.Unique:
		if m, _ := drat.Complete(unblocked, cert.Models[0]); len(grids) != 1 || len(cert.Block) != 1 || m.Satisfies(f) {
			t.Fatalf("unique: %d models, %d blocked; want the solution, blocked by the last clause", len(grids), len(cert.Block))
		}
	case solver.None:
		if len(grids) != 0 || len(cert.Block) != 0 {
			t.Fatalf("none: %d models, %d blocked", len(grids), len(cert.Block))
		}
	}
	dr, err := drat.Check(f, bytes.NewReader(proof.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if !dr.Verified {
		t.Fatalf("%s: proof of %d bytes not verified: %s", res.Verdict, proof.Len(), dr.Reason)
	}
	if st := linesolve.NewState(p); dr.Lemmas > 1 && st.Propagate() && !st.Solved() {
		// Line solving alone does not decide: a proof without its
		// lemmas, only the empty clause, must fail.
		bare, err := drat.Check(f, bytes.NewReader([]byte("0\n")))
		if err != nil {
			t.Fatal(err)
		}
		if bare.Verified {
			t.Fatalf("%s: the CNF is refuted without the proof's %d lemmas", res.Verdict, dr.Lemmas)
		}
	}
	if v, ok := dratTrim(t, f, proof.Bytes()); ok && !v {
		t.Fatalf("%s: drat-trim rejects the proof", res.Verdict)
	}
	if res.Verdict == solver.Unique {
		// Without its blocking clause the CNF has a model, the solution:
		// no proof may pass.
		dropped, err := drat.Check(unblocked, bytes.NewReader(proof.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		if dropped.Verified {
			t.Fatalf("unique: the proof passes without the blocking clause, on a satisfiable CNF")
		}
		if v, ok := dratTrim(t, unblocked, proof.Bytes()); ok && v {
			t.Fatalf("unique: drat-trim accepts the proof without the blocking clause")
		}
	}
	return dr
}

// dratTrim runs drat-trim, when it is on PATH, on f and proof, and
// reports whether it verified the proof; ok is false without drat-trim
// (Debian has no package: build it from github.com/marijnheule/drat-trim).
func dratTrim(t *testing.T, f *cnf.Formula, proof []byte) (verified, ok bool) {
	t.Helper()
	path, err := exec.LookPath("drat-trim")
	if err != nil {
		return false, false
	}
	dir := t.TempDir()
	cnfFile, proofFile := filepath.Join(dir, "f.cnf"), filepath.Join(dir, "f.drat")
	var text bytes.Buffer
	if err := f.WriteDIMACS(&text); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(cnfFile, text.Bytes(), 0o666); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(proofFile, proof, 0o666); err != nil {
		t.Fatal(err)
	}
	out, _ := exec.Command(path, cnfFile, proofFile).CombinedOutput() // its exit code varies by version
	switch {
	case bytes.Contains(out, []byte("s VERIFIED")):
		return true, true
	case bytes.Contains(out, []byte("s NOT VERIFIED")):
		return false, true
	}
	t.Fatalf("drat-trim gives no answer: %s", out)
	return false, false
}

func TestCertify(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(19, 1))
	ps := []*puzzle.Puzzle{
		puzzle.New([][]int{{1}, {3}, {1}}, [][]int{{1}, {3}, {1}}),
		puzzle.New([][]int{{2}, {}}, [][]int{{2}, {}}),
		puzzle.New([][]int{{1, 1}, {1}, {}}, [][]int{{2}, {1}, {}}),
		permutation(5),
	}
	for range 40 {
		h, w := 3+rng.IntN(20), 3+rng.IntN(20)
		colors := 1 + rng.IntN(3)
		p := puzzle.FromGrid(randpuzzle.Grid(rng, h, w, colors, 0.5), randpuzzle.Palette(colors))
		p.Goal = nil
		ps = append(ps, p)
	}
	count := map[solver.Verdict]int{}
	for i, p := range ps {
		o := solver.Options{Proof: &certify.Trace{}}
		res, err := solver.Solve(context.Background(), p, o)
		if err != nil {
			t.Fatal(err)
		}
		count[res.Verdict]++
		t.Run(string(res.Verdict), func(t *testing.T) {
			if res.Verdict != solver.Multiple && !traced(o) {
				t.Fatalf("%s: the verdict's trace is not complete", res.Verdict)
			}
			if dr := checkCertificate(t, p, res, o); dr != nil {
				t.Logf("puzzle %d: %s, %d lemmas", i, res.Verdict, dr.Lemmas)
			}
			if res.Verdict != solver.Multiple { // the learner run afresh from line solving
				checkCertificate(t, p, res, solver.Options{})
			}
		})
	}
	for _, v := range []solver.Verdict{solver.Unique, solver.Multiple, solver.None} {
		if count[v] == 0 {
			t.Errorf("no %s puzzle among %d: %v", v, len(ps), count)
		}
	}
}

// TestCertifyEncodings: the certificate of a solve with --encoding
// checks whatever the encoding. The proofs of line solving and the
// learner follow by unit propagation on the path encoding alone; the
// puzzle is one that line solving decides, so its proof is the empty
// clause, which unit propagation on the classic encoding does not give.
func TestCertifyEncodings(t *testing.T) {
	t.Parallel()
	ps := []*puzzle.Puzzle{
		puzzle.New([][]int{{3}, {2}}, [][]int{{1}, {2}, {1}, {1}}), // unique
		puzzle.New([][]int{{3}, {2}}, [][]int{{2}, {1}, {1}, {1}}), // none
	}
	for _, kind := range encode.Kinds() {
		for _, road := range []struct {
			name string
			o    solver.Options
		}{
			{"trace", solver.Options{Proof: &certify.Trace{}}},
			{"learner", solver.Options{NoPresolve: true}},
			{"gophersat", solver.Options{NoSearch: true}},
		} {
			for i, p := range ps {
				o := road.o
				o.Encoding = kind
				t.Run(fmt.Sprintf("%s/%s/%d", kind, road.name, i), func(t *testing.T) {
					res, err := solver.Solve(context.Background(), p, o)
					if err != nil {
						t.Fatal(err)
					}
					if want := []solver.Verdict{solver.Unique, solver.None}[i]; res.Verdict != want {
						t.Fatalf("Solve verdict = %s, want %s", res.Verdict, want)
					}
					checkCertificate(t, p, res, o)
				})
			}
		}
	}
}

// TestCertifySearch: random black-and-white puzzles that unit
// propagation alone does not decide (probing does), so that their proofs
// hold lemmas: those the verdict's own run traced (probing's and the
// learner's; the default), the learner's run afresh from line solving
// (without a trace), and gophersat's with
// --no-search, in process and in a worker process. The learner's proofs
// of colour puzzles (its literals say which colour a cell has, the CNF's
// are a variable per cell and colour) are checked on the same puzzles
// with a second colour in the palette that no clue uses, which sends them
// the colour way through the learner and the encoder: small random colour
// puzzles that are unique are line-solvable.
func TestCertifySearch(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(7, 1))
	sat := workerOptions(t)
	sat.NoSearch = true
	roads := []struct {
		name          string
		o             solver.Options
		colour        bool
		most, proved  int
		wantMost, min int
	}{
		{name: "trace", o: solver.Options{Proof: &certify.Trace{}}, wantMost: 10, min: 3},
		{name: "trace, colour way", o: solver.Options{Proof: &certify.Trace{}}, colour: true, wantMost: 10, min: 3},
		{name: "learner", o: solver.Options{}, wantMost: 10, min: 4},
		{name: "learner, colour way", o: solver.Options{}, colour: true, wantMost: 10, min: 4},
		{name: "gophersat", o: solver.Options{NoSearch: true}, wantMost: 50, min: 4},
		{name: "gophersat worker", o: sat, wantMost: 50, min: 4},
	}
	for range 110 {
		h, w := 8+rng.IntN(12), 8+rng.IntN(12)
		p := puzzle.FromGrid(randpuzzle.Grid(rng, h, w, 1, 0.45+0.2*rng.Float64()), randpuzzle.Palette(1))
		p.Goal = nil
		res, err := solver.Solve(context.Background(), p, solver.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if res.Verdict != solver.Unique {
			continue
		}
		pc := *p
		pc.Palette = randpuzzle.Palette(2)
		for i := range roads {
			q := p
			if roads[i].colour {
				q = &pc
			}
			res := res
			if o := roads[i].o; o.Proof != nil { // the verdict's own run
				var err error
				if res, err = solver.Solve(context.Background(), q, o); err != nil || res.Verdict != solver.Unique || !traced(o) {
					t.Fatalf("%s: Solve = %v, %v, trace complete %v", roads[i].name, res.Verdict, err, traced(o))
				}
			}
			if dr := checkCertificate(t, q, res, roads[i].o); dr.Lemmas > 1 {
				roads[i].proved++
				roads[i].most = max(roads[i].most, dr.Lemmas)
			}
		}
	}
	for _, r := range roads {
		if r.most < r.wantMost || r.proved < r.min {
			t.Errorf("%s: %d proofs with lemmas, at most %d lemmas: the sample tests little", r.name, r.proved, r.most)
		}
		t.Logf("%s: %d proofs with lemmas, up to %d", r.name, r.proved, r.most)
	}
}

// TestCertifyNoVerdict: a timeout has no certificate.
func TestCertifyNoVerdict(t *testing.T) {
	t.Parallel()
	p := permutation(3)
	_, err := certify.Verdict(context.Background(), p, &solver.Result{Verdict: solver.Timeout}, solver.Options{}, &bytes.Buffer{})
	if !errors.Is(err, certify.ErrNoProof) {
		t.Fatalf("Certify(timeout) = %v, want ErrNoProof", err)
	}
}

// TestCertifyWrongVerdict: a unique verdict for a puzzle with two
// solutions must not get a certificate.
func TestCertifyWrongVerdict(t *testing.T) {
	t.Parallel()
	p := permutation(2)
	res, err := solver.Solve(context.Background(), p, solver.Options{})
	if err != nil || res.Verdict != solver.Multiple {
		t.Fatalf("Solve = %v, %v", res, err)
	}
	lie := &solver.Result{Verdict: solver.Unique, Solutions: res.Solutions[:1]}
	if _, err := certify.Verdict(context.Background(), p, lie, solver.Options{}, &bytes.Buffer{}); !errors.Is(err, solver.ErrBug) {
		t.Fatalf("Certify(a wrong unique) = %v, want ErrBug", err)
	}
}

// TestCertifyCadical: CaDiCaL's DRAT proofs, deletions included, pass the
// checker, and Options.BeforeChild is called before CaDiCaL runs.
func TestCertifyCadical(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("cadical"); err != nil {
		t.Skip("cadical not installed (Debian package cadical)")
	}
	calls := 0
	o := solver.Options{Backend: "cadical", BeforeChild: func() { calls++ }}
	for _, p := range []*puzzle.Puzzle{
		puzzle.New([][]int{{1}, {3}, {1}}, [][]int{{1}, {3}, {1}}),
		puzzle.New([][]int{{1, 1}, {1}, {}}, [][]int{{2}, {1}, {}}),
	} {
		res, err := solver.Solve(context.Background(), p, o)
		if err != nil {
			t.Fatal(err)
		}
		checkCertificate(t, p, res, o)
	}
	if calls == 0 {
		t.Error("CaDiCaL proved the verdicts without a call of Options.BeforeChild")
	}
}

// TestDratTrim says whether drat-trim, the reference DRAT checker, took
// part: when it is on PATH, checkCertificate runs it on every certificate
// of these tests (and of TestCorpusProofs), and it must accept the proof
// and reject it without the blocking clause.
func TestDratTrim(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("drat-trim"); err != nil {
		t.Skip("drat-trim not on PATH (no Debian package: build it from github.com/marijnheule/drat-trim)")
	}
	p := puzzle.New([][]int{{1}, {3}, {1}}, [][]int{{1}, {3}, {1}})
	res, err := solver.Solve(context.Background(), p, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	checkCertificate(t, p, res, solver.Options{})
}

// TestCertifyCluesThatCannotHold: a clue too long for its line, with
// totals that agree, has a DRAT certificate of none that checks.
func TestCertifyCluesThatCannotHold(t *testing.T) {
	p := puzzle.New([][]int{{3}, {}}, [][]int{{2}, {1}})
	for _, o := range []solver.Options{{}, {NoSearch: true}, {NoPresolve: true}} {
		o.Proof = &certify.Trace{}
		res, err := solver.Solve(context.Background(), p, o)
		if err != nil || res.Verdict != solver.None {
			t.Fatalf("Solve(%+v) = %v, %v; want none", o, res.Verdict, err)
		}
		checkCertificate(t, p, res, o)
	}
}
