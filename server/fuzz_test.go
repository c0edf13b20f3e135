package server_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/nonosat/nonosat/api"
	"github.com/nonosat/nonosat/server"
)

// FuzzServer sends the server requests of any method, path, query and
// body. None gets a 500; every API answer of status 400 and more is
// a JSON error; a 405 says what is allowed, a 503 when to retry.
func FuzzServer(f *testing.F) {
	for _, name := range api.Calls() {
		f.Add("POST", "/api/"+name, "2x2:1/1/1/1")
		f.Add("GET", "/api/"+name+"?detail=1", "")
	}
	f.Add("POST", "/api/solve?max=0&timeout=1ms", "width 2\nheight 1\nrows\n3\n")
	f.Add("PUT", "/healthz", "")
	f.Add("GET", "/readyz", "")
	f.Add("GET", "/metrics", "")
	f.Add("POST", "/api/../api/solve", "#")
	s := server.New(server.Config{MaxBody: 4096, MaxSolves: 1, Config: api.Config{MaxCells: 400, Deadline: 200 * time.Millisecond}})
	f.Fuzz(func(t *testing.T, method, target, body string) {
		if !strings.HasPrefix(target, "/") {
			return
		}
		req, err := http.NewRequest(method, "http://localhost"+target, strings.NewReader(body))
		if err != nil {
			return // not a request a client can send
		}
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		res := rec.Result()
		what := method + " " + target
		switch {
		case res.StatusCode >= 500 && res.StatusCode != http.StatusServiceUnavailable:
			t.Fatalf("%s: %d %s", what, res.StatusCode, rec.Body)
		case res.StatusCode == http.StatusMethodNotAllowed && res.Header.Get("Allow") == "":
			t.Fatalf("%s: 405 without Allow", what)
		case res.StatusCode == http.StatusServiceUnavailable && res.Header.Get("Retry-After") == "":
			t.Fatalf("%s: 503 without Retry-After", what)
		}
		if strings.HasPrefix(req.URL.Path, "/api/") && res.StatusCode >= 400 {
			var e struct{ Error string }
			if err := json.NewDecoder(bytes.NewReader(rec.Body.Bytes())).Decode(&e); err != nil || e.Error == "" {
				t.Fatalf("%s: %d, not a JSON error: %q", what, res.StatusCode, rec.Body)
			}
		}
	})
}
