//go:build !js

package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The browser tests build the static site as `make web` does, serve it
// with a plain file server and drive it in a real Chromium (Debian's
// chromium package; .ci/run installs it) through the JavaScript API.

// chromium finds the browser, or skips the test saying why.
func chromium(t testing.TB) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("no chromium on PATH (Debian: apt-get install chromium); the browser tests need one")
	return ""
}

// buildSite writes the static site into a temporary folder: the page's
// files, the examples, wasm_exec.js and nonosat.wasm built for js/wasm.
func buildSite(t testing.TB) string {
	t.Helper()
	dir := t.TempDir()
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatal(err)
	}
	copyFile := func(src, dst string) {
		b, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	statics, _ := filepath.Glob("../web/static/*")
	for _, f := range statics {
		copyFile(f, filepath.Join(dir, filepath.Base(f)))
	}
	os.Mkdir(filepath.Join(dir, "examples"), 0o777)
	for _, f := range []string{"house.non", "flower.xml"} {
		copyFile(filepath.Join("..", "examples", f), filepath.Join(dir, "examples", f))
	}
	copyFile(filepath.Join(strings.TrimSpace(string(out)), "lib", "wasm", "wasm_exec.js"), filepath.Join(dir, "wasm_exec.js"))
	if err := os.WriteFile(filepath.Join(dir, "engine.json"), []byte(`{"engine":"wasm"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", filepath.Join(dir, "nonosat.wasm"), ".")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building nonosat.wasm: %v\n%s", err, b)
	}
	return dir
}

// page is a browser tab on the static site, with the console errors it
// logged.
type page struct {
	t      testing.TB
	ctx    context.Context
	errors chan string
}

// openSite builds and serves the site and opens index.html (plus hash) in
// a new headless Chromium; it waits until window.nonosat is loaded.
func openSite(t testing.TB, hash string, w, h int64) *page {
	t.Helper()
	exe := chromium(t)
	dir := buildSite(t)
	ts := httptest.NewServer(http.FileServer(http.Dir(dir)))
	t.Cleanup(ts.Close)
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(exe),
		chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancelA)
	ctx, cancelC := chromedp.NewContext(actx)
	t.Cleanup(cancelC)
	p := &page{t: t, ctx: ctx, errors: make(chan string, 100)}
	console := chromedp.Console(ctx) // subscribed before the page loads
	go func() {
		for m, err := range console {
			if err != nil {
				return
			}
			if m.Type == chromedp.ConsoleError || m.IsException() {
				select {
				case p.errors <- m.String() + " (" + m.URL + ")":
				default:
				}
			}
		}
	}()
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(w, h), chromedp.Navigate(ts.URL+"/index.html"+hash)); err != nil {
		t.Fatal(err)
	}
	if _, err := p.eval(`const t0 = Date.now();
		while (!window.nonosat) {
			if (Date.now() - t0 > 60000) throw new Error("window.nonosat not loaded in 60 s");
			await new Promise((r) => setTimeout(r, 50));
		}
		return window.nonosat.kind;`); err != nil {
		t.Fatal(err)
	}
	return p
}

// eval runs JavaScript code, the body of an async function that returns
// a string, and answers that string, or the error it threw.
func (p *page) eval(body string) (string, error) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 2*time.Minute)
	defer cancel()
	return chromedp.Run(ctx, chromedp.Evaluate[string]("(async () => {"+body+"})()", chromedp.EvalAwaitPromise))
}

// consoleErrors fails the test for every error the page logged.
func (p *page) consoleErrors() {
	p.t.Helper()
	for {
		select {
		case e := <-p.errors:
			p.t.Errorf("the page logged an error: %s", e)
		default:
			return
		}
	}
}
