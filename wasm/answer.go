package main

import (
	"context"
	"encoding/json"
	"errors"
	"net/url"
	"time"

	"github.com/nonosat/nonosat/api"
)

// Limits of the engine in a browser tab. A tab's WebAssembly memory is at
// most 4 GiB (32-bit addresses) and often far less on a phone: a solve's
// formula and SAT solver may take 1 GiB, and puzzles are refused above
// 200×200 cells, as by `nonosat serve`. There is no deadline unless the
// caller gives one (?timeout=), since the caller can always stop the
// worker.
var config = api.Config{
	Deadline:  24 * time.Hour,
	MaxCells:  api.DefaultMaxCells,
	MaxProof:  api.DefaultMaxProof,
	MaxMemory: 1 << 30,
}

// message is a call's answer as the worker posts it.
type message struct {
	JSON        string // a JSON answer, or
	Body        []byte // a file, of ContentType, named Download
	ContentType string
	Download    string
	Err         string // a failure: its message and HTTP status
	Status      int
}

// answer runs call name on body and params with svc.
func answer(ctx context.Context, svc *api.Service, name string, body []byte, params map[string]string) message {
	q := url.Values{}
	for k, v := range params {
		q.Set(k, v)
	}
	rep, err := svc.Call(ctx, name, api.Request{Body: body, Query: q})
	if err != nil {
		m := message{Err: err.Error(), Status: 500}
		var ae *api.Error
		if errors.As(err, &ae) {
			m.Status = ae.Status
		}
		return m
	}
	if rep.Body != nil {
		return message{Body: rep.Body, ContentType: rep.ContentType, Download: rep.Download}
	}
	b, err := json.Marshal(rep.Value)
	if err != nil {
		return message{Err: err.Error(), Status: 500}
	}
	return message{JSON: string(b)}
}
