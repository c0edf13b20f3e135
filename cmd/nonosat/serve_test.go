package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nonosat/nonosat/internal/servecli"
	"github.com/nonosat/nonosat/internal/servetest"
	"github.com/nonosat/nonosat/puzzle"
)

// TestServeUsage: nonosat serve checks its flags itself, as nonosat-serve
// would: bad values are usage errors (exit 2), whether or not the server
// is installed.
func TestServeUsage(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	var out, errb bytes.Buffer
	for _, args := range [][]string{{"--timeout", "0s"}, {"--request-timeout", "-1s"}, {"--max-queue", "-1"}, {"--max-memory", "lots"}, {"--read-timeout", "0"}, {"--no-such-flag"}, {"extra"}} {
		err := newApp(&out, &errb).Run(append([]string{"nonosat", "serve"}, args...))
		if code := exitReport(&errb, err); code != exitUsage {
			t.Errorf("%s: exit %d, want %d", args, code, exitUsage)
		}
	}
}

// TestServeNeedsServer: without nonosat-serve beside nonosat or on PATH,
// serve says how to install it.
func TestServeNeedsServer(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	r := run(t, "serve", "--addr", "127.0.0.1:0")
	if r.code != exitError || !strings.Contains(r.stderr, "go install github.com/nonosat/nonosat/cmd/nonosat-serve@latest") {
		t.Errorf("serve with no nonosat-serve: %v; want exit 1 saying how to install it", r)
	}
}

// TestServeRunsServer: nonosat serve runs nonosat-serve with its flags
// (built here, found on PATH), which serves, and stops it, exit 0, when
// its context ends (as on Ctrl-C).
func TestServeRunsServer(t *testing.T) {
	if testing.Short() {
		t.Skip("builds nonosat-serve; the serve tests of cmd/nonosat-serve run it in process")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("needs the go command to build nonosat-serve")
	}
	dir := t.TempDir()
	if out, err := exec.Command(goTool, "build", "-o", filepath.Join(dir, servecli.Program), "../nonosat-serve").CombinedOutput(); err != nil {
		t.Fatalf("building nonosat-serve: %v\n%s", err, out)
	}
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	s := servetest.Start(t, func(ctx context.Context, stdout, stderr io.Writer) int {
		err := newApp(stdout, stderr).RunContext(ctx, []string{"nonosat", "serve", "--addr", "127.0.0.1:0", "--max-cells", "50"})
		return exitReport(stderr, err)
	})
	var body bytes.Buffer
	if err := puzzle.Encode(&body, puzzle.FromGrid(puzzle.NewGrid(8, 8), puzzle.BlackWhite()), puzzle.NON); err != nil {
		t.Fatal(err)
	}
	res, err := http.Post(s.URL+"api/analyze", "", &body)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("a 64-cell puzzle with --max-cells 50: %d, want 413", res.StatusCode)
	}
	s.Stop()
	if code := s.Wait(t, 30*time.Second); code != exitOK || !strings.Contains(s.Err.String(), `msg="shut down"`) {
		t.Errorf("serve stopped: exit %d, %s; want 0 after shutting down", code, s.Err.String())
	}
}
