package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nonosat/nonosat/puzzle"
)

// TestProofRoundTrip writes certificates with check --proof and solve
// --proof and checks them with proof check, then tampers with them: the
// CNF without its blocking clause, a proof cut short, a solution file
// with a model changed.
func TestProofRoundTrip(t *testing.T) {
	dir := t.TempDir()
	one := [][]int{{1}, {1}, {1}}
	puzzles := map[string]*puzzle.Puzzle{
		"cross":  puzzle.New([][]int{{1}, {3}, {1}}, [][]int{{1}, {3}, {1}}),
		"clash":  puzzle.New([][]int{{1, 1}, {1}, {}}, [][]int{{2}, {1}, {}}),
		"perm":   puzzle.New(one, one),
		"letter": puzzle.New([][]int{{3}, {1, 1}, {3}, {1}, {1}}, [][]int{{5}, {1, 1}, {3}}),
	}
	out := filepath.Join(dir, "proofs")
	for name, p := range puzzles {
		writePuzzle(t, filepath.Join(dir, name+".non"), p)
	}
	cases := []struct {
		name, cmd string
		code      int
		files     []string // suffixes written
	}{
		{"cross", "check", exitOK, []string{".cnf", ".drat", ".sol"}},
		{"letter", "solve", exitOK, []string{".cnf", ".drat", ".sol"}},
		{"clash", "check", exitNoSolution, []string{".cnf", ".drat"}},
		{"perm", "check", exitMultiple, []string{".cnf", ".sol"}},
	}
	for _, tc := range cases {
		r := run(t, tc.cmd, "--proof", out, filepath.Join(dir, tc.name+".non"))
		if r.code != tc.code {
			t.Fatalf("%s %s: %v", tc.cmd, tc.name, r)
		}
		for _, suf := range []string{".cnf", ".drat", ".sol"} {
			_, err := os.Stat(filepath.Join(out, tc.name+suf))
			if want := strings.Contains(strings.Join(tc.files, " "), suf); want != (err == nil) {
				t.Errorf("%s: %s%s written: %v, want %v", tc.name, tc.name, suf, err == nil, want)
			}
		}
		base := filepath.Join(out, tc.name)
		for _, suf := range tc.files[1:] {
			r := run(t, "proof", "check", base+".cnf", base+suf)
			if r.code != exitOK || !strings.Contains(r.stdout, "verified") || strings.Contains(r.stdout, "not verified") || r.stderr != "" {
				t.Errorf("proof check %s%s: %v", tc.name, suf, r)
			}
		}
	}

	// Tampering. The cross's CNF less its last clause (the blocking
	// clause) has a model, the solution: the proof must fail.
	base := filepath.Join(out, "cross")
	text, err := os.ReadFile(base + ".cnf")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(text), "\n"), "\n")
	dropped := filepath.Join(dir, "dropped.cnf")
	if err := os.WriteFile(dropped, []byte(strings.Join(lines[:len(lines)-1], "\n")+"\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	r := run(t, "proof", "check", dropped, base+".drat")
	if r.code != exitError || !strings.Contains(r.stdout, "not verified") {
		t.Errorf("proof check without the blocking clause: %v", r)
	}
	// Its problem line still counts the clause: say so.
	var vars, clauses int
	for _, l := range lines {
		if _, err := fmt.Sscanf(l, "p cnf %d %d", &vars, &clauses); err == nil {
			break
		}
	}
	if want := fmt.Sprintf("warning: %s: the problem line declares %d clauses, the file holds %d", dropped, clauses, clauses-1); clauses == 0 || !strings.Contains(r.stderr, want) {
		t.Errorf("proof check without the blocking clause: stderr %q, want %q", r.stderr, want)
	}
	// The multiple's two models, the second replaced by the first.
	sol, err := os.ReadFile(filepath.Join(out, "perm.sol"))
	if err != nil {
		t.Fatal(err)
	}
	parts := strings.SplitAfter(string(sol), "c solution 2 of 2")
	first := strings.SplitN(parts[0], "c solution 1 of 2", 2)[1]
	same := filepath.Join(dir, "same.sol")
	if err := os.WriteFile(same, []byte(parts[0]+first), 0o666); err != nil {
		t.Fatal(err)
	}
	if r := run(t, "proof", "check", filepath.Join(out, "perm.cnf"), same); r.code != exitError || !strings.Contains(r.stdout, "not verified") {
		t.Errorf("proof check of two equal models: %v", r)
	}
	// The unique's solution, a cell flipped: the cells name a grid that
	// is no solution, and no completion of it may pass.
	sol, err = os.ReadFile(base + ".sol")
	if err != nil {
		t.Fatal(err)
	}
	head, vline, ok := strings.Cut(string(sol), "\nv ")
	if !ok {
		t.Fatalf("cross.sol has no v line: %q", sol)
	}
	fields := strings.Fields(vline)
	for i, f := range fields[:len(fields)-1] {
		flipped := append([]string(nil), fields...)
		flipped[i] = strings.TrimPrefix("-"+f, "--")
		bad := filepath.Join(dir, "bad.sol")
		if err := os.WriteFile(bad, []byte(head+"\nv "+strings.Join(flipped, " ")+"\n"), 0o666); err != nil {
			t.Fatal(err)
		}
		if r := run(t, "proof", "check", base+".cnf", bad); r.code != exitError || !strings.Contains(r.stdout, "not verified") {
			t.Errorf("proof check of the solution with literal %s flipped: %v", f, r)
		}
	}
	// An empty proof of a CNF that unit propagation does not refute.
	empty := filepath.Join(dir, "empty.drat")
	os.WriteFile(empty, nil, 0o666)
	if r := run(t, "proof", "check", dropped, empty); r.code != exitError || !strings.Contains(r.stdout, "not verified") {
		t.Errorf("proof check of an empty proof: %v", r)
	}
}

func TestProofUsage(t *testing.T) {
	dir := t.TempDir()
	cnfFile := filepath.Join(dir, "x.cnf")
	os.WriteFile(cnfFile, []byte("p cnf 2 1\n1 2 0\n"), 0o666)
	bad := filepath.Join(dir, "bad.drat")
	os.WriteFile(bad, []byte("1 x 0\n"), 0o666)
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"proof"}, exitUsage, "missing arguments"},
		{[]string{"proof", "frobnicate"}, exitUsage, "unknown action"},
		{[]string{"proof", "check", cnfFile}, exitUsage, "missing arguments"},
		{[]string{"proof", "check", cnfFile, "a", "b"}, exitUsage, "too many arguments"},
		{[]string{"proof", "check", filepath.Join(dir, "none.cnf"), bad}, exitError, "none.cnf"},
		{[]string{"proof", "check", cnfFile, bad}, exitError, "line 1"},
	} {
		r := run(t, tc.args...)
		if r.code != tc.code || !strings.Contains(r.stderr, tc.want) {
			t.Errorf("%q: %v\nwant exit %d and %q on stderr", tc.args, r, tc.code, tc.want)
		}
	}
}

// TestProofTimeoutWorker: with --timeout the certified search runs in a
// worker process (this test binary, see TestMain); webpbn 65's proof
// needs a dozen lemmas of search.
func TestProofTimeoutWorker(t *testing.T) {
	file := filepath.Join("..", "..", "..", "shared", "corpora", "webpbn-survey-nin", "webpbn-00065.nin")
	if _, err := os.Stat(file); err != nil {
		t.Skipf("needs ../shared/corpora beside the repository: %v", err)
	}
	out := t.TempDir()
	if r := run(t, "check", "--proof", out, "--timeout", "2m", file); r.code != exitOK {
		t.Fatalf("check --proof --timeout: %v", r)
	}
	base := filepath.Join(out, "webpbn-00065")
	text, err := os.ReadFile(base + ".drat")
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(text), "\n"); n < 2 {
		t.Errorf("the proof has %d lines; want gophersat's lemmas", n)
	}
	for _, suf := range []string{".drat", ".sol"} {
		if r := run(t, "proof", "check", base+".cnf", base+suf); r.code != exitOK {
			t.Errorf("proof check %s: %v", suf, r)
		}
	}
}
