package batch_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/nonosat/nonosat/batch"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/report"
	"github.com/nonosat/nonosat/solver"
)

// The puzzles of testdata, with their verdicts: set.tatham holds a 2x2
// with a block of 1 in each line (two solutions), a 3x3 with none and a
// 4x4 with one. broken.nin fails to
// parse; README.md and notes.txt are no puzzles; .hidden.non is not read.
var want = map[batch.Key]string{
	key("testdata/broken.nin", 0):   report.VerdictError,
	key("testdata/cross.non", 1):    "unique",
	key("testdata/set.tatham", 1):   "multiple",
	key("testdata/set.tatham", 2):   "none",
	key("testdata/set.tatham", 3):   "unique",
	key("testdata/sub/boat.nin", 1): "unique",
}

func key(file string, index int) batch.Key {
	return batch.Key{File: filepath.FromSlash(file), Index: index}
}

// lines reads the result lines of a run, failing on anything else.
func lines(t *testing.T, out string) []report.Result {
	t.Helper()
	var rs []report.Result
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		var r report.Result
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("output line %q: %v", sc.Text(), err)
		}
		rs = append(rs, r)
	}
	return rs
}

// verdicts maps each line's key to its verdict, failing on a key given
// twice.
func verdicts(t *testing.T, rs []report.Result) map[batch.Key]string {
	t.Helper()
	m := map[batch.Key]string{}
	for _, r := range rs {
		k := batch.Key{File: r.File, Index: r.Index}
		if _, ok := m[k]; ok {
			t.Errorf("%v has two lines", k)
		}
		m[k] = r.Verdict
	}
	return m
}

// observer records what a run tells its Observer.
type observer struct {
	mu      sync.Mutex
	total   []int
	written []int
	last    map[string]int
}

func (o *observer) Listed(total int) { o.total = append(o.total, total) }

func (o *observer) Wrote(written int, per map[string]int) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.written = append(o.written, written)
	o.last = maps.Clone(per)
}

