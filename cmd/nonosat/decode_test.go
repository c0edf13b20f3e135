package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/solver/backend"
)

// solveCNF answers a CNF in SAT-competition form, with gophersat through
// the worker protocol.
func solveCNF(t *testing.T, text string) string {
	t.Helper()
	var out bytes.Buffer
	if err := backend.ServeWorker(strings.NewReader(text+"c solve\n"), &out); err != nil {
		t.Fatalf("ServeWorker: %v", err)
	}
	return out.String()
}

// heartFiles writes the heart's CNF (without presolving, so that SAT has
// work to do) and a model of it in competition form, and returns their
// names and the model's literals.
func heartFiles(t *testing.T) (dir, cnfFile, modelFile string, lits []string) {
	t.Helper()
	needFormats(t, puzzle.NON)
	dir = t.TempDir()
	r := run(t, "dimacs", "testdata/heart.non", "--no-presolve")
	if r.code != exitOK {
		t.Fatalf("dimacs heart.non: %v", r)
	}
	cnfFile = filepath.Join(dir, "heart.cnf")
	modelFile = filepath.Join(dir, "heart.out")
	answer := solveCNF(t, r.stdout)
	write(t, cnfFile, r.stdout)
	write(t, modelFile, answer)
	_, v, _ := strings.Cut(answer, "\nv ")
	lits = strings.Fields(v)
	return dir, cnfFile, modelFile, lits[:len(lits)-1]
}

func write(t *testing.T, name, text string) {
	t.Helper()
	if err := os.WriteFile(name, []byte(text), 0o666); err != nil {
		t.Fatal(err)
	}
}

func heartGrid(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile("testdata/heart.grid")
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func TestDecodeForms(t *testing.T) {
	dir, cnfFile, modelFile, lits := heartFiles(t)
	want := heartGrid(t)
	split := "c solved by hand\ns SATISFIABLE\n"
	for i := 0; i < len(lits); i += 7 {
		split += "v " + strings.Join(lits[i:min(i+7, len(lits))], " ") + "\n"
	}
	split += "v 0\n"
	forms := map[string]string{
		"competition": string(must(os.ReadFile(modelFile))),
		"split":       split,
		"minisat":     "SAT\n" + strings.Join(lits, " ") + " 0\n",
		"bare":        strings.Join(lits, "\n") + "\n",
		"bare, no 0":  strings.Join(lits, " "),
	}
	for name, text := range forms {
		t.Run(name, func(t *testing.T) {
			file := filepath.Join(dir, "model")
			write(t, file, text)
			for _, args := range [][]string{
				{"--cnf", cnfFile, file},
				{"--puzzle", "testdata/heart.non", "--no-presolve", file},
				{"--puzzle", "testdata/heart.non", "--cnf", cnfFile, file},
				{file, "--cnf", cnfFile},
			} {
				r := run(t, append([]string{"decode"}, args...)...)
				if r.code != exitOK || r.stdout != want || r.stderr != "" {
					t.Errorf("decode %q: %v\nwant exit 0 and\n%s", args, r, want)
				}
			}
			r := runIn(t, strings.NewReader(text), "decode", "--cnf", cnfFile, "-")
			if r.code != exitOK || r.stdout != want {
				t.Errorf("decode --cnf heart.cnf - < model: %v", r)
			}
		})
	}
}

func must[T any](x T, err error) T {
	if err != nil {
		panic(err)
	}
	return x
}

func TestDecodeAnswers(t *testing.T) {
	dir, cnfFile, _, _ := heartFiles(t)
	tests := []struct {
		name, model string
		code        int
		stdout      string
		stderr      string // in stderr
	}{
		{"unsat", "c done\ns UNSATISFIABLE\n", exitNoSolution, "no solution\n", ""},
		{"minisat unsat", "UNSAT\n", exitNoSolution, "no solution\n", ""},
		{"unknown", "s UNKNOWN\n", exitUndecided, "", "the solver gave no answer"},
		{"empty", "", exitUndecided, "", "the solver gave no answer"},
		{"garbage", "c fine\n\nSegmentation fault (core dumped)\n", exitError, "", `model:3: bad solver output: "Segmentation" is not a literal`},
		{"beyond", "s SATISFIABLE\nv 1 -2 99999 0\n", exitError, "", "model:2: bad solver output: literal 99999 beyond"},
		{"sat, no model", "s SATISFIABLE\n", exitError, "", "model:1: bad solver output: satisfiable but no model given"},
		{"wrong model", "v -1 0\n", exitError, "", "model: the model does not satisfy " + cnfFile},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			file := filepath.Join(dir, "model")
			write(t, file, tt.model)
			r := run(t, "decode", "--cnf", cnfFile, file)
			if r.code != tt.code || r.stdout != tt.stdout || !strings.Contains(r.stderr, tt.stderr) {
				t.Errorf("decode of %q: %v\nwant exit %d, stdout %q, stderr with %q", tt.model, r, tt.code, tt.stdout, tt.stderr)
			}
			if tt.stderr != "" && (!strings.HasPrefix(r.stderr, "nonosat: "+file) || strings.Count(r.stderr, "\n") != 1) {
				t.Errorf("decode of %q: stderr %q, want one line naming the model file", tt.model, r.stderr)
			}
		})
	}
}

