package api

import (
	"archive/tar"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/nonosat/nonosat/internal/clock"

	"github.com/nonosat/nonosat/certify"

	"github.com/nonosat/nonosat/design"
	"github.com/nonosat/nonosat/encode"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/solver"
)

// The designer calls of the JSON API: /api/hint and /api/fix answer what
// hint --json and fix --json print, from package design; /api/proof the
// certificate check --proof writes.

// designCall runs f on a solve slot within the server's deadline.
func (s *Service) designCall(ctx context.Context, f func(ctx context.Context) error) error {
	ctx, cancel := context.WithTimeout(ctx, s.cfg.Deadline)
	defer cancel()
	release, err := s.acquire(ctx, Search)
	if err != nil {
		return err
	}
	defer release()
	infoFrom(ctx).Lane = Search
	err = f(ctx)
	if clock.Err(ctx) != nil {
		return &Error{StatusUnavailable, "no answer within the deadline"}
	}
	return err
}

// hint answers the next deduction on the partly filled grid of ?grid=
// (rows of palette characters and '?' for open cells, separated by new
// lines, or by '/' when there is no new line: a palette may have '/' as a
// colour, as text art does; the empty grid without it).
func (s *Service) hint(ctx context.Context, q Request) (Reply, error) {
	p, _, err := s.readPuzzle(q)
	if err != nil {
		return Reply{}, err
	}
	var g puzzle.Grid
	if text := q.Query.Get("grid"); text != "" {
		// A puzzle of one row has no separator to split on: its '/' are
		// cells (the page sends one row without a new line).
		if !strings.Contains(text, "\n") && p.Height() > 1 {
			text = strings.ReplaceAll(text, "/", "\n")
		}
		g, err = design.ParsePartial(strings.NewReader(text), p)
		if err != nil {
			return Reply{}, &Error{StatusBadRequest, "grid: " + err.Error()}
		}
	}
	var h design.Hint
	err = s.designCall(ctx, func(ctx context.Context) error {
		var err error
		h, err = design.NextHint(ctx, p, g)
		return err
	})
	if errors.Is(err, design.ErrNoSolution) {
		return Reply{}, &Error{StatusUnprocessable, err.Error()}
	}
	if err != nil {
		return Reply{}, err
	}
	return Reply{Value: h}, nil
}

// fix answers the best edits of the puzzle's goal picture (its first
// solution when it has none), ?best=N of them (default 5).
func (s *Service) fix(ctx context.Context, q Request) (Reply, error) {
	p, _, err := s.readPuzzle(q)
	if err != nil {
		return Reply{}, err
	}
	best, err := q.intParam("best", 5, 1, 50)
	if err != nil {
		return Reply{}, err
	}
	es := []design.Edit{}
	err = s.designCall(ctx, func(ctx context.Context) error {
		goal, res, err := design.FixGoal(ctx, p, solver.Options{Worker: s.cfg.Worker})
		if err != nil {
			return err
		}
		if goal == nil {
			return &Error{StatusUnprocessable, "no picture to edit: " + string(res.Verdict)}
		}
		// No one edit may take the whole deadline: the 20 single edits
		// and 20 pairs verified fit in it (fix's --edit-timeout).
		found, err := design.Fix(ctx, p, goal, design.FixOptions{Best: best, EditTimeout: s.cfg.Deadline / 40})
		if found != nil {
			es = found
		}
		return err
	})
	if err != nil {
		return Reply{}, err
	}
	return Reply{Value: design.Edits{Edits: es}}, nil
}

// proof answers the certificate of the puzzle's verdict as a tar archive
// of the files check --proof writes: NAME.cnf, NAME.drat (unique, none)
// and NAME.sol (unique, multiple).
func (s *Service) proof(ctx context.Context, q Request) (Reply, error) {
	p, _, err := s.readPuzzle(q)
	if err != nil {
		return Reply{}, err
	}
	name := fileName(p, "")
	var files *certify.Memory
	tooBig := func() error {
		return &Error{StatusTooLarge, fmt.Sprintf("certificate too large: this server makes certificates of at most %s (serve --max-proof); nonosat check --proof has no such limit", encode.Bytes(s.cfg.MaxProof))}
	}
	err = s.designCall(ctx, func(ctx context.Context) error {
		files = certify.NewMemory(ctx, s.cfg.MaxProof)
		// The certificate's CNF is built in memory before anything is
		// written: refuse first a puzzle whose CNF text alone is over the
		// limit. (Its formula's memory, which EncodeContext would count,
		// is two to three times its text: that refused certificates well
		// under the limit.)
		_, err := encode.Puzzle(p, encode.WithContext(ctx), encode.WithText(), encode.WithMaxBytes(s.cfg.MaxProof))
		var tb *encode.TooBigError
		if errors.As(err, &tb) {
			return tooBig()
		}
		o := solver.Options{Max: 2, IgnoreGoal: true, Worker: s.cfg.Worker, Proof: &certify.Trace{}}
		res, err := solver.Solve(ctx, p, o)
		if err != nil {
			return err
		}
		if res.Verdict == solver.Timeout {
			return &Error{StatusUnavailable, "no verdict within the deadline"}
		}
		err = certify.Write(ctx, files, name, p, res, o, 0)
		if errors.Is(err, certify.ErrTooBig) {
			return tooBig()
		}
		if errors.Is(err, certify.ErrNoProof) { // none, by totals that differ: the clues show it
			return &Error{StatusUnprocessable, err.Error()}
		}
		return err
	})
	if err != nil {
		return Reply{}, err
	}
	var buf bytes.Buffer
	if err := writeTar(&buf, files); err != nil {
		return Reply{}, err
	}
	return Reply{Body: buf.Bytes(), ContentType: "application/x-tar", Download: name + "-certificate.tar"}, nil
}

