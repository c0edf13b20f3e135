package puzzle_test

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/nonosat/nonosat/puzzle"
)

// endlessClues is an XML puzzle whose <clues> holds n <line> elements,
// made as it is read; read counts the bytes handed out.
type endlessClues struct {
	n, made int
	pending string
	read    int
}

func (e *endlessClues) Read(p []byte) (int, error) {
	for len(e.pending) < len(p) && e.made <= e.n {
		switch {
		case e.made == 0:
			e.pending += "<puzzle>\n<clues type=\"rows\">\n"
		case e.made == e.n:
			e.pending += "</clues>\n</puzzle>\n"
		default:
			e.pending += "<line><count>1</count></line>\n"
		}
		e.made++
	}
	if e.pending == "" {
		return 0, io.EOF
	}
	k := copy(p, e.pending)
	e.pending = e.pending[k:]
	e.read += k
	return k, nil
}

// TestXMLStopsAtLimit: a <clues> with 1.5 M <line>s (47 MB) is refused at
// line 1003, the 1001st <line>, having read a few kilobytes of it.
func TestXMLStopsAtLimit(t *testing.T) {
	r := &endlessClues{n: 1_500_000}
	_, err := puzzle.Decode(r, puzzle.XML)
	if !errors.Is(err, puzzle.ErrTooLarge) || !strings.HasPrefix(err.Error(), "line 1003: ") {
		t.Fatalf("Decode(1.5 M lines) error = %v, want ErrTooLarge at line 1003", err)
	}
	if r.read > 256<<10 {
		t.Errorf("Decode read %d bytes before refusing, want at most 256 kB", r.read)
	}
}
