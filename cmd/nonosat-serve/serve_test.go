package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/nonosat/nonosat/internal/cliexit"
	"github.com/nonosat/nonosat/internal/randpuzzle"
	"github.com/nonosat/nonosat/internal/servetest"
	"github.com/nonosat/nonosat/puzzle"
)

// TestMain lets the test binary be the SAT worker the server starts (its
// workerArgv is this program).
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == workerCommand {
		os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
	}
	// The workers and commands this binary runs as itself would each
	// sleep a second at exit under the race detector.
	os.Setenv("GORACE", strings.TrimSpace(os.Getenv("GORACE")+" atexit_sleep_ms=0"))
	os.Exit(m.Run())
}

// startServe runs nonosat-serve --addr addr args... in process.
func startServe(t *testing.T, addr string, args ...string) *servetest.Serving {
	t.Helper()
	return servetest.Start(t, func(ctx context.Context, stdout, stderr io.Writer) int {
		err := newApp(stdout, stderr).RunContext(ctx, append([]string{"nonosat", "serve", "--addr", addr}, args...))
		return cliexit.Report(stderr, err)
	})
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
			res, err := http.Get(s.URL)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if res.StatusCode != 200 {
				t.Errorf("GET %s: %d", s.URL, res.StatusCode)
			}
			if got := strings.Contains(s.Err.String(), "warning: listening on"); got != tc.warn {
				t.Errorf("warning %v, want %v: %q", got, tc.warn, s.Err.String())
			}
			// The log line is written once the answer is sent: the client
			// may have it first.
			for start := time.Now(); !strings.Contains(s.Err.String(), "msg=request method=GET path=/ status=200"); {
				if time.Since(start) > 5*time.Second {
					t.Errorf("no access log line for GET /: %q", s.Err.String())
					break
				}
				time.Sleep(10 * time.Millisecond)
			}
			s.Stop()
			if code := s.Wait(t, 10*time.Second); code != exitOK {
				t.Errorf("exit %d: %s", code, s.Err.String())
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
			answer := postAsync(s.URL+"api/solve", tc.puzzle)
			for i := 0; !strings.Contains(get(t, s.URL+"metrics"), `nonosat_slots_in_use{lane="search"} 1`); i++ {
				if i == 200 {
					t.Fatal("the call never took its search slot")
				}
				time.Sleep(10 * time.Millisecond)
			}
			s.Stop()
			if a := <-answer; !strings.HasPrefix(a, "200 ") || !strings.Contains(a, tc.verdict) {
				t.Errorf("the running call answered %.200s, want 200 with %s", a, tc.verdict)
			}
			if code := s.Wait(t, time.Minute); code != exitOK {
				t.Errorf("exit %d: %s", code, s.Err.String())
			}
			if _, err := http.Get(s.URL + "healthz"); err == nil {
				t.Errorf("the server still takes connections after shutting down")
			}
			if !strings.Contains(s.Err.String(), `msg="shut down"`) {
				t.Errorf("no shutdown in the log: %s", s.Err.String())
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

// TestServeUsage: bad flag values and arguments are usage errors (exit
// 2), a port that cannot be listened on an error (exit 1).
func TestServeUsage(t *testing.T) {
	var out, errb bytes.Buffer
	for _, args := range [][]string{{"--timeout", "0s"}, {"--request-timeout", "-1s"}, {"--max-queue", "-1"}, {"--max-memory", "lots"}, {"--read-timeout", "0"}, {"--no-such-flag"}, {"extra"}} {
		if code := run(args, &out, &errb); code != exitUsage {
			t.Errorf("%s: exit %d, want %d", args, code, exitUsage)
		}
	}
	if code := run([]string{"--addr", "127.0.0.1:99999"}, &out, &errb); code != exitError {
		t.Errorf("bad port: exit %d, want %d", code, exitError)
	}
}
