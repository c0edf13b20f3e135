package cnf_test

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/nonosat/nonosat/cnf"
)

var readModelTests = []struct {
	name    string
	in      string
	numVars int
	st      cnf.Status
	m       cnf.Model
	err     string // the whole message; "" for no error
}{
	{
		name:    "competition",
		in:      "c CaDiCaL\nc\ns SATISFIABLE\nv 1 -2 3 0\nc done\n",
		numVars: 3, st: cnf.Sat, m: cnf.Model{true, false, true},
	},
	{
		name:    "competition split over lines",
		in:      "s SATISFIABLE\nv 1 -2\nv 3\nv -4 5 0\n",
		numVars: 5, st: cnf.Sat, m: cnf.Model{true, false, true, false, true},
	},
	{
		name:    "competition, model missing variables",
		in:      "s SATISFIABLE\nv 2 0\n",
		numVars: 3, st: cnf.Sat, m: cnf.Model{false, true, false},
	},
	{
		name:    "competition, no variables",
		in:      "s SATISFIABLE\nv 0\n",
		numVars: 0, st: cnf.Sat, m: cnf.Model{},
	},
	{
		name:    "competition, lower case and extra blanks, CRLF",
		in:      "  s  satisfiable \r\nV 1\t-2 0\r\n",
		numVars: 2, st: cnf.Sat, m: cnf.Model{true, false},
	},
	{
		name:    "unsatisfiable",
		in:      "c comment\ns UNSATISFIABLE\n",
		numVars: 3, st: cnf.Unsat,
	},
	{
		name:    "unknown",
		in:      "s UNKNOWN\n",
		numVars: 3, st: cnf.Unknown,
	},
	{
		name:    "indeterminate",
		in:      "s INDETERMINATE\n",
		numVars: 3, st: cnf.Unknown,
	},
	{
		name:    "minisat SAT",
		in:      "SAT\n1 -2 3 0\n",
		numVars: 3, st: cnf.Sat, m: cnf.Model{true, false, true},
	},
	{
		name:    "minisat SAT, no variables",
		in:      "SAT\n 0\n",
		numVars: 0, st: cnf.Sat, m: cnf.Model{},
	},
	{
		name:    "minisat UNSAT",
		in:      "UNSAT\n",
		numVars: 3, st: cnf.Unsat,
	},
	{
		name:    "minisat INDET",
		in:      "INDET\n",
		numVars: 3, st: cnf.Unknown,
	},
	{
		name:    "minisat stdout summary line",
		in:      "SATISFIABLE\n-1 2 0\n",
		numVars: 2, st: cnf.Sat, m: cnf.Model{false, true},
	},
	{
		name:    "bare list",
		in:      "-1 2\n-3 0\n",
		numVars: 3, st: cnf.Sat, m: cnf.Model{false, true, false},
	},
	{
		name:    "bare list without 0",
		in:      "1 2",
		numVars: 2, st: cnf.Sat, m: cnf.Model{true, true},
	},
	{
		name:    "repeated literal",
		in:      "v 1 1 0",
		numVars: 1, st: cnf.Sat, m: cnf.Model{true},
	},
	{name: "empty", in: "", numVars: 3, st: cnf.Unknown},
	{name: "comments only", in: "c a\nc b\n", numVars: 3, st: cnf.Unknown},
	{
		name: "garbage", in: "c fine\nSegmentation fault\n", numVars: 3,
		err: `line 2: bad solver output: "Segmentation" is not a literal`,
	},
	{
		name: "garbage in v line", in: "s SATISFIABLE\nv 1 2 x 0\n", numVars: 3,
		err: `line 2: bad solver output: "x" is not a literal`,
	},
	{
		name: "beyond numVars", in: "s SATISFIABLE\nv 1\nv -4 0\n", numVars: 3,
		err: "line 3: bad solver output: literal -4 beyond 3 variables",
	},
	{
		name: "min int32", in: "v -2147483648 0\n", numVars: 3,
		err: "line 1: bad solver output: literal -2147483648 beyond 3 variables",
	},
	{
		name: "beyond int32", in: "v 2147483648 0\n", numVars: 3,
		err: `line 1: bad solver output: "2147483648" is not a literal`,
	},
	{
		name: "both signs", in: "v 1 2 -1 0\n", numVars: 3,
		err: "line 1: bad solver output: variable 1 given both signs",
	},
	{
		name: "after the closing 0", in: "s SATISFIABLE\nv 1 0\nv 2 0\n", numVars: 3,
		err: "line 3: bad solver output: literal 2 after the closing 0",
	},
	{
		name: "satisfiable without model", in: "c x\ns SATISFIABLE\nc y\n", numVars: 3,
		err: "line 2: bad solver output: satisfiable but no model given",
	},
	{
		name: "minisat SAT without model", in: "SAT\n", numVars: 3,
		err: "line 1: bad solver output: satisfiable but no model given",
	},
	{
		name: "model with unsat", in: "s UNSATISFIABLE\nv 1 0\n", numVars: 3,
		err: "line 2: bad solver output: literals with answer UNSATISFIABLE",
	},
	{
		name: "two answers", in: "s SATISFIABLE\nv 1 0\ns UNSATISFIABLE\n", numVars: 3,
		err: "line 3: bad solver output: answer UNSATISFIABLE after SATISFIABLE on line 1",
	},
	{
		name: "bad status", in: "s MAYBE\n", numVars: 3,
		err: `line 1: bad solver output: status "MAYBE"`,
	},
	{
		name: "empty status", in: "s\n", numVars: 3,
		err: "line 1: bad solver output: empty status line",
	},
}

