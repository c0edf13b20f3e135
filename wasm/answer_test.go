package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/nonosat/nonosat/api"
)

// answer gives JSON for a value, the file for a file, and the status of
// an api.Error for a failure.
func TestAnswer(t *testing.T) {
	svc := api.New(config)
	m := answer(context.Background(), svc, "solve", []byte("2x2:1/1/1/1"), map[string]string{"max": "2"})
	var r struct{ Verdict string }
	if m.Err != "" || json.Unmarshal([]byte(m.JSON), &r) != nil || r.Verdict != "multiple" {
		t.Errorf("solve = %+v, want JSON with verdict multiple", m)
	}
	m = answer(context.Background(), svc, "render", []byte("2x2:1/1/1/1"), nil)
	if m.Err != "" || !strings.Contains(string(m.Body), "<svg") || m.ContentType != "image/svg+xml" {
		t.Errorf("render = %q (%s), %s; want an SVG", m.Body, m.ContentType, m.Err)
	}
	m = answer(context.Background(), svc, "solve", []byte("2x2:a/1/1/1"), nil)
	if m.Status != api.StatusBadRequest || !strings.Contains(m.Err, "request:1:") {
		t.Errorf("solve of a bad clue = %d %q, want 400 naming the line", m.Status, m.Err)
	}
}
