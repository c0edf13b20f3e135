//go:build unix

package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// endlessFile is a puzzle file whose read does not end while the test
// runs: a FIFO with no writer. It skips the test where there is none.
func endlessFile(t *testing.T) string {
	t.Helper()
	fifo := filepath.Join(t.TempDir(), "slow.non")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFO:", err)
	}
	// Let the reads left behind finish: a writer that comes and goes.
	t.Cleanup(func() {
		if f, err := os.OpenFile(fifo, os.O_RDWR, 0); err == nil {
			f.Close()
		}
	})
	return fifo
}

// TestInterruptWhileReading: Ctrl-C while a file is still being read
// ends solve, check, count and batch with exit 130 at once: the parsers
// do not stop, and a 57 MB file kept them 7 s past the interrupt.
func TestInterruptWhileReading(t *testing.T) {
	fifo := endlessFile(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // as signal.NotifyContext does on SIGINT
	for _, args := range [][]string{{"solve"}, {"check"}, {"count"}, {"batch", "-o", filepath.Join(t.TempDir(), "out.jsonl")}} {
		done := make(chan result, 1)
		go func() { done <- runContext(t, ctx, append(args, fifo)...) }()
		select {
		case r := <-done:
			if r.code != exitInterrupted {
				t.Errorf("%s interrupted while reading: %v; want exit %d", args[0], r, exitInterrupted)
			}
		case <-time.After(20 * time.Second): // a bound for a hang, not a timing
			t.Fatalf("%s interrupted while reading: still reading after 20 s", args[0])
		}
	}
}

// TestDimacsTimeoutWhileReading: dimacs --timeout counts the reading of
// the puzzle file too: exit 4 when the file is still being read.
func TestDimacsTimeoutWhileReading(t *testing.T) {
	fifo := endlessFile(t)
	done := make(chan result, 1)
	go func() { done <- run(t, "dimacs", "--timeout", "100ms", fifo) }()
	select {
	case r := <-done:
		if r.code != exitUndecided || !strings.Contains(r.stderr, "not written within 100ms") {
			t.Errorf("dimacs --timeout 100ms on a file still being read: %v; want exit %d", r, exitUndecided)
		}
	case <-time.After(20 * time.Second): // a bound for a hang, not a timing
		t.Fatal("dimacs --timeout 100ms: still reading after 20 s")
	}
}