func TestDecodeErrors(t *testing.T) {
	dir, cnfFile, modelFile, _ := heartFiles(t)
	foreign := filepath.Join(dir, "foreign.cnf")
	write(t, foreign, "c made elsewhere\np cnf 2 1\n1 2 0\n")
	badCNF := filepath.Join(dir, "bad.cnf")
	write(t, badCNF, "p cnf 2 1\n1 x 0\n")
	badHeader := filepath.Join(dir, "badheader.cnf")
	write(t, badHeader, "c nonosat dimacs 1\nc width 0\np cnf 2 1\n1 2 0\n")
	other := filepath.Join(dir, "other.non")
	writePuzzle(t, other, puzzle.New([][]int{{1}, {}}, [][]int{{1}, {}}))
	allFalse := filepath.Join(dir, "false")
	write(t, allFalse, "s SATISFIABLE\nv -1 0\n")
	tests := []struct {
		name string
		args []string
		code int
		want string // in stderr
	}{
		{"no puzzle", []string{modelFile}, exitUsage, "missing --puzzle FILE (or --cnf FILE.cnf)"},
		{"no model", []string{"--cnf", cnfFile}, exitUsage, "missing arguments"},
		{"stdin twice", []string{"--puzzle", "-", "-"}, exitUsage, "only one input can be standard input"},
		{"index alone", []string{"--cnf", cnfFile, "--index", "2", modelFile}, exitUsage, "--index needs --puzzle"},
		{"no-presolve with cnf", []string{"--cnf", cnfFile, "--no-presolve", modelFile}, exitUsage, "--no-presolve is for decoding without --cnf"},
		{"no such puzzle", []string{"--puzzle", "testdata/heart.non", "--index", "2", modelFile}, exitUsage, "--index 2: testdata/heart.non holds 1 puzzle(s)"},
		{"missing model", []string{"--cnf", cnfFile, filepath.Join(dir, "missing")}, exitError, "missing"},
		{"missing cnf", []string{"--cnf", filepath.Join(dir, "missing.cnf"), modelFile}, exitError, "missing.cnf"},
		{"foreign cnf", []string{"--cnf", foreign, modelFile}, exitError, `foreign.cnf: bad nonosat header: no "nonosat dimacs 1" line (the CNF was not written by nonosat dimacs)`},
		{"bad cnf", []string{"--cnf", badCNF, modelFile}, exitError, `bad.cnf:2: bad DIMACS: literal "x"`},
		{"bad header", []string{"--cnf", badHeader, modelFile}, exitError, "badheader.cnf: comment line 2: bad nonosat header: width: 0 is not in 1..1000"},
		{"other puzzle", []string{"--cnf", cnfFile, "--puzzle", other, modelFile}, exitError, "heart.cnf is for a 7x6 puzzle, " + other + " is 2x2"},
		// heart.out answers the CNF of dimacs --no-presolve, which has
		// more variables than the encoding decode makes without it.
		{"written with --no-presolve", []string{"--puzzle", "testdata/heart.non", modelFile}, exitError, "(was the CNF written with --no-presolve? decode --no-presolve reads its model"},
		{"presolve mismatch", []string{"--puzzle", "testdata/heart.non", allFalse, "--no-presolve"}, exitError, "false: the model's grid is not a solution: row 1 reads 0, clue is 2 2 (was the CNF written with other options? --cnf reads the map from its header)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := run(t, append([]string{"decode"}, tt.args...)...)
			if r.code != tt.code || r.stdout != "" || !strings.Contains(r.stderr, tt.want) {
				t.Errorf("decode %q: %v\nwant exit %d, stderr with %q", tt.args, r, tt.code, tt.want)
			}
		})
	}
}
