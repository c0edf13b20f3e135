package cnf_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/nonosat/nonosat/cnf"
)

var readDIMACSTests = []struct {
	name     string
	in       string
	want     *cnf.Formula
	comments []string
	err      string // the whole message; "" for no error
}{
	{
		name:     "simple",
		in:       "c hello\nc\np cnf 3 2\n1 -2 0\n2 3 0\n",
		want:     &cnf.Formula{NumVars: 3, Clauses: []cnf.Clause{{1, -2}, {2, 3}}},
		comments: []string{"hello", ""},
	},
	{
		name: "clauses across lines",
		in:   "p cnf 3 2\n1\n-2 0 2\n3 0\n",
		want: &cnf.Formula{NumVars: 3, Clauses: []cnf.Clause{{1, -2}, {2, 3}}},
	},
	{
		name: "several clauses on a line, blank lines, CRLF, tabs",
		in:   "p  cnf\t3 2\r\n\r\n1 -2 0 2 3 0\r\n",
		want: &cnf.Formula{NumVars: 3, Clauses: []cnf.Clause{{1, -2}, {2, 3}}},
	},
	{
		name: "empty clause",
		in:   "p cnf 1 2\n1 0\n0\n",
		want: &cnf.Formula{NumVars: 1, Clauses: []cnf.Clause{{1}, nil}},
	},
	{
		name: "last clause without 0",
		in:   "p cnf 2 2\n1 0\n-1 2",
		want: &cnf.Formula{NumVars: 2, Clauses: []cnf.Clause{{1}, {-1, 2}}},
	},
	{
		name: "wrong clause count accepted",
		in:   "p cnf 2 5\n1 0\n",
		want: &cnf.Formula{NumVars: 2, Clauses: []cnf.Clause{{1}}},
	},
	{
		name: "SATLIB ending",
		in:   "p cnf 2 1\n1 -2 0\n%\n0\n\n",
		want: &cnf.Formula{NumVars: 2, Clauses: []cnf.Clause{{1, -2}}},
	},
	{
		name:     "comments after the problem line",
		in:       "p cnf 1 1\nc between\n1 0\nc end\n",
		want:     &cnf.Formula{NumVars: 1, Clauses: []cnf.Clause{{1}}},
		comments: []string{"between", "end"},
	},
	{
		name: "signs and leading zeros",
		in:   "p cnf 3 2\n+1 -0002 0\n00000000000003 0\n",
		want: &cnf.Formula{NumVars: 3, Clauses: []cnf.Clause{{1, -2}, {3}}},
	},
	{
		name: "no variables",
		in:   "p cnf 0 0\n",
		want: &cnf.Formula{},
	},
	{name: "empty input", in: "", err: "line 0: bad DIMACS: no problem line"},
	{name: "comments only", in: "c a\nc b\n", err: "line 2: bad DIMACS: no problem line"},
	{name: "clause first", in: "c x\n1 2 0\np cnf 2 1\n", err: "line 2: bad DIMACS: clause before the problem line"},
	{name: "two problem lines", in: "p cnf 2 1\np cnf 2 1\n", err: `line 2: bad DIMACS: problem line "p cnf 2 1"`},
	{name: "not cnf", in: "p wcnf 2 1\n", err: `line 1: bad DIMACS: problem line "p wcnf 2 1"`},
	{name: "short problem line", in: "p cnf 2\n", err: `line 1: bad DIMACS: problem line "p cnf 2"`},
	{name: "negative variables", in: "p cnf -2 1\n", err: `line 1: bad DIMACS: problem line "p cnf -2 1"`},
	{name: "too many variables", in: "p cnf 2000000000 1\n", err: `line 1: bad DIMACS: problem line "p cnf 2000000000 1"`},
	{name: "word", in: "p cnf 2 1\n\n1 x 0\n", err: `line 3: bad DIMACS: literal "x"`},
	{name: "beyond", in: "p cnf 2 1\n1 -3 0\n", err: "line 2: bad DIMACS: literal -3 beyond 2 variables"},
	{name: "min int32", in: "p cnf 2 1\n-2147483648 0\n", err: "line 2: bad DIMACS: literal -2147483648 beyond 2 variables"},
	{name: "beyond int32", in: "p cnf 2 1\n2147483648 0\n", err: `line 2: bad DIMACS: literal "2147483648"`},
	{name: "percent first", in: "%\n", err: "line 1: bad DIMACS: no problem line"},
	{name: "sign alone", in: "p cnf 2 1\n1 - 0\n", err: `line 2: bad DIMACS: literal "-"`},
}

func TestReadDIMACS(t *testing.T) {
	for _, tt := range readDIMACSTests {
		t.Run(tt.name, func(t *testing.T) {
			f, comments, err := cnf.ReadDIMACS(strings.NewReader(tt.in))
			if tt.err != "" {
				if err == nil || err.Error() != tt.err {
					t.Fatalf("ReadDIMACS(%q) error = %v, want %q", tt.in, err, tt.err)
				}
				var de *cnf.DIMACSError
				if !errors.As(err, &de) || !errors.Is(err, cnf.ErrDIMACS) {
					t.Errorf("ReadDIMACS(%q) error %T is not a *DIMACSError wrapping ErrDIMACS", tt.in, err)
				}
				return
			}
			if err != nil {
				t.Fatalf("ReadDIMACS(%q) error = %v", tt.in, err)
			}
			if !reflect.DeepEqual(f, tt.want) {
				t.Errorf("ReadDIMACS(%q) = %+v, want %+v", tt.in, f, tt.want)
			}
			if !reflect.DeepEqual(comments, tt.comments) {
				t.Errorf("ReadDIMACS(%q) comments = %q, want %q", tt.in, comments, tt.comments)
			}
		})
	}
}

