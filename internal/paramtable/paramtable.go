// Package paramtable checks the settings table of an engine package
// (learner.Params, solver.Params) against its defaults: the comment of
// each field starts with the field's default and its range, and the
// default must be in the range, so that the table a reader sees is the
// one the engine runs with.
package paramtable

import (
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"math"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// paramLine is the start of a setting's comment: its default, then "≥
// lo" or an interval, or a bool alone.
var paramLine = regexp.MustCompile(`^(true|false): |^(\S+), (?:≥ (\S+)|in ([[(])(\S+), (\S+)([])])): `)

// Check checks the comment of every field of struct typ in
// file against def, the defaults.
func Check(t testing.TB, file, typ string, def reflect.Value) {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	var fields []*ast.Field
	ast.Inspect(f, func(n ast.Node) bool {
		if ts, ok := n.(*ast.TypeSpec); ok && ts.Name.Name == typ {
			fields = ts.Type.(*ast.StructType).Fields.List
		}
		return true
	})
	if len(fields) == 0 {
		t.Fatalf("no struct %s in %s", typ, file)
	}
	seen := 0
	for _, fd := range fields {
		for _, name := range fd.Names {
			v := def.FieldByName(name.Name)
			seen++
			if v.Kind() == reflect.Struct {
				continue // another package's table
			}
			text := strings.TrimSpace(fd.Comment.Text())
			m := paramLine.FindStringSubmatch(text)
			if m == nil {
				t.Errorf("%s.%s: comment %q does not start with its default and range", typ, name.Name, text)
				continue
			}
			if m[1] != "" {
				if v.Kind() != reflect.Bool || v.Bool() != (m[1] == "true") {
					t.Errorf("%s.%s: the table says %s, DefaultParams %v", typ, name.Name, m[1], v)
				}
				continue
			}
			got := number(t, v)
			if want := literal(t, m[2]); got != want {
				t.Errorf("%s.%s: the table says %s, DefaultParams %v", typ, name.Name, m[2], v)
			}
			in := true
			if m[3] != "" {
				in = got >= literal(t, m[3])
			} else {
				lo, hi := literal(t, m[5]), literal(t, m[6])
				in = (got > lo || m[4] == "[" && got == lo) && (got < hi || m[7] == "]" && got == hi)
			}
			if !in {
				t.Errorf("%s.%s: default %v outside its range in %q", typ, name.Name, v, m[0])
			}
		}
	}
	if seen != def.NumField() {
		t.Errorf("%s in %s has %d fields, DefaultParams %d", typ, file, seen, def.NumField())
	}
}

// number returns the value of an int or float field.
func number(t testing.TB, v reflect.Value) float64 {
	switch v.Kind() {
	case reflect.Int, reflect.Int64:
		return float64(v.Int())
	case reflect.Float64:
		return v.Float()
	}
	t.Fatalf("a setting of kind %v", v.Kind())
	return math.NaN()
}

// literal returns the value of a Go number literal such as 30_000_000 or
// 1e-6, as the compiler rounds it.
func literal(t testing.TB, s string) float64 {
	for _, kind := range []token.Token{token.INT, token.FLOAT} {
		if c := constant.MakeFromLiteral(s, kind, 0); c.Kind() != constant.Unknown {
			f, _ := constant.Float64Val(c)
			return f
		}
	}
	t.Fatalf("%q is not a number", s)
	return math.NaN()
}
