//go:build !js

package main

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/nonosat/nonosat/internal/browsertest"
)

// The browser tests build the static site as `make web` does, serve it
// with a plain file server and drive it in a real Chromium (Debian's
// chromium package; .ci/run installs it) through the JavaScript API.

// page is a browser tab on the static site.
type page struct {
	t testing.TB
	*browsertest.Page
}

// openSite builds and serves the site and opens index.html (plus hash) in
// a new headless Chromium; it waits until window.nonosat is loaded. It
// skips the test where there is no Chromium.
func openSite(t testing.TB, hash string, w, h int64) *page {
	t.Helper()
	exe, err := browsertest.Chromium()
	if err != nil {
		t.Skip(err)
	}
	dir := t.TempDir()
	if err := browsertest.BuildSite("..", dir); err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(http.FileServer(http.Dir(dir)))
	t.Cleanup(ts.Close)
	bp, err := browsertest.Open(exe, t.TempDir(), ts.URL+"/index.html"+hash, w, h)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(bp.Close)
	if _, err := bp.WaitAPI(); err != nil {
		t.Fatal(err)
	}
	return &page{t: t, Page: bp}
}

// eval runs the body of an async function returning a string.
func (p *page) eval(body string) (string, error) { return p.Eval(body) }

// consoleErrors fails the test for every error the page logged.
func (p *page) consoleErrors() {
	p.t.Helper()
	for _, e := range p.ConsoleErrors() {
		p.t.Errorf("the page logged an error: %s", e)
	}
}
