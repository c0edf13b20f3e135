package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nonosat/nonosat/internal/randpuzzle"
	"github.com/nonosat/nonosat/puzzle"
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

// serving is a `nonosat serve` started by startServe.
type serving struct {
	url       string
	out, errb *lockedBuffer
	stop      context.CancelFunc // as SIGTERM or Ctrl-C
	exit      chan int           // the exit code, once it returns
}

// startServe runs `nonosat serve --addr addr args...` until the test ends
// or stop is called, and returns once it has printed its URL.
func startServe(t *testing.T, addr string, args ...string) *serving {
	t.Helper()
	s := &serving{out: &lockedBuffer{}, errb: &lockedBuffer{}, exit: make(chan int, 1)}
	ctx, cancel := context.WithCancel(context.Background())
	s.stop = cancel
	go func() {
		err := newApp(s.out, s.errb).RunContext(ctx, append([]string{"nonosat", "serve", "--addr", addr}, args...))
		s.exit <- exitReport(s.errb, err)
	}()
	t.Cleanup(cancel)
	urlRE := regexp.MustCompile(`serving on (http://127\.0\.0\.1:\d+/)`)
	for i := 0; s.url == ""; i++ {
		if m := urlRE.FindStringSubmatch(s.out.String()); m != nil {
			s.url = m[1]
		}
		if i == 100 {
			t.Fatalf("no URL printed: %q %q", s.out.String(), s.errb.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	return s
}

// wait returns the exit code of the serve command, failing the test if
// it takes over d.
func (s *serving) wait(t *testing.T, d time.Duration) int {
	t.Helper()
	select {
	case code := <-s.exit:
		return code
	case <-time.After(d):
		t.Fatalf("serve did not stop within %v", d)
		return -1
	}
}

// TestServeCommand runs `nonosat serve` on a free port: it prints the URL,
// serves the page there, warns when not on loopback, logs each request,
// and stops when its context ends (as on Ctrl-C).
func TestServeCommand(t *testing.T) {
	for _, tc := range []struct {
		addr string
		warn bool
	}{{"127.0.0.1:0", false}, {"0.0.0.0:0", true}} {
		t.Run(tc.addr, func(t *testing.T) {
			procs := runtime.GOMAXPROCS(0)
			s := startServe(t, tc.addr, "--max-solves", "3")
			if got := runtime.GOMAXPROCS(0); got != procs+3 {
				t.Errorf("GOMAXPROCS %d while serving with 3 search slots, want %d", got, procs+3)
			}
			res, err := http.Get(s.url)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if res.StatusCode != 200 {
				t.Errorf("GET %s: %d", s.url, res.StatusCode)
			}
			if got := strings.Contains(s.errb.String(), "warning: listening on"); got != tc.warn {
				t.Errorf("warning %v, want %v: %q", got, tc.warn, s.errb.String())
			}
			// The log line is written once the answer is sent: the client
			// may have it first.
			for start := time.Now(); !strings.Contains(s.errb.String(), "msg=request method=GET path=/ status=200"); {
				if time.Since(start) > 5*time.Second {
					t.Errorf("no access log line for GET /: %q", s.errb.String())
					break
				}
				time.Sleep(10 * time.Millisecond)
			}
			s.stop()
			if code := s.wait(t, 10*time.Second); code != exitOK {
				t.Errorf("exit %d: %s", code, s.errb.String())
			}
			if got := runtime.GOMAXPROCS(0); got != procs {
				t.Errorf("GOMAXPROCS %d after serving, want %d back", got, procs)
			}
		})
	}
}

// postAsync posts body to url and sends the status and answer on the
// returned channel.
func postAsync(url string, body []byte) <-chan string {
	c := make(chan string, 1)
	go func() {
		res, err := http.Post(url, "", bytes.NewReader(body))
		if err != nil {
			c <- err.Error()
			return
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		c <- fmt.Sprintf("%d %s", res.StatusCode, b)
	}()
	return c
}

// On SIGTERM (here: the context's end) serve stops taking connections,
// lets the running calls finish within --grace, answers them, and exits
// 0. A call that outlasts the grace period has its solve stopped: it
// answers verdict timeout.
func TestServeShutdown(t *testing.T) {
	dom := func(n int) []byte {
		var b bytes.Buffer
		if err := puzzle.Encode(&b, randpuzzle.Dom(n), puzzle.NON); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	for _, tc := range []struct {
		name    string
		grace   string
		puzzle  []byte
		verdict string
	}{
		// 11-Dom takes about half a second (2 CPUs), 16-Dom more than a minute.
		{"finishes", "1m", dom(11), `"verdict":"unique"`},
		{"grace over", "500ms", dom(16), `"verdict":"timeout"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := startServe(t, "127.0.0.1:0", "--grace", tc.grace, "--request-timeout", "1h", "--max-solves", "1")
			answer := postAsync(s.url+"api/solve", tc.puzzle)
			for i := 0; !strings.Contains(get(t, s.url+"metrics"), `nonosat_slots_in_use{lane="search"} 1`); i++ {
				if i == 200 {
					t.Fatal("the call never took its search slot")
				}
				time.Sleep(10 * time.Millisecond)
			}
			s.stop()
			if a := <-answer; !strings.HasPrefix(a, "200 ") || !strings.Contains(a, tc.verdict) {
				t.Errorf("the running call answered %.200s, want 200 with %s", a, tc.verdict)
			}
			if code := s.wait(t, time.Minute); code != exitOK {
				t.Errorf("exit %d: %s", code, s.errb.String())
			}
			if _, err := http.Get(s.url + "healthz"); err == nil {
				t.Errorf("the server still takes connections after shutting down")
			}
			if !strings.Contains(s.errb.String(), `msg="shut down"`) {
				t.Errorf("no shutdown in the log: %s", s.errb.String())
			}
		})
	}
}

func get(t *testing.T, url string) string {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return string(b)
}

func TestServeUsage(t *testing.T) {
	var out, errb bytes.Buffer
	for _, args := range [][]string{{"--timeout", "0s"}, {"--request-timeout", "-1s"}, {"--max-queue", "-1"}, {"--max-memory", "lots"}, {"--read-timeout", "0"}} {
		err := newApp(&out, &errb).Run(append([]string{"nonosat", "serve"}, args...))
		if code := exitReport(&errb, err); code != exitUsage {
			t.Errorf("%s: exit %d, want %d", args, code, exitUsage)
		}
	}
	err := newApp(&out, &errb).Run([]string{"nonosat", "serve", "--addr", "127.0.0.1:99999"})
	if code := exitReport(&errb, err); code != exitError {
		t.Errorf("bad port: exit %d, want %d", code, exitError)
	}
}
