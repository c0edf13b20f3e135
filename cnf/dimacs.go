package cnf

import (
	"bufio"
	"errors"
	"fmt"
	"io"
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
func ReadDIMACS(r io.Reader) (f *Formula, comments []string, err error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 64*1024*1024)
	f = &Formula{}
	n, header := 0, false
	var cur Clause
scan:
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "":
			continue
		case line == "%":
			break scan // SATLIB files end with "%" and a stray "0"
		case line[0] == 'c':
			comments = append(comments, strings.TrimPrefix(strings.TrimPrefix(line, "c"), " "))
			continue
		case line[0] == 'p':
			fs := strings.Fields(line)
			if header || len(fs) != 4 || fs[1] != "cnf" {
				return nil, nil, &DIMACSError{n, fmt.Errorf("%w: problem line %q", ErrDIMACS, line)}
			}
			// The clause count is checked for syntax only: solvers disagree on
			// strictness, and we accept a wrong count.
			v, err1 := strconv.Atoi(fs[2])
			c, err2 := strconv.Atoi(fs[3])
			if err1 != nil || err2 != nil || v < 0 || c < 0 || v > 1<<30 {
				return nil, nil, &DIMACSError{n, fmt.Errorf("%w: problem line %q", ErrDIMACS, line)}
			}
			f.NumVars, header = v, true
			continue
		}
		if !header {
			return nil, nil, &DIMACSError{n, fmt.Errorf("%w: clause before the problem line", ErrDIMACS)}
		}
		for _, tok := range strings.Fields(line) {
			x, err := strconv.ParseInt(tok, 10, 32)
			if err != nil {
				return nil, nil, &DIMACSError{n, fmt.Errorf("%w: literal %q", ErrDIMACS, tok)}
			}
			lit := Lit(x)
			if x == 0 {
				f.Clauses = append(f.Clauses, cur)
				cur = nil
				continue
			}
			if x < 0 {
				x = -x // fits: ParseInt with bitSize 32 gives at least -1<<31
			}
			if x > int64(f.NumVars) {
				return nil, nil, &DIMACSError{n, fmt.Errorf("%w: literal %s beyond %d variables", ErrDIMACS, tok, f.NumVars)}
			}
			cur = append(cur, lit)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, nil, &DIMACSError{n + 1, err}
	}
	if !header {
		return nil, nil, &DIMACSError{n, fmt.Errorf("%w: no problem line", ErrDIMACS)}
	}
	if len(cur) > 0 {
		f.Clauses = append(f.Clauses, cur)
	}
	return f, comments, nil
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
