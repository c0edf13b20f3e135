// Package servetest runs a serve command in a test: nonosat serve, or
// nonosat-serve, until the test stops it as Ctrl-C would.
package servetest

import (
	"bytes"
	"context"
	"io"
	"regexp"
	"sync"
	"testing"
	"time"
)

// Buffer is a bytes.Buffer that the server and the test can share.
type Buffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *Buffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *Buffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// Serving is a serve command started by Start.
type Serving struct {
	URL      string // the page's, as printed
	Out, Err *Buffer
	Stop     context.CancelFunc // as SIGTERM or Ctrl-C
	exit     chan int
}

// Start runs run (a serve command writing to stdout and stderr, which
// stops when ctx ends and returns its exit code) until the test ends or
// Stop is called, and returns once it has printed its URL.
func Start(t testing.TB, run func(ctx context.Context, stdout, stderr io.Writer) int) *Serving {
	t.Helper()
	s := &Serving{Out: &Buffer{}, Err: &Buffer{}, exit: make(chan int, 1)}
	ctx, cancel := context.WithCancel(context.Background())
	s.Stop = cancel
	go func() { s.exit <- run(ctx, s.Out, s.Err) }()
	t.Cleanup(cancel)
	urlRE := regexp.MustCompile(`serving on (http://127\.0\.0\.1:\d+/)`)
	for i := 0; s.URL == ""; i++ {
		if m := urlRE.FindStringSubmatch(s.Out.String()); m != nil {
			s.URL = m[1]
		}
		select {
		case code := <-s.exit:
			t.Fatalf("serve exited %d before printing its URL: %q %q", code, s.Out.String(), s.Err.String())
		default:
		}
		if i == 200 {
			t.Fatalf("no URL printed: %q %q", s.Out.String(), s.Err.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	return s
}

// Wait returns the exit code of the serve command, failing the test if
// it takes over d.
func (s *Serving) Wait(t testing.TB, d time.Duration) int {
	t.Helper()
	select {
	case code := <-s.exit:
		return code
	case <-time.After(d):
		t.Fatalf("serve did not stop within %v", d)
		return -1
	}
}
