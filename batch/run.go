package batch

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/nonosat/nonosat/certify"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/report"
	"github.com/nonosat/nonosat/solver"
)

// Runner holds the settings of a run. The zero value of each field but
// Out is a default.
type Runner struct {
	Out     io.Writer      // the result lines, one Write call each
	Format  puzzle.Format  // the puzzle files' format; "" detects each one's
	Options solver.Options // for each puzzle (Proof is set per puzzle with ProofDir)
	Timeout time.Duration  // per puzzle, and again for its certificate; 0: none
	Jobs    int            // puzzles solved at once; 0: runtime.NumCPU()
	Shard   Shard          // the share of the puzzles to solve
	Done    map[Key]bool   // puzzles to skip: the results of an earlier run (see OpenResults)

	// ProofDir, if set, receives the certificate of each unique, none and
	// multiple verdict (see certify.Write), named after the file (base
	// name and a hash of its path) and the index; the line's "proof" field
	// gives the path less .cnf, .drat and .sol. A certificate that cannot
	// be made makes the line an error.
	ProofDir string

	// Solve solves one puzzle; nil is solver.Solve. A panic in it becomes
	// the puzzle's error line.
	Solve func(ctx context.Context, p *puzzle.Puzzle, o solver.Options) (*solver.Result, error)

	// Observer, if not nil, follows the run.
	Observer Observer
}

// job is one puzzle to solve, or a file's error to write.
type job struct {
	key Key
	p   *puzzle.Puzzle
	err error
}

// run is the state of one Run.
type run struct {
	*Runner
	solve func(ctx context.Context, p *puzzle.Puzzle, o solver.Options) (*solver.Result, error)

	mu    sync.Mutex // guards the output, stats and werr
	stats Stats
	werr  error              // the first write error: the run stops
	stop  context.CancelFunc // stops the run after a write error
}

// Run solves the puzzles of files and writes a line for each, until all
// are done or ctx ends. It returns what it did, and an error only when a
// line could not be written, which stops the run; the lines of puzzles
// that could not be read or solved are errors of their own (see
// [Stats.Errors]).
func (rn *Runner) Run(ctx context.Context, files []File) (Stats, error) {
	r := &run{Runner: rn, solve: rn.Solve}
	if r.solve == nil {
		r.solve = solver.Solve
	}
	jobs := rn.Jobs
	if jobs <= 0 {
		jobs = runtime.NumCPU()
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	r.stop = cancel
	r.stats.Times = map[string][]time.Duration{}

	scans, total := r.list(ctx, files)
	if rn.Observer != nil {
		rn.Observer.Listed(total)
	}

	start := time.Now()
	ch := make(chan job)
	var wg sync.WaitGroup
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range ch {
				if ctx.Err() != nil {
					continue
				}
				r.do(ctx, j)
			}
		}()
	}
	r.feed(ctx, scans, ch)
	close(ch)
	wg.Wait()
	st := r.stats
	st.Wall = time.Since(start)
	st.Interrupted = ctx.Err() != nil
	st.Left = -1
	if total >= 0 {
		st.Left = total - st.Written
	}
	if r.werr != nil {
		return st, fmt.Errorf("writing results: %w", r.werr)
	}
	return st, nil
}

// list is the first pass: it reads the files and counts the puzzles to
// solve, for the total the Observer gets (-1 when ctx ended first). It
// keeps of each file only its name and count: holding every puzzle costs
// too much memory.
func (r *run) list(ctx context.Context, files []File) (scans []scanned, total int) {
	ordinal := 0 // of the puzzle (or file error line) in the whole run, for the shard
	count := func(k Key) {
		switch {
		case !r.Shard.take(&ordinal):
		case r.Done[k]:
			r.stats.Resumed++
		default:
			total++
		}
	}
	r.stats.AllShards = -1
	for _, f := range files {
		s, ok := r.scan(ctx, f)
		if !ok { // interrupted while reading f, or before
			return scans, -1
		}
		switch {
		case s.skip:
			r.stats.Skipped = append(r.stats.Skipped, s.path)
			continue
		case s.err != nil:
			count(Key{s.path, 0})
		default:
			for i := range s.n {
				count(Key{s.path, i + 1})
			}
		}
		s.es = nil // read again when its turn comes
		scans = append(scans, s)
		r.stats.Files++
	}
	r.stats.AllShards, r.stats.InShard = ordinal, total+r.stats.Resumed
	return scans, total
}

// scan reads f, or returns ok false as soon as ctx ends, leaving the read
// to finish unseen: the parsers do not stop, and a 60 MB file takes them
// 10 s and more.
func (r *run) scan(ctx context.Context, f File) (s scanned, ok bool) {
	if ctx.Err() != nil {
		return s, false
	}
	done := make(chan scanned, 1)
	go func() { done <- scan(f, r.Format) }()
	select {
	case s := <-done:
		return s, true
	case <-ctx.Done():
		return s, false
	}
}

// feed reads each file again and hands out its puzzles that are not done,
// until every file is read or ctx is done.
func (r *run) feed(ctx context.Context, scans []scanned, jobs chan<- job) {
	ordinal := 0
	send := func(j job) bool {
		if !r.Shard.take(&ordinal) || r.Done[j.key] {
			return true
		}
		select {
		case jobs <- j:
			return true
		case <-ctx.Done():
			return false
		}
	}
	for _, s := range scans {
		if s.err == nil {
			var ok bool
			if s, ok = r.scan(ctx, File{Path: s.path, Explicit: true}); !ok {
				return // interrupted while reading the file
			}
		}
		if s.err != nil {
			if !send(job{key: Key{s.path, 0}, err: s.err}) {
				return
			}
			continue
		}
		for i, e := range s.es { // an invalid puzzle is an error line of its own
			if !send(job{key: Key{s.path, i + 1}, p: e.Puzzle, err: e.Err}) {
				return
			}
		}
	}
}

