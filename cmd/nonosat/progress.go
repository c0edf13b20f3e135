package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/nonosat/nonosat/batch"
	"golang.org/x/term"
)

// isTerminal reports whether w is a terminal; /dev/null, a character
// device too, is not.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
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
	for _, v := range batch.VerdictOrder() {
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