func list(t *testing.T, paths ...string) []batch.File {
	t.Helper()
	files, err := batch.List(paths, "")
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func TestRun(t *testing.T) {
	var out bytes.Buffer
	obs := &observer{}
	r := &batch.Runner{Out: &out, Jobs: 2, Observer: obs}
	st, err := r.Run(context.Background(), list(t, "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	rs := lines(t, out.String())
	if got := verdicts(t, rs); !maps.Equal(got, want) {
		t.Errorf("Run verdicts = %v, want %v", got, want)
	}
	for _, l := range rs {
		if l.File == key("testdata/sub/boat.nin", 1).File {
			boat := []string{"...#..", "..##..", ".###..", "######", ".####."}
			if len(l.Solutions) != 1 || !slices.Equal(l.Solutions[0], boat) {
				t.Errorf("boat line = %+v, want its one solution %q", l, boat)
			}
		}
		if (l.Verdict == report.VerdictError) != (l.Error != "") {
			t.Errorf("line %+v: verdict and error disagree", l)
		}
	}
	if st.Written != 6 || st.Errors != 1 || st.Files != 4 || st.Left != 0 || st.Interrupted || st.CheckFailures != 0 {
		t.Errorf("Stats = %+v; want 6 written, 1 error, 4 files, none left", st)
	}
	if !slices.Equal(st.Skipped, []string{filepath.FromSlash("testdata/README.md"), filepath.FromSlash("testdata/notes.txt")}) {
		t.Errorf("Stats.Skipped = %q, want README.md and notes.txt", st.Skipped)
	}
	if !slices.Equal(obs.total, []int{6}) || !slices.Equal(obs.written, []int{1, 2, 3, 4, 5, 6}) {
		t.Errorf("Observer saw totals %v and written %v; want [6] and 1 to 6", obs.total, obs.written)
	}
	per := map[string]int{}
	for _, v := range want {
		per[v]++
	}
	if !maps.Equal(obs.last, per) {
		t.Errorf("Observer's last counts %v, want %v", obs.last, per)
	}
}

// TestRunPanic makes solving one puzzle panic and fail another, and wants
// error lines for those two and results for the rest.
func TestRunPanic(t *testing.T) {
	var out bytes.Buffer
	r := &batch.Runner{Out: &out, Jobs: 2, Solve: func(ctx context.Context, p *puzzle.Puzzle, o solver.Options) (*solver.Result, error) {
		switch p.Width() {
		case 5:
			var g puzzle.Grid
			_ = g[3] // index out of range
		case 6:
			return nil, errors.New("the solver broke")
		}
		return solver.Solve(ctx, p, o)
	}}
	st, err := r.Run(context.Background(), list(t, "testdata"))
	if err != nil || st.Errors != 3 || st.Written != 6 {
		t.Fatalf("Run = %+v, %v; want 3 errors of 6", st, err)
	}
	got := map[batch.Key]string{}
	for _, l := range lines(t, out.String()) {
		got[batch.Key{File: l.File, Index: l.Index}] = l.Error
	}
	if e := got[key("testdata/cross.non", 1)]; !strings.HasPrefix(e, "panic while solving: runtime error: index out of range") || !strings.Contains(e, "run_test.go") {
		t.Errorf("cross.non error = %q, want the panic and where it happened", e)
	}
	if e := got[key("testdata/sub/boat.nin", 1)]; e != "the solver broke" {
		t.Errorf("boat.nin error = %q, want the solver's error", e)
	}
	if e := got[key("testdata/set.tatham", 3)]; e != "" {
		t.Errorf("set.tatham #3 error = %q, want none", e)
	}
}

// TestRunInterrupt ends a run while the third puzzle is being solved, as
// Ctrl-C does, and wants the two finished lines written, the others
// counted as left, and a run resumed from the output to finish the work.
func TestRunInterrupt(t *testing.T) {
	out := filepath.Join(t.TempDir(), "results.jsonl")
	files := list(t, "testdata/cross.non", "testdata/sub", "testdata/set.tatham")
	f, done, err := batch.OpenResults(out, false)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var calls atomic.Int32
	r := &batch.Runner{Out: f, Done: done, Jobs: 1, Solve: func(sctx context.Context, p *puzzle.Puzzle, o solver.Options) (*solver.Result, error) {
		if calls.Add(1) == 3 {
			cancel()
			<-sctx.Done()
		}
		return solver.Solve(sctx, p, o)
	}}
	st, err := r.Run(ctx, files)
	f.Close()
	if err != nil || !st.Interrupted || st.Written != 2 || st.Left != 3 {
		t.Fatalf("interrupted Run = %+v, %v; want interrupted with 2 written, 3 left", st, err)
	}

	f, done, err = batch.OpenResults(out, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(done) != 2 {
		t.Errorf("OpenResults after 2 lines: %d done, want 2", len(done))
	}
	r = &batch.Runner{Out: f, Done: done, Jobs: 1}
	st, err = r.Run(context.Background(), files)
	f.Close()
	if err != nil || st.Interrupted || st.Written != 3 || st.Resumed != 2 || st.Left != 0 {
		t.Fatalf("resumed Run = %+v, %v; want 3 written, 2 resumed", st, err)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	wantHere := maps.Clone(want)
	delete(wantHere, key("testdata/broken.nin", 0))
	if got := verdicts(t, lines(t, string(data))); !maps.Equal(got, wantHere) {
		t.Errorf("after resuming, verdicts = %v, want %v", got, wantHere)
	}
}

// TestRunShards: the shards of a run, each run on its own, hold every
// puzzle of the whole run exactly once.
func TestRunShards(t *testing.T) {
	files := list(t, "testdata")
	for _, n := range []int{2, 3, 7} {
		got := map[batch.Key]string{}
		total := 0
		for k := 1; k <= n; k++ {
			var out bytes.Buffer
			r := &batch.Runner{Out: &out, Jobs: 2, Shard: batch.Shard{K: k, N: n}}
			if _, err := r.Run(context.Background(), files); err != nil {
				t.Fatal(err)
			}
			rs := lines(t, out.String())
			total += len(rs)
			maps.Copy(got, verdicts(t, rs))
		}
		if total != len(want) || !maps.Equal(got, want) {
			t.Errorf("%d shards gave %d lines, verdicts %v; want %d lines, %v", n, total, got, len(want), want)
		}
	}
}

// errWriter fails every write.
type errWriter struct{}

func (errWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// TestRunWriteError: a line that cannot be written stops the run with
// the error.
func TestRunWriteError(t *testing.T) {
	r := &batch.Runner{Out: errWriter{}, Jobs: 1}
	st, err := r.Run(context.Background(), list(t, "testdata"))
	if err == nil || !strings.Contains(err.Error(), "writing results: disk full") || st.Written != 0 {
		t.Errorf("Run to a failing writer = %+v, %v; want the write error and nothing written", st, err)
	}
}
