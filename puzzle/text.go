package puzzle

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Plain text: row clues one per line, a blank line, then column clues one
// per line. Numbers are separated by spaces or commas and an empty clue is
// "0". This file also holds the helpers that the other line-based readers
// (nin.go, mk.go, cwd.go, cwc.go, non.go, pstring.go, tatham.go) share.

func decodeText(r io.Reader) ([]parsed, error) {
	ls, err := readAllLines(r)
	if err != nil {
		return nil, err
	}
	i := skipBlankLines(ls, 0)
	if i == len(ls) {
		return nil, nil
	}
	ps := positions{start: i + 1}
	p := &Puzzle{Palette: BlackWhite()}
	for ; i < len(ls) && !blankLine(ls[i]); i++ {
		if len(p.Rows) == MaxSide {
			return nil, errorf(i+1, "%w: more than %d rows", ErrTooLarge, MaxSide)
		}
		c, err := parseLensLine(ls[i])
		if err != nil {
			return nil, errorf(i+1, "row %d: %w", len(p.Rows)+1, err)
		}
		p.Rows = append(p.Rows, c)
		ps.rows = append(ps.rows, i+1)
	}
	i = skipBlankLines(ls, i)
	if i == len(ls) {
		return nil, syntaxAt(len(ls), "no column clues: want row clues, a blank line, then column clues")
	}
	for ; i < len(ls) && !blankLine(ls[i]); i++ {
		if len(p.Cols) == MaxSide {
			return nil, errorf(i+1, "%w: more than %d columns", ErrTooLarge, MaxSide)
		}
		c, err := parseLensLine(ls[i])
		if err != nil {
			return nil, errorf(i+1, "column %d: %w", len(p.Cols)+1, err)
		}
		p.Cols = append(p.Cols, c)
		ps.cols = append(ps.cols, i+1)
	}
	if err := expectNoMore(ls, i, "the column clues"); err != nil {
		return nil, err
	}
	return []parsed{{p: p, pos: ps}}, nil
}

func encodeText(w io.Writer, p *Puzzle) error {
	bw := bufio.NewWriter(w)
	for _, c := range p.Rows {
		writeLensTo(bw, c, " ", "0")
		bw.WriteByte('\n')
	}
	bw.WriteByte('\n')
	for _, c := range p.Cols {
		writeLensTo(bw, c, " ", "0")
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// syntaxMsg is the message of a malformed-input error. It wraps
// [ErrSyntax] without repeating that sentinel's text.
type syntaxMsg string

func (e syntaxMsg) Error() string { return string(e) }
func (e syntaxMsg) Unwrap() error { return ErrSyntax }

// syntaxAt returns a *ParseError at line n whose message is the formatted
// text and which wraps ErrSyntax.
func syntaxAt(n int, format string, args ...any) error {
	return &ParseError{Line: n, Err: syntaxMsg(fmt.Sprintf(format, args...))}
}

// readAllLines reads every line of r, with CRLF and a leading byte order mark
// removed. Line i of the result is line i+1 of the input.
func readAllLines(r io.Reader) ([]string, error) {
	lr := newLineReader(r)
	var ls []string
	for {
		l, ok := lr.next()
		if !ok {
			break
		}
		ls = append(ls, l)
	}
	if err := lr.err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, errorf(lr.line()+1, "%w: line too long", ErrTooLarge)
		}
		return nil, &ParseError{Line: lr.line() + 1, Err: err}
	}
	return ls, nil
}

func blankLine(s string) bool { return strings.TrimSpace(s) == "" }

// skipBlankLines returns the index of the first non-blank line at or after i.
func skipBlankLines(ls []string, i int) int {
	for i < len(ls) && blankLine(ls[i]) {
		i++
	}
	return i
}

// expectNoMore reports an error unless every line from i on is blank.
func expectNoMore(ls []string, i int, after string) error {
	if j := skipBlankLines(ls, i); j < len(ls) {
		return syntaxAt(j+1, "extra line %q after %s", shorten(ls[j]), after)
	}
	return nil
}

// shorten shortens s for quoting in an error message.
func shorten(s string) string {
	s = strings.TrimSpace(s)
	if len(s) <= 40 {
		return s
	}
	i := 37
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + "..."
}

// isClueSep reports whether r separates numbers in a line-based clue.
func isClueSep(r byte) bool { return r == ' ' || r == '\t' || r == ',' }

// cutToken returns the first token of s (tokens are separated by any
// byte for which sep is true) and the rest of s, or "" when s holds no
// more tokens. It does not allocate.
func cutToken(s string, sep func(byte) bool) (tok, rest string) {
	i := 0
	for i < len(s) && sep(s[i]) {
		i++
	}
	j := i
	for j < len(s) && !sep(s[j]) {
		j++
	}
	return s[i:j], s[j:]
}

