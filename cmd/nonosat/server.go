package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	exfiles "github.com/nonosat/nonosat/examples"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/web"
)

// serverConfig holds the limits of `nonosat serve`; the zero value of a
// field means its default (see withDefaults).
type serverConfig struct {
	MaxBody   int64         // bytes of a request body
	Deadline  time.Duration // per request that solves
	MaxSolves int           // solves running at once; more wait for a slot
	MaxCells  int           // cells of a puzzle (width × height)
	MaxProof  int64         // bytes of a certificate (/api/proof), and of its CNF while built
	Worker    []string      // runs gophersat in a child process, so that the deadline holds
	// Hosts, if not empty, are the only Host headers served (for a
	// loopback server: its own addresses), against DNS rebinding.
	Hosts []string
}

func (c serverConfig) withDefaults() serverConfig {
	if c.MaxBody <= 0 {
		c.MaxBody = 4 << 20
	}
	if c.Deadline <= 0 {
		c.Deadline = 10 * time.Second
	}
	if c.MaxSolves <= 0 {
		c.MaxSolves = 2
	}
	if c.MaxCells <= 0 {
		c.MaxCells = 200 * 200
	}
	if c.MaxProof <= 0 {
		c.MaxProof = 64 << 20
	}
	return c
}

// server answers the page and the JSON API. It keeps no state between
// requests but the slots of the solves running now, and touches no files.
type server struct {
	cfg   serverConfig
	slots chan struct{}
	h     http.Handler
}

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.h.ServeHTTP(w, r) }

// csp is the Content-Security-Policy of every response: the page's own
// script and style, images drawn from blobs, requests to this server only.
const csp = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; connect-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'"

// newServer returns the handler of `nonosat serve`.
func newServer(cfg serverConfig) *server {
	cfg = cfg.withDefaults()
	s := &server{cfg: cfg, slots: make(chan struct{}, cfg.MaxSolves)}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/analyze", s.api(s.analyze))
	mux.HandleFunc("POST /api/solve", s.api(s.solve))
	mux.HandleFunc("POST /api/parse", s.api(s.parse))
	mux.HandleFunc("POST /api/make", s.api(s.makeFromImage))
	mux.HandleFunc("POST /api/render", s.api(s.render))
	mux.HandleFunc("POST /api/convert", s.api(s.convert))
	mux.HandleFunc("POST /api/dimacs", s.api(s.dimacs))
	mux.HandleFunc("POST /api/hint", s.api(s.hint))
	mux.HandleFunc("POST /api/fix", s.api(s.fix))
	mux.HandleFunc("POST /api/proof", s.api(s.proof))
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, &apiError{http.StatusNotFound, fmt.Sprintf("no API call %s %s", r.Method, r.URL.Path)})
	})
	mux.Handle("GET /examples/", http.StripPrefix("/examples/", http.FileServerFS(exfiles.Files())))
	page := http.FileServerFS(web.Files())
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		page.ServeHTTP(w, r)
	})
	s.h = headers(guard(cfg.Hosts, mux))
	return s
}

// guard refuses requests for another host than hosts (when given), so that
// a web page whose name rebinds to 127.0.0.1 cannot use a loopback server,
// and API calls that another site's page makes (a browser sends their
// Origin): the server's own page is the only page that may call it.
func guard(hosts []string, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if len(hosts) > 0 && !slices.Contains(hosts, strings.ToLower(r.Host)) {
			writeError(w, &apiError{http.StatusForbidden, fmt.Sprintf("host %q is not this server (%s)", r.Host, strings.Join(hosts, ", "))})
			return
		}
		if o := r.Header.Get("Origin"); o != "" && strings.HasPrefix(r.URL.Path, "/api/") {
			u, err := url.Parse(o)
			if err != nil || !strings.EqualFold(u.Host, r.Host) {
				writeError(w, &apiError{http.StatusForbidden, fmt.Sprintf("calls from pages of %q are refused", o)})
				return
			}
		}
		h.ServeHTTP(w, r)
	})
}

// headers sets the security headers of every response.
func headers(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hd := w.Header()
		hd.Set("Content-Security-Policy", csp)
		hd.Set("X-Content-Type-Options", "nosniff")
		hd.Set("Referrer-Policy", "no-referrer")
		hd.Set("Cache-Control", "no-store")
		h.ServeHTTP(w, r)
	})
}

// apiError is an API failure: an HTTP status and a message for a person.
type apiError struct {
	Status int
	Msg    string
}

func (e *apiError) Error() string { return e.Msg }

func badRequest(format string, args ...any) *apiError {
	return &apiError{http.StatusBadRequest, fmt.Sprintf(format, args...)}
}

