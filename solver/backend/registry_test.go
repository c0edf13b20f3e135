package backend

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/nonosat/nonosat/cnf"
)

// TestRegistry checks what New makes of each name of the table: a worker
// for a back end that needs one when it is given a command, else the
// back end in process; an external solver, or a NotFoundError naming its
// executable, for the others.
func TestRegistry(t *testing.T) {
	f := &cnf.Formula{NumVars: 1, Clauses: []cnf.Clause{{1}}}
	seen := map[string]bool{}
	for _, e := range registry {
		if seen[e.name] {
			t.Errorf("registry: %s listed twice", e.name)
		}
		seen[e.name] = true
		b, err := New(f, e.name, []string{"/no/such/worker"})
		var nf *NotFoundError
		switch {
		case e.external && errors.As(err, &nf):
			if nf.Path != e.bin || !errors.Is(err, exec.ErrNotFound) {
				t.Errorf("New(%q) error = %v, want a NotFoundError for %s", e.name, err, e.bin)
			}
		case err != nil:
			t.Errorf("New(%q) error = %v", e.name, err)
		case e.external:
			if _, ok := b.(*externalBackend); !ok {
				t.Errorf("New(%q) = %T, want an external back end", e.name, b)
			}
		case e.worker:
			if _, ok := b.(*workerBackend); !ok {
				t.Errorf("New(%q, with a worker) = %T, want a worker", e.name, b)
			}
		default:
			if _, ok := b.(*workerBackend); ok {
				t.Errorf("New(%q, with a worker) = a worker, want it in process", e.name)
			}
		}
		if External(e.name) != e.external || NeedsWorker(e.name) != e.worker || WritesDRAT(e.name) != (e.drat != nil) {
			t.Errorf("%s: External, NeedsWorker, WritesDRAT = %v, %v, %v, want the table's %v, %v, %v",
				e.name, External(e.name), NeedsWorker(e.name), WritesDRAT(e.name), e.external, e.worker, e.drat != nil)
		}
		if e.drat != nil && !e.external {
			t.Errorf("%s writes DRAT of its own but is not external", e.name)
		}
	}
	if b, err := New(f, "", nil); err != nil {
		t.Errorf(`New("") error = %v`, err)
	} else if _, ok := b.(*gophersatBackend); !ok {
		t.Errorf(`New("", no worker) = %T, want gophersat in process`, b)
	}
	if !External("exec:/bin/true") || !External("nosuch") {
		t.Error("External(exec:PATH or an unknown name) = false, want true")
	}
}

// TestAuto checks which back end Auto picks for what PATH holds: cadical
// before kissat, and gophersat in process when neither is there (an
// executable of another registry solver does not count).
func TestAuto(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the fake solvers are shell scripts")
	}
	cases := []struct {
		bins []string
		want string
	}{
		{nil, "gophersat"},
		{[]string{"minisat"}, "gophersat"},
		{[]string{"kissat"}, "kissat"},
		{[]string{"kissat", "cadical"}, "cadical"},
	}
	for _, tc := range cases {
		dir := t.TempDir()
		for _, b := range tc.bins {
			if err := os.WriteFile(filepath.Join(dir, b), []byte("#!/bin/sh\n"), 0o755); err != nil {
				t.Fatal(err)
			}
		}
		t.Setenv("PATH", dir)
		if got := Auto(); got != tc.want {
			t.Errorf("PATH holding %v: Auto() = %q, want %q", tc.bins, got, tc.want)
		}
	}
}
