package encode_test

import (
	"bytes"
	"context"
	"errors"
	"testing"

	"github.com/nonosat/nonosat/encode"
	"github.com/nonosat/nonosat/internal/ctxtest"
	"github.com/nonosat/nonosat/internal/randpuzzle"
	"github.com/nonosat/nonosat/puzzle"
)

// TestWithContextStops checks that encoding a 1000×1000 three-colour
// puzzle without presolving (minutes and gigabytes if it ran to the end)
// returns as soon as the context is done: at once, or after the lines it
// let through.
func TestWithContextStops(t *testing.T) {
	p := randpuzzle.Picture(1, 1000, 1000, 3, 0.7)
	for _, n := range []int{0, 1, 3} {
		ctx := &ctxtest.DoneAfter{Context: context.Background(), N: n}
		e, err := encode.Puzzle(p, encode.WithContext(ctx))
		if !errors.Is(err, context.Canceled) || e != nil {
			t.Errorf("Puzzle(WithContext(done after %d checks)) = %v, %v; want nil, context.Canceled", n, e, err)
		}
		if ctx.Calls != n+1 {
			t.Errorf("Puzzle(WithContext(done after %d checks)) asked the context %d times, want %d", n, ctx.Calls, n+1)
		}
	}
}

// TestMaxBytes checks the memory budget: a formula within it is built
// whole and equals the one without a budget; one over it stops with a TooBigError whose
// estimate of the whole is within a factor of two of the real size.
func TestMaxBytes(t *testing.T) {
	p := randpuzzle.Picture(2, 60, 50, 3, 0.5)
	whole := mustEncode(t, p)
	size := encode.FormulaBytes(&whole.Formula)
	e, err := encode.Puzzle(p, encode.WithMaxBytes(size))
	if err != nil || len(e.Formula.Clauses) != len(whole.Formula.Clauses) || e.Formula.NumVars != whole.Formula.NumVars {
		t.Fatalf("Puzzle(WithMaxBytes(its size %d)) = %v; want the formula without a budget", size, err)
	}
	_, err = encode.Puzzle(p, encode.WithMaxBytes(size/3))
	var tb *encode.TooBigError
	if !errors.As(err, &tb) {
		t.Fatalf("Puzzle(WithMaxBytes(%d of %d)) error = %v, want a *TooBigError", size/3, size, err)
	}
	if tb.Budget != size/3 || tb.Bytes < size/2 || tb.Bytes > 2*size {
		t.Errorf("TooBigError = %+v; want budget %d and an estimate within 2x of %d bytes", tb, size/3, size)
	}
	n := len(whole.Formula.Clauses)
	if tb.Clause < n/2 || tb.Clause > 2*n {
		t.Errorf("TooBigError estimates %d clauses, the formula has %d", tb.Clause, n)
	}
}

// TestWithTextMaxBytes: with WithText, the budget counts the bytes of
// the clauses' text: a budget of the text's size builds it whole (the
// same DIMACS as without a budget), a third of it stops with a
// TooBigError.
func TestWithTextMaxBytes(t *testing.T) {
	p := randpuzzle.Picture(2, 60, 50, 3, 0.5)
	var want bytes.Buffer
	if err := mustEncode(t, p, encode.WithText()).WriteDIMACS(&want, p, encode.DIMACSOptions{}); err != nil {
		t.Fatal(err)
	}
	whole := mustEncode(t, p)
	text := int64(want.Len()) // the header comments make it a little more than the clauses
	if fb := encode.FormulaBytes(&whole.Formula); fb <= text {
		t.Fatalf("the formula's memory (%d bytes) is no more than its text (%d): the test needs a puzzle where it is", fb, text)
	}
	e, err := encode.Puzzle(p, encode.WithText(), encode.WithMaxBytes(text))
	if err != nil {
		t.Fatalf("Puzzle(WithText(), WithMaxBytes(%d, the DIMACS text's size)) = %v", text, err)
	}
	var got bytes.Buffer
	if err := e.WriteDIMACS(&got, p, encode.DIMACSOptions{}); err != nil || got.String() != want.String() {
		t.Errorf("the DIMACS of WithText with a budget differs from that without (%v)", err)
	}
	_, err = encode.Puzzle(p, encode.WithText(), encode.WithMaxBytes(text/3))
	var tb *encode.TooBigError
	if !errors.As(err, &tb) {
		t.Fatalf("Puzzle(WithText(), WithMaxBytes(%d of %d)) error = %v, want a *TooBigError", text/3, text, err)
	}
}

// mustEncode is encode.Puzzle with options that cannot fail.
func mustEncode(tb testing.TB, p *puzzle.Puzzle, opts ...encode.Option) *encode.Encoding {
	tb.Helper()
	e, err := encode.Puzzle(p, opts...)
	if err != nil {
		tb.Fatal(err)
	}
	return e
}