// reply is what an API handler answers: JSON (value) or a file (body).
type reply struct {
	value    any    // marshalled as JSON when body is nil
	body     []byte // sent as is, with contentType
	ctype    string
	download string // file name for Content-Disposition, if any
}

// api adapts a handler: it reads the body within the size limit, turns
// errors into JSON objects {"error": "..."} with a status, and writes the
// reply.
func (s *server) api(h func(r *http.Request, body []byte) (reply, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.cfg.MaxBody))
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			writeError(w, &apiError{http.StatusRequestEntityTooLarge, fmt.Sprintf("request body over %d bytes", mbe.Limit)})
			return
		}
		if err != nil {
			writeError(w, badRequest("reading the request: %v", err))
			return
		}
		rep, err := h(r, body)
		if err != nil {
			writeError(w, err)
			return
		}
		if rep.body == nil {
			b, err := json.Marshal(rep.value)
			if err != nil {
				writeError(w, err)
				return
			}
			rep.body, rep.ctype = append(b, '\n'), "application/json"
		}
		w.Header().Set("Content-Type", rep.ctype)
		if rep.download != "" {
			w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", rep.download))
		}
		_, _ = w.Write(rep.body)
	}
}

// writeError answers {"error": message} with the error's status (500 for
// errors that are not *apiError: bugs, not input).
func writeError(w http.ResponseWriter, err error) {
	status := http.StatusInternalServerError
	var ae *apiError
	if errors.As(err, &ae) {
		status = ae.Status
	}
	b, _ := json.Marshal(map[string]string{"error": err.Error()})
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(append(b, '\n'))
}

// readPuzzle reads puzzle ?puzzle=N (default 1) of the body, in
// ?format=NAME or in the format `check` would detect from the content, and
// checks it against the size limit. index is N when the body holds several
// puzzles, else 0, as in `check --json`. Parse errors name the line
// ("request:3: ...").
func (s *server) readPuzzle(r *http.Request, body []byte) (*puzzle.Puzzle, int, error) {
	if len(bytes.TrimSpace(body)) == 0 {
		return nil, 0, badRequest("empty request: send a puzzle file as the body")
	}
	n, err := intParam(r, "puzzle", 1, 1, 1<<30)
	if err != nil {
		return nil, 0, err
	}
	f := puzzle.Format("")
	if name := r.URL.Query().Get("format"); name != "" {
		var err error
		if f, err = puzzle.ParseFormat(name); err != nil {
			return nil, 0, badRequest("format: %v", err)
		}
	}
	guessed := f == ""
	if guessed {
		var err error
		if f, err = puzzle.Detect("", body); err != nil {
			return nil, 0, badRequest("cannot tell the puzzle format from the content; add ?format=NAME (%s)", formatNames())
		}
	}
	bad := func(err error) error {
		var pe *puzzle.ParseError
		if errors.As(err, &pe) && pe.File == "" {
			pe.File = "request"
		}
		if guessed { // a wrong guess speaks of another format's rules
			return badRequest("%v (read as %s, the format guessed from the content; ?format=NAME chooses)", err, f)
		}
		return badRequest("%v", err)
	}
	es, err := puzzle.DecodeEntries(bytes.NewReader(body), f)
	if err != nil {
		return nil, 0, bad(err)
	}
	if n > len(es) {
		return nil, 0, badRequest("puzzle=%d: the request holds %d puzzle(s)", n, len(es))
	}
	if err := es[n-1].Err; err != nil { // the others may be fine
		return nil, 0, bad(err)
	}
	p := es[n-1].Puzzle
	if err := s.checkSize(p.Width(), p.Height()); err != nil {
		return nil, 0, err
	}
	if len(es) == 1 {
		n = 0
	}
	return p, n, nil
}

func (s *server) checkSize(w, h int) error {
	if w*h > s.cfg.MaxCells {
		return &apiError{http.StatusRequestEntityTooLarge, fmt.Sprintf("puzzle of %dx%d cells is too large: this server takes at most %d cells", w, h, s.cfg.MaxCells)}
	}
	return nil
}

func formatNames() string {
	var names []string
	for _, f := range puzzle.Formats() {
		names = append(names, string(f))
	}
	return strings.Join(names, ", ")
}

// acquire waits for a solve slot; release it with the returned function.
// A request whose client has gone, or whose deadline passes while it
// waits, gets an error.
func (s *server) acquire(ctx context.Context) (func(), error) {
	select {
	case s.slots <- struct{}{}:
		return func() { <-s.slots }, nil
	case <-ctx.Done():
		return nil, &apiError{http.StatusServiceUnavailable, fmt.Sprintf("all %d solve slots stayed busy", cap(s.slots))}
	}
}
