//go:build !js

package main

import (
	"encoding/base64"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// verdict waits for the page's verdict after an analysis and answers its
// kind and text.
func (p *page) verdict() (kind, text string) {
	p.t.Helper()
	out, err := p.eval(`const t0 = Date.now();
		const v = document.getElementById("verdict");
		while (["", "pending"].includes(v.dataset.verdict || "")) {
			if (Date.now() - t0 > 30000) throw new Error("no verdict in 30 s");
			await new Promise((r) => setTimeout(r, 20));
		}
		return v.dataset.verdict + "\n" + v.textContent;`)
	if err != nil {
		p.t.Fatal(err)
	}
	kind, text, _ = strings.Cut(out, "\n")
	return kind, text
}

// TestBrowserLinks opens puzzles from links, as a designer shares them:
// a puzzle string in #p=, a colour file as base64url, and the link the
// page's Copy link makes.
func TestBrowserLinks(t *testing.T) {
	// The 2x2 diagonal has two solutions.
	p := openSite(t, "#p=1:1-1:1", 1280, 800)
	defer p.consoleErrors()
	if kind, text := p.verdict(); kind != "multiple" {
		t.Errorf("#p=1:1-1:1 (two solutions): verdict %s %q, want multiple", kind, text)
	}

	flower, err := os.ReadFile("../examples/flower.xml")
	if err != nil {
		t.Fatal(err)
	}
	link := "#p=" + base64.RawURLEncoding.EncodeToString(flower)
	if _, err := p.eval(`location.hash = ` + jsString(link) + `; return "";`); err != nil {
		t.Fatal(err)
	}
	p.waitTitle("Flower")
	if kind, text := p.verdict(); !strings.HasPrefix(kind, "unique") {
		t.Errorf("the flower's link: verdict %s %q, want unique", kind, text)
	}

	// Copy link, then open what it made in a fresh load of the page.
	url, err := p.eval(`document.querySelector("[data-testid=copy-link]").click();
		const t0 = Date.now();
		while (!document.getElementById("link").value) {
			if (Date.now() - t0 > 10000) throw new Error("no link in 10 s");
			await new Promise((r) => setTimeout(r, 20));
		}
		return document.getElementById("link").value;`)
	if err != nil || !strings.Contains(url, "#p=") {
		t.Fatalf("Copy link made %q, %v", url, err)
	}
	if err := chromedp.Do(p.Ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	if _, err := p.WaitAPI(); err != nil {
		t.Fatal(err)
	}
	p.waitTitle("Flower")
	if kind, text := p.verdict(); !strings.HasPrefix(kind, "unique") {
		t.Errorf("the copied link %s: verdict %s %q, want unique", url, kind, text)
	}
}

// waitTitle waits until the page shows the puzzle's title.
func (p *page) waitTitle(title string) {
	p.t.Helper()
	if _, err := p.eval(`const t0 = Date.now();
		while (document.getElementById("title").textContent !== ` + jsString(title) + `) {
			if (Date.now() - t0 > 30000) throw new Error("title " + JSON.stringify(document.getElementById("title").textContent));
			await new Promise((r) => setTimeout(r, 20));
		}
		return "";`); err != nil {
		p.t.Fatal(err)
	}
}
