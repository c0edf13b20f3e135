//go:build !js

package main

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"
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
	dir, err := site()
	if err != nil {
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

// The site is built once for all the tests of a run, in siteDir
// (removed by TestMain).
var (
	siteOnce sync.Once
	siteDir  string
	siteErr  error
)

// site builds the static site. With NONOSAT_SITE_STATIC=DIR, DIR's files
// replace the page's: a browser test run against an older page (git
// show main:web/static/app.js > DIR/app.js, ...) shows that it fails
// there.
func site() (string, error) {
	siteOnce.Do(func() {
		siteDir, siteErr = os.MkdirTemp("", "nonosat-site-")
		if siteErr != nil {
			return
		}
		if siteErr = browsertest.BuildSite("..", siteDir); siteErr != nil {
			return
		}
		if old := os.Getenv("NONOSAT_SITE_STATIC"); old != "" {
			files, _ := filepath.Glob(filepath.Join(old, "*"))
			for _, f := range files {
				b, err := os.ReadFile(f)
				if err != nil {
					siteErr = err
					return
				}
				if siteErr = os.WriteFile(filepath.Join(siteDir, filepath.Base(f)), b, 0o644); siteErr != nil {
					return
				}
			}
		}
	})
	return siteDir, siteErr
}

func TestMain(m *testing.M) {
	code := m.Run()
	if siteDir != "" {
		os.RemoveAll(siteDir)
	}
	os.Exit(code)
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
