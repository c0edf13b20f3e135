package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/nonosat/nonosat/api"
	exfiles "github.com/nonosat/nonosat/examples"
	"github.com/nonosat/nonosat/web"
)

// Config holds the limits of the server; the zero value of a field means
// its default.
type Config struct {
	api.Config       // per call: deadline, puzzle size, certificate size, worker
	MaxBody    int64 // bytes of a request body; 4 MiB by default
	MaxSolves  int   // solves running at once; more wait for a slot; 2 by default
	// Site, if set, holds the page's files in place of the embedded
	// ones: the static site `make web` writes (web/dist), whose
	// engine.json makes the page solve in the browser (nonosat.wasm).
	Site fs.FS
	// Hosts, if not empty, are the only Host headers served (for a
	// loopback server: its own addresses), against DNS rebinding.
	Hosts []string
}

// Server answers the page and the JSON API. It keeps no state between
// requests but the slots of the solves running now, and touches no files.
type Server struct {
	cfg   Config
	slots chan struct{}
	api   *api.Service
	h     http.Handler
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.h.ServeHTTP(w, r) }

// Busy is the number of solve slots in use.
func (s *Server) Busy() int { return len(s.slots) }

// csp is the Content-Security-Policy of every response: the page's own
// scripts and style, images drawn from blobs, requests to this server
// only. A site with nonosat.wasm (Config.Site) may also compile
// WebAssembly and start its worker: cspWasm.
const (
	csp     = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; connect-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'"
	cspWasm = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; style-src 'self'; img-src 'self' blob: data:; connect-src 'self'; manifest-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'"
)

// New returns the handler of `nonosat serve`.
func New(cfg Config) *Server {
	if cfg.MaxBody <= 0 {
		cfg.MaxBody = 4 << 20
	}
	if cfg.MaxSolves <= 0 {
		cfg.MaxSolves = 2
	}
	s := &Server{cfg: cfg, slots: make(chan struct{}, cfg.MaxSolves)}
	ac := cfg.Config
	ac.Acquire = func(ctx context.Context, _ api.Lane) (func(), error) { return s.Acquire(ctx) }
	s.api = api.New(ac)
	mux := http.NewServeMux()
	for _, name := range api.Calls() {
		mux.HandleFunc("POST /api/"+name, s.call(name))
	}
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, &api.Error{Status: http.StatusNotFound, Msg: fmt.Sprintf("no API call %s %s", r.Method, r.URL.Path)})
	})
	mux.Handle("GET /examples/", http.StripPrefix("/examples/", http.FileServerFS(exfiles.Files())))
	site := cfg.Site
	if site == nil {
		site = web.Files()
		// The embedded page has no nonosat.wasm: it solves on this server.
		mux.HandleFunc("GET /engine.json", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			_, _ = io.WriteString(w, `{"engine":"server"}`+"\n")
		})
	}
	page := http.FileServerFS(site)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		page.ServeHTTP(w, r)
	})
	policy := csp
	if cfg.Site != nil {
		policy = cspWasm
	}
	s.h = headers(policy, guard(cfg.Hosts, mux))
	return s
}

// guard refuses requests for another host than hosts (when given), so that
// a web page whose name rebinds to 127.0.0.1 cannot use a loopback server,
// and API calls that another site's page makes (a browser sends their
// Origin): the server's own page is the only page that may call it.
func guard(hosts []string, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if len(hosts) > 0 && !slices.Contains(hosts, strings.ToLower(r.Host)) {
			writeError(w, &api.Error{Status: http.StatusForbidden, Msg: fmt.Sprintf("host %q is not this server (%s)", r.Host, strings.Join(hosts, ", "))})
			return
		}
		if o := r.Header.Get("Origin"); o != "" && strings.HasPrefix(r.URL.Path, "/api/") {
			u, err := url.Parse(o)
			if err != nil || !strings.EqualFold(u.Host, r.Host) {
				writeError(w, &api.Error{Status: http.StatusForbidden, Msg: fmt.Sprintf("calls from pages of %q are refused", o)})
				return
			}
		}
		h.ServeHTTP(w, r)
	})
}

// headers sets the security headers of every response.
func headers(csp string, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hd := w.Header()
		hd.Set("Content-Security-Policy", csp)
		hd.Set("X-Content-Type-Options", "nosniff")
		hd.Set("Referrer-Policy", "no-referrer")
		hd.Set("Cache-Control", "no-store")
		h.ServeHTTP(w, r)
	})
}

// call answers the API call name: it reads the body within the size
// limit, turns errors into JSON objects {"error": "..."} with a status,
// and writes the reply.
func (s *Server) call(name string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.cfg.MaxBody))
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			writeError(w, &api.Error{Status: http.StatusRequestEntityTooLarge, Msg: fmt.Sprintf("request body over %d bytes", mbe.Limit)})
			return
		}
		if err != nil {
			writeError(w, &api.Error{Status: http.StatusBadRequest, Msg: fmt.Sprintf("reading the request: %v", err)})
			return
		}
		rep, err := s.api.Call(r.Context(), name, api.Request{Body: body, Query: r.URL.Query()})
		if err != nil {
			writeError(w, err)
			return
		}
		if rep.Body == nil {
			b, err := json.Marshal(rep.Value)
			if err != nil {
				writeError(w, err)
				return
			}
			rep.Body, rep.ContentType = append(b, '\n'), "application/json"
		}
		w.Header().Set("Content-Type", rep.ContentType)
		if rep.Download != "" {
			w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", rep.Download))
		}
		_, _ = w.Write(rep.Body)
	}
}

// writeError answers {"error": message} with the error's status (500 for
// errors that are not *api.Error: bugs, not input).
func writeError(w http.ResponseWriter, err error) {
	status := http.StatusInternalServerError
	var ae *api.Error
	if errors.As(err, &ae) {
		status = ae.Status
	}
	b, _ := json.Marshal(map[string]string{"error": err.Error()})
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(append(b, '\n'))
}

// Acquire waits for a solve slot; release it with the returned function.
// A request whose client has gone, or whose deadline passes while it
// waits, gets an error.
func (s *Server) Acquire(ctx context.Context) (func(), error) {
	select {
	case s.slots <- struct{}{}:
		return func() { <-s.slots }, nil
	case <-ctx.Done():
		return nil, &api.Error{Status: http.StatusServiceUnavailable, Msg: fmt.Sprintf("all %d solve slots stayed busy", cap(s.slots))}
	}
}

// LoopbackHosts are the Host headers a loopback server on port answers.
func LoopbackHosts(port int) []string {
	var hosts []string
	for _, h := range []string{"127.0.0.1", "localhost", "[::1]"} {
		hosts = append(hosts, fmt.Sprintf("%s:%d", h, port))
		if port == 80 {
			hosts = append(hosts, h) // browsers leave out the default port
		}
	}
	return hosts
}
