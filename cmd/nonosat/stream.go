package main

import (
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nonosat/nonosat/puzzle"
	"github.com/urfave/cli/v2"
)

// When a solve has taken stillAfter, stillSolving says so, and again
// every stillEvery; where standard error is no terminal (a log file),
// every plainEvery, each time on a line of its own, as is batch's
// progress.
var (
	stillAfter = 2 * time.Second
	stillEvery = time.Second
	plainEvery = 10 * time.Second
)

// progressLine is the line stillSolving redraws in place on standard
// error while a puzzle is being solved.
type progressLine struct {
	w             io.Writer
	mu            sync.Mutex
	drawn         bool
	plain         bool         // w is no terminal: one line per update, nothing redrawn
	found         atomic.Int64 // solutions found so far (see counting), or other things done
	stop, stopped chan struct{}
}

// stillSolving starts saying on w, on one line redrawn in place, that the
// puzzle what is still being solved and for how long, once the solve has
// taken stillAfter. done stops it; clear takes the line away until the
// next redraw, so that a grid printed meanwhile starts on a line of its
// own. Both are no-ops on a nil *progressLine.
func stillSolving(w io.Writer, what string) *progressLine {
	return stillWorking(w, what, "still solving", func(n int64) string {
		switch n {
		case 0:
			return ""
		case 1:
			return ", 1 solution so far"
		}
		return fmt.Sprintf(", %d solutions so far", n)
	})
}

// stillWorking is stillSolving for other work: doing what the line
// says, and done(found) after the time, for what has been done so far.
func stillWorking(w io.Writer, what, doing string, done func(found int64) string) *progressLine {
	pl := &progressLine{w: w, plain: !isTerminal(w), stop: make(chan struct{}), stopped: make(chan struct{})}
	start := time.Now()
	every := stillEvery
	if pl.plain {
		every = plainEvery
	}
	go func() {
		defer close(pl.stopped)
		t := time.NewTimer(stillAfter)
		defer t.Stop()
		for {
			select {
			case <-pl.stop:
				pl.clear()
				return
			case <-t.C:
				so := done(pl.found.Load())
				pl.mu.Lock()
				if pl.plain {
					fmt.Fprintf(w, "%s: %s, %s%s\n", what, doing, time.Since(start).Round(time.Second), so)
				} else {
					fmt.Fprintf(w, "\r%s: %s, %s%s\x1b[K", what, doing, time.Since(start).Round(time.Second), so)
					pl.drawn = true
				}
				pl.mu.Unlock()
				t.Reset(every)
			}
		}
	}()
	return pl
}

// counting returns each with the solutions it sees counted on the
// progress line (each may be nil: it then only counts); a nil
// *progressLine returns each.
func (pl *progressLine) counting(each func(puzzle.Grid) bool) func(puzzle.Grid) bool {
	if pl == nil {
		return each
	}
	return func(g puzzle.Grid) bool {
		pl.found.Add(1)
		return each == nil || each(g)
	}
}

// clear takes the progress line away, if it is drawn.
func (pl *progressLine) clear() {
	if pl == nil {
		return
	}
	pl.mu.Lock()
	defer pl.mu.Unlock()
	pl.clearLocked()
}

func (pl *progressLine) clearLocked() {
	if pl.drawn {
		fmt.Fprint(pl.w, "\r\x1b[K")
		pl.drawn = false
	}
}

// printing takes the progress line away and runs print, which writes
// a grid, with the line kept away until print returns: a redraw in the
// middle of the grid would leave the line among its rows on a terminal
// that shows both standard output and standard error. A nil
// *progressLine just runs print.
func (pl *progressLine) printing(print func()) {
	if pl == nil {
		print()
		return
	}
	pl.mu.Lock()
	defer pl.mu.Unlock()
	pl.clearLocked()
	print()
}

// done stops the progress line and clears it before it returns.
func (pl *progressLine) done() {
	if pl == nil {
		return
	}
	close(pl.stop)
	<-pl.stopped
}

// gridPrinter prints the grids of solve and count --solutions as the
// solver finds them, so that they come out within --timeout and need not
// all be kept. solve numbers its grids only when it shows more than one,
// so it holds the first until a second comes (or the solve ends).
type gridPrinter struct {
	c        *cli.Context
	show     func(g puzzle.Grid) error // prints one grid
	max      int                       // grids to print; 0: all
	number   bool                      // always "solution N:" (count)
	prefix   string                    // before "solution N:" (count names its puzzle)
	header   string                    // solve's "== NAME" line, printed before the first grid or the verdict
	progress *progressLine
	shown    int         // grids taken, the held one included
	held     puzzle.Grid // solve's first grid, not yet printed
	err      error       // the first write error: printing stops
}

// take prints g, or holds it; false (after a write error) stops the
// solve.
func (gp *gridPrinter) take(g puzzle.Grid) bool {
	if gp.err != nil {
		return false
	}
	if gp.max > 0 && gp.shown >= gp.max {
		return true // beyond --max: the verdict still needs the search
	}
	gp.shown++
	switch {
	case gp.number || gp.max == 1:
		gp.print(g, gp.number)
	case gp.shown == 1:
		gp.held = g
	case gp.shown == 2:
		gp.print(gp.held, true)
		gp.held = nil
		gp.print(g, true)
	default:
		gp.print(g, true)
	}
	return gp.err == nil
}

// writeHeader prints the header once, if there is one (not before: a
// puzzle that fails has none).
func (gp *gridPrinter) writeHeader() {
	if gp.header != "" && gp.err == nil {
		_, gp.err = fmt.Fprint(gp.c.App.Writer, gp.header)
		gp.header = ""
	}
}

// flush prints the grid still held (unnumbered: it was the only one) and
// returns the first write error.
func (gp *gridPrinter) flush() error {
	if gp.held != nil && gp.err == nil {
		gp.print(gp.held, false)
		gp.held = nil
	}
	return gp.err
}

// print writes one grid, numbered n-th of those printed when numbered,
// with the progress line away.
func (gp *gridPrinter) print(g puzzle.Grid, numbered bool) {
	gp.progress.printing(func() { gp.write(g, numbered) })
}

func (gp *gridPrinter) write(g puzzle.Grid, numbered bool) {
	w := gp.c.App.Writer
	if gp.writeHeader(); gp.err != nil {
		return
	}
	if numbered {
		n := gp.shown
		if gp.held != nil { // the held first grid goes out as solution 1
			n = 1
		}
		if _, err := fmt.Fprintf(w, "%ssolution %d:\n", gp.prefix, n); err != nil {
			gp.err = err
			return
		}
	}
	gp.err = gp.show(g)
}
