package main

import (
	"bytes"
	"context"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// lockedBuffer is a bytes.Buffer the server goroutine and the test can
// share.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestServeCommand runs `nonosat serve` on a free port: it prints the URL,
// serves the page there, warns when not on loopback, and stops when its
// context ends (as on Ctrl-C).
func TestServeCommand(t *testing.T) {
	for _, tc := range []struct {
		addr string
		warn bool
	}{{"127.0.0.1:0", false}, {"0.0.0.0:0", true}} {
		t.Run(tc.addr, func(t *testing.T) {
			var out, errb lockedBuffer
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan int, 1)
			go func() {
				err := newApp(&out, &errb).RunContext(ctx, []string{"nonosat", "serve", "--addr", tc.addr})
				done <- exitReport(&errb, err)
			}()
			urlRE := regexp.MustCompile(`serving on (http://127\.0\.0\.1:\d+/)`)
			var url string
			for i := 0; url == ""; i++ {
				if m := urlRE.FindStringSubmatch(out.String()); m != nil {
					url = m[1]
				}
				if i == 100 {
					t.Fatalf("no URL printed: %q %q", out.String(), errb.String())
				}
				time.Sleep(50 * time.Millisecond)
			}
			res, err := http.Get(url)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if res.StatusCode != 200 {
				t.Errorf("GET %s: %d", url, res.StatusCode)
			}
			if got := strings.Contains(errb.String(), "warning: listening on"); got != tc.warn {
				t.Errorf("warning %v, want %v: %q", got, tc.warn, errb.String())
			}
			cancel()
			select {
			case code := <-done:
				if code != exitOK {
					t.Errorf("exit %d: %s", code, errb.String())
				}
			case <-time.After(10 * time.Second):
				t.Fatal("serve did not stop")
			}
		})
	}
}

func TestServeUsage(t *testing.T) {
	var out, errb bytes.Buffer
	err := newApp(&out, &errb).Run([]string{"nonosat", "serve", "--timeout", "0s"})
	if code := exitReport(&errb, err); code != exitUsage {
		t.Errorf("--timeout 0s: exit %d, want %d", code, exitUsage)
	}
	err = newApp(&out, &errb).Run([]string{"nonosat", "serve", "--addr", "127.0.0.1:99999"})
	if code := exitReport(&errb, err); code != exitError {
		t.Errorf("bad port: exit %d, want %d", code, exitError)
	}
}
