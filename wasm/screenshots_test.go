//go:build !js

package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/nonosat/nonosat/internal/randpuzzle"
)

// TestScreenshots writes screenshots of the workbench for the README, on a
// phone-sized (390×844) and a desktop-sized (1280×800) window, into the
// folder NONOSAT_SHOTS names (make screenshots sets it to docs/); without
// it the test skips.
func TestScreenshots(t *testing.T) {
	dir := os.Getenv("NONOSAT_SHOTS")
	if dir == "" {
		t.Skip("NONOSAT_SHOTS is not set: no screenshots to write (make screenshots)")
	}
	if err := os.MkdirAll(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	big := xmlText(t, randpuzzle.Picture(7, 55, 55, 1, 0.55))
	for _, win := range []struct {
		name string
		w, h int64
	}{{"phone", 390, 844}, {"desktop", 1280, 800}} {
		t.Run(win.name, func(t *testing.T) {
			p := openSite(t, "", win.w, win.h)
			defer p.consoleErrors()
			shot := func(what string) {
				t.Helper()
				p.settle()
				b, err := chromedp.Run(p.Ctx, chromedp.CaptureScreenshot())
				if err != nil {
					t.Fatal(err)
				}
				name := filepath.Join(dir, "workbench-"+win.name+"-"+what+".png")
				if err := os.WriteFile(name, b, 0o666); err != nil {
					t.Fatal(err)
				}
				t.Logf("wrote %s", name)
			}
			p.waitFor(`document.getElementById("title").textContent !== ""`)
			shot("design")
			p.click("[data-testid=mode-play]")
			p.click("[data-testid=hint]")
			shot("play")
			p.click("[data-testid=mode-design]")
			p.openLink(linkOf(big))
			p.waitFor(`document.querySelectorAll("#board .cell").length === 55 * 55`)
			shot("big")
		})
	}
}
