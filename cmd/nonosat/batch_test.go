package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/nonosat/nonosat/batch"
	"github.com/nonosat/nonosat/report"

	"github.com/nonosat/nonosat/puzzle"
	"github.com/urfave/cli/v2"
)

// TestMain lets the test binary act as the SAT worker child process that
// batch (and --timeout) start: workerArgv names the running executable,
// which for tests is this binary, with the worker command as argument.
// With NONOSAT_TEST_WORKER_HANGS=1 the worker never answers, so that a
// test can interrupt a puzzle that needs SAT while it is being solved.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == workerCommand && os.Getenv("NONOSAT_TEST_WORKER_HANGS") == "1" {
		select {} // until the parent kills it
	}
	if len(os.Args) > 1 && os.Args[1] == workerCommand || os.Getenv("NONOSAT_TEST_AS_MAIN") == "1" {
		os.Exit(exitReport(os.Stderr, newApp(os.Stdout, os.Stderr).Run(os.Args)))
	}
	// The workers and commands this binary runs as itself would each
	// sleep a second at exit under the race detector.
	os.Setenv("GORACE", strings.TrimSpace(os.Getenv("GORACE")+" atexit_sleep_ms=0"))
	os.Exit(m.Run())
}

// The puzzles of testdata/batch, with their verdicts. broken.nin fails to
// parse; README.md, notes.txt and .hidden.non are not read.
var batchWant = map[batch.Key]string{
	{File: "testdata/batch/broken.nin", Index: 0}:   report.VerdictError,
	{File: "testdata/batch/cross.non", Index: 1}:    "unique",
	{File: "testdata/batch/set.tatham", Index: 1}:   "multiple",
	{File: "testdata/batch/set.tatham", Index: 2}:   "none",
	{File: "testdata/batch/set.tatham", Index: 3}:   "unique",
	{File: "testdata/batch/sub/boat.nin", Index: 1}: "unique",
}

const batchBrokenError = "testdata/batch/broken.nin:3: file ends after 2 of 5 row clues"

// readLines parses JSON Lines output into results, failing on anything
// that is not one.
func readLines(t *testing.T, data string) []report.Result {
	t.Helper()
	var out []report.Result
	sc := bufio.NewScanner(strings.NewReader(data))
	sc.Buffer(nil, 1<<28) // a line lists every solution found: megabytes for a count
	for sc.Scan() {
		var j report.Result
		if err := json.Unmarshal(sc.Bytes(), &j); err != nil {
			t.Fatalf("output line %q: %v", sc.Text(), err)
		}
		out = append(out, j)
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("reading the output: %v", err)
	}
	return out
}

// verdicts maps each line's key to its verdict, failing on a key given twice.
func verdicts(t *testing.T, lines []report.Result) map[batch.Key]string {
	t.Helper()
	m := map[batch.Key]string{}
	for _, j := range lines {
		k := batch.Key{File: j.File, Index: j.Index}
		if _, ok := m[k]; ok {
			t.Errorf("%v has two lines", k)
		}
		m[k] = j.Verdict
	}
	return m
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func TestBatch(t *testing.T) {
	out := filepath.Join(t.TempDir(), "results.jsonl")
	r := run(t, "batch", "testdata/batch", "-j", "2", "-o", out, "--no-progress")
	if r.code != exitError {
		t.Fatalf("nonosat batch: %v\nwant exit %d for the broken file", r, exitError)
	}
	if r.stdout != "" {
		t.Errorf("nonosat batch -o: stdout = %q, want nothing", r.stdout)
	}
	lines := readLines(t, readFile(t, out))
	if got := verdicts(t, lines); !maps.Equal(got, batchWant) {
		t.Errorf("nonosat batch verdicts = %v, want %v", got, batchWant)
	}
	for _, j := range lines {
		switch {
		case j.Verdict == report.VerdictError:
			if j.Error != batchBrokenError {
				t.Errorf("error line %+v: error = %q, want %q", j, j.Error, batchBrokenError)
			}
		case j.Error != "":
			t.Errorf("line %+v has an error", j)
		}
		if j.File == "testdata/batch/sub/boat.nin" {
			want := []string{"...#..", "..##..", ".###..", "######", ".####."}
			if len(j.Solutions) != 1 || !slices.Equal(j.Solutions[0], want) || j.Width != 6 || j.Height != 5 || !j.Complete {
				t.Errorf("boat line = %+v, want its one solution %q", j, want)
			}
		}
	}
	for _, want := range []string{"unique", "multiple", "none", "error", "total", "6", "skipped 2 files", "README.md", "notes.txt", "1 of 6 puzzles could not be read or solved"} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("nonosat batch: stderr lacks %q:\n%s", want, r.stderr)
		}
	}
	if strings.Contains(r.stderr, "\r") {
		t.Errorf("nonosat batch --no-progress drew a progress bar:\n%q", r.stderr)
	}
}