func TestReadModel(t *testing.T) {
	for _, tt := range readModelTests {
		t.Run(tt.name, func(t *testing.T) {
			st, m, err := cnf.ReadModel(strings.NewReader(tt.in), tt.numVars)
			if tt.err != "" {
				if err == nil || err.Error() != tt.err {
					t.Fatalf("ReadModel(%q, %d) error = %v, want %q", tt.in, tt.numVars, err, tt.err)
				}
				var de *cnf.DIMACSError
				if !errors.As(err, &de) || !errors.Is(err, cnf.ErrModel) {
					t.Errorf("ReadModel(%q) error %T is not a *DIMACSError wrapping ErrModel", tt.in, err)
				}
				return
			}
			if err != nil {
				t.Fatalf("ReadModel(%q, %d) error = %v", tt.in, tt.numVars, err)
			}
			if st != tt.st || !reflect.DeepEqual(m, tt.m) {
				t.Errorf("ReadModel(%q, %d) = %v, %v, want %v, %v", tt.in, tt.numVars, st, m, tt.st, tt.m)
			}
		})
	}
}

func TestWriteModel(t *testing.T) {
	tests := []struct {
		m    cnf.Model
		want string
	}{
		{cnf.Model{true, false, true}, "s SATISFIABLE\nv 1 -2 3 0\n"},
		{cnf.Model{}, "s SATISFIABLE\nv 0\n"},
		{nil, "s UNSATISFIABLE\n"},
	}
	for _, tt := range tests {
		var buf bytes.Buffer
		if err := cnf.WriteModel(&buf, tt.m); err != nil {
			t.Fatal(err)
		}
		if got := buf.String(); got != tt.want {
			t.Errorf("WriteModel(%v) = %q, want %q", tt.m, got, tt.want)
		}
		st, m, err := cnf.ReadModel(&buf, len(tt.m))
		if err != nil || (tt.m == nil) != (st == cnf.Unsat) || !reflect.DeepEqual(m, tt.m) {
			t.Errorf("ReadModel(WriteModel(%v)) = %v, %v, %v", tt.m, st, m, err)
		}
	}
}

func FuzzReadModel(f *testing.F) {
	for _, tt := range readModelTests {
		f.Add(tt.in, tt.numVars)
	}
	f.Fuzz(func(t *testing.T, in string, numVars int) {
		numVars %= 1 << 16
		st, m, err := cnf.ReadModel(strings.NewReader(in), numVars)
		if err != nil {
			if !errors.Is(err, cnf.ErrModel) {
				var de *cnf.DIMACSError
				if !errors.As(err, &de) {
					t.Fatalf("ReadModel(%q) error %v is not a *DIMACSError", in, err)
				}
			}
			return
		}
		if (st == cnf.Sat) != (m != nil) {
			t.Fatalf("ReadModel(%q) = %v with model %v", in, st, m)
		}
		if m == nil {
			return
		}
		if len(m) != max(numVars, 0) {
			t.Fatalf("ReadModel(%q, %d) model has %d variables", in, numVars, len(m))
		}
		var buf bytes.Buffer
		if err := cnf.WriteModel(&buf, m); err != nil {
			t.Fatal(err)
		}
		st2, m2, err := cnf.ReadModel(&buf, numVars)
		if err != nil || st2 != cnf.Sat || !reflect.DeepEqual(m, m2) {
			t.Fatalf("ReadModel(WriteModel(%v)) = %v, %v, %v", m, st2, m2, err)
		}
	})
}