// writeTar writes the files of a certificate as a tar archive. (Here and
// not in certify: archive/tar links os/user, which needs cgo, and the
// command line writes certificates to folders without it.)
func writeTar(w io.Writer, files *certify.Memory) error {
	tw := tar.NewWriter(w)
	now := time.Now()
	for name, data := range files.All() {
		if err := tw.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: int64(len(data)), ModTime: now}); err != nil {
			return err
		}
		if _, err := tw.Write(data); err != nil {
			return err
		}
	}
	return tw.Close()
}

// steps answers the whole logical solution from the empty grid, as
// {"steps": [...]}: the objects `steps --json` prints, one per step.
func (s *Service) steps(ctx context.Context, q Request) (Reply, error) {
	p, _, err := s.readPuzzle(q)
	if err != nil {
		return Reply{}, err
	}
	var ss []design.Step
	err = s.designCall(ctx, func(ctx context.Context) error {
		var err error
		ss, err = design.Steps(ctx, p)
		return err
	})
	if errors.Is(err, design.ErrNoSolution) {
		return Reply{}, &Error{StatusUnprocessable, err.Error()}
	}
	if err != nil {
		return Reply{}, err
	}
	if ss == nil {
		ss = []design.Step{}
	}
	return Reply{Value: struct {
		Steps []design.Step `json:"steps"`
	}{ss}}, nil
}

// generate answers a random puzzle as `generate` makes it, written in
// ?to=NAME (default xml): ?width=W&height=H (or ?size=WxH), ?colors=K
// (default 1), ?density=D (default 0.5), ?unique=1, ?line-solvable=1,
// ?seed=N (default: a new one each call, named in the title), ?title=T.
// The body is not read.
func (s *Service) generate(ctx context.Context, q Request) (Reply, error) {
	w, err := q.intParam("width", 0, 1, puzzle.MaxSide)
	if err != nil {
		return Reply{}, err
	}
	h, err := q.intParam("height", 0, 1, puzzle.MaxSide)
	if err != nil {
		return Reply{}, err
	}
	if v := q.Query.Get("size"); v != "" {
		if w, h, err = puzzle.ParseSize(v); err != nil {
			return Reply{}, badRequest("size: %v", err)
		}
	}
	if w == 0 || h == 0 {
		return Reply{}, badRequest("give the size: width=W and height=H, or size=WxH")
	}
	if err := s.checkSize(w, h); err != nil {
		return Reply{}, err
	}
	colors, err := q.intParam("colors", 1, 1, len(design.Palette)-1)
	if err != nil {
		return Reply{}, err
	}
	density := 0.5
	if v := q.Query.Get("density"); v != "" {
		d, err := strconv.ParseFloat(v, 64)
		if err != nil || !(d > 0 && d < 1) {
			return Reply{}, badRequest("density=%q: want a number more than 0 and less than 1", v)
		}
		density = d
	}
	seed := rand.Uint64N(1 << 31)
	if v := q.Query.Get("seed"); v != "" {
		if seed, err = strconv.ParseUint(v, 10, 64); err != nil {
			return Reply{}, badRequest("seed=%q: want a whole number from 0 to %d", v, uint64(math.MaxUint64))
		}
	}
	to := puzzle.XML
	if v := q.Query.Get("to"); v != "" {
		if to, err = puzzle.ParseFormat(v); err != nil {
			return Reply{}, badRequest("to: %v", err)
		}
	}
	if !to.CanWrite() {
		return Reply{}, badRequest("to: nonosat cannot write format %s", to)
	}
	if colors > 1 && !to.Color() {
		return Reply{}, badRequest("%v: %s is black and white only", puzzle.ErrUnsupported, to)
	}
	o := design.GenerateOptions{
		Width: w, Height: h, Colors: colors, Density: density,
		Unique: q.boolParam("unique"), LineSolvable: q.boolParam("line-solvable"), Seed: seed,
	}
	var p *puzzle.Puzzle
	err = s.designCall(ctx, func(ctx context.Context) error {
		var err error
		p, err = design.Generate(ctx, o)
		return err
	})
	if errors.Is(err, design.ErrGiveUp) {
		return Reply{}, &Error{StatusUnprocessable, fmt.Sprintf("%v (try another seed or density)", err)}
	}
	if err != nil {
		return Reply{}, err
	}
	p.Title = q.Query.Get("title")
	if p.Title == "" {
		p.Title = fmt.Sprintf("generated %dx%d seed %d", w, h, seed)
	}
	var buf bytes.Buffer
	if err := puzzle.Encode(&buf, p, to); err != nil {
		return Reply{}, badRequest("%v", err)
	}
	return Reply{Body: buf.Bytes(), ContentType: contentType(to), Download: fileName(p, to.Suffix())}, nil
}
