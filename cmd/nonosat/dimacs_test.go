package main

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nonosat/nonosat/cnf"
	"github.com/nonosat/nonosat/decode"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/solver"
)

// readCNFText parses DIMACS text written by the dimacs command.
func readCNFText(t *testing.T, text string) (*cnf.Formula, *decode.Map) {
	t.Helper()
	f, comments, err := cnf.ReadDIMACS(strings.NewReader(text))
	if err != nil {
		t.Fatalf("ReadDIMACS(dimacs output) error = %v", err)
	}
	m, err := decode.ParseHeader(comments)
	if err != nil {
		t.Fatalf("ParseHeader(dimacs output) error = %v", err)
	}
	return f, m
}

func TestDimacs(t *testing.T) {
	needFormats(t, puzzle.NON)
	r := run(t, "dimacs", "testdata/heart.non")
	if r.code != exitOK || r.stderr != "" {
		t.Fatalf("dimacs heart.non: %v", r)
	}
	if !strings.HasPrefix(r.stdout, "c nonosat dimacs 1\nc title \"Heart\"\nc width 7\nc height 6\n") {
		t.Errorf("dimacs heart.non begins %q", r.stdout[:min(len(r.stdout), 100)])
	}
	f, m := readCNFText(t, r.stdout)
	if m.Width != 7 || m.Height != 6 || m.Blocked != 0 || m.Puzzle() == nil {
		t.Errorf("dimacs heart.non header = %+v", m)
	}
	if int(m.MaxVar()) > f.NumVars {
		t.Errorf("dimacs heart.non: header names variable %d of %d", m.MaxVar(), f.NumVars)
	}

	again := run(t, "dimacs", "testdata/heart.non")
	if again.stdout != r.stdout {
		t.Error("dimacs heart.non twice gives two different outputs")
	}

	out := filepath.Join(t.TempDir(), "heart.cnf")
	r = run(t, "dimacs", "testdata/heart.non", "-o", out)
	if r.code != exitOK || r.stdout != "" {
		t.Fatalf("dimacs heart.non -o %s: %v", out, r)
	}
	if data, err := os.ReadFile(out); err != nil || string(data) != again.stdout {
		t.Errorf("dimacs -o wrote %q, %v; want what it prints", data, err)
	}
}

func TestDimacsOptions(t *testing.T) {
	needFormats(t, puzzle.NON)
	base := run(t, "dimacs", "testdata/heart.non", "--no-presolve")
	fBase, _ := readCNFText(t, base.stdout)

	r := run(t, "dimacs", "testdata/heart.non", "--no-presolve", "--block-goal")
	f, m := readCNFText(t, r.stdout)
	if r.code != exitOK || m.Blocked != 1 || len(f.Clauses) != len(fBase.Clauses)+1 {
		t.Errorf("dimacs --block-goal: %d clauses, blocked %d; want %d, 1\n%v", len(f.Clauses), m.Blocked, len(fBase.Clauses)+1, r)
	}
	// heart.grid is the goal: one solution named twice is one clause.
	r = run(t, "dimacs", "testdata/heart.non", "--no-presolve", "--block", "testdata/heart.grid", "--block-goal")
	if f, m := readCNFText(t, r.stdout); r.code != exitOK || m.Blocked != 1 || len(f.Clauses) != len(fBase.Clauses)+1 {
		t.Errorf("dimacs --block heart.grid --block-goal: %d clauses, blocked %d; want %d, 1\n%v", len(f.Clauses), m.Blocked, len(fBase.Clauses)+1, r)
	}

	// Presolving fixes every cell of the heart: with --no-units the
	// formula has no clause left and every cell is "fixed".
	for _, flag := range []string{"--no-units", "--units=false"} {
		r = run(t, "dimacs", "testdata/heart.non", flag)
		f, _ = readCNFText(t, r.stdout)
		if n := strings.Count(r.stdout, "\nc fixed "); r.code != exitOK || n != 42 || len(f.Clauses) != 0 {
			t.Errorf("dimacs %s: %d fixed lines, %d clauses; want 42, 0\n%v", flag, n, len(f.Clauses), r)
		}
	}
	r = run(t, "dimacs", "testdata/heart.non", "--units")
	f, _ = readCNFText(t, r.stdout)
	if n := strings.Count(r.stdout, "\nc fixed "); r.code != exitOK || n != 0 || len(f.Clauses) != 42 {
		t.Errorf("dimacs --units: %d fixed lines, %d clauses; want 0, 42\n%v", n, len(f.Clauses), r)
	}
}

