package main

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/nonosat/nonosat/solver"
	"golang.org/x/term"
)

// isTerminal reports whether w is a terminal; /dev/null, a character
// device too, is not.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// verdictOrder is the order of the verdicts in the progress bar and the
// summary.
var verdictOrder = []string{
	string(solver.Unique), string(solver.Multiple), string(solver.Solved),
	string(solver.None), string(solver.Timeout), verdictError,
}

// batchStats counts what a batch run did. Its methods are safe for
// concurrent use.
type batchStats struct {
	mu            sync.Mutex
	times         map[string][]time.Duration // per verdict, one per puzzle written
	written       int                        // result lines written by this run
	errors        int                        // of which error lines
	checkFailures int                        // solutions that failed puzzle.Check
	files         int                        // puzzle files read
	skipped       []string                   // files found in folders that are not puzzles
	resumed       int                        // puzzles skipped: already in the output file
	left          int                        // puzzles not done when the run stopped; -1: not counted
	shard         string                     // --shard K/N, if given
	inShard       int                        // puzzles of the shard
	shardOf       int                        // puzzles of every shard
	interrupted   bool
	wall          time.Duration
}

func newBatchStats() *batchStats {
	return &batchStats{times: map[string][]time.Duration{}}
}

func (s *batchStats) add(verdict string, d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.times[verdict] = append(s.times[verdict], d)
	s.written++
	if verdict == verdictError {
		s.errors++
	}
}

func (s *batchStats) addCheckFailure() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.checkFailures++
}

// counts returns the number of lines written per verdict.
func (s *batchStats) counts() (written int, per map[string]int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	per = map[string]int{}
	for v, ts := range s.times {
		per[v] = len(ts)
	}
	return s.written, per
}

// verdicts lists the verdicts seen, in verdictOrder, then any others.
func (s *batchStats) verdicts() []string {
	var vs []string
	for _, v := range verdictOrder {
		if len(s.times[v]) > 0 {
			vs = append(vs, v)
		}
	}
	var other []string
	for v := range s.times {
		if !slices.Contains(verdictOrder, v) {
			other = append(other, v)
		}
	}
	slices.Sort(other)
	return append(vs, other...)
}

// print writes the summary table to w.
func (s *batchStats) print(w io.Writer, jobs int, output string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "verdict\tpuzzles\tmedian\tmax\t")
	var all []time.Duration
	for _, v := range s.verdicts() {
		ts := s.times[v]
		all = append(all, ts...)
		med, mx := medianMax(ts)
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t\n", v, len(ts), roundDuration(med), roundDuration(mx))
	}
	med, mx := medianMax(all)
	fmt.Fprintf(tw, "total\t%d\t%s\t%s\t\n", len(all), roundDuration(med), roundDuration(mx))
	tw.Flush()
	rate := ""
	if s.wall > 0 && s.written > 0 {
		rate = fmt.Sprintf(", %.1f puzzles/s", float64(s.written)/s.wall.Seconds())
	}
	check := "every solution checked against the clues"
	if s.checkFailures > 0 {
		check = fmt.Sprintf("%d solutions FAILED the check against the clues (a bug: please report it)", s.checkFailures)
	}
	shard := ""
	if s.shard != "" {
		shard = fmt.Sprintf(", %d of %d puzzles (shard %s)", s.inShard, s.shardOf, s.shard)
	}
	fmt.Fprintf(w, "%d puzzle files%s, wall time %s%s with -j %d; %s\n",
		s.files, shard, roundDuration(s.wall), rate, jobs, check)
	if len(s.skipped) > 0 {
		fmt.Fprintf(w, "skipped %d files found in folders that hold no puzzle (%s)\n", len(s.skipped), examples(s.skipped, 3))
	}
	if s.resumed > 0 {
		fmt.Fprintf(w, "skipped %d puzzles already in %s (--resume)\n", s.resumed, output)
	}
	switch {
	case s.interrupted && s.left >= 0:
		fmt.Fprintf(w, "interrupted with %d puzzles left\n", s.left)
	case s.interrupted:
		fmt.Fprintln(w, "interrupted while listing the puzzles")
	}
}

// examples names the first n of names, and how many more there are.
func examples(names []string, n int) string {
	if len(names) <= n {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:n], ", "), len(names)-n)
}

