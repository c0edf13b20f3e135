package cnf

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strconv"
	"strings"
)

// WriteDIMACS writes f in DIMACS CNF form. Each comment line is written as
// "c " plus the line, before the problem line.
func (f *Formula) WriteDIMACS(w io.Writer, comments ...string) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	for _, c := range comments {
		for _, l := range strings.Split(c, "\n") {
			bw.WriteString("c ")
			bw.WriteString(l)
			bw.WriteByte('\n')
		}
	}
	fmt.Fprintf(bw, "p cnf %d %d\n", f.NumVars, len(f.Clauses))
	var buf []byte
	for _, c := range f.Clauses {
		buf = buf[:0]
		for _, l := range c {
			buf = strconv.AppendInt(buf, int64(l), 10)
			buf = append(buf, ' ')
		}
		buf = append(buf, '0', '\n')
		bw.Write(buf)
	}
	return bw.Flush()
}

// ErrDIMACS is wrapped by every DIMACS syntax error.
var ErrDIMACS = errors.New("bad DIMACS")

// DIMACSError reports a syntax error with its line.
type DIMACSError struct {
	Line int
	Err  error
}

func (e *DIMACSError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }
func (e *DIMACSError) Unwrap() error { return e.Err }

// ReadDIMACS reads a DIMACS CNF formula. Comment lines are returned without
// their leading "c" and one space. A line "%" ends the formula (SATLIB's
// files put one before a stray "0"); a last clause without its closing 0
// is kept.
//
// It reads the whole input at once and parses bytes, with the clauses'
// literals cut from large shared arrays (each clause's capacity is its
// length, so appending to one copies it): a 4 MB certificate CNF reads
// in a fifth of the time a line scanner and strings.Fields took.
func ReadDIMACS(r io.Reader) (f *Formula, comments []string, err error) {
	f, comments, _, err = ReadDIMACSDeclared(r)
	return f, comments, err
}

// Declared is what the problem line of a DIMACS file ("p cnf VARS
// CLAUSES") says.
type Declared struct{ Vars, Clauses int }

// ReadDIMACSDeclared is [ReadDIMACS] that also returns what the problem
// line declares. ReadDIMACS accepts a clause count that differs from the
// clauses read, as most solvers do; a caller may warn about it (a file
// cut short or edited by hand).
func ReadDIMACSDeclared(r io.Reader) (f *Formula, comments []string, d Declared, err error) {
	data, err := readAll(r)
	if err != nil {
		return nil, nil, d, &DIMACSError{1, err}
	}
	f = &Formula{}
	cr := clauseReader{f: f, cur: -1}
	n, header := 0, false
	for len(data) > 0 {
		n++
		var raw []byte
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			raw, data = data[:i], data[i+1:]
		} else {
			raw, data = data, nil
		}
		line := bytes.TrimSpace(raw)
		switch {
		case len(line) == 0:
			continue
		case len(line) == 1 && line[0] == '%':
			data = nil // SATLIB files end with "%" and a stray "0"
			continue
		case line[0] == 'c':
			comments = append(comments, strings.TrimPrefix(strings.TrimPrefix(string(line), "c"), " "))
			continue
		case line[0] == 'p':
			if header {
				return nil, nil, d, &DIMACSError{n, fmt.Errorf("%w: problem line %q", ErrDIMACS, line)}
			}
			if d, err = problemLine(line); err != nil {
				return nil, nil, d, &DIMACSError{n, err}
			}
			f.NumVars, header = d.Vars, true
			if c := d.Clauses; c > 0 && c < 1<<26 {
				f.Clauses = make([]Clause, 0, c)
			}
			continue
		}
		if !header {
			return nil, nil, d, &DIMACSError{n, fmt.Errorf("%w: clause before the problem line", ErrDIMACS)}
		}
		if err := cr.literals(line); err != nil {
			return nil, nil, d, &DIMACSError{n, err}
		}
	}
	if !header {
		return nil, nil, d, &DIMACSError{n, fmt.Errorf("%w: no problem line", ErrDIMACS)}
	}
	if cr.cur >= 0 && len(cr.slab) > cr.cur {
		cr.endClause()
	}
	return f, comments, d, nil
}

// problemLine reads "p cnf VARS CLAUSES". The clause count is checked for
// syntax only: solvers disagree on strictness, and we accept a wrong
// count.
func problemLine(line []byte) (Declared, error) {
	fs := strings.Fields(string(line))
	if len(fs) != 4 || fs[1] != "cnf" {
		return Declared{}, fmt.Errorf("%w: problem line %q", ErrDIMACS, line)
	}
	v, err1 := strconv.Atoi(fs[2])
	c, err2 := strconv.Atoi(fs[3])
	if err1 != nil || err2 != nil || v < 0 || c < 0 || v > 1<<30 {
		return Declared{}, fmt.Errorf("%w: problem line %q", ErrDIMACS, line)
	}
	return Declared{Vars: v, Clauses: c}, nil
}