func TestDimacsErrors(t *testing.T) {
	needFormats(t, puzzle.NON)
	dir := t.TempDir()
	noGoal := filepath.Join(dir, "nogoal.non")
	writePuzzle(t, noGoal, puzzle.New([][]int{{1}, {}}, [][]int{{1}, {}}))
	tests := []struct {
		name string
		args []string
		code int
		want string // in stderr
	}{
		{"units twice", []string{"testdata/heart.non", "--units", "--no-units"}, exitUsage, "--units and --no-units exclude each other"},
		{"no such puzzle", []string{"testdata/heart.non", "--puzzle", "2"}, exitUsage, "--index 2: testdata/heart.non holds 1 puzzle(s)"},
		{"missing file", []string{"testdata/missing.non"}, exitError, "testdata/missing.non"},
		{"no goal", []string{noGoal, "--block-goal"}, exitError, "--block-goal: the puzzle carries no goal"},
		{"not a solution", []string{"testdata/heart.non", "--block", "testdata/heart-wrong.grid"}, exitError, "testdata/heart-wrong.grid: not a solution: row 4"},
		{"bad grid", []string{"testdata/heart.non", "--block", "testdata/heart-badchar.grid"}, exitError, "testdata/heart-badchar.grid:3: "},
		{"missing grid", []string{"testdata/heart.non", "--block", "testdata/missing.grid"}, exitError, "testdata/missing.grid"},
		{"no file", nil, exitUsage, "missing arguments"},
		{"timeout", []string{"testdata/heart.non", "--timeout", "1ns"}, exitUndecided, "the CNF was not written within 1ns (--timeout; --no-presolve skips"},
		{"timeout without presolve", []string{"testdata/heart.non", "--timeout", "1ns", "--no-presolve"}, exitUndecided, "within 1ns (--timeout)"},
		{"negative timeout", []string{"testdata/heart.non", "--timeout", "-1s"}, exitUsage, "--timeout must be positive"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := run(t, append([]string{"dimacs"}, tt.args...)...)
			if r.code != tt.code || r.stdout != "" || !strings.Contains(r.stderr, tt.want) || strings.Count(r.stderr, "\n") != 1 {
				t.Errorf("dimacs %q: %v\nwant exit %d, stderr one line with %q", tt.args, r, tt.code, tt.want)
			}
		})
	}
}

func writePuzzle(t *testing.T, name string, p *puzzle.Puzzle) {
	t.Helper()
	var buf bytes.Buffer
	if err := puzzle.Encode(&buf, p, puzzle.NON); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, buf.Bytes(), 0o666); err != nil {
		t.Fatal(err)
	}
}

// roundTripPuzzle is one puzzle for the cadical round trip: its file and
// the puzzle as read.
type roundTripPuzzle struct {
	name, file string
	index      int // 1-based within the file
	p          *puzzle.Puzzle
}