func medianMax(ts []time.Duration) (med, mx time.Duration) {
	if len(ts) == 0 {
		return 0, 0
	}
	s := slices.Clone(ts)
	slices.Sort(s)
	return s[len(s)/2], s[len(s)-1]
}

// roundDuration shortens d for display: 1.234s, 12ms, 3m4s.
func roundDuration(d time.Duration) time.Duration {
	switch {
	case d >= time.Minute:
		return d.Round(time.Second)
	case d >= time.Second:
		return d.Round(time.Millisecond)
	case d >= time.Millisecond:
		return d.Round(100 * time.Microsecond)
	}
	return d.Round(time.Microsecond)
}

// progress draws a one-line progress bar on a terminal: done/total, rate,
// time left and the count of each verdict. It redraws at most every
// progressEvery, and always for the last puzzle. Where w is no terminal
// (a log file) it writes the bar as a plain line every plainEvery
// instead, and at the end.
type progress struct {
	w     io.Writer
	total int
	start time.Time
	last  time.Time
	plain bool // w is no terminal: a line per update, nothing redrawn
	drawn int  // done when the bar was last drawn; -1: never
	// shared is set when the results go to the same terminal: each result
	// line is written after clear, and the bar is redrawn after it.
	shared bool
}

// clear erases the bar, for a result line written to the same terminal.
func (p *progress) clear() {
	if p.plain {
		return
	}
	fmt.Fprint(p.w, "\r\x1b[K")
	p.last = time.Time{} // the next update redraws
}

// sameOutput reports whether out and errw write to the same place: the
// same writer, or the same terminal.
func sameOutput(out, errw io.Writer) bool {
	if out == errw {
		return true
	}
	f, ok1 := out.(*os.File)
	g, ok2 := errw.(*os.File)
	if !ok1 || !ok2 || !isTerminal(f) {
		return false
	}
	fi, err1 := f.Stat()
	gi, err2 := g.Stat()
	return err1 == nil && err2 == nil && os.SameFile(fi, gi)
}

const progressEvery = 200 * time.Millisecond

func newProgress(w io.Writer, total int) *progress {
	p := &progress{w: w, total: total, start: time.Now(), plain: !isTerminal(w), drawn: -1}
	if p.plain {
		p.last = p.start // the first line says 0 done: the next waits plainEvery
	}
	p.draw(0, nil)
	return p
}

// update redraws the bar from s; the caller serialises calls.
func (p *progress) update(s *batchStats) {
	done, per := s.counts()
	now := time.Now()
	every := progressEvery
	if p.plain {
		every = plainEvery
	}
	if now.Sub(p.last) < every && done < p.total {
		return
	}
	p.last = now
	p.draw(done, per)
}

func (p *progress) draw(done int, per map[string]int) {
	if p.plain {
		if done != p.drawn {
			fmt.Fprintln(p.w, p.line(done, per, time.Since(p.start)))
		}
	} else {
		fmt.Fprint(p.w, "\r"+p.line(done, per, time.Since(p.start))+"\x1b[K")
	}
	p.drawn = done
}

// line is the text of the bar.
func (p *progress) line(done int, per map[string]int, elapsed time.Duration) string {
	const width = 20
	frac := 1.0
	if p.total > 0 {
		frac = min(float64(done)/float64(p.total), 1)
	}
	full := int(frac * width)
	bar := strings.Repeat("=", full) + strings.Repeat(" ", width-full)
	var b strings.Builder
	fmt.Fprintf(&b, "[%s] %d/%d", bar, done, p.total)
	if done > 0 && elapsed > 0 {
		rate := float64(done) / elapsed.Seconds()
		eta := time.Duration(float64(p.total-done) / rate * float64(time.Second))
		fmt.Fprintf(&b, " %.1f/s ETA %s", rate, eta.Round(time.Second))
	}
	for _, v := range verdictOrder {
		if n := per[v]; n > 0 {
			fmt.Fprintf(&b, " %s %d", v, n)
		}
	}
	return b.String()
}

// finish draws the final state and ends the bar's line, so that the
// summary starts on a fresh one.
func (p *progress) finish(s *batchStats) {
	done, per := s.counts()
	p.draw(done, per)
	if !p.plain {
		fmt.Fprint(p.w, "\n")
	}
}
