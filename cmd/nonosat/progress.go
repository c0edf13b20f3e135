package main

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/nonosat/nonosat/batch"
	"github.com/nonosat/nonosat/report"
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
	string(solver.None), string(solver.Timeout), report.VerdictError,
}

// verdictsSeen lists the verdicts seen, in verdictOrder, then any others.
func verdictsSeen(s batch.Stats) []string {
	var vs []string
	for _, v := range verdictOrder {
		if len(s.Times[v]) > 0 {
			vs = append(vs, v)
		}
	}
	var other []string
	for v := range s.Times {
		if !slices.Contains(verdictOrder, v) {
			other = append(other, v)
		}
	}
	slices.Sort(other)
	return append(vs, other...)
}

// printSummary writes the summary table of a batch run to w; shard is
// --shard K/N, if given.
func printSummary(w io.Writer, s batch.Stats, jobs int, output, shard string) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "verdict\tpuzzles\tmedian\tmax\t")
	var all []time.Duration
	for _, v := range verdictsSeen(s) {
		ts := s.Times[v]
		all = append(all, ts...)
		med, mx := medianMax(ts)
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t\n", v, len(ts), roundDuration(med), roundDuration(mx))
	}
	med, mx := medianMax(all)
	fmt.Fprintf(tw, "total\t%d\t%s\t%s\t\n", len(all), roundDuration(med), roundDuration(mx))
	tw.Flush()
	rate := ""
	if s.Wall > 0 && s.Written > 0 {
		rate = fmt.Sprintf(", %.1f puzzles/s", float64(s.Written)/s.Wall.Seconds())
	}
	check := "every solution checked against the clues"
	if s.CheckFailures > 0 {
		check = fmt.Sprintf("%d solutions FAILED the check against the clues (a bug: please report it)", s.CheckFailures)
	}
	part := ""
	if shard != "" && s.AllShards >= 0 {
		part = fmt.Sprintf(", %d of %d puzzles (shard %s)", s.InShard, s.AllShards, shard)
	}
	fmt.Fprintf(w, "%d puzzle files%s, wall time %s%s with -j %d; %s\n",
		s.Files, part, roundDuration(s.Wall), rate, jobs, check)
	if len(s.Skipped) > 0 {
		fmt.Fprintf(w, "skipped %d files found in folders that hold no puzzle (%s)\n", len(s.Skipped), examples(s.Skipped, 3))
	}
	if s.Resumed > 0 {
		fmt.Fprintf(w, "skipped %d puzzles already in %s (--resume)\n", s.Resumed, output)
	}
	switch {
	case s.Interrupted && s.Left >= 0:
		fmt.Fprintf(w, "interrupted with %d puzzles left\n", s.Left)
	case s.Interrupted:
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

// progress draws a one-line progress bar of a batch run on a terminal:
// done/total, rate, time left and the count of each verdict. It is the
// run's batch.Observer. It redraws at most every progressEvery, and
// always for the last puzzle. Where w is no terminal (a log file) it
// writes the bar as a plain line every plainEvery instead, and at the
// end.
type progress struct {
	w     io.Writer
	total int
	start time.Time
	last  time.Time
	plain bool // w is no terminal: a line per update, nothing redrawn
	drawn int  // done when the bar was last drawn; -1: never
}

// newProgress is the bar of a batch run on w.
func newProgress(w io.Writer) *progress {
	return &progress{w: w, plain: !isTerminal(w), drawn: -1}
}

// clear erases the bar, for a result line written to the same terminal.
func (p *progress) clear() {
	if p.plain {
		return
	}
	fmt.Fprint(p.w, "\r\x1b[K")
	p.last = time.Time{} // the next update redraws
}

// clearingWriter writes the result lines of a batch run whose progress
// bar is on the same terminal: each line starts on a cleared line, and
// the bar is redrawn after it (progress.Wrote).
type clearingWriter struct {
	w   io.Writer
	bar *progress
}

func (cw clearingWriter) Write(b []byte) (int, error) {
	cw.bar.clear()
	return cw.w.Write(b)
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

// Listed starts the bar, once the run knows its total.
func (p *progress) Listed(total int) {
	p.total, p.start = total, time.Now()
	if p.plain {
		p.last = p.start // the first line says 0 done: the next waits plainEvery
	}
	p.draw(0, nil)
}

// Wrote redraws the bar after a result line; the run serialises calls.
func (p *progress) Wrote(done int, per map[string]int) {
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
func (p *progress) finish(s batch.Stats) {
	p.draw(s.Written, s.Counts())
	if !p.plain {
		fmt.Fprint(p.w, "\n")
	}
}
