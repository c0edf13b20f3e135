package api_test

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"net/url"
	"testing"
	"time"

	"github.com/nonosat/nonosat/api"
	"github.com/nonosat/nonosat/design"
	"github.com/nonosat/nonosat/internal/brute"
	"github.com/nonosat/nonosat/internal/randpuzzle"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/report"
)

func text(t *testing.T, p *puzzle.Puzzle) string {
	t.Helper()
	var b bytes.Buffer
	if err := puzzle.Encode(&b, p, puzzle.XML); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// count agrees with brute force on small random puzzles, colour too.
func TestCountIsBruteForce(t *testing.T) {
	s := api.New(api.Config{})
	rng := rand.New(rand.NewPCG(7, 7))
	for i := range 30 {
		p := brute.RandomPuzzle(rng, 1+rng.IntN(4), 1+rng.IntN(4), 1+i%3, 0.5)
		want := len(brute.Solutions(p))
		rep, err := call(t, s, "count", text(t, p), url.Values{"max": {"0"}})
		if err != nil {
			t.Fatal(err)
		}
		j := rep.Value.(report.Result)
		if j.Count != want || !j.Complete {
			t.Errorf("count(%s) = %d (complete %v), brute force finds %d", text(t, p), j.Count, j.Complete, want)
		}
	}
}

// generate makes the puzzle it was asked for: the size, unique when
// asked, and the same puzzle for the same seed.
func TestGenerate(t *testing.T) {
	s := api.New(api.Config{})
	q := url.Values{"size": {"8x6"}, "unique": {"1"}, "seed": {"42"}, "to": {"non"}}
	a, err := call(t, s, "generate", "", q)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := call(t, s, "generate", "", q)
	if !bytes.Equal(a.Body, b.Body) {
		t.Errorf("generate with seed 42 twice gave two puzzles")
	}
	p, err := puzzle.Decode(bytes.NewReader(a.Body), puzzle.NON)
	if err != nil {
		t.Fatal(err)
	}
	if p.Width() != 8 || p.Height() != 6 {
		t.Errorf("generate 8x6 made %dx%d", p.Width(), p.Height())
	}
	if sols, _ := brute.Pruned(p, 2); len(sols) != 1 {
		t.Errorf("generate unique made a puzzle with %d solutions", len(sols))
	}
	// .non writes colour, cwd does not.
	if _, err := call(t, s, "generate", "", url.Values{"size": {"8x6"}, "colors": {"3"}, "to": {"non"}}); err != nil {
		t.Errorf("generate 3 colours as non: %v", err)
	}
	_, err = call(t, s, "generate", "", url.Values{"size": {"8x6"}, "colors": {"3"}, "to": {"cwd"}})
	var ae *api.Error
	if !errors.As(err, &ae) || ae.Status != api.StatusBadRequest {
		t.Errorf("generate 3 colours as cwd: %v, want a bad request", err)
	}
}

// steps solves from the empty grid to the puzzle's solution.
func TestSteps(t *testing.T) {
	p := randpuzzle.Picture(3, 10, 10, 1, 0.55)
	rep, err := call(t, api.New(api.Config{}), "steps", text(t, p), nil)
	if err != nil {
		t.Fatal(err)
	}
	ss := rep.Value.(struct {
		Steps []design.Step `json:"steps"`
	}).Steps
	g := design.EmptyGrid(p)
	color := map[string]puzzle.Color{}
	for c := range p.NumColors() + 1 {
		color[string(p.Char(puzzle.Color(c)))] = puzzle.Color(c)
	}
	for _, st := range ss {
		for _, c := range st.Cells {
			g[c.Row-1][c.Col-1] = color[c.Color]
		}
	}
	if err := puzzle.Check(p, g); err != nil {
		t.Errorf("the %d steps end on a grid that is no solution: %v", len(ss), err)
	}
}

// ?timeout= bounds a call: a hard puzzle answers verdict timeout on time.
func TestTimeoutParam(t *testing.T) {
	p := randpuzzle.Dom(16)
	s := api.New(api.Config{Deadline: time.Minute})
	start := time.Now()
	rep, err := s.Call(context.Background(), "analyze", api.Request{Body: []byte(text(t, p)), Query: url.Values{"timeout": {"300ms"}}})
	if err != nil {
		t.Fatal(err)
	}
	if v := rep.Value.(api.Analysis).Verdict; v != "timeout" {
		t.Errorf("16-Dom in 300 ms: verdict %s, want timeout", v)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("16-Dom with a 300 ms timeout answered after %v", d)
	}
	if _, err := call(t, s, "analyze", text(t, p), url.Values{"timeout": {"5"}}); err == nil {
		t.Errorf("timeout=5 (no unit) was taken")
	}
}
