//go:build unix

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSatAuto: --sat auto (the default) takes cadical from PATH for a
// verdict and says so with -v and in the JSON's "by"; not when it
// enumerates (count), nor when PATH has no cadical or kissat. The fake
// cadical notes that it ran (with no command: PATH holds only it) and
// answers UNSATISFIABLE, which after the heart's goal (its first
// solution) is right.
func TestSatAuto(t *testing.T) {
	dir := t.TempDir()
	ran := filepath.Join(t.TempDir(), "ran")
	fake := "#!/bin/sh\n: > " + ran + "\necho 's UNSATISFIABLE'\nexit 20\n"
	if err := os.WriteFile(filepath.Join(dir, "cadical"), []byte(fake), 0o755); err != nil {
		t.Fatal(err)
	}
	empty := t.TempDir()
	// The heart needs SAT without line solving and the learner.
	args := []string{"--no-presolve", "--no-search", "--json", "-v", "testdata/heart.non"}
	tests := []struct {
		path, cmd, by, says string
	}{
		{dir, "check", "cadical", "--sat auto: cadical (" + filepath.Join(dir, "cadical") + ")"},
		{dir, "solve", "cadical", "--sat auto: cadical"},
		{dir, "count", "gophersat", "--sat auto: gophersat in process: to enumerate"},
		{empty, "check", "gophersat", "--sat auto: gophersat in process: no cadical or kissat in PATH"},
	}
	for _, tt := range tests {
		os.Remove(ran)
		t.Setenv("PATH", tt.path)
		r := run(t, append([]string{tt.cmd}, args...)...)
		var got struct{ Verdict, By string }
		if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
			t.Fatalf("%s, PATH %s: %v\n%v", tt.cmd, tt.path, err, r)
		}
		if got.Verdict != "unique" || got.By != tt.by || !strings.Contains(r.stderr, tt.says) {
			t.Errorf("%s, PATH %s: verdict %q by %q; want unique by %q, and stderr saying %q\n%v", tt.cmd, tt.path, got.Verdict, got.By, tt.by, tt.says, r)
		}
		if !strings.Contains(r.stderr, "testdata/heart.non: unique, decided by "+tt.by) {
			t.Errorf("%s, PATH %s: -v does not say what decided\n%v", tt.cmd, tt.path, r)
		}
		if _, err := os.Stat(ran); (err == nil) != (tt.by == "cadical") {
			t.Errorf("%s, PATH %s: the fake cadical ran: %v, want %v", tt.cmd, tt.path, err == nil, tt.by == "cadical")
		}
	}
}
