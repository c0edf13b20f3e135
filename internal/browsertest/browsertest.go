// Package browsertest builds nonosat's static site and drives it in a
// real headless Chromium, for the browser tests and the browser
// benchmark: the page's files, nonosat.wasm built for js/wasm, and a tab
// whose console errors are collected.
package browsertest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/chromedp"
)

// ErrNoChromium says that no Chromium is on PATH (Debian: apt-get install
// chromium); tests skip on it.
var ErrNoChromium = errors.New("no chromium on PATH (Debian: apt-get install chromium)")

// Chromium finds the browser.
func Chromium() (string, error) {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", ErrNoChromium
}

// BuildSite writes the static site into dir as `make web` does: the files
// of web/static, the examples, wasm_exec.js, engine.json and
// nonosat.wasm. root is the repository's root folder.
func BuildSite(root, dir string) error {
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return fmt.Errorf("go env GOROOT: %w", err)
	}
	copyFile := func(src, dst string) error {
		b, err := os.ReadFile(src)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, b, 0o644)
	}
	statics, err := filepath.Glob(filepath.Join(root, "web", "static", "*"))
	if err != nil || len(statics) == 0 {
		return fmt.Errorf("no files in %s", filepath.Join(root, "web", "static"))
	}
	for _, f := range statics {
		if err := copyFile(f, filepath.Join(dir, filepath.Base(f))); err != nil {
			return err
		}
	}
	if err := os.MkdirAll(filepath.Join(dir, "examples"), 0o777); err != nil {
		return err
	}
	examples, _ := filepath.Glob(filepath.Join(root, "examples", "*.*"))
	for _, f := range examples {
		if ext := filepath.Ext(f); ext == ".non" || ext == ".xml" {
			if err := copyFile(f, filepath.Join(dir, "examples", filepath.Base(f))); err != nil {
				return err
			}
		}
	}
	if err := copyFile(filepath.Join(strings.TrimSpace(string(out)), "lib", "wasm", "wasm_exec.js"), filepath.Join(dir, "wasm_exec.js")); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "engine.json"), []byte(`{"engine":"wasm"}`+"\n"), 0o644); err != nil {
		return err
	}
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", filepath.Join(dir, "nonosat.wasm"), "./wasm")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("building nonosat.wasm: %v\n%s", err, b)
	}
	return nil
}

// Page is a headless Chromium tab.
type Page struct {
	Ctx    context.Context
	cancel []context.CancelFunc
	mu     sync.Mutex
	errs   []string
}

// Open starts Chromium (exe) with a new profile in profileDir, opens url
// in a w×h window and collects the console errors it logs.
func Open(exe, profileDir, url string, w, h int64) (*Page, error) {
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(exe),
		chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(profileDir),
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelC := chromedp.NewContext(actx)
	p := &Page{Ctx: ctx, cancel: []context.CancelFunc{cancelC, cancelA}}
	console := chromedp.Console(ctx) // subscribed before the page loads
	go func() {
		for m, err := range console {
			if err != nil {
				return
			}
			if m.Type == chromedp.ConsoleError || m.IsException() {
				p.mu.Lock()
				p.errs = append(p.errs, m.String()+" ("+m.URL+")")
				p.mu.Unlock()
			}
		}
	}()
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(w, h), chromedp.Navigate(url)); err != nil {
		p.Close()
		return nil, err
	}
	return p, nil
}

// WaitAPI waits until the page has loaded window.nonosat, and answers
// its kind ("wasm" or "server").
func (p *Page) WaitAPI() (string, error) {
	return p.Eval(`const t0 = Date.now();
		while (!window.nonosat) {
			if (Date.now() - t0 > 60000) throw new Error("window.nonosat not loaded in 60 s");
			await new Promise((r) => setTimeout(r, 20));
		}
		return window.nonosat.kind;`)
}

// Eval runs JavaScript code, the body of an async function that returns a
// string, and answers that string, or the error it threw.
func (p *Page) Eval(body string) (string, error) {
	ctx, cancel := context.WithTimeout(p.Ctx, 5*time.Minute)
	defer cancel()
	return chromedp.Run(ctx, chromedp.Evaluate[string]("(async () => {"+body+"})()", chromedp.EvalAwaitPromise))
}

// ConsoleErrors answers the errors and exceptions the page logged since
// the last call.
func (p *Page) ConsoleErrors() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	e := p.errs
	p.errs = nil
	return e
}

// Close ends the tab and the browser.
func (p *Page) Close() {
	for _, c := range p.cancel {
		c()
	}
}