// TestBatchStdout writes to standard output, reads named files as well as
// a folder (each file once), and draws the progress bar when asked.
func TestBatchStdout(t *testing.T) {
	r := run(t, "batch", "--progress", "-j", "1", "testdata/batch/set.tatham", "testdata/batch/sub", "testdata/batch/sub/boat.nin", "testdata/batch/notes.txt")
	want := map[batch.Key]string{
		{File: "testdata/batch/set.tatham", Index: 1}:   "multiple",
		{File: "testdata/batch/set.tatham", Index: 2}:   "none",
		{File: "testdata/batch/set.tatham", Index: 3}:   "unique",
		{File: "testdata/batch/sub/boat.nin", Index: 1}: "unique",
		// Named on the command line, so read, and not a puzzle.
		{File: "testdata/batch/notes.txt", Index: 0}: report.VerdictError,
	}
	if got := verdicts(t, readLines(t, r.stdout)); !maps.Equal(got, want) {
		t.Errorf("nonosat batch verdicts = %v, want %v\n%v", got, want, r)
	}
	// Standard error is no terminal: the bar comes as plain lines, the
	// last one full, with nothing to redraw them.
	if !strings.Contains(r.stderr, "\n[====================] 5/5") || strings.ContainsAny(r.stderr, "\r\x1b") {
		t.Errorf("nonosat batch --progress: stderr lacks the full bar as a plain line:\n%q", r.stderr)
	}
}

// TestBatchDashIsStdout: -o - is standard output, as for every writer,
// not a file named "-"; --resume needs a real file.
func TestBatchDashIsStdout(t *testing.T) {
	boat, err := filepath.Abs("testdata/batch/sub/boat.nin")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	t.Chdir(dir)
	r := run(t, "batch", "-j", "1", "-o", "-", boat)
	if got := verdicts(t, readLines(t, r.stdout)); r.code != exitOK || got[batch.Key{File: boat, Index: 1}] != "unique" {
		t.Errorf("batch -o -: %v; want boat's line on standard output", r)
	}
	if _, err := os.Stat(filepath.Join(dir, "-")); err == nil {
		t.Error(`batch -o - wrote a file named "-"`)
	}
	if r := run(t, "batch", "-o", "-", "--resume", boat); r.code != exitUsage {
		t.Errorf("batch -o - --resume: %v; want exit %d", r, exitUsage)
	}
}

// TestBatchResume cuts a finished run's output after two lines and half of
// the third, as a killed run leaves it, and wants --resume to complete it
// to the same results, keeping the whole lines it found.
func TestBatchResume(t *testing.T) {
	dir := t.TempDir()
	full := filepath.Join(dir, "full.jsonl")
	if r := run(t, "batch", "testdata/batch", "-o", full); r.code != exitError {
		t.Fatalf("nonosat batch: %v", r)
	}
	data := readFile(t, full)
	lines := strings.SplitAfter(data, "\n")
	kept := lines[0] + lines[1]
	cut := filepath.Join(dir, "cut.jsonl")
	if err := os.WriteFile(cut, []byte(kept+lines[2][:len(lines[2])/2]), 0o644); err != nil {
		t.Fatal(err)
	}
	r := run(t, "batch", "testdata/batch", "-o", cut, "--resume")
	if r.code != exitOK && r.code != exitError {
		t.Fatalf("nonosat batch --resume: %v", r)
	}
	got := readFile(t, cut)
	if !strings.HasPrefix(got, kept) {
		t.Errorf("nonosat batch --resume changed the lines it kept:\n%s", got)
	}
	if v := verdicts(t, readLines(t, got)); !maps.Equal(v, batchWant) {
		t.Errorf("after --resume, verdicts = %v, want %v", v, batchWant)
	}
	if !strings.Contains(r.stderr, "skipped 2 puzzles already in") {
		t.Errorf("nonosat batch --resume: stderr lacks the count of puzzles skipped:\n%s", r.stderr)
	}

	// Nothing left: a second resume writes nothing and succeeds.
	r = run(t, "batch", "testdata/batch", "-o", cut, "--resume")
	if r.code != exitOK || readFile(t, cut) != got {
		t.Errorf("nonosat batch --resume on a finished run: %v\nwant exit 0 and the file unchanged", r)
	}
}

