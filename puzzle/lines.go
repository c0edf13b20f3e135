package puzzle

import (
	"bufio"
	"bytes"
	"io"
	"strings"
)

// lineReader reads text lines, counting them, with CRLF and a UTF-8 byte
// order mark removed. It can step back one line.
type lineReader struct {
	sc      *bufio.Scanner
	n       int    // number of the line last returned
	back    bool   // return cur again
	cur     string // last line returned
	started bool
}

func newLineReader(r io.Reader) *lineReader {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	return &lineReader{sc: sc}
}

// next returns the next line and true, or "" and false at the end or on an
// error (see err).
func (lr *lineReader) next() (string, bool) {
	if lr.back {
		lr.back = false
		return lr.cur, true
	}
	if !lr.sc.Scan() {
		return "", false
	}
	lr.n++
	b := lr.sc.Bytes()
	if !lr.started {
		b = bytes.TrimPrefix(b, []byte("\xef\xbb\xbf"))
		lr.started = true
	}
	lr.cur = strings.TrimRight(string(b), "\r")
	return lr.cur, true
}

// unread makes the next call to next return the current line again.
func (lr *lineReader) unread() { lr.back = true }

func (lr *lineReader) err() error { return lr.sc.Err() }

// line is the number of the line last returned by next.
func (lr *lineReader) line() int { return lr.n }
