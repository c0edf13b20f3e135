package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nonosat/nonosat/api"
	"github.com/nonosat/nonosat/internal/randpuzzle"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/server"
)

// easy is a puzzle line solving decides; hard is 16-Dom, which no solver
// here decides in a minute (api's TestTimeoutParam); multiple needs a
// search, a short one.
var (
	easy     = puzzle.New([][]int{{3}, {1}, {3}}, [][]int{{3}, {1, 1}, {1, 1}})
	multiple = puzzle.New([][]int{{1}, {1}}, [][]int{{1}, {1}})
)

func text(t testing.TB, p *puzzle.Puzzle) string {
	t.Helper()
	var b bytes.Buffer
	if err := puzzle.Encode(&b, p, puzzle.NON); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// waitFor polls cond every 10 ms for up to d.
func waitFor(d time.Duration, cond func() bool) bool {
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
		if cond() {
			return true
		}
	}
	return cond()
}

// A method a route does not take gets 405 with the methods it takes,
// GET on an API call too.
func TestMethodNotAllowed(t *testing.T) {
	s := server.New(server.Config{})
	tests := []struct{ method, path, allow string }{
		{"GET", "/api/solve", "POST"},
		{"PUT", "/api/analyze", "POST"},
		{"DELETE", "/api/hint", "POST"},
		{"POST", "/", "GET, HEAD"},
		{"POST", "/healthz", "GET, HEAD"},
		{"PUT", "/readyz", "GET, HEAD"},
		{"POST", "/metrics", "GET, HEAD"},
		{"POST", "/examples/house.non", "GET, HEAD"},
	}
	for _, tt := range tests {
		status, hd, body := do(t, s, tt.method, tt.path, "")
		if status != http.StatusMethodNotAllowed || hd.Get("Allow") != tt.allow {
			t.Errorf("%s %s = %d, Allow %q (%q); want 405, Allow %q", tt.method, tt.path, status, hd.Get("Allow"), body, tt.allow)
		}
	}
	if status, _, body := do(t, s, "GET", "/api/nope", ""); status != http.StatusNotFound {
		t.Errorf("GET /api/nope = %d %q, want 404", status, body)
	}
}

// Malformed input gets 400 with the reader's message; a body over the
// limit gets 413, whether its length is declared or not.
func TestBadRequests(t *testing.T) {
	ts := httptest.NewServer(server.New(server.Config{MaxBody: 100}))
	defer ts.Close()
	tests := []struct {
		name, path, body string
		chunked          bool
		status           int
		msg              string
	}{
		{"bad clue", "/api/solve?format=non", "width 2\nheight 1\nrows\nx\ncolumns\n1\n1\n", false, 400, "request:4:"},
		{"bad xml", "/api/solve", `<puzzleset><puzzle><clues type="rows"><line><count>1`, false, 400, "request:1:"},
		{"unknown format", "/api/parse", "\x00\x01\x02", false, 400, "format"},
		{"declared over the limit", "/api/solve", strings.Repeat("1", 101), false, 413, "over 100 bytes"},
		{"chunked over the limit", "/api/solve", strings.Repeat("1", 101), true, 413, "over 100 bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var r io.Reader = strings.NewReader(tt.body)
			if tt.chunked {
				r = io.MultiReader(r) // no length: sent chunked
			}
			res, err := http.Post(ts.URL+tt.path, "text/plain", r)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			var e struct{ Error string }
			if err := json.NewDecoder(res.Body).Decode(&e); err != nil || res.StatusCode != tt.status || !strings.Contains(e.Error, tt.msg) {
				t.Errorf("POST %s = %d %q (%v), want %d and %q", tt.path, res.StatusCode, e.Error, err, tt.status, tt.msg)
			}
		})
	}
}