// TestBatchInterrupt stops a run while the third puzzle is being solved,
// as Ctrl-C does, and wants the two finished lines written, exit 130, and
// --resume to finish the run.
func TestBatchInterrupt(t *testing.T) {
	out := filepath.Join(t.TempDir(), "results.jsonl")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// The third puzzle, set.tatham #1, needs SAT (with --no-search),
	// whose worker (gophersat's, not an external solver --sat auto
	// might take) hangs: it is interrupted once the two others are
	// written.
	t.Setenv("NONOSAT_TEST_WORKER_HANGS", "1")
	go func() {
		for ctx.Err() == nil {
			if data, err := os.ReadFile(out); err == nil && strings.Count(string(data), "\n") == 2 {
				cancel()
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
	}()
	r := runContext(t, ctx, "batch", "testdata/batch/cross.non", "testdata/batch/sub", "testdata/batch/set.tatham", "-j", "1", "-o", out, "--no-search", "--sat", "gophersat")
	if r.code != exitInterrupted || !strings.Contains(r.stderr, "interrupted: 2 results written, 3 puzzles left") {
		t.Fatalf("interrupted nonosat batch: %v\nwant exit %d and 2 results written", r, exitInterrupted)
	}
	if n := len(readLines(t, readFile(t, out))); n != 2 {
		t.Fatalf("interrupted nonosat batch wrote %d lines, want 2", n)
	}

	t.Setenv("NONOSAT_TEST_WORKER_HANGS", "")
	r = run(t, "batch", "testdata/batch/cross.non", "testdata/batch/sub", "testdata/batch/set.tatham", "-j", "1", "-o", out, "--resume")
	if r.code != exitOK {
		t.Fatalf("nonosat batch --resume: %v", r)
	}
	want := map[batch.Key]string{}
	for k, v := range batchWant {
		if k.File != "testdata/batch/broken.nin" {
			want[k] = v
		}
	}
	if got := verdicts(t, readLines(t, readFile(t, out))); !maps.Equal(got, want) {
		t.Errorf("after --resume, verdicts = %v, want %v", got, want)
	}
}

// TestBatchTimeout gives each puzzle no time: puzzles that need SAT time
// out, and line solving still decides the others.
func TestBatchTimeout(t *testing.T) {
	r := run(t, "batch", "testdata/batch/set.tatham", "testdata/batch/cross.non", "--timeout", "1ns")
	if r.code != exitOK {
		t.Fatalf("nonosat batch --timeout 1ns: %v", r)
	}
	want := map[batch.Key]string{
		{File: "testdata/batch/set.tatham", Index: 1}: "timeout", // needs SAT
		{File: "testdata/batch/set.tatham", Index: 2}: "none",
		{File: "testdata/batch/set.tatham", Index: 3}: "unique",
		{File: "testdata/batch/cross.non", Index: 1}:  "unique",
	}
	if got := verdicts(t, readLines(t, r.stdout)); !maps.Equal(got, want) {
		t.Errorf("nonosat batch --timeout 1ns: verdicts = %v, want %v", got, want)
	}
}

// TestBatchTimeoutKills counts the solutions of a puzzle that has 10!
// of them and wants the timeout to stop the count on time, the search in
// the child process killed.
func TestBatchTimeoutKills(t *testing.T) {
	// Every row and column holds one block of 1: the permutation matrices.
	name := filepath.Join(t.TempDir(), "perm.tatham")
	if err := os.WriteFile(name, []byte("10x10:"+strings.Repeat("1/", 19)+"1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	r := run(t, "batch", name, "--max", "0", "--timeout", "500ms")
	took := time.Since(start)
	lines := readLines(t, r.stdout)
	// Two solutions found before the deadline make it multiple.
	if len(lines) != 1 || lines[0].Verdict != "multiple" || lines[0].Complete || lines[0].Count < 2 {
		t.Fatalf("nonosat batch --max 0 --timeout 500ms: %v\nwant verdict multiple, incomplete", r)
	}
	if took > 10*time.Second {
		t.Errorf("nonosat batch --timeout 500ms took %v", took)
	}
}

// TestBatchDanglingLink lists a puzzle file that cannot be opened (a
// dangling symbolic link) in a folder: an error line, and the rest solved.
func TestBatchDanglingLink(t *testing.T) {
	dir := t.TempDir()
	data := readFile(t, "testdata/batch/cross.non")
	if err := os.WriteFile(filepath.Join(dir, "cross.non"), []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dir, "gone.non"), filepath.Join(dir, "link.non")); err != nil {
		t.Skipf("cannot make a symbolic link: %v", err)
	}
	r := run(t, "batch", dir)
	lines := readLines(t, r.stdout)
	got := verdicts(t, lines)
	want := map[batch.Key]string{{File: filepath.Join(dir, "cross.non"), Index: 1}: "unique", {File: filepath.Join(dir, "link.non"), Index: 0}: report.VerdictError}
	if r.code != exitError || !maps.Equal(got, want) {
		t.Fatalf("nonosat batch: %v\nverdicts %v, want %v", r, got, want)
	}
	for _, j := range lines {
		if j.Verdict == report.VerdictError && !strings.Contains(j.Error, "link.non") {
			t.Errorf("error line %+v does not name the file", j)
		}
	}
}

func TestBatchUsage(t *testing.T) {
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"no path", []string{"batch"}, exitUsage, "missing arguments"},
		{"resume without output", []string{"batch", "testdata/batch", "--resume"}, exitUsage, "--resume needs -o FILE"},
		{"negative jobs", []string{"batch", "testdata/batch", "-j", "-1"}, exitUsage, "-j must be 1 or more"},
		{"negative max", []string{"batch", "testdata/batch", "--max", "-1"}, exitUsage, "--max must be 0 or more"},
		{"standard input", []string{"batch", "-"}, exitUsage, "not standard input"},
		{"both progress flags", []string{"batch", "testdata/batch", "--progress", "--no-progress"}, exitUsage, "--progress and --no-progress"},
		{"missing path", []string{"batch", "testdata/batch/nothing-here"}, exitError, "testdata/batch/nothing-here: no such file or directory"},
		{"resume from a file that is not results", []string{"batch", "testdata/batch", "-o", "testdata/heart.non", "--resume"}, exitError, "testdata/heart.non:1: not a batch result line"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := run(t, tt.args...)
			if r.code != tt.code || !strings.Contains(r.stderr, tt.want) {
				t.Errorf("nonosat %q: %v\nwant exit %d and %q", tt.args, r, tt.code, tt.want)
			}
		})
	}
	if got := readFile(t, "testdata/batch/cross.non"); !strings.HasPrefix(got, `title "Cross"`) {
		t.Errorf("--resume changed a file that is not results:\n%s", got)
	}
}

