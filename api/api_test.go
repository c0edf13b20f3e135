package api_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/nonosat/nonosat/api"
	"github.com/nonosat/nonosat/puzzle"
)

func call(t *testing.T, s *api.Service, name, body string, q url.Values) (api.Reply, error) {
	t.Helper()
	return s.Call(context.Background(), name, api.Request{Body: []byte(body), Query: q})
}

// Bad requests are *api.Error values with the status a client can act
// on, and a reader's error names the line.
func TestCallErrors(t *testing.T) {
	s := api.New(api.Config{MaxCells: 100})
	tests := []struct {
		name, call, body string
		q                url.Values
		status           int
		msg              string
	}{
		{"unknown call", "nope", "2:1,1:1,1", nil, api.StatusNotFound, `no API call "nope"`},
		{"empty body", "analyze", " \n", nil, api.StatusBadRequest, "empty request"},
		// A clue too long for its line is a puzzle with no solution, not a
		// bad request; a block of no length is.
		{"bad clue", "parse", "width 2\nheight 1\nrows\n1,0\ncolumns\n1\n0\n", url.Values{"format": {"non"}}, api.StatusBadRequest, "request:4:"},
		{"too large", "analyze", "20x20:" + strings.Repeat("1/", 39) + "1", nil, api.StatusTooLarge, "too large"},
		{"bad parameter", "solve", "2x2:1/1/1/1", url.Values{"max": {"x"}}, api.StatusBadRequest, "max="},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := call(t, s, tt.call, tt.body, tt.q)
			var ae *api.Error
			if !errors.As(err, &ae) || ae.Status != tt.status || !strings.Contains(ae.Msg, tt.msg) {
				t.Errorf("Call(%s) error = %v, want status %d and %q", tt.call, err, tt.status, tt.msg)
			}
		})
	}
}

// analyze answers the verdict of the puzzle's own clues, and its
// solution passes puzzle.Check.
func TestCallAnalyze(t *testing.T) {
	body, err := os.ReadFile("../examples/house.non")
	if err != nil {
		t.Fatal(err)
	}
	p, err := puzzle.ReadFile("../examples/house.non")
	if err != nil {
		t.Fatal(err)
	}
	rep, err := call(t, api.New(api.Config{}), "analyze", string(body), nil)
	if err != nil {
		t.Fatal(err)
	}
	a, ok := rep.Value.(api.Analysis)
	if !ok || a.Verdict != "unique" || len(a.Solutions) != 1 {
		t.Fatalf("analyze(house) = %#v; want unique with its solution", rep.Value)
	}
	g, err := puzzle.ParseGrid(strings.NewReader(strings.Join(a.Solutions[0], "\n")), p)
	if err != nil {
		t.Fatal(err)
	}
	if err := puzzle.Check(p, g); err != nil {
		t.Errorf("analyze's solution: %v", err)
	}
}

// TestProofOfTotals: clues whose row and column totals differ have the
// verdict none but no certificate (no DRAT proof of a count is short):
// the proof call says so with 422, not as a server error.
func TestProofOfTotals(t *testing.T) {
	s := api.New(api.Config{})
	_, err := call(t, s, "proof", "width 2\nheight 2\nrows\n2\n0\ncolumns\n1\n0\n", url.Values{"format": {"non"}})
	var ae *api.Error
	if !errors.As(err, &ae) || ae.Status != api.StatusUnprocessable || !strings.Contains(ae.Msg, "row and column totals differ") {
		t.Errorf("Call(proof) of totals that differ: error = %v, want status %d naming the totals", err, api.StatusUnprocessable)
	}
	r, err := call(t, s, "analyze", "width 2\nheight 2\nrows\n2\n0\ncolumns\n1\n0\n", url.Values{"format": {"non"}})
	b, jerr := json.Marshal(r.Value)
	if err != nil || jerr != nil || !strings.Contains(string(b), `"verdict":"none"`) {
		t.Errorf("Call(analyze) of totals that differ = %+v, %v; want verdict none", r, err)
	}
}
