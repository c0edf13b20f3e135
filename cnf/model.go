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
// and end with 0. Variables beyond numVars are an error, and so are a
// variable given both signs, two different answers, and literals with an
// UNSATISFIABLE answer; variables not mentioned are false. Input with
// neither an answer nor literals gives Unknown and no error. Errors are
// *DIMACSError values wrapping ErrModel and name the line.
func ReadModel(r io.Reader, numVars int) (Status, Model, error) {
	st, m, _, err := readModel(r, numVars)
	return st, m, err
}

// ReadAssignment is [ReadModel] for answers that may give only some
// variables: it returns the literals given, in variable order, instead
// of a model (nil unless the answer is Sat).
func ReadAssignment(r io.Reader, numVars int) (Status, []Lit, error) {
	st, m, seen, err := readModel(r, numVars)
	if err != nil || st != Sat {
		return st, nil, err
	}
	var lits []Lit
	for i, ok := range seen {
		if ok {
			l := Lit(i + 1)
			if !m[i] {
				l = -l
			}
			lits = append(lits, l)
		}
	}
	return st, lits, nil
}

func readModel(r io.Reader, numVars int) (Status, Model, Model, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 64*1024*1024)
	mr := &modelReader{numVars: numVars, st: Unknown}
	for sc.Scan() {
		mr.n++
		if err := mr.line(strings.TrimSpace(sc.Text())); err != nil {
			return Unknown, nil, nil, err
		}
	}
	if err := sc.Err(); err != nil {
		return Unknown, nil, nil, &DIMACSError{mr.n + 1, err}
	}
	return mr.finish()
}

// modelReader is the state of readModel: what the lines read so far said.
type modelReader struct {
	numVars int
	n       int    // the line being read
	st      Status // the answer given
	stLine  int    // its line (0: none)
	m, seen Model
	litLine int  // the first line with literals
	ended   bool // the closing 0 came
}

func (mr *modelReader) bad(format string, args ...any) error {
	return &DIMACSError{mr.n, fmt.Errorf("%w: "+format, append([]any{ErrModel}, args...)...)}
}

// line reads one line of solver output, trimmed.
func (mr *modelReader) line(line string) error {
	if line == "" {
		return nil
	}
	fields := strings.Fields(line)
	switch head := strings.ToUpper(fields[0]); {
	case head == "C" || strings.HasPrefix(line, "c "):
		return nil
	case head == "S":
		if len(fields) < 2 {
			return mr.bad("empty status line")
		}
		switch s := strings.Join(fields[1:], " "); strings.ToUpper(s) {
		case "SATISFIABLE":
			return mr.answer(Sat)
		case "UNSATISFIABLE":
			return mr.answer(Unsat)
		case "UNKNOWN", "INDETERMINATE":
			return mr.answer(Unknown)
		default:
			return mr.bad("status %q", s)
		}
	case len(fields) == 1 && (head == "SAT" || head == "SATISFIABLE"):
		return mr.answer(Sat)
	case len(fields) == 1 && (head == "UNSAT" || head == "UNSATISFIABLE"):
		return mr.answer(Unsat)
	case len(fields) == 1 && (head == "INDET" || head == "INDETERMINATE" || head == "UNKNOWN"):
		return mr.answer(Unknown)
	case head == "V":
		return mr.lits(fields[1:])
	}
	return mr.lits(fields)
}

func (mr *modelReader) answer(s Status) error {
	if mr.stLine > 0 && s != mr.st {
		return mr.bad("answer %v after %v on line %d", s, mr.st, mr.stLine)
	}
	mr.st, mr.stLine = s, mr.n
	return nil
}

func (mr *modelReader) lits(fields []string) error {
	if mr.m == nil {
		mr.m, mr.seen = make(Model, max(mr.numVars, 0)), make(Model, max(mr.numVars, 0))
		mr.litLine = mr.n
	}
	m, seen := mr.m, mr.seen
	for _, tok := range fields {
		x, err := strconv.ParseInt(tok, 10, 32)
		if err != nil {
			return mr.bad("%q is not a literal", tok)
		}
		if x == 0 {
			mr.ended = true
			continue
		}
		if mr.ended {
			return mr.bad("literal %d after the closing 0", x)
		}
		v := x
		if v < 0 {
			v = -v // fits in int64 even for -1<<31
		}
		if v > int64(len(m)) {
			return mr.bad("literal %d beyond %d variables", x, mr.numVars)
		}
		if seen[v-1] && m[v-1] != (x > 0) {
			return mr.bad("variable %d given both signs", v)
		}
		m[v-1], seen[v-1] = x > 0, true
	}
	return nil
}

// finish checks that the answer and the literals agree.
func (mr *modelReader) finish() (Status, Model, Model, error) {
	switch {
	case mr.stLine == 0 && mr.m != nil:
		mr.st = Sat // a bare literal list
	case mr.st == Sat && mr.m == nil:
		mr.n = mr.stLine
		return Unknown, nil, nil, mr.bad("satisfiable but no model given")
	case mr.st != Sat && mr.m != nil:
		mr.n = mr.litLine
		return Unknown, nil, nil, mr.bad("literals with answer %v", mr.st)
	}
	if mr.st != Sat {
		return mr.st, nil, nil, nil
	}
	return mr.st, mr.m, mr.seen, nil
}

// WriteModel writes m in SAT-competition form ("s SATISFIABLE" and "v"
// lines of up to 1000 literals), or "s UNSATISFIABLE" when m is nil.
func WriteModel(w io.Writer, m Model) error {
	if m == nil {
		_, err := io.WriteString(w, "s UNSATISFIABLE\n")
		return err
	}
	lits := make([]Lit, len(m))
	for i, b := range m {
		lits[i] = Lit(i + 1)
		if !b {
			lits[i] = -lits[i]
		}
	}
	return WriteAssignment(w, lits)
}

// WriteAssignment writes the literals lits in SAT-competition form ("s
// SATISFIABLE" and "v" lines of up to 1000 literals): a model that gives
// only some variables, for a reader that works out the rest.
func WriteAssignment(w io.Writer, lits []Lit) error {
	bw := bufio.NewWriter(w)
	bw.WriteString("s SATISFIABLE\nv")
	var buf []byte
	for i, l := range lits {
		if i > 0 && i%1000 == 0 { // keep lines short for readers with a line limit
			bw.WriteString("\nv")
		}
		buf = append(buf[:0], ' ')
		buf = strconv.AppendInt(buf, int64(l), 10)
		bw.Write(buf)
	}
	bw.WriteString(" 0\n")
	return bw.Flush()
}
