// Package golden compares test output with golden files, or rewrites them,
// the way go/printer's tests do with -update.
//
// The flag itself belongs to each test package, so that this package holds
// no global state:
//
//	var update = flag.Bool("update", false, "rewrite testdata/*.golden")
//	...
//	golden.Check(t, "testdata/heart.svg.golden", got, *update)
package golden

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// Check fails t unless got equals the content of the named file. With
// update set it writes got to the file instead (creating its directory)
// and logs that it did.
func Check(t testing.TB, name string, got []byte, update bool) {
	t.Helper()
	if update {
		if err := os.MkdirAll(filepath.Dir(name), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, got, 0o666); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s", name)
		return
	}
	want, err := os.ReadFile(name)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if bytes.Equal(got, want) {
		return
	}
	line, g, w := firstDiff(got, want)
	t.Errorf("%s:%d: output differs from the golden file (run go test -update to accept it)\ngot:  %q\nwant: %q", name, line, g, w)
}

// firstDiff returns the 1-based number of the first line where got and want
// differ, and that line of each ("" past the end).
func firstDiff(got, want []byte) (int, string, string) {
	gl := bytes.Split(got, []byte("\n"))
	wl := bytes.Split(want, []byte("\n"))
	for i := 0; ; i++ {
		var g, w []byte
		if i < len(gl) {
			g = gl[i]
		}
		if i < len(wl) {
			w = wl[i]
		}
		if !bytes.Equal(g, w) || i >= len(gl) || i >= len(wl) {
			return i + 1, string(g), string(w)
		}
	}
}
