package api

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/nonosat/nonosat/puzzle"
)

// The statuses of [Error], as in HTTP.
const (
	StatusBadRequest    = 400
	StatusNotFound      = 404
	StatusTooLarge      = 413
	StatusUnprocessable = 422 // well-formed, but there is nothing to answer (no solution to draw)
	StatusUnavailable   = 503 // no slot or no answer within the deadline
)

// Error is a failure the request caused: a status and a message for a
// person.
type Error struct {
	Status int
	Msg    string
}

func (e *Error) Error() string { return e.Msg }

func badRequest(format string, args ...any) *Error {
	return &Error{StatusBadRequest, fmt.Sprintf(format, args...)}
}

// Request is one call's input: the body and the parameters (an HTTP
// request's query).
type Request struct {
	Body  []byte
	Query url.Values
	info  *Info // what Call reports of the call, while it runs
}

// Reply is a call's answer: Value, marshalled as JSON, when Body is nil;
// else the file Body, of ContentType, named Download when saved.
type Reply struct {
	Value       any
	Body        []byte
	ContentType string
	Download    string
	Info        Info // for a log
}

// Config holds the limits of a [Service]; the zero value of a field means
// its default.
type Config struct {
	Deadline time.Duration // per call that solves; 10 s by default
	MaxCells int           // cells of a puzzle (width × height); 200×200 by default
	MaxProof int64         // bytes of a certificate, and of its CNF while built; 64 MiB by default
	// MaxMemory bounds the memory of a solve's formula and SAT solver,
	// in bytes (see solver.Options.MaxMemory); 0: no limit. A puzzle
	// over it is refused with status 413.
	MaxMemory int64
	// Worker, if set, runs gophersat in a child process, so that the
	// deadline holds (see solver.Options.Worker).
	Worker []string
	// Acquire, if set, waits for a slot of lane to solve in and
	// returns the function that frees it; an error (an [*Error] with
	// status 503) when ctx ends first, or when the server has no room
	// for another waiter. Unset: no limit.
	Acquire func(ctx context.Context, lane Lane) (release func(), err error)
}

// Defaults of [Config].
const (
	DefaultDeadline = 10 * time.Second
	DefaultMaxCells = 200 * 200
	DefaultMaxProof = 64 << 20
)

func (c Config) withDefaults() Config {
	if c.Deadline <= 0 {
		c.Deadline = DefaultDeadline
	}
	if c.MaxCells <= 0 {
		c.MaxCells = DefaultMaxCells
	}
	if c.MaxProof <= 0 {
		c.MaxProof = DefaultMaxProof
	}
	return c
}

// Service answers the calls. It keeps no state between calls and touches
// no files.
type Service struct {
	cfg Config
}

// New returns a service with the limits of cfg.
func New(cfg Config) *Service { return &Service{cfg: cfg.withDefaults()} }

// Config returns the service's limits, defaults filled in.
func (s *Service) Config() Config { return s.cfg }

type call func(s *Service, ctx context.Context, q Request) (Reply, error)

var calls = map[string]call{
	"analyze":  (*Service).analyze,
	"solve":    (*Service).solve,
	"parse":    (*Service).parse,
	"make":     (*Service).makeFromImage,
	"render":   (*Service).render,
	"convert":  (*Service).convert,
	"dimacs":   (*Service).dimacs,
	"hint":     (*Service).hint,
	"fix":      (*Service).fix,
	"proof":    (*Service).proof,
	"count":    (*Service).count,
	"steps":    (*Service).steps,
	"generate": (*Service).generate,
}

// Calls lists the names of the calls, sorted.
func Calls() []string {
	var names []string
	for n := range calls {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// Call runs the call name on q within ctx (and the service's deadline).
// Reply.Info describes the call, also when it fails.
func (s *Service) Call(ctx context.Context, name string, q Request) (Reply, error) {
	in := &Info{}
	q.info = in
	rep, err := s.call(context.WithValue(ctx, infoKey{}, in), name, q)
	rep.Info = *in
	return rep, err
}

func (s *Service) call(ctx context.Context, name string, q Request) (Reply, error) {
	f, ok := calls[name]
	if !ok {
		return Reply{}, &Error{StatusNotFound, fmt.Sprintf("no API call %q (%s)", name, strings.Join(Calls(), ", "))}
	}
	if q.Query == nil {
		q.Query = url.Values{}
	}
	if v := q.Query.Get("timeout"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			return Reply{}, badRequest("timeout=%q: want a duration such as 500ms or 5s", v)
		}
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, d) // the service's deadline still holds
		defer cancel()
	}
	return f(s, ctx, q)
}

// readPuzzle reads puzzle ?puzzle=N (default 1) of the body, in
// ?format=NAME or in the format `check` would detect from the content, and
// checks it against the size limit, and answers N as its index, as
// `check --json` does. Parse errors name the line
// ("request:3: ...").
func (s *Service) readPuzzle(q Request) (*puzzle.Puzzle, int, error) {
	if len(bytes.TrimSpace(q.Body)) == 0 {
		return nil, 0, badRequest("empty request: send a puzzle file as the body")
	}
	n, err := q.intParam("puzzle", 1, 1, 1<<30)
	if err != nil {
		return nil, 0, err
	}
	f := puzzle.Format("")
	if name := q.Query.Get("format"); name != "" {
		var err error
		if f, err = puzzle.ParseFormat(name); err != nil {
			return nil, 0, badRequest("format: %v", err)
		}
	}
	guessed := f == ""
	if guessed {
		var err error
		if f, err = puzzle.Detect("", q.Body); err != nil {
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
	es, err := puzzle.DecodeEntries(bytes.NewReader(q.Body), f)
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
	if q.info != nil {
		q.info.Width, q.info.Height = p.Width(), p.Height()
	}
	if err := s.checkSize(p.Width(), p.Height()); err != nil {
		return nil, 0, err
	}
	return p, n, nil
}

func (s *Service) checkSize(w, h int) error {
	if w*h > s.cfg.MaxCells {
		return &Error{StatusTooLarge, fmt.Sprintf("puzzle of %dx%d cells is too large: this server takes at most %d cells", w, h, s.cfg.MaxCells)}
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

// acquire waits for a slot of lane when the service has a limit.
func (s *Service) acquire(ctx context.Context, lane Lane) (func(), error) {
	if s.cfg.Acquire == nil {
		return func() {}, nil
	}
	return s.cfg.Acquire(ctx, lane)
}

// boolParam reads a query flag: 1, true or yes.
func (q Request) boolParam(name string) bool {
	switch strings.ToLower(q.Query.Get(name)) {
	case "1", "true", "yes":
		return true
	}
	return false
}

// intParam reads a whole number in [lo, hi], def when absent.
func (q Request) intParam(name string, def, lo, hi int) (int, error) {
	v := q.Query.Get(name)
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		return 0, badRequest("%s=%q: want a whole number from %d to %d", name, v, lo, hi)
	}
	return n, nil
}