// generatedPuzzles writes puzzles from random grids, black and white and
// in colour, to dir.
func generatedPuzzles(t *testing.T, dir string) []roundTripPuzzle {
	rng := rand.New(rand.NewPCG(5, 8))
	var out []roundTripPuzzle
	for i := range 16 {
		h, w := 6+rng.IntN(10), 6+rng.IntN(10)
		colors := 1 + i%3
		pal := puzzle.BlackWhite()
		for k := 2; k <= colors; k++ {
			pal = append(pal, puzzle.Swatch{Name: fmt.Sprintf("c%d", k), RGB: puzzle.RGB{R: uint8(100 * k)}, Char: rune('a' + k)})
		}
		g := puzzle.NewGrid(h, w)
		for r := range g {
			for c := range g[r] {
				if rng.Float64() < 0.55 {
					g[r][c] = puzzle.Color(1 + rng.IntN(colors))
				}
			}
		}
		p := puzzle.FromGrid(g, pal)
		p.Title = fmt.Sprintf("random %d", i)
		file := filepath.Join(dir, fmt.Sprintf("random-%d.non", i))
		writePuzzle(t, file, p)
		q, err := puzzle.ReadFile(file)
		if err != nil {
			t.Fatalf("reading back %s: %v", file, err)
		}
		out = append(out, roundTripPuzzle{p.Title, file, 1, q})
	}
	return out
}

// corpusPuzzles reads a few survey and tournament puzzles from the shared
// corpora, when they are there.
func corpusPuzzles(t *testing.T) []roundTripPuzzle {
	root := filepath.Join("..", "..", "..", "shared", "corpora")
	if _, err := os.Stat(root); err != nil {
		t.Logf("no shared corpora: %v", err)
		return nil
	}
	var out []roundTripPuzzle
	for _, n := range []string{"00001", "00006", "00021", "00023", "00027", "00065", "01611"} {
		file := filepath.Join(root, "fastnonogramsolver-survey", "webpbn-"+n+".nin")
		p, err := puzzle.ReadFile(file)
		if err != nil {
			t.Logf("skipping %s: %v", file, err)
			continue
		}
		out = append(out, roundTripPuzzle{"webpbn-" + n, file, 1, p})
	}
	for _, set := range []string{"taai2011", "tcga2016"} {
		file := filepath.Join(root, "tournament-NonogramRecord", "question", set+".txt")
		ps, err := puzzle.ReadFileAll(file, puzzle.TAAI)
		if err != nil {
			t.Logf("skipping %s: %v", file, err)
			continue
		}
		for _, i := range []int{1, 17, 42} {
			if i <= len(ps) {
				out = append(out, roundTripPuzzle{fmt.Sprintf("%s-%d", set, i), file, i, ps[i-1]})
			}
		}
	}
	return out
}

// runCadical runs cadical on the CNF file and returns its output and exit
// code.
func runCadical(t *testing.T, cnfFile string) (string, int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "cadical", "-q", cnfFile)
	var out bytes.Buffer
	cmd.Stdout = &out
	err := cmd.Run()
	code := cmd.ProcessState.ExitCode()
	if err != nil && code != 10 && code != 20 {
		t.Fatalf("cadical %s: %v", cnfFile, err)
	}
	return out.String(), code
}

// TestDimacsCadicalRoundTrip is the acceptance test: dimacs, then
// cadical, then decode gives a grid that passes Check; with the solution
// blocked, cadical's UNSAT agrees with nonosat's verdict "unique".
func TestDimacsCadicalRoundTrip(t *testing.T) {
	needFormats(t, puzzle.NON)
	if _, err := exec.LookPath("cadical"); err != nil {
		t.Skip("skipping: cadical not found in PATH (install the Debian package \"cadical\")")
	}
	dir := t.TempDir()
	ps := append(generatedPuzzles(t, dir), corpusPuzzles(t)...)
	unique, multiple := 0, 0
	for _, tp := range ps {
		for _, mode := range [][]string{nil, {"--no-presolve"}} {
			t.Run(strings.Join(append([]string{tp.name}, mode...), " "), func(t *testing.T) {
				cadicalRoundTrip(t, dir, tp, mode, &unique, &multiple)
			})
		}
	}
	t.Logf("%d puzzles twice: %d unique, %d with more solutions", len(ps), unique, multiple)
}

