package puzzle

import (
	"bufio"
	"bytes"
	"io"
	"strings"
)

// lineReader reads text lines, counting them, with CRLF and a UTF-8 byte
// order mark removed.
type lineReader struct {
	sc      *bufio.Scanner
	n       int    // number of the line last returned
	cur     string // last line returned
	started bool
}

func newLineReader(r io.Reader) *lineReader {
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 16*1024*1024) // bufio's 4 KiB to start: most puzzle files are smaller
	return &lineReader{sc: sc}
}

// next returns the next line and true, or "" and false at the end or on an
// error (see err).
func (lr *lineReader) next() (string, bool) {
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

func (lr *lineReader) err() error { return lr.sc.Err() }

// line is the number of the line last returned by next.
func (lr *lineReader) line() int { return lr.n }
