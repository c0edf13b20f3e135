package main

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"
)

// TestBatchProgressSameTerminal: when the results and the progress bar go
// to the same place, each result line starts on a cleared line, never
// after the bar's text.
func TestBatchProgressSameTerminal(t *testing.T) {
	var both bytes.Buffer
	app := newApp(&both, &both)
	app.ExitErrHandler = func(*cli.Context, error) {}
	if err := app.Run([]string{"nonosat", "batch", "--progress", "-j", "1", "testdata/batch/cross.non", "testdata/batch/set.tatham"}); err != nil {
		t.Fatal(err)
	}
	out := both.String()
	n := strings.Count(out, `{"file"`)
	if n != 4 {
		t.Fatalf("batch wrote %d result lines, want 4:\n%q", n, out)
	}
	if c := strings.Count(out, "\r\x1b[K{\"file\""); c != n {
		t.Errorf("%d of %d result lines follow a cleared line; output:\n%q", c, n, out)
	}
	if !strings.Contains(out, "[====================] 4/4") {
		t.Errorf("no final progress bar in %q", out)
	}
}

// TestDevNullIsNoTerminal: /dev/null is a character device but no
// terminal, so output sent there is not drawn in colour.
func TestDevNullIsNoTerminal(t *testing.T) {
	f, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	if isTerminal(f) || ansiOn("auto", f) {
		t.Errorf("isTerminal(%s) = %v, ansiOn(auto) = %v; want false", os.DevNull, isTerminal(f), ansiOn("auto", f))
	}
}
