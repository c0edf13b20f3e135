package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/url"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/nonosat/nonosat/api"
	exfiles "github.com/nonosat/nonosat/examples"
	"github.com/nonosat/nonosat/web"
)

// Config holds the limits of the server; the zero value of a field means
// its default.
type Config struct {
	api.Config       // per call: deadline, puzzle size, certificate size, memory, worker
	MaxBody    int64 // bytes of a request body; 4 MiB by default
	// MaxSolves is the number of calls that may search at once (the
	// search lane); 2 by default. The lines lane (see api.Lane), where
	// each call line solves for milliseconds and never waits behind a
	// search, has linesPerSlot times as many slots.
	MaxSolves int
	// MaxQueue is the number of calls that may wait for a search slot,
	// each until its deadline; more are refused with 503 at once. 0
	// means 4 × MaxSolves; negative, none wait. Calls wait for a lines
	// slot without bound but their deadline: each holds it for
	// milliseconds.
	MaxQueue int
	// Site, if set, holds the page's files in place of the embedded
	// ones: the static site `make web` writes (web/dist), whose
	// engine.json makes the page solve in the browser (nonosat.wasm).
	Site fs.FS
	// Hosts, if not empty, are the only Host headers served (for a
	// loopback server: its own addresses), against DNS rebinding.
	Hosts []string
	// Log, if set, gets one line per request (see [Server.ServeHTTP]).
	Log *slog.Logger
}

// linesPerSlot is the lines lane's slots per search slot. Few slots
// would bound its CPU no better than the Go scheduler does, and would
// make every call of the lane wait while a holder waits for a CPU among
// the server's other goroutines (benchmarks/RESULTS.md, "serve under
// load").
const linesPerSlot = 16

// Server answers the page, the JSON API, health and metrics. It keeps no
// state between requests but the slots of the calls running now and the
// counters of /metrics, and touches no files.
type Server struct {
	cfg          Config
	lines        *pool // calls that line solving decides
	search       *pool // all other calls that solve
	api          *api.Service
	h            http.Handler
	requests     counters
	shuttingDown atomic.Bool
}

// ServeHTTP answers r. With Config.Log set it logs one line per request:
// method, path, status, and for API calls the puzzle's size, the lane
// the call solved in and the verdict, then the bytes written and the
// time taken.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.h.ServeHTTP(w, r) }

// Busy is the number of search slots in use.
func (s *Server) Busy() int { return s.search.busy() }

// Queued is the number of calls waiting for a search slot.
func (s *Server) Queued() int { return s.search.queued() }

// Ready reports whether a call that searches would be taken now: a
// search slot is free or the queue has room, and no shutdown has begun.
// GET /readyz answers it.
func (s *Server) Ready() bool { return !s.shuttingDown.Load() && !s.search.full() }

// ShuttingDown makes /readyz answer 503 from now on, so that a load
// balancer sends no more requests while the running ones finish.
func (s *Server) ShuttingDown() { s.shuttingDown.Store(true) }

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
	switch {
	case cfg.MaxQueue == 0:
		cfg.MaxQueue = 4 * cfg.MaxSolves
	case cfg.MaxQueue < 0:
		cfg.MaxQueue = 0
	}
	s := &Server{cfg: cfg, lines: newPool(api.Lines, linesPerSlot*cfg.MaxSolves, -1), search: newPool(api.Search, cfg.MaxSolves, cfg.MaxQueue)}
	ac := cfg.Config
	ac.Acquire = s.acquire
	s.api = api.New(ac)
	mux := http.NewServeMux()
	mux.HandleFunc("/api/", s.call)
	mux.HandleFunc("GET /healthz", s.route("healthz", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
	}))
	mux.HandleFunc("GET /readyz", s.route("readyz", s.readyz))
	mux.HandleFunc("GET /metrics", s.route("metrics", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
		s.writeMetrics(w)
	}))
	mux.Handle("GET /examples/", s.route("examples", http.StripPrefix("/examples/", fileServer(exfiles.Files())).ServeHTTP))
	site := cfg.Site
	if site == nil {
		site = web.Files()
		// The embedded page has no nonosat.wasm: it solves on this server.
		mux.HandleFunc("GET /engine.json", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			_, _ = io.WriteString(w, `{"engine":"server"}`+"\n")
		})
	}
	page := fileServer(site)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		// Every GET route ends here for another method.
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		page.ServeHTTP(w, r)
	})
	policy := csp
	if cfg.Site != nil {
		policy = cspWasm
	}
	s.h = s.observe(headers(policy, guard(cfg.Hosts, mux)))
	return s
}

// fileServer serves the files of fsys, and 404 for a path that cannot
// name one (http.FileServerFS answers 500 to a path that is not UTF-8).
func fileServer(fsys fs.FS) http.HandlerFunc {
	h := http.FileServerFS(fsys)
	return func(w http.ResponseWriter, r *http.Request) {
		if name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/"); name != "" && !fs.ValidPath(name) {
			http.NotFound(w, r)
			return
		}
		h.ServeHTTP(w, r)
	}
}

// route names the route of h's requests for the metrics.
func (s *Server) route(name string, h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		entryOf(r).route = name
		h(w, r)
	}
}

