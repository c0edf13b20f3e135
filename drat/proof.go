package drat

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/nonosat/nonosat/cnf"
)

// ErrProof is wrapped by every syntax error in a proof.
var ErrProof = errors.New("bad DRAT proof")

// step is one lemma or deletion of a proof.
type step struct {
	delete bool
	lits   []cnf.Lit
	pos    int // line (text) or byte offset (binary) where it starts
}

// reader reads the steps of a text or binary DRAT proof.
type reader struct {
	r      *bufio.Reader
	binary bool
	line   int // text: the current line
	off    int // binary: bytes read
}

// newReader tells binary from text by the first bytes: a binary proof
// starts with 'a', or holds a NUL byte (the end of every clause) early on.
func newReader(r io.Reader) (*reader, error) {
	br := bufio.NewReaderSize(r, 1<<16)
	head, err := br.Peek(512)
	if err != nil && err != io.EOF && !errors.Is(err, bufio.ErrBufferFull) {
		return nil, err
	}
	pr := &reader{r: br, line: 1}
	if len(head) > 0 && head[0] == 'a' {
		pr.binary = true
	}
	for _, b := range head {
		if b == 0 {
			pr.binary = true
		}
	}
	return pr, nil
}

// unit names what a step's pos counts.
func (pr *reader) unit() string {
	if pr.binary {
		return "byte"
	}
	return "line"
}

func (pr *reader) next() (step, error) {
	if pr.binary {
		return pr.nextBinary()
	}
	return pr.nextText()
}

func (pr *reader) bad(pos int, format string, args ...any) error {
	return fmt.Errorf("%w: %s %d: %s", ErrProof, pr.unit(), pos, fmt.Sprintf(format, args...))
}

// nextText reads one text step: "[d] LIT... 0", possibly over several
// lines; "c" starts a comment line.
func (pr *reader) nextText() (step, error) {
	st := step{pos: -1}
	var tok []byte
	for {
		b, err := pr.r.ReadByte()
		if err == io.EOF {
			if len(tok) > 0 {
				if st.pos < 0 {
					st.pos = pr.line
				}
				if done, err := pr.token(&st, tok); err != nil || done {
					return st, err
				}
			}
			if st.pos >= 0 {
				return st, pr.bad(pr.line, "the proof ends inside a clause (no closing 0)")
			}
			return st, io.EOF
		}
		if err != nil {
			return st, err
		}
		if b != ' ' && b != '\t' && b != '\n' && b != '\r' {
			if len(tok) == 0 && b == 'c' {
				if st.pos >= 0 {
					return st, pr.bad(pr.line, "comment inside a clause")
				}
				if _, err := pr.r.ReadString('\n'); err != nil && err != io.EOF {
					return st, err
				}
				pr.line++
				continue
			}
			tok = append(tok, b)
			continue
		}
		if len(tok) > 0 {
			if st.pos < 0 {
				st.pos = pr.line
			}
			done, err := pr.token(&st, tok)
			if err != nil || done {
				if b == '\n' {
					pr.line++
				}
				return st, err
			}
			tok = tok[:0]
		}
		if b == '\n' {
			pr.line++
		}
	}
}

// token adds one text token to st and reports whether it ended the step.
func (pr *reader) token(st *step, tok []byte) (bool, error) {
	if string(tok) == "d" {
		if st.delete || len(st.lits) > 0 {
			return false, pr.bad(pr.line, "\"d\" inside a clause")
		}
		st.delete = true
		return false, nil
	}
	x, err := strconv.ParseInt(string(tok), 10, 32)
	if err != nil || x == math.MinInt32 {
		return false, pr.bad(pr.line, "%q is not a literal", tok)
	}
	if x == 0 {
		return true, nil
	}
	st.lits = append(st.lits, cnf.Lit(x))
	return false, nil
}

// nextBinary reads one binary step: 'a' or 'd', then literals as
// little-endian base-128 numbers (2v for v, 2v+1 for -v), then 0.
func (pr *reader) nextBinary() (step, error) {
	st := step{pos: pr.off}
	b, err := pr.r.ReadByte()
	if err == io.EOF {
		return st, io.EOF
	}
	if err != nil {
		return st, err
	}
	pr.off++
	switch b {
	case 'a':
	case 'd':
		st.delete = true
	default:
		return st, pr.bad(st.pos, "step starts with byte %#x, not 'a' or 'd'", b)
	}
	for {
		var u uint64
		for shift := 0; ; shift += 7 {
			c, err := pr.r.ReadByte()
			if err == io.EOF {
				return st, pr.bad(pr.off, "the proof ends inside a clause")
			}
			if err != nil {
				return st, err
			}
			pr.off++
			if shift > 28 {
				return st, pr.bad(pr.off, "literal too large")
			}
			u |= uint64(c&0x7f) << shift
			if c&0x80 == 0 {
				break
			}
		}
		if u == 0 {
			return st, nil
		}
		v := int64(u >> 1)
		if v == 0 || v > math.MaxInt32 {
			return st, pr.bad(pr.off, "literal code %d", u)
		}
		if u&1 == 1 {
			v = -v
		}
		st.lits = append(st.lits, cnf.Lit(v))
	}
}