// With every search slot busy and the queue full, a call that needs
// search is refused at once with 503 and Retry-After; a call that line
// solving decides is still answered; the waiting call gets the slot once
// it is freed.
func TestQueueFull(t *testing.T) {
	s := server.New(server.Config{MaxSolves: 1, MaxQueue: 1, Config: api.Config{Deadline: time.Minute}})
	ts := httptest.NewServer(s)
	defer ts.Close()
	release, err := s.Acquire(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	waited := make(chan int, 1)
	go func() {
		res, err := http.Post(ts.URL+"/api/solve", "", strings.NewReader(text(t, multiple)))
		if err != nil {
			waited <- 0
			return
		}
		res.Body.Close()
		waited <- res.StatusCode
	}()
	if !waitFor(10*time.Second, func() bool { return s.Queued() == 1 }) {
		t.Fatal("the second call never queued")
	}
	start := time.Now()
	res, err := http.Post(ts.URL+"/api/solve", "", strings.NewReader(text(t, multiple)))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	ra, _ := strconv.Atoi(res.Header.Get("Retry-After"))
	if res.StatusCode != 503 || ra < 1 || !strings.Contains(string(b), "wait") {
		t.Errorf("call with the queue full = %d, Retry-After %q, %s; want 503, Retry-After ≥ 1, naming the queue", res.StatusCode, res.Header.Get("Retry-After"), b)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("the refusal took %v: it should not wait", d)
	}
	status, _, body := do(t, s, "POST", "/api/solve", text(t, easy))
	if status != 200 {
		t.Errorf("line-solvable call with the search slots full = %d %s, want 200", status, body)
	}
	release()
	if code := <-waited; code != 200 {
		t.Errorf("the queued call = %d after the slot was freed, want 200", code)
	}
}

// /healthz answers while the process runs; /readyz while a call that
// searches would be taken, not when slots and queue are full nor once
// shutdown has begun.
func TestHealth(t *testing.T) {
	s := server.New(server.Config{MaxSolves: 1, MaxQueue: -1})
	ready := func() (int, map[string]any) {
		status, _, body := do(t, s, "GET", "/readyz", "")
		var m map[string]any
		if err := json.Unmarshal([]byte(body), &m); err != nil {
			t.Fatalf("/readyz: %v in %q", err, body)
		}
		return status, m
	}
	if status, _, body := do(t, s, "GET", "/healthz", ""); status != 200 || !strings.Contains(body, "ok") {
		t.Errorf("/healthz = %d %q", status, body)
	}
	if status, m := ready(); status != 200 || m["ready"] != true || m["slots"] != 1.0 {
		t.Errorf("/readyz idle = %d %v", status, m)
	}
	release, err := s.Acquire(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if status, m := ready(); status != 503 || m["ready"] != false || m["busy"] != 1.0 {
		t.Errorf("/readyz with the slot busy and no queue = %d %v", status, m)
	}
	release()
	if status, _ := ready(); status != 200 {
		t.Errorf("/readyz after the slot was freed = %d", status)
	}
	s.ShuttingDown()
	if status, m := ready(); status != 503 || m["shutting_down"] != true {
		t.Errorf("/readyz shutting down = %d %v", status, m)
	}
	if status, _, _ := do(t, s, "GET", "/healthz", ""); status != 200 {
		t.Errorf("/healthz shutting down = %d", status)
	}
}

// A client that hangs up stops its solve at once: the search slot is free
// within a second, and the next call gets it.
func TestDisconnectFreesSlot(t *testing.T) {
	s := server.New(server.Config{MaxSolves: 1, Config: api.Config{Deadline: time.Hour}})
	ts := httptest.NewServer(s)
	defer ts.Close()
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() {
		req, _ := http.NewRequestWithContext(ctx, "POST", ts.URL+"/api/analyze", strings.NewReader(text(t, randpuzzle.Dom(16))))
		res, err := http.DefaultClient.Do(req)
		if err == nil {
			res.Body.Close()
			err = fmt.Errorf("16-Dom answered: %d", res.StatusCode)
		}
		errc <- err
	}()
	if !waitFor(10*time.Second, func() bool { return s.Busy() == 1 }) {
		t.Fatal("16-Dom never took the search slot")
	}
	time.Sleep(200 * time.Millisecond) // well into the search
	cancel()
	left := time.Now()
	if !waitFor(5*time.Second, func() bool { return s.Busy() == 0 }) {
		t.Fatal("the solve goes on 5 s after its client left")
	}
	if d := time.Since(left); d > time.Second {
		t.Errorf("the slot was freed %v after the client left, want within 1 s", d)
	}
	if err := <-errc; err == nil || strings.Contains(err.Error(), "answered") {
		t.Errorf("client: %v", err)
	}
	if status, _, body := do(t, s, "POST", "/api/solve", text(t, multiple)); status != 200 {
		t.Errorf("the next call = %d %s", status, body)
	}
}

// Each request gets one access log line with its method, path, status,
// and for API calls the puzzle's size, lane and verdict.
func TestAccessLog(t *testing.T) {
	var buf bytes.Buffer
	s := server.New(server.Config{Log: slog.New(slog.NewTextHandler(&buf, nil))})
	do(t, s, "POST", "/api/solve", text(t, easy))
	do(t, s, "POST", "/api/analyze", text(t, multiple))
	do(t, s, "POST", "/api/solve?format=non", "width 2\n")
	do(t, s, "GET", "/healthz", "")
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	want := [][]string{
		{"msg=request", "method=POST", "path=/api/solve", "status=200", "size=3x3", "lane=lines", "verdict=unique", "dur="},
		{"method=POST", "path=/api/analyze", "status=200", "size=2x2", "lane=search", "verdict=multiple"},
		{"method=POST", "path=/api/solve", "status=400"},
		{"method=GET", "path=/healthz", "status=200"},
	}
	if len(lines) != len(want) {
		t.Fatalf("%d log lines, want %d:\n%s", len(lines), len(want), buf.String())
	}
	for i, fields := range want {
		for _, f := range fields {
			if !strings.Contains(lines[i], " "+f) {
				t.Errorf("log line %d %q lacks %q", i, lines[i], f)
			}
		}
	}
	if strings.Contains(lines[2], "verdict=") || strings.Contains(lines[3], "size=") {
		t.Errorf("fields of calls that did not solve: %q, %q", lines[2], lines[3])
	}
}

// /metrics counts the requests by route and status, and the solves by
// lane, in the Prometheus text format.
func TestMetrics(t *testing.T) {
	s := server.New(server.Config{MaxSolves: 3})
	for range 2 {
		do(t, s, "POST", "/api/solve", text(t, easy))
	}
	do(t, s, "POST", "/api/solve", text(t, multiple))
	do(t, s, "POST", "/api/solve", "")
	do(t, s, "GET", "/api/solve", "")
	status, hd, body := do(t, s, "GET", "/metrics", "")
	if status != 200 || !strings.HasPrefix(hd.Get("Content-Type"), "text/plain; version=0.0.4") {
		t.Fatalf("/metrics = %d %s", status, hd.Get("Content-Type"))
	}
	for _, line := range []string{
		`nonosat_requests_total{route="solve",code="200"} 3`,
		`nonosat_requests_total{route="solve",code="400"} 1`,
		`nonosat_requests_total{route="solve",code="405"} 1`,
		`nonosat_slots{lane="search"} 3`,
		`nonosat_slots{lane="lines"} 48`,
		`nonosat_slots_in_use{lane="search"} 0`,
		`nonosat_queue_length{lane="search"} 0`,
		`nonosat_queue_capacity{lane="search"} 12`,
		`nonosat_solve_seconds_count{lane="lines"} 3`, // the search call tried there first
		`nonosat_solve_seconds_bucket{lane="search",le="+Inf"} 1`,
		`# TYPE nonosat_solve_seconds histogram`,
	} {
		if !strings.Contains(body, "\n"+line+"\n") {
			t.Errorf("/metrics lacks %q:\n%s", line, body)
		}
	}
}

// Concurrent calls beyond the slots all get their own right answer:
// line-solvable ones and ones that search, mixed.
func TestConcurrentLanes(t *testing.T) {
	s := server.New(server.Config{MaxSolves: 1, MaxQueue: 100})
	ts := httptest.NewServer(s)
	defer ts.Close()
	var wg sync.WaitGroup
	for i := range 40 {
		p, want := easy, "unique"
		if i%2 == 1 {
			p, want = multiple, "multiple"
		}
		wg.Go(func() {
			res, err := http.Post(ts.URL+"/api/solve", "", strings.NewReader(text(t, p)))
			if err != nil {
				t.Error(err)
				return
			}
			defer res.Body.Close()
			var v struct{ Verdict string }
			if err := json.NewDecoder(res.Body).Decode(&v); err != nil || v.Verdict != want {
				t.Errorf("call %d: %d %v, verdict %q, want %q", i, res.StatusCode, err, v.Verdict, want)
			}
		})
	}
	wg.Wait()
}