// readyz answers 200 while a call that searches would be taken (a search
// slot free or room in the queue), else 503, with the slots' state.
func (s *Server) readyz(w http.ResponseWriter, r *http.Request) {
	status := http.StatusOK
	if !s.Ready() {
		status = http.StatusServiceUnavailable
		w.Header().Set("Retry-After", strconv.Itoa(s.search.retryAfter()))
	}
	writeJSON(w, status, struct {
		Ready        bool `json:"ready"`
		ShuttingDown bool `json:"shutting_down,omitempty"`
		Slots        int  `json:"slots"`
		Busy         int  `json:"busy"`
		Queue        int  `json:"queue"`
		Queued       int  `json:"queued"`
	}{status == http.StatusOK, s.shuttingDown.Load(), cap(s.search.slots), s.search.busy(), s.search.maxWait, s.search.queued()})
}

// acquire is the api.Config.Acquire of the server.
func (s *Server) acquire(ctx context.Context, lane api.Lane) (func(), error) {
	if lane == api.Lines {
		return s.lines.acquire(ctx)
	}
	return s.search.acquire(ctx)
}

// Acquire waits for a search slot, as a call that searches does; release
// it with the returned function. A request whose client has gone, or
// whose deadline passes while it waits, gets an error, and so does one
// that finds the queue full.
func (s *Server) Acquire(ctx context.Context) (func(), error) { return s.search.acquire(ctx) }

// guard refuses requests for another host than hosts (when given), so that
// a web page whose name rebinds to 127.0.0.1 cannot use a loopback server,
// and API calls that another site's page makes (a browser sends their
// Origin): the server's own page is the only page that may call it.
func guard(hosts []string, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if len(hosts) > 0 && !slices.Contains(hosts, strings.ToLower(r.Host)) {
			writeJSON(w, http.StatusForbidden, errorBody(fmt.Sprintf("host %q is not this server (%s)", r.Host, strings.Join(hosts, ", "))))
			return
		}
		if o := r.Header.Get("Origin"); o != "" && strings.HasPrefix(r.URL.Path, "/api/") {
			u, err := url.Parse(o)
			if err != nil || !strings.EqualFold(u.Host, r.Host) {
				writeJSON(w, http.StatusForbidden, errorBody(fmt.Sprintf("calls from pages of %q are refused", o)))
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

// call answers POST /api/NAME: it reads the body within the size limit,
// turns errors into JSON objects {"error": "..."} with a status (503s
// with Retry-After), and writes the reply. Another method gets 405.
func (s *Server) call(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimPrefix(r.URL.Path, "/api/")
	if !slices.Contains(api.Calls(), name) {
		s.writeError(w, &api.Error{Status: http.StatusNotFound, Msg: fmt.Sprintf("no API call %s %s", r.Method, r.URL.Path)})
		return
	}
	e := entryOf(r)
	e.route = name
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		s.writeError(w, &api.Error{Status: http.StatusMethodNotAllowed, Msg: fmt.Sprintf("%s %s: the API takes POST only", r.Method, r.URL.Path)})
		return
	}
	if r.ContentLength > s.cfg.MaxBody { // refused before reading it
		w.Header().Set("Connection", "close")
		s.writeError(w, &api.Error{Status: http.StatusRequestEntityTooLarge, Msg: fmt.Sprintf("request body over %d bytes", s.cfg.MaxBody)})
		return
	}
	var buf bytes.Buffer
	if r.ContentLength > 0 {
		buf.Grow(int(r.ContentLength) + 1) // no doubling past the body's size
	}
	_, err := buf.ReadFrom(http.MaxBytesReader(w, r.Body, s.cfg.MaxBody))
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		w.Header().Set("Connection", "close")
		s.writeError(w, &api.Error{Status: http.StatusRequestEntityTooLarge, Msg: fmt.Sprintf("request body over %d bytes", mbe.Limit)})
		return
	}
	if err != nil {
		s.writeError(w, &api.Error{Status: http.StatusBadRequest, Msg: fmt.Sprintf("reading the request: %v", err)})
		return
	}
	rep, err := s.api.Call(r.Context(), name, api.Request{Body: buf.Bytes(), Query: r.URL.Query()})
	e.info = rep.Info
	if err != nil {
		s.writeError(w, err)
		return
	}
	if rep.Body == nil {
		b, err := json.Marshal(rep.Value)
		if err != nil {
			s.writeError(w, err)
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

// writeError answers {"error": message} with the error's status (500 for
// errors that are not *api.Error: bugs, not input); a 503 says when to
// retry.
func (s *Server) writeError(w http.ResponseWriter, err error) {
	status := http.StatusInternalServerError
	var ae *api.Error
	if errors.As(err, &ae) {
		status = ae.Status
	}
	if status == http.StatusServiceUnavailable {
		w.Header().Set("Retry-After", strconv.Itoa(s.search.retryAfter()))
	}
	writeJSON(w, status, errorBody(err.Error()))
}

// errorBody is the JSON object of an error answer.
func errorBody(msg string) any { return map[string]string{"error": msg} }

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, _ := json.Marshal(v)
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(append(b, '\n'))
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
