package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"github.com/urfave/cli/v2"
)

// openPTY opens a pseudo-terminal and returns its terminal end, for
// output that must behave as on a terminal; what is written to it is
// read away in the background and handed to the returned function, which
// waits for it once the terminal is closed. It skips the test where
// there is no /dev/ptmx.
func openPTY(t *testing.T) (*os.File, func() string) {
	t.Helper()
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	unlock := 0
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, m.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); e != 0 {
		m.Close()
		t.Skipf("no pseudo-terminal: unlock: %v", e)
	}
	var n uint32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, m.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); e != 0 {
		m.Close()
		t.Skipf("no pseudo-terminal: number: %v", e)
	}
	s, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		m.Close()
		t.Skipf("no pseudo-terminal: %v", err)
	}
	done := make(chan string, 1)
	go func() {
		b, _ := io.ReadAll(m) // ends with EIO once the terminal end is closed
		done <- string(b)
	}()
	t.Cleanup(func() { s.Close(); m.Close() })
	return s, func() string {
		s.Close()
		return <-done
	}
}

// runTo runs the app with standard output and error to the given
// writers (a terminal, say) and returns the exit code main would give.
func runTo(t *testing.T, stdout, stderr io.Writer, args ...string) int {
	t.Helper()
	app := newApp(stdout, stderr)
	app.ExitErrHandler = func(*cli.Context, error) {}
	err := runApp(app, append([]string{"nonosat"}, args...))
	code := exitOK
	var ec cli.ExitCoder
	if errors.As(err, &ec) {
		code = ec.ExitCode()
	} else if err != nil {
		code = exitError
	}
	exitReport(stderr, err)
	return code
}

// TestRenderPNGNotToTerminal: render does not write a PNG, which is
// binary, to a terminal unless -o - asks for it.
func TestRenderPNGNotToTerminal(t *testing.T) {
	tty, output := openPTY(t)
	var errb bytes.Buffer
	if code := runTo(t, tty, &errb, "render", "--to", "png", "testdata/heart.non"); code != exitUsage || !strings.Contains(errb.String(), "not writing PNG, which is binary, to a terminal") {
		t.Errorf("render --to png to a terminal: exit %d, %q; want exit %d", code, errb.String(), exitUsage)
	}
	errb.Reset()
	if code := runTo(t, tty, &errb, "render", "--to", "png", "-o", "-", "testdata/heart.non"); code != exitOK {
		t.Errorf("render --to png -o - to a terminal: exit %d, %q; want the PNG", code, errb.String())
	}
	if out := output(); !strings.HasPrefix(out, "\x89PNG") {
		t.Errorf("the terminal got %.20q, want a PNG", out)
	}
}

// TestBatchProgressSameTerminal: when the results and the progress bar go
// to the same terminal, each result line starts on a cleared line, never
// after the bar's text.
func TestBatchProgressSameTerminal(t *testing.T) {
	tty, output := openPTY(t)
	if code := runTo(t, tty, tty, "batch", "--progress", "-j", "1", "testdata/batch/cross.non", "testdata/batch/set.tatham"); code != exitOK {
		t.Fatalf("batch: exit %d", code)
	}
	out := output()
	n := strings.Count(out, `{"file"`)
	if n != 4 {
		t.Fatalf("batch wrote %d result lines, want 4:\n%q", n, out)
	}
	if c := strings.Count(out, "\r\x1b[K{\"file\""); c != n {
		t.Errorf("%d of %d result lines follow a cleared line; output:\n%q", c, n, out)
	}
	if !strings.Contains(out, "\r[====================] 4/4") {
		t.Errorf("no final progress bar in %q", out)
	}
}

// TestStillSolvingTerminal: on a terminal the still-solving line is
// redrawn in place, says how many solutions so far, and is cleared
// before the answer.
func TestStillSolvingTerminal(t *testing.T) {
	after, every := stillAfter, stillEvery
	t.Cleanup(func() { stillAfter, stillEvery = after, every })
	stillAfter, stillEvery = 0, 10*time.Millisecond
	ones := strings.Repeat("1\n", 10)
	file := textFile(t, ones+"\n"+ones)
	tty, output := openPTY(t)
	var out bytes.Buffer
	if code := runTo(t, &out, tty, "--format", "text", "count", "--max", "20000", "--progress", file); code != exitOK || out.String() != "at least 20000\n" {
		t.Fatalf("count --progress: exit %d, stdout %q", code, out.String())
	}
	stderr := output()
	if !strings.Contains(stderr, "\rp.txt (10x10): still solving, ") {
		t.Errorf("count --progress: stderr %q lacks the still-solving line", stderr)
	}
	if !regexp.MustCompile(`still solving, \d+s, \d+ solutions so far\x1b\[K`).MatchString(stderr) {
		t.Errorf("count --progress: stderr %.200q never says how many solutions so far", stderr)
	}
	if !strings.HasSuffix(stderr, "\r\x1b[K") {
		t.Errorf("count --progress: stderr %q does not end by clearing its line", stderr)
	}
}
