// Command browser measures the browser build against the native engine
// in one run: every puzzle of Wolter's survey and the four hard webpbn
// puzzles (../shared/corpora/webpbn-survey-nin) is checked by the
// JavaScript API of the static site in headless Chromium, and by the same
// call (package api's analyze: the verdict and the grade) natively in
// this process, one after the other. It prints a table of the times and
// their ratio, and the time to re-check a 30×30 design after a stroke.
//
//	go run ./benchmarks/browser [-corpora DIR] [-timeout 60s] [-md]
//
// Run it from the repository root on a quiet machine; it needs chromium.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/nonosat/nonosat/api"
	"github.com/nonosat/nonosat/internal/browsertest"
	"github.com/nonosat/nonosat/internal/randpuzzle"
	"github.com/nonosat/nonosat/puzzle"
)

func main() {
	corpora := flag.String("corpora", filepath.Join("..", "shared", "corpora"), "the corpora `DIR`")
	timeout := flag.Duration("timeout", 60*time.Second, "give each puzzle at most `D` on each side")
	md := flag.Bool("md", false, "print a Markdown table")
	flag.Parse()
	if err := run(*corpora, *timeout, *md); err != nil {
		fmt.Fprintln(os.Stderr, "browser:", err)
		os.Exit(1)
	}
}

type row struct {
	name, size              string
	native, browser         time.Duration
	nativeVerd, browserVerd string
}

func run(corpora string, timeout time.Duration, md bool) error {
	exe, err := browsertest.Chromium()
	if err != nil {
		return err
	}
	var files []string
	for _, pat := range []string{"webpbn-survey-nin/*.nin", "webpbn-survey-nin/hard/*.nin"} {
		f, _ := filepath.Glob(filepath.Join(corpora, filepath.FromSlash(pat)))
		files = append(files, f...)
	}
	if len(files) == 0 {
		return fmt.Errorf("no puzzles under %s/webpbn-survey-nin", corpora)
	}
	dir, err := os.MkdirTemp("", "nonosat-site-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if err := browsertest.BuildSite(".", dir); err != nil {
		return err
	}
	ts := httptest.NewServer(http.FileServer(http.Dir(dir)))
	defer ts.Close()
	profile, err := os.MkdirTemp("", "nonosat-chromium-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(profile)
	p, err := browsertest.Open(exe, profile, ts.URL+"/index.html", 1280, 800)
	if err != nil {
		return err
	}
	defer p.Close()
	if _, err := p.WaitAPI(); err != nil {
		return err
	}
	svc := api.New(api.Config{Deadline: timeout})
	q := url.Values{"timeout": {timeout.String()}}
	var rows []row
	for _, f := range files {
		text, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		pz, err := puzzle.ReadFile(f)
		if err != nil {
			return err
		}
		r := row{name: strings.TrimSuffix(filepath.Base(f), ".nin"), size: fmt.Sprintf("%dx%d", pz.Width(), pz.Height())}
		t0 := time.Now()
		rep, err := svc.Call(context.Background(), "analyze", api.Request{Body: text, Query: q})
		r.native = time.Since(t0)
		if err != nil {
			return fmt.Errorf("%s: %v", f, err)
		}
		r.nativeVerd = rep.Value.(api.Analysis).Verdict
		out, err := p.Eval(fmt.Sprintf(`const t0 = performance.now();
			const r = await window.nonosat.check(%s, {timeoutMs: %d});
			return r.verdict + " " + (performance.now() - t0);`, jsString(string(text)), timeout.Milliseconds()))
		if err != nil {
			return fmt.Errorf("%s in the browser: %v", f, err)
		}
		var ms float64
		fmt.Sscan(out, &r.browserVerd, &ms)
		r.browser = time.Duration(ms * float64(time.Millisecond))
		rows = append(rows, r)
		fmt.Fprintf(os.Stderr, "%-16s %7s native %8s browser %8s\n", r.name, r.size, r.native.Round(time.Millisecond), r.browser.Round(time.Millisecond))
	}
	stroke, err := strokeLatency(p)
	if err != nil {
		return err
	}
	report(rows, stroke, md)
	if errs := p.ConsoleErrors(); len(errs) > 0 {
		return fmt.Errorf("the page logged errors: %v", errs)
	}
	return nil
}

// strokeLatency is the median time, over 20 strokes, to re-check a 30×30
// picture after one cell changes, as the workbench does after each stroke
// (analyze with detail).
func strokeLatency(p *browsertest.Page) (time.Duration, error) {
	pz := randpuzzle.Picture(11, 30, 30, 1, 0.55)
	var texts []string
	for i := range 20 {
		g := pz.Goal.Clone()
		r, c := i%30, (i*7)%30
		g[r][c] = 1 - g[r][c]
		q := puzzle.FromGrid(g, pz.Palette)
		var b strings.Builder
		if err := puzzle.Encode(&b, q, puzzle.XML); err != nil {
			return 0, err
		}
		texts = append(texts, b.String())
	}
	js, _ := json.Marshal(texts)
	out, err := p.Eval(`const texts = ` + string(js) + `;
		const ms = [];
		for (const t of texts) {
			const t0 = performance.now();
			await window.nonosat.check(t, {detail: true});
			ms.push(performance.now() - t0);
		}
		ms.sort((a, b) => a - b);
		return String(ms[ms.length >> 1]);`)
	if err != nil {
		return 0, err
	}
	var ms float64
	fmt.Sscan(out, &ms)
	return time.Duration(ms * float64(time.Millisecond)), nil
}

func report(rows []row, stroke time.Duration, md bool) {
	var ratios []float64
	var nat, br time.Duration
	sep := "  "
	if md {
		fmt.Println("| puzzle | size | native | browser | ratio | verdicts |")
		fmt.Println("|---|---|---:|---:|---:|---|")
	}
	for _, r := range rows {
		ratio := float64(r.browser) / float64(max(r.native, time.Microsecond))
		ratios = append(ratios, ratio)
		nat += r.native
		br += r.browser
		verd := r.nativeVerd
		if r.browserVerd != r.nativeVerd {
			verd = "DIFFER: native " + r.nativeVerd + ", browser " + r.browserVerd
		}
		if md {
			fmt.Printf("| %s | %s | %s | %s | %.1f | %s |\n", r.name, r.size, ms(r.native), ms(r.browser), ratio, verd)
		} else {
			fmt.Printf("%-16s%s%7s%s%10s%s%10s%s%6.1f%s%s\n", r.name, sep, r.size, sep, ms(r.native), sep, ms(r.browser), sep, ratio, sep, verd)
		}
	}
	slices.Sort(ratios)
	med := ratios[len(ratios)/2]
	if md {
		fmt.Printf("| **total** | | %s | %s | %.1f | median ratio %.1f |\n", ms(nat), ms(br), float64(br)/float64(nat), med)
		fmt.Printf("\nA 30×30 picture re-checked after a one-cell stroke (analyze with detail, median of 20): %s.\n", ms(stroke))
	} else {
		fmt.Printf("total: native %s, browser %s, ratio %.1f; median ratio %.1f\n", ms(nat), ms(br), float64(br)/float64(nat), med)
		fmt.Printf("30x30 stroke re-check, median of 20: %s\n", ms(stroke))
	}
}

func ms(d time.Duration) string {
	return fmt.Sprintf("%.0f ms", float64(d)/float64(time.Millisecond))
}

func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
