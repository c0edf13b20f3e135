package api_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/url"
	"os"
	"testing"
	"time"

	"github.com/nonosat/nonosat/api"
)

// FuzzCall sends every call bodies and parameters a client might get
// wrong. Whatever the input, a call answers, or fails with an *api.Error
// whose status is a client's (4xx) or a busy server's (503) and which
// says something: any other error would be a 500, a bug. It answers
// within its deadline (and some slack), and a JSON answer marshals. The
// seeds give each call a body and parameters it takes.
func FuzzCall(f *testing.F) {
	house, err := os.ReadFile("../examples/house.non")
	if err != nil {
		f.Fatal(err)
	}
	flower, err := os.ReadFile("../examples/flower.xml")
	if err != nil {
		f.Fatal(err)
	}
	query := map[string][]string{
		"analyze":  {"detail=1", "puzzle=2", "format=xml"},
		"solve":    {"max=3", "max=0", "timeout=1ms"},
		"parse":    {"format=non", "format=nope"},
		"make":     {"colors=2&size=10x", "background=ffffff&title=t"},
		"render":   {"to=png&solution=1&cell=8", "to=svg"},
		"convert":  {"to=xml", "to=cwd", "to=mk"},
		"dimacs":   {"no-presolve=1&block-goal=1", ""},
		"hint":     {"grid=%3F%3F%3F/%3F%3F%3F/%3F%3F%3F", "grid=x"},
		"fix":      {"best=2", "best=99"},
		"proof":    {""},
		"count":    {"max=0", "max=-1"},
		"steps":    {""},
		"generate": {"size=5x5&unique=1&seed=3&to=non", "width=4&height=3&colors=2&density=0.7&to=cwd"},
	}
	bodies := [][]byte{house, flower, []byte("2x2:1/1/1/1"), []byte("P1\n3 2\n1 0 1\n0 1 0\n"), []byte("#.#\n.#.\n"), nil}
	calls := api.Calls()
	for i, name := range calls {
		qs, ok := query[name]
		if !ok {
			f.Fatalf("no seeds for the call %q", name)
		}
		for j, q := range qs {
			f.Add(uint8(i), q, bodies[(i+j)%len(bodies)])
		}
	}
	s := api.New(api.Config{MaxCells: 400, MaxProof: 1 << 20, MaxMemory: 64 << 20, Deadline: 200 * time.Millisecond})
	f.Fuzz(func(t *testing.T, n uint8, query string, body []byte) {
		name := calls[int(n)%len(calls)]
		q, _ := url.ParseQuery(query) // what a server would read of it
		start := time.Now()
		rep, err := s.Call(context.Background(), name, api.Request{Body: body, Query: q})
		if d := time.Since(start); d > 5*time.Second {
			t.Fatalf("%s?%s: answered after %v, past the deadline of %v", name, query, d, s.Config().Deadline)
		}
		if err != nil {
			var ae *api.Error
			if !errors.As(err, &ae) {
				t.Fatalf("%s?%s: error %v is not an *api.Error (a 500)", name, query, err)
			}
			if ae.Status < 400 || ae.Status > 499 && ae.Status != api.StatusUnavailable || ae.Msg == "" {
				t.Fatalf("%s?%s: error status %d, message %q", name, query, ae.Status, ae.Msg)
			}
			return
		}
		if rep.Body != nil {
			if rep.ContentType == "" {
				t.Fatalf("%s?%s: a file without a content type", name, query)
			}
			return
		}
		if _, err := json.Marshal(rep.Value); err != nil {
			t.Fatalf("%s?%s: %v", name, query, err)
		}
	})
}
