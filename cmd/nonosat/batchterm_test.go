package main

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"
)

// TestBatchProgressLog: where the results and the progress bar go to
// the same place that is no terminal (a log file), every bar is a line
// of its own, between whole result lines, with no \r or escape to redraw
// it.
func TestBatchProgressLog(t *testing.T) {
	var both bytes.Buffer
	app := newApp(&both, &both)
	app.ExitErrHandler = func(*cli.Context, error) {}
	if err := app.Run([]string{"nonosat", "batch", "--progress", "-j", "1", "testdata/batch/cross.non", "testdata/batch/set.tatham"}); err != nil {
		t.Fatal(err)
	}
	out := both.String()
	if strings.ContainsAny(out, "\r\x1b") {
		t.Errorf("batch --progress to a log redraws: %q", out)
	}
	results, bars := 0, 0
	for _, line := range strings.Split(out, "\n") {
		switch {
		case strings.HasPrefix(line, `{"file"`) && strings.HasSuffix(line, "}"):
			results++
		case strings.HasPrefix(line, "["):
			bars++
		}
	}
	if results != 4 || bars < 2 || !strings.Contains(out, "\n[====================] 4/4") {
		t.Errorf("batch --progress to a log: %d whole result lines (want 4), %d bar lines (want the first and the last):\n%s", results, bars, out)
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
