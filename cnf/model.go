package cnf

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Status is a SAT solver's answer.
type Status int

// The answers a solver can give.
const (
	Unknown Status = iota
	Sat
	Unsat
)

func (s Status) String() string {
	switch s {
	case Sat:
		return "SATISFIABLE"
	case Unsat:
		return "UNSATISFIABLE"
	}
	return "UNKNOWN"
}

// ErrModel is wrapped by every error ReadModel returns for bad input.
var ErrModel = errors.New("bad solver output")

// ReadModel reads a SAT solver's answer in any of the usual forms:
// SAT-competition output ("s SATISFIABLE" and "v ..." lines, comments
// with "c"), MiniSat's result file ("SAT" or "UNSAT" on the first line, then
// the literals), or a bare list of literals. Literals may span many lines
// and end with 0. Variables beyond numVars are an error; variables not
// mentioned are false. Errors name the line.
func ReadModel(r io.Reader, numVars int) (Status, Model, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 64*1024*1024)
	st := Unknown
	var m Model
	n := 0
	sawLits, ended := false, false
	lits := func(fields []string) error {
		if m == nil {
			m = make(Model, numVars)
		}
		for _, tok := range fields {
			x, err := strconv.ParseInt(tok, 10, 32)
			if err != nil {
				return &DIMACSError{n, fmt.Errorf("%w: %q is not a literal", ErrModel, tok)}
			}
			if x == 0 {
				ended = true
				continue
			}
			if ended {
				return &DIMACSError{n, fmt.Errorf("%w: literal %d after the closing 0", ErrModel, x)}
			}
			v := int(Lit(x).Var())
			if v > numVars {
				return &DIMACSError{n, fmt.Errorf("%w: literal %d beyond %d variables", ErrModel, x, numVars)}
			}
			m[v-1] = x > 0
			sawLits = true
		}
		return nil
	}
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		fields := strings.Fields(line)
		switch head := strings.ToUpper(fields[0]); {
		case head == "C" || strings.HasPrefix(line, "c "):
			continue
		case head == "S":
			if len(fields) < 2 {
				return Unknown, nil, &DIMACSError{n, fmt.Errorf("%w: empty status line", ErrModel)}
			}
			switch strings.ToUpper(strings.Join(fields[1:], " ")) {
			case "SATISFIABLE":
				st = Sat
			case "UNSATISFIABLE":
				st = Unsat
			case "UNKNOWN", "INDETERMINATE":
				st = Unknown
			default:
				return Unknown, nil, &DIMACSError{n, fmt.Errorf("%w: status %q", ErrModel, strings.Join(fields[1:], " "))}
			}
		case head == "SAT" || head == "SATISFIABLE":
			st = Sat
		case head == "UNSAT" || head == "UNSATISFIABLE":
			st = Unsat
		case head == "INDET" || head == "UNKNOWN":
			st = Unknown
		case head == "V":
			if err := lits(fields[1:]); err != nil {
				return Unknown, nil, err
			}
		default:
			if err := lits(fields); err != nil {
				return Unknown, nil, err
			}
		}
	}
	if err := sc.Err(); err != nil {
		return Unknown, nil, &DIMACSError{n + 1, err}
	}
	if st == Unknown && sawLits {
		st = Sat // a bare literal list
	}
	if st == Sat && m == nil {
		return Unknown, nil, &DIMACSError{n, fmt.Errorf("%w: satisfiable but no model given", ErrModel)}
	}
	if st != Sat {
		m = nil
	}
	return st, m, nil
}

// WriteModel writes m in SAT-competition form ("s SATISFIABLE" and one "v"
// line), or "s UNSATISFIABLE" when m is nil.
func WriteModel(w io.Writer, m Model) error {
	bw := bufio.NewWriter(w)
	if m == nil {
		bw.WriteString("s UNSATISFIABLE\n")
		return bw.Flush()
	}
	bw.WriteString("s SATISFIABLE\nv")
	var buf []byte
	for i, b := range m {
		x := int64(i + 1)
		if !b {
			x = -x
		}
		buf = append(buf[:0], ' ')
		buf = strconv.AppendInt(buf, x, 10)
		bw.Write(buf)
	}
	bw.WriteString(" 0\n")
	return bw.Flush()
}