func TestProgressLine(t *testing.T) {
	p := &progress{total: 10}
	got := p.line(4, map[string]int{"unique": 3, "error": 1}, 2*time.Second)
	want := "[========            ] 4/10 2.0/s ETA 3s unique 3 error 1"
	if got != want {
		t.Errorf("progress line = %q, want %q", got, want)
	}
	if got := p.line(0, nil, 0); got != "[                    ] 0/10" {
		t.Errorf("progress line at start = %q", got)
	}
}

// runContext is run with a context, as Ctrl-C would cancel it.
func runContext(t *testing.T, ctx context.Context, args ...string) result {
	t.Helper()
	var out, errb bytes.Buffer
	app := newApp(&out, &errb)
	app.ExitErrHandler = func(*cli.Context, error) {}
	err := app.RunContext(ctx, append([]string{"nonosat"}, args...))
	code := exitReport(&errb, err)
	return result{err: err, code: code, stdout: out.String(), stderr: errb.String()}
}

// TestBatchProof: batch --proof writes a certificate per unique, none and
// multiple verdict, each with a name of its own (two files of one name in
// different folders, the puzzles of one file), named in the line's
// "proof" field, that proof check verifies; with -j 2, and with --resume
// finishing a run cut short.
func TestBatchProof(t *testing.T) {
	dir := t.TempDir()
	for _, sub := range []string{"a", "b"} {
		if err := os.MkdirAll(filepath.Join(dir, "in", sub), 0o777); err != nil {
			t.Fatal(err)
		}
	}
	writePuzzle(t, filepath.Join(dir, "in", "a", "x.non"), puzzle.New([][]int{{1}, {3}, {1}}, [][]int{{1}, {3}, {1}}))
	writePuzzle(t, filepath.Join(dir, "in", "b", "x.non"), puzzle.New([][]int{{1, 1}, {1}, {}}, [][]int{{2}, {1}, {}}))
	set, err := os.ReadFile("testdata/batch/set.tatham")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "in", "set.tatham"), set, 0o666); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"a/x.non 1": "unique", "b/x.non 1": "none", "set.tatham 1": "multiple", "set.tatham 2": "none", "set.tatham 3": "unique"}
	check := func(t *testing.T, out, proofs string) {
		t.Helper()
		lines := readLines(t, readFile(t, out))
		names := map[string]bool{}
		for _, j := range lines {
			rel, _ := filepath.Rel(filepath.Join(dir, "in"), j.File)
			key := fmt.Sprintf("%s %d", filepath.ToSlash(rel), j.Index)
			if want[key] != j.Verdict {
				t.Errorf("%s: verdict %s, want %s", key, j.Verdict, want[key])
			}
			if j.Proof == "" || names[j.Proof] || filepath.Dir(j.Proof) != proofs {
				t.Errorf("%s: proof %q: want a name of its own in %s", key, j.Proof, proofs)
				continue
			}
			names[j.Proof] = true
			files := []string{".sol"}
			switch j.Verdict {
			case "unique":
				files = []string{".drat", ".sol"}
			case "none":
				files = []string{".drat"}
			}
			for _, suf := range files {
				if r := run(t, "proof", "check", j.Proof+".cnf", j.Proof+suf); r.code != exitOK || !strings.Contains(r.stdout, "verified") {
					t.Errorf("%s: proof check %s: %v", key, suf, r)
				}
			}
		}
		if len(lines) != len(want) {
			t.Errorf("%d lines, want %d", len(lines), len(want))
		}
	}
	out, proofs := filepath.Join(dir, "out.jsonl"), filepath.Join(dir, "proofs")
	if r := run(t, "batch", filepath.Join(dir, "in"), "-j", "2", "-o", out, "--proof", proofs, "--no-progress"); r.code != exitOK {
		t.Fatalf("batch --proof: %v", r)
	}
	check(t, out, proofs)
	entries, err := os.ReadDir(proofs)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 3+2+2+2+3 { // cnf, drat, sol as the verdicts want
		t.Errorf("%d files in %s, want 12", len(entries), proofs)
	}

	// Cut after two lines: --resume certifies the rest.
	lines := strings.SplitAfter(readFile(t, out), "\n")
	cut, proofs2 := filepath.Join(dir, "cut.jsonl"), filepath.Join(dir, "proofs2")
	if err := os.WriteFile(cut, []byte(lines[0]+lines[1]), 0o666); err != nil {
		t.Fatal(err)
	}
	for _, l := range readLines(t, lines[0]+lines[1]) { // the earlier run's certificates
		for _, suf := range []string{".cnf", ".drat", ".sol"} {
			if data, err := os.ReadFile(l.Proof + suf); err == nil {
				os.MkdirAll(proofs2, 0o777)
				os.WriteFile(filepath.Join(proofs2, filepath.Base(l.Proof)+suf), data, 0o666)
			}
		}
	}
	if r := run(t, "batch", filepath.Join(dir, "in"), "-o", cut, "--resume", "--proof", proofs2, "--no-progress"); r.code != exitOK {
		t.Fatalf("batch --proof --resume: %v", r)
	}
	// The kept lines name the first folder; point them at the second.
	fixed := strings.ReplaceAll(readFile(t, cut), proofs+string(filepath.Separator), proofs2+string(filepath.Separator))
	if err := os.WriteFile(cut, []byte(fixed), 0o666); err != nil {
		t.Fatal(err)
	}
	check(t, cut, proofs2)
}