// cadicalRoundTrip runs the round trip for one puzzle with the given
// extra dimacs flags, counting unique and multiple verdicts.
func cadicalRoundTrip(t *testing.T, dir string, tp roundTripPuzzle, mode []string, unique, multiple *int) {
	name := tp.name + strings.Join(mode, "")
	index := fmt.Sprint(tp.index)
	cnfFile := filepath.Join(dir, name+".cnf")
	if r := run(t, append([]string{"dimacs", tp.file, "--puzzle", index, "-o", cnfFile}, mode...)...); r.code != exitOK {
		t.Fatalf("dimacs %s: %v", tp.file, r)
	}
	out, code := runCadical(t, cnfFile)
	if code != 10 {
		t.Fatalf("cadical %s: exit %d, want 10 (SAT)\n%s", cnfFile, code, out)
	}
	modelFile := filepath.Join(dir, name+".out")
	if err := os.WriteFile(modelFile, []byte(out), 0o666); err != nil {
		t.Fatal(err)
	}
	r := run(t, "decode", "--cnf", cnfFile, modelFile)
	if r.code != exitOK {
		t.Fatalf("decode --cnf %s %s: %v", cnfFile, modelFile, r)
	}
	g, err := puzzle.ParseGrid(strings.NewReader(r.stdout), tp.p)
	if err != nil {
		t.Fatalf("decode printed a grid ParseGrid rejects: %v\n%s", err, r.stdout)
	}
	if err := puzzle.Check(tp.p, g); err != nil {
		t.Fatalf("decode printed a grid that fails Check: %v", err)
	}
	// Without the CNF, from the puzzle encoded again: the same grid.
	if r2 := run(t, append([]string{"decode", "--puzzle", tp.file, "--index", index, modelFile}, mode...)...); r2.code != exitOK || r2.stdout != r.stdout {
		t.Errorf("decode --puzzle %s: %v\nwant the grid decode --cnf gave:\n%s", tp.file, r2, r.stdout)
	}

	// Block the grid found: cadical says UNSAT exactly when the
	// solution is unique.
	gridFile := filepath.Join(dir, name+".grid")
	if err := os.WriteFile(gridFile, []byte(r.stdout), 0o666); err != nil {
		t.Fatal(err)
	}
	blockedFile := filepath.Join(dir, name+"-blocked.cnf")
	if r := run(t, append([]string{"dimacs", tp.file, "--puzzle", index, "--block", gridFile, "-o", blockedFile}, mode...)...); r.code != exitOK {
		t.Fatalf("dimacs --block: %v", r)
	}
	out, code = runCadical(t, blockedFile)
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	res, err := solver.Solve(ctx, tp.p, solver.Options{IgnoreGoal: true})
	if err != nil || res.Verdict == solver.Timeout {
		t.Fatalf("Solve(%s) = %v, %v", tp.name, res, err)
	}
	if (code == 20) != (res.Verdict == solver.Unique) {
		t.Fatalf("cadical on the blocked CNF exits %d, nonosat's verdict is %s", code, res.Verdict)
	}
	if code == 20 {
		*unique++
	} else {
		*multiple++
	}
	if err := os.WriteFile(modelFile, []byte(out), 0o666); err != nil {
		t.Fatal(err)
	}
	r = run(t, "decode", "--cnf", blockedFile, modelFile)
	switch {
	case code == 20 && (r.code != exitNoSolution || r.stdout != "no solution besides the 1 blocked\n"):
		t.Errorf("decode of UNSAT: %v\nwant exit %d, \"no solution besides the 1 blocked\"", r, exitNoSolution)
	case code == 10 && (r.code != exitOK || r.stdout == gridText(t, tp.p, g)):
		t.Errorf("decode of the second solution: %v\nwant exit 0 and another grid", r)
	}
}

func gridText(t *testing.T, p *puzzle.Puzzle, g puzzle.Grid) string {
	t.Helper()
	return p.FormatGrid(g)
}