func TestReadDIMACSLongLine(t *testing.T) {
	var sb strings.Builder
	sb.WriteString("p cnf 100000 1\n")
	for v := 1; v <= 100000; v++ {
		sb.WriteString("-100000 ")
	}
	sb.WriteString("0\n")
	f, _, err := cnf.ReadDIMACS(strings.NewReader(sb.String()))
	if err != nil || len(f.Clauses) != 1 || len(f.Clauses[0]) != 100000 {
		t.Fatalf("ReadDIMACS(one clause of 100000 literals) error = %v", err)
	}
}

func TestWriteDIMACS(t *testing.T) {
	f := &cnf.Formula{NumVars: 3, Clauses: []cnf.Clause{{1, -2}, {}, {3}}}
	var buf bytes.Buffer
	if err := f.WriteDIMACS(&buf, "one", "two\nthree", ""); err != nil {
		t.Fatal(err)
	}
	want := "c one\nc two\nc three\nc \np cnf 3 3\n1 -2 0\n0\n3 0\n"
	if got := buf.String(); got != want {
		t.Errorf("WriteDIMACS = %q, want %q", got, want)
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestWriteDIMACSError(t *testing.T) {
	f := &cnf.Formula{NumVars: 1, Clauses: []cnf.Clause{{1}}}
	if err := f.WriteDIMACS(failWriter{}); err == nil {
		t.Error("WriteDIMACS to a failing writer gave no error")
	}
}

func TestDIMACSRoundTrip(t *testing.T) {
	for _, tt := range readDIMACSTests {
		if tt.err != "" {
			continue
		}
		t.Run(tt.name, func(t *testing.T) {
			roundTrip(t, tt.in)
		})
	}
}

// roundTrip reads in, writes the formula and its comments, reads that
// back and wants the same formula and comments.
func roundTrip(t *testing.T, in string) {
	t.Helper()
	f, comments, err := cnf.ReadDIMACS(strings.NewReader(in))
	if err != nil {
		return
	}
	var buf bytes.Buffer
	if err := f.WriteDIMACS(&buf, comments...); err != nil {
		t.Fatalf("WriteDIMACS: %v", err)
	}
	g, comments2, err := cnf.ReadDIMACS(&buf)
	if err != nil {
		t.Fatalf("ReadDIMACS(WriteDIMACS(ReadDIMACS(%q))) error = %v", in, err)
	}
	norm := func(cs []cnf.Clause) []cnf.Clause {
		out := make([]cnf.Clause, len(cs))
		for i, c := range cs {
			out[i] = append(cnf.Clause{}, c...)
		}
		return out
	}
	if f.NumVars != g.NumVars || !reflect.DeepEqual(norm(f.Clauses), norm(g.Clauses)) {
		t.Errorf("round trip of %q: %+v, then %+v", in, f, g)
	}
	if len(comments) != len(comments2) {
		t.Errorf("round trip of %q: comments %q, then %q", in, comments, comments2)
	}
}

func FuzzReadDIMACS(f *testing.F) {
	for _, tt := range readDIMACSTests {
		f.Add(tt.in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		roundTrip(t, in)
	})
}

// TestReadDIMACSFile reads from a file, whose size sizes the buffer.
func TestReadDIMACSFile(t *testing.T) {
	name := filepath.Join(t.TempDir(), "f.cnf")
	if err := os.WriteFile(name, []byte("c x\np cnf 3 2\n1 -2 0\n2 3 0\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	fh, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	f, comments, err := cnf.ReadDIMACS(fh)
	want := &cnf.Formula{NumVars: 3, Clauses: []cnf.Clause{{1, -2}, {2, 3}}}
	if err != nil || !reflect.DeepEqual(f, want) || !reflect.DeepEqual(comments, []string{"x"}) {
		t.Fatalf("ReadDIMACS(file) = %+v, %q, %v; want %+v", f, comments, err, want)
	}
}

// TestReadDIMACSDeclared: the problem line's counts come back as
// declared, whether or not the clauses that follow agree with them.
func TestReadDIMACSDeclared(t *testing.T) {
	for _, tt := range []struct {
		in      string
		want    cnf.Declared
		clauses int
	}{
		{"p cnf 3 2\n1 -2 0\n3 0\n", cnf.Declared{Vars: 3, Clauses: 2}, 2},
		{"c x\np cnf 3 5\n1 -2 0\n", cnf.Declared{Vars: 3, Clauses: 5}, 1},
		{"p  cnf 2 0\n1 0\n2 0\n", cnf.Declared{Vars: 2}, 2},
	} {
		f, _, d, err := cnf.ReadDIMACSDeclared(strings.NewReader(tt.in))
		if err != nil || d != tt.want || len(f.Clauses) != tt.clauses {
			t.Errorf("ReadDIMACSDeclared(%q) = %d clauses, %+v, %v; want %d, %+v", tt.in, len(f.Clauses), d, err, tt.clauses, tt.want)
		}
	}
}