// do solves one puzzle and writes its line. An interrupted solve writes
// nothing: a resumed run will do it again.
func (r *run) do(ctx context.Context, j job) {
	t0 := time.Now()
	line, ok := r.solveJob(ctx, j)
	if !ok {
		return
	}
	r.write(line, time.Since(t0))
}

// solveJob returns the result line for j, or ok false when the run was
// interrupted before j was decided. A panic becomes an error line.
func (r *run) solveJob(ctx context.Context, j job) (line report.Result, ok bool) {
	if j.err != nil {
		return report.Failed(j.key.File, j.key.Index, j.err.Error()), true
	}
	defer func() {
		if x := recover(); x != nil {
			line = failed(j, fmt.Sprintf("panic while solving: %v%s", x, panicSite()))
			ok = true
		}
	}()
	pctx := ctx
	if r.Timeout > 0 {
		var cancel context.CancelFunc
		pctx, cancel = context.WithTimeout(ctx, r.Timeout)
		defer cancel()
	}
	o := r.Options
	if r.ProofDir != "" {
		o.Proof = &certify.Trace{} // one per puzzle: jobs run at once
	}
	res, err := r.solve(pctx, j.p, o)
	if ctx.Err() != nil && (err != nil || res == nil || res.Verdict == solver.Timeout) {
		return report.Result{}, false
	}
	if err == nil && res == nil {
		err = errors.New("solver returned no result")
	}
	if err != nil && !errors.Is(err, solver.ErrBug) && interruptedSoon(ctx) {
		// Ctrl-C on a terminal signals the SAT worker too, which may
		// die before this process sees the signal: not a result.
		return report.Result{}, false
	}
	if err != nil {
		if errors.Is(err, solver.ErrBug) {
			r.checkFailure()
		}
		return failed(j, err.Error()), true
	}
	// Check every grid again here: the solver does too, but a line of
	// the results must never carry a wrong grid.
	for i, g := range res.Solutions {
		if err := puzzle.Check(j.p, g); err != nil {
			r.checkFailure()
			return failed(j, fmt.Sprintf("solution %d: %v (a bug: please report it)", i+1, err)), true
		}
	}
	line = report.New(j.key.File, j.key.Index, j.p, res)
	if r.ProofDir == "" {
		return line, true
	}
	switch res.Verdict {
	case solver.Unique, solver.None, solver.Multiple:
	default:
		return line, true // no certificate
	}
	name := certName(j.key)
	if err := certify.Write(ctx, certify.Dir(r.ProofDir), name, j.p, res, o, r.Timeout); err != nil {
		if errors.Is(err, certify.ErrNoProof) {
			return line, true // totals that differ: a verdict with no certificate
		}
		if ctx.Err() != nil {
			return report.Result{}, false // interrupted: a resumed run does it again
		}
		if errors.Is(err, solver.ErrBug) {
			r.checkFailure()
		}
		return failed(j, fmt.Sprintf("%s verdict: %v", res.Verdict, err)), true
	}
	line.Proof = filepath.Join(r.ProofDir, name)
	return line, true
}

// failed is the error line of a puzzle that was read: the puzzle, verdict
// error and msg.
func failed(j job, msg string) report.Result {
	line := report.New(j.key.File, j.key.Index, j.p, nil)
	line.Verdict = report.VerdictError
	line.Error = msg
	return line
}

func (r *run) checkFailure() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.stats.CheckFailures++
}

// certName names the certificate of a puzzle: the file's base name, a
// hash of its path (files of one name in different folders differ) and
// the index in a file of several.
func certName(k Key) string {
	h := fnv.New32a()
	h.Write([]byte(filepath.ToSlash(k.File)))
	base := strings.TrimSuffix(filepath.Base(k.File), filepath.Ext(k.File))
	name := fmt.Sprintf("%s-%08x", base, h.Sum32())
	if k.Index > 0 {
		name += fmt.Sprintf("-%04d", k.Index)
	}
	return name
}

// interruptGrace is how long a failed solve waits to learn whether the run
// was interrupted.
const interruptGrace = 250 * time.Millisecond

// interruptedSoon reports whether ctx is done now or within interruptGrace.
func interruptedSoon(ctx context.Context) bool {
	t := time.NewTimer(interruptGrace)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return true
	case <-t.C:
		return false
	}
}

// write writes one result line at once and counts it.
func (r *run) write(line report.Result, d time.Duration) {
	data, err := json.Marshal(line)
	if err != nil { // cannot happen for these types; keep the run going
		data, _ = json.Marshal(report.Failed(line.File, line.Index, err.Error()))
	}
	data = append(data, '\n')
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.werr != nil {
		return
	}
	if _, err := r.Out.Write(data); err != nil {
		r.werr = err
		r.stop()
		return
	}
	r.stats.add(line.Verdict, d)
	if r.Observer != nil {
		r.Observer.Wrote(r.stats.Written, r.stats.Counts())
	}
}

// panicSite returns " (at FUNC FILE:LINE)" for the innermost frame of a
// panicking goroutine outside the runtime, for the error line; it is
// called from the deferred recover.
func panicSite() string {
	pcs := make([]uintptr, 32)
	n := runtime.Callers(3, pcs)
	frames := runtime.CallersFrames(pcs[:n])
	for {
		f, more := frames.Next()
		if f.Function != "" && !strings.HasPrefix(f.Function, "runtime.") {
			return fmt.Sprintf(" (at %s %s:%d)", f.Function, filepath.Base(f.File), f.Line)
		}
		if !more {
			return ""
		}
	}
}