// clauseReader adds the clauses of DIMACS lines to f. Literals go into
// large shared arrays (slabs), each clause a slice of one.
type clauseReader struct {
	f    *Formula
	slab []Lit
	cur  int // start of the clause being read in slab, or -1
}

func (cr *clauseReader) endClause() {
	var c Clause
	if k := len(cr.slab) - cr.cur; k > 0 {
		c = Clause(cr.slab[cr.cur:len(cr.slab):len(cr.slab)])
	}
	cr.f.Clauses = append(cr.f.Clauses, c)
	cr.cur = -1
}

// literals reads the literals of one line; a 0 ends a clause, which may
// go on over several lines.
func (cr *clauseReader) literals(line []byte) error {
	for i := 0; i < len(line); {
		if isSpace(line[i]) {
			i++
			continue
		}
		j := i
		for j < len(line) && !isSpace(line[j]) {
			j++
		}
		tok := line[i:j]
		i = j
		x, ok := parseLit(tok)
		if !ok {
			return fmt.Errorf("%w: literal %q", ErrDIMACS, tok)
		}
		if x == 0 {
			if cr.cur < 0 {
				cr.cur = len(cr.slab)
			}
			cr.endClause()
			continue
		}
		if v := max(x, -x); v > int64(cr.f.NumVars) {
			return fmt.Errorf("%w: literal %s beyond %d variables", ErrDIMACS, tok, cr.f.NumVars)
		}
		if cr.cur < 0 {
			cr.cur = len(cr.slab)
		}
		if len(cr.slab) == cap(cr.slab) { // a new array, the clause so far moved over
			next := make([]Lit, len(cr.slab)-cr.cur, max(1<<16, 2*(len(cr.slab)-cr.cur)))
			copy(next, cr.slab[cr.cur:])
			cr.slab, cr.cur = next, 0
		}
		cr.slab = append(cr.slab, Lit(x))
	}
	return nil
}

// readAll is io.ReadAll that sizes its buffer from the file's size, when
// r is a file, instead of doubling its way up to it.
func readAll(r io.Reader) ([]byte, error) {
	if st, ok := r.(interface{ Stat() (fs.FileInfo, error) }); ok {
		if fi, err := st.Stat(); err == nil && fi.Mode().IsRegular() && fi.Size() > 0 {
			var b bytes.Buffer
			b.Grow(int(fi.Size()) + bytes.MinRead)
			_, err := b.ReadFrom(r)
			return b.Bytes(), err
		}
	}
	return io.ReadAll(r)
}

// isSpace reports whether b is ASCII white space.
func isSpace(b byte) bool {
	return b == ' ' || b == '\t' || b == '\r' || b == '\v' || b == '\f'
}

// parseLit reads a decimal literal in the int32 range (its absolute
// value included), with an optional sign.
func parseLit(tok []byte) (int64, bool) {
	neg := false
	if len(tok) > 0 && (tok[0] == '-' || tok[0] == '+') {
		neg, tok = tok[0] == '-', tok[1:]
	}
	if len(tok) == 0 {
		return 0, false
	}
	for len(tok) > 1 && tok[0] == '0' {
		tok = tok[1:]
	}
	if len(tok) > 10 {
		return 0, false
	}
	var x int64
	for _, b := range tok {
		if b < '0' || b > '9' {
			return 0, false
		}
		x = x*10 + int64(b-'0')
	}
	if neg {
		x = -x
	}
	if x < -1<<31 || x > 1<<31-1 {
		return 0, false
	}
	return x, true
}

// DIMACSSize returns the bytes [Formula.WriteDIMACS] writes for f without
// comment lines, so that a caller can say how big a file will be before
// writing it.
func (f *Formula) DIMACSSize() int64 {
	n := int64(len(fmt.Sprintf("p cnf %d %d\n", f.NumVars, len(f.Clauses))))
	for _, c := range f.Clauses {
		n += 2 // "0\n"
		for _, l := range c {
			n += int64(digits(l)) + 1
		}
	}
	return n
}

// digits is the length of l in decimal, sign included.
func digits(l Lit) int {
	n, v := 1, int64(l)
	if v < 0 {
		n, v = 2, -v
	}
	for ; v >= 10; v /= 10 {
		n++
	}
	return n
}