// parseBlock reads a block length: ASCII digits only, at most MaxSide.
func parseBlock(tok string) (int, error) {
	if tok == "" {
		return 0, syntaxMsg("empty block length")
	}
	n := 0
	for i := 0; i < len(tok); i++ {
		c := tok[i]
		if c < '0' || c > '9' {
			return 0, syntaxMsg(fmt.Sprintf("clue %q: not a positive integer", shorten(tok)))
		}
		n = n*10 + int(c-'0')
		if n > MaxSide {
			return 0, fmt.Errorf("block length %s: %w, at most %d", shorten(tok), ErrTooLarge, MaxSide)
		}
	}
	return n, nil
}

// parseLensLine reads one black-and-white clue: block lengths separated by
// spaces, tabs or commas. A blank line or a lone 0 is an empty clue.
func parseLensLine(s string) (Clue, error) {
	return parseLensBy(s, isClueSep)
}

// parseLensBy is parseLensLine with the given separators.
func parseLensBy(s string, sep func(byte) bool) (Clue, error) {
	var c Clue
	zero := false
	for tok, rest := cutToken(s, sep); tok != ""; tok, rest = cutToken(rest, sep) {
		n, err := parseBlock(tok)
		if err != nil {
			return nil, err
		}
		if n == 0 {
			zero = true
			continue
		}
		if len(c) == MaxSide {
			return nil, fmt.Errorf("%w: more than %d blocks", ErrTooLarge, MaxSide)
		}
		c = append(c, Block{Len: n, Color: 1})
	}
	if zero && len(c) > 0 {
		return nil, syntaxMsg(fmt.Sprintf("clue %q: 0 stands for an empty clue and cannot be a block", shorten(s)))
	}
	return c, nil
}

// parseSide reads a width or height: a positive integer of at most MaxSide.
func parseSide(what, tok string) (int, error) {
	n := 0
	for i := 0; i < len(tok); i++ {
		c := tok[i]
		if c < '0' || c > '9' {
			return 0, syntaxMsg(fmt.Sprintf("%s %q: not a positive integer", what, shorten(tok)))
		}
		n = n*10 + int(c-'0')
		if n > MaxSide {
			return 0, fmt.Errorf("%w: %s %s, at most %d", ErrTooLarge, what, shorten(tok), MaxSide)
		}
	}
	if tok == "" || n == 0 {
		return 0, syntaxMsg(fmt.Sprintf("%s %q: not a positive integer", what, shorten(tok)))
	}
	return n, nil
}

// readClueLines reads n clues positionally from ls starting at index i, one
// per line; a blank line is an empty clue. kind is "row" or "column". at
// records the line of each clue. stop, if not nil, marks a line that may
// not appear among the clues (the "#" of .mk files).
func readClueLines(ls []string, i, n int, kind string, stop func(string) bool) (clues []Clue, at []int, next int, err error) {
	clues = make([]Clue, 0, n)
	at = make([]int, 0, n)
	for k := 0; k < n; k++ {
		if i >= len(ls) {
			return nil, nil, i, syntaxAt(len(ls), "file ends after %d of %d %s clues", k, n, kind)
		}
		if stop != nil && stop(ls[i]) {
			return nil, nil, i, syntaxAt(i+1, "%q after %d of %d %s clues", shorten(ls[i]), k, n, kind)
		}
		c, err := parseLensLine(ls[i])
		if err != nil {
			return nil, nil, i, errorf(i+1, "%s %d: %w", kind, k+1, err)
		}
		clues = append(clues, c)
		at = append(at, i+1)
		i++
	}
	return clues, at, i, nil
}

// writeLensTo writes the block lengths of c separated by sep, or empty if c
// has no blocks.
func writeLensTo(w *bufio.Writer, c Clue, sep, empty string) {
	if len(c) == 0 {
		w.WriteString(empty)
		return
	}
	for i, b := range c {
		if i > 0 {
			w.WriteString(sep)
		}
		w.WriteString(strconv.Itoa(b.Len))
	}
}

// sniffStrict returns the first of the keyword-free line formats, strictest
// first, that reads data as a valid puzzle whose clues can hold, else the
// first that reads it as a valid puzzle, or "".
func sniffStrict(data []byte) Format {
	valid := Format("")
	for _, c := range []struct {
		f   Format
		dec func(io.Reader) ([]parsed, error)
	}{{CWC, decodeCWC}, {CWD, decodeCWD}, {MK, decodeMK}, {NIN, decodeNIN}, {Text, decodeText}} {
		ps, err := c.dec(bytes.NewReader(data))
		if err != nil || len(ps) == 0 || validate(ps[0].p, ps[0].pos) != nil {
			continue
		}
		if ps[0].p.Contradiction() == nil {
			return c.f
		}
		if valid == "" {
			valid = c.f
		}
	}
	return valid
}
