package certify_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/nonosat/nonosat/certify"
	"github.com/nonosat/nonosat/cnf"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/solver"
)

// certificate solves p, writes its certificate to a folder and returns
// the CNF and the text of the solution file.
func certificate(t *testing.T, p *puzzle.Puzzle) (certify.CNF, string) {
	t.Helper()
	dir := t.TempDir()
	o := solver.Options{Max: 2, Proof: &certify.Trace{}}
	res, err := solver.Solve(context.Background(), p, o)
	if err != nil {
		t.Fatal(err)
	}
	if err := certify.Write(context.Background(), certify.Dir(dir), "p", p, res, o, 0); err != nil {
		t.Fatal(err)
	}
	fh, err := os.Open(filepath.Join(dir, "p.cnf"))
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	f, comments, err := cnf.ReadDIMACS(fh)
	if err != nil {
		t.Fatal(err)
	}
	sol, err := os.ReadFile(filepath.Join(dir, "p.sol"))
	if err != nil {
		t.Fatal(err)
	}
	return certify.CNF{Name: "p.cnf", Formula: f, Comments: comments}, string(sol)
}

var (
	cross = puzzle.New([][]int{{1}, {3}, {1}}, [][]int{{1}, {3}, {1}})
	perm  = puzzle.New([][]int{{1}, {1}, {1}}, [][]int{{1}, {1}, {1}}) // 3! solutions
)

// The certificates Write makes verify: a unique verdict's one model
// satisfies all but the blocking clause, a multiple's two models all.
func TestCheckSolutions(t *testing.T) {
	for _, tt := range []struct {
		name string
		p    *puzzle.Puzzle
		want []certify.ModelFit
	}{
		{"unique", cross, []certify.ModelFit{certify.SatisfiesButLast}},
		{"multiple", perm, []certify.ModelFit{certify.Satisfies, certify.Satisfies}},
	} {
		in, sol := certificate(t, tt.p)
		got, err := certify.CheckSolutions(in, "p.sol", strings.NewReader(sol))
		if err != nil || !got.Verified() || !slices.Equal(got.Models, tt.want) {
			t.Errorf("%s: CheckSolutions = %+v, %v; want verified, %v", tt.name, got, err, tt.want)
		}
	}
}

// Tampered solution files fail: each cell literal of the unique model
// flipped, and the multiple's second model replaced by its first.
func TestCheckSolutionsTampered(t *testing.T) {
	in, sol := certificate(t, cross)
	head, vline, ok := strings.Cut(sol, "\nv ")
	if !ok {
		t.Fatalf("no v line in %q", sol)
	}
	fields := strings.Fields(vline)
	for i, f := range fields[:len(fields)-1] {
		flipped := slices.Clone(fields)
		flipped[i] = strings.TrimPrefix("-"+f, "--")
		bad := head + "\nv " + strings.Join(flipped, " ") + "\n"
		if got, err := certify.CheckSolutions(in, "p.sol", strings.NewReader(bad)); err != nil || got.Verified() {
			t.Errorf("literal %s flipped: CheckSolutions = %+v, %v; want not verified", f, got, err)
		}
	}

	in, sol = certificate(t, perm)
	first, _, _ := strings.Cut(sol, "c solution 2 of 2")
	got, err := certify.CheckSolutions(in, "p.sol", strings.NewReader(first+first))
	if err != nil || got.Failure != "models 1 and 2 are the same solution" {
		t.Errorf("one model twice: CheckSolutions = %+v, %v; want the same solution twice", got, err)
	}
	got, err = certify.CheckSolutions(in, "p.sol", strings.NewReader("c nothing\n"))
	if err != nil || got.Failure != "no model" {
		t.Errorf("no model: CheckSolutions = %+v, %v; want failure \"no model\"", got, err)
	}
}

// Files that cannot be read are errors naming the file and line, with
// the models read before them.
func TestCheckSolutionsErrors(t *testing.T) {
	in, sol := certificate(t, perm)
	tests := []struct {
		name, text string
		models     int
		want       string
	}{
		{"bad literal", "c x\ns SATISFIABLE\nv 1 x 0\n", 0, "p.sol:3: "},
		{"second model bad", sol[:strings.Index(sol, "c solution 2")] + "s SATISFIABLE\nv 1 2 x\n", 1, "p.sol:"},
		{"unsatisfiable", "s UNSATISFIABLE\n", 0, "p.sol:1: answer"},
	}
	for _, tt := range tests {
		got, err := certify.CheckSolutions(in, "p.sol", strings.NewReader(tt.text))
		var se *certify.SolutionsError
		if !errors.As(err, &se) || !strings.HasPrefix(err.Error(), tt.want) || len(got.Models) != tt.models {
			t.Errorf("%s: CheckSolutions = %+v, %v; want a SolutionsError %q after %d models", tt.name, got, err, tt.want, tt.models)
		}
	}
}

func TestIsSolutions(t *testing.T) {
	for in, want := range map[string]bool{
		"c a comment\ns SATISFIABLE\nv 1 0\n": true,
		"\n\ns SATISFIABLE\n":                 true,
		"1 2 0\nd 1 0\n":                      false,
		"c only comments\n":                   false,
		"":                                    false,
	} {
		if got := certify.IsSolutions([]byte(in)); got != want {
			t.Errorf("IsSolutions(%q) = %v, want %v", in, got, want)
		}
	}
}
