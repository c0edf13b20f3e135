package server_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/nonosat/nonosat/api"
	"github.com/nonosat/nonosat/server"
)

func do(t *testing.T, h http.Handler, method, path, body string) (int, http.Header, string) {
	t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	b, _ := io.ReadAll(rec.Result().Body)
	return rec.Code, rec.Header(), string(b)
}

func TestRoutes(t *testing.T) {
	s := server.New(server.Config{MaxBody: 64})
	tests := []struct {
		method, path, body string
		status             int
		want               string
	}{
		{"POST", "/api/solve", "2x2:1/1/1/1", 200, `"verdict":"multiple"`},
		{"POST", "/api/nope", "", 404, `"error":"no API call POST /api/nope"`},
		{"POST", "/api/solve", strings.Repeat("x", 65), 413, "request body over 64 bytes"},
		{"GET", "/", "", 200, "<html"},
	}
	for _, tt := range tests {
		status, hd, body := do(t, s, tt.method, tt.path, tt.body)
		if status != tt.status || !strings.Contains(body, tt.want) {
			t.Errorf("%s %s = %d %q, want %d and %q", tt.method, tt.path, status, body, tt.status, tt.want)
		}
		if hd.Get("Content-Security-Policy") == "" {
			t.Errorf("%s %s: no Content-Security-Policy", tt.method, tt.path)
		}
	}
}

// With every slot held, a call waits until its deadline, then answers
// 503; a freed slot serves the next one.
func TestSlots(t *testing.T) {
	s := server.New(server.Config{MaxSolves: 1, Config: api.Config{Deadline: 100 * time.Millisecond}})
	release, err := s.Acquire(context.Background())
	if err != nil || s.Busy() != 1 {
		t.Fatalf("Acquire: %v, busy %d", err, s.Busy())
	}
	status, _, body := do(t, s, "POST", "/api/analyze", "2x2:1/1/1/1")
	var e struct{ Error string }
	if status != 503 || json.Unmarshal([]byte(body), &e) != nil || !strings.Contains(e.Error, "slots") {
		t.Errorf("analyze with no slot free = %d %q, want 503 naming the slots", status, body)
	}
	release()
	if status, _, body := do(t, s, "POST", "/api/analyze", "2x2:1/1/1/1"); status != 200 {
		t.Errorf("analyze with a slot free = %d %q", status, body)
	}
	if s.Busy() != 0 {
		t.Errorf("%d slots held after the answers", s.Busy())
	}
}

// A site given as Config.Site is served in place of the embedded page:
// its engine.json (the page then solves in the browser), and a policy
// that lets it compile WebAssembly; the embedded page's policy does not.
func TestSite(t *testing.T) {
	site := fstest.MapFS{
		"index.html":  {Data: []byte("<html>site</html>")},
		"engine.json": {Data: []byte(`{"engine":"wasm"}`)},
	}
	s := server.New(server.Config{Site: site})
	status, hd, body := do(t, s, "GET", "/engine.json", "")
	if status != 200 || !strings.Contains(body, "wasm") || !strings.Contains(hd.Get("Content-Security-Policy"), "'wasm-unsafe-eval'") {
		t.Errorf("GET /engine.json of a site = %d %q, CSP %q", status, body, hd.Get("Content-Security-Policy"))
	}
	status, hd, body = do(t, server.New(server.Config{}), "GET", "/engine.json", "")
	if status != 200 || !strings.Contains(body, `"server"`) || strings.Contains(hd.Get("Content-Security-Policy"), "unsafe") {
		t.Errorf("GET /engine.json of the embedded page = %d %q, CSP %q", status, body, hd.Get("Content-Security-Policy"))
	}
}
