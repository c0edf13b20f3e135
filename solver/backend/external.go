package backend

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/nonosat/nonosat/internal/clock"

	"github.com/nonosat/nonosat/cnf"
)

// An external SAT solver runs as a child process on a DIMACS file. Each
// solve writes the formula plus every clause added so far to a fresh
// temporary directory, runs the solver there, reads its answer and removes
// the directory: enumeration re-runs the solver from scratch with the
// blocking clauses added. A done context kills the solver and everything
// it started (its process group, on Unix). On Linux the solver also dies
// with this process, even when it is killed by SIGKILL, and the next
// external solve removes the temporary folders such a death left behind.
//
// The answer is read with [cnf.ReadModel] from the solver's standard
// output, or from the result file for solvers that write one (MiniSat and
// Glucose take it as a second argument). Exit codes 10 and 20 mean SAT and
// UNSAT, as in the SAT competition. A model is accepted only if it
// satisfies every clause, whatever the exit code; "UNSATISFIABLE" only
// with exit code 0 or 20. Anything else (a crash, garbage, a wrong model,
// no answer) is an error that quotes the end of the solver's messages.

// execPrefix starts a backend name that gives the solver's path.
const execPrefix = "exec:"

// Limits on what a solver may print and how long its pipes may stay open
// after it ends (a child it left behind may hold them).
const (
	outputBase = 64 << 20 // bytes of standard output besides 16 per variable
	tailBytes  = 2048     // bytes of messages kept for errors
	waitDelay  = time.Second
)

// NotFoundError is returned when an external solver cannot be found. It
// unwraps to [exec.ErrNotFound].
type NotFoundError struct {
	Backend string // the name asked for
	Path    string // the executable looked for
	Package string // the Debian package that has it, "" if none
}

func (e *NotFoundError) Error() string {
	switch {
	case strings.HasPrefix(e.Backend, execPrefix):
		return fmt.Sprintf("%s: %s is not an executable file", e.Backend, e.Path)
	case e.Package != "":
		return fmt.Sprintf("%s: not found in PATH (install the Debian package %q)", e.Backend, e.Package)
	}
	return fmt.Sprintf("%s: not found in PATH (Debian has no package for it: build it from its sources, or name the binary as exec:/path/to/%s)", e.Backend, e.Path)
}

func (e *NotFoundError) Unwrap() error { return exec.ErrNotFound }

// Check reports whether name is a back end [New]
// accepts whose solver can be found, so that a caller can fail early even
// when presolving would decide the puzzle without SAT. A missing solver
// gives a *[NotFoundError].
func Check(name string) error {
	if !External(name) {
		return nil
	}
	_, err := newExternal(&cnf.Formula{}, name)
	return err
}

// externalBackend runs an external solver for each solve.
type externalBackend struct {
	name   string // as given, for messages
	path   string // absolute path of the executable
	args   []string
	result bool
	f      *cnf.Formula
	added  []cnf.Clause
	swept  bool // stale temporary folders were removed
}

// tempPrefix starts the name of the temporary folder of each solve,
// followed by the process id, so that a later run can remove the folders
// of processes killed before they could (see removeStale).
const tempPrefix = "nonosat-sat-"

// runLocked runs cmd from a goroutine locked to its OS thread, which
// therefore lives until cmd ends: the kernel's parent-death signal
// (dieWithParent) follows the thread that started the child, not the
// process, and must not fire while this process lives.
func runLocked(cmd *exec.Cmd) error {
	done := make(chan error, 1)
	go func() {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		done <- cmd.Run()
	}()
	return <-done
}

// newExternal returns the back end for a known solver's name or for
// "exec:PATH". PATH is a single executable, with no arguments (write a
// script to pass some); without a slash it is looked up in PATH. It must
// take a DIMACS file as its one argument and answer on its standard output
// in SAT-competition form ("s SATISFIABLE" and "v" lines, or
// "s UNSATISFIABLE"), or exit with code 20 for UNSAT.
func newExternal(f *cnf.Formula, name string) (Solver, error) {
	b := &externalBackend{name: name, f: f}
	var bin, pkg string
	if path, ok := strings.CutPrefix(name, execPrefix); ok {
		if path == "" {
			return nil, fmt.Errorf("%s: no path to a solver given (as in exec:/usr/bin/cadical)", name)
		}
		bin = path
	} else {
		s, ok := lookup(name)
		if !ok || !s.external {
			return nil, fmt.Errorf("unknown SAT back end %q (known: gophersat, gini, %s and exec:PATH)", name, externalNames())
		}
		bin, pkg, b.args, b.result = s.bin, s.pkg, s.args, s.result
	}
	path, err := exec.LookPath(bin)
	if err == nil {
		path, err = filepath.Abs(path) // the solver runs in a temporary directory
	}
	if err != nil {
		return nil, &NotFoundError{Backend: name, Path: bin, Package: pkg}
	}
	b.path = path
	return b, nil
}

func (b *externalBackend) Add(c cnf.Clause) { b.added = append(b.added, append(cnf.Clause(nil), c...)) }

func (b *externalBackend) Close() {}

func (b *externalBackend) Solve(ctx context.Context) (bool, cnf.Model, error) {
	if err := clock.Err(ctx); err != nil {
		return false, nil, err
	}
	if !b.swept {
		removeStale(os.TempDir())
		b.swept = true
	}
	dir, err := os.MkdirTemp("", fmt.Sprintf("%s%d-", tempPrefix, os.Getpid()))
	if err != nil {
		return false, nil, fmt.Errorf("%s: %w", b.name, err)
	}
	defer os.RemoveAll(dir)
	in := filepath.Join(dir, "in.cnf")
	if err := b.write(ctx, in); err != nil {
		if clock.Err(ctx) != nil {
			return false, nil, clock.Err(ctx)
		}
		return false, nil, fmt.Errorf("%s: writing the formula: %w", b.name, err)
	}
	answer, code, msg, err := b.run(ctx, dir, in)
	if err != nil {
		return false, nil, err
	}
	st, m, err := cnf.ReadModel(bytes.NewReader(answer), b.f.NumVars)
	if err != nil {
		return false, nil, fmt.Errorf("%s (exit code %d): %w%s", b.name, code, err, msg)
	}
	return b.verdict(st, m, code, msg)
}

// run runs the solver on formula file in, in directory dir, and returns
// its answer (the result file's, or its standard output), its exit code
// and its messages (": " and the tail of its standard error, or of its
// progress reports, or nothing); or an error when ctx ended, or the
// solver crashed, could not start or wrote too much.
func (b *externalBackend) run(ctx context.Context, dir, in string) (answer []byte, code int, msg string, err error) {
	args := append(append([]string(nil), b.args...), in)
	out := filepath.Join(dir, "result")
	if b.result {
		args = append(args, out)
	}
	cmd := exec.CommandContext(ctx, b.path, args...)
	cmd.Dir = dir // anything else the solver writes goes too
	stdout := &capped{limit: outputBase + 16*b.f.NumVars}
	stderr := &tail{}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	if b.result {
		cmd.Stdout = &tail{} // progress reports; only the result file counts
	}
	cmd.WaitDelay = waitDelay
	ownGroup(cmd)
	dieWithParent(cmd)
	runErr := runLocked(cmd)
	killGroup(cmd) // children the solver left behind
	if err := clock.Err(ctx); err != nil {
		return nil, 0, "", err
	}
	msg = stderr.String()
	if t, ok := cmd.Stdout.(*tail); ok && msg == "" {
		msg = t.String()
	}
	if msg != "" {
		msg = ": " + msg
	}

	var ee *exec.ExitError
	switch {
	case stdout.over:
		return nil, 0, "", fmt.Errorf("%s: more than %d bytes of output", b.name, stdout.limit)
	case runErr == nil, errors.Is(runErr, exec.ErrWaitDelay):
	case errors.As(runErr, &ee) && ee.Exited():
		code = ee.ExitCode()
	case errors.As(runErr, &ee):
		return nil, 0, "", fmt.Errorf("%s: crashed (%v)%s", b.name, ee, msg)
	default:
		return nil, 0, "", fmt.Errorf("%s: %w", b.name, runErr)
	}
	if !b.result {
		return stdout.buf.Bytes(), code, msg, nil
	}
	answer, err = os.ReadFile(out)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, 0, "", fmt.Errorf("%s: reading the result file: %w", b.name, err)
	}
	return answer, code, msg, nil // a missing result file: no answer
}

// verdict turns the solver's answer (status st, model m) and exit code
// into Solve's result, checking a model against every clause.
func (b *externalBackend) verdict(st cnf.Status, m cnf.Model, code int, msg string) (bool, cnf.Model, error) {
	switch {
	case st == cnf.Sat:
		if i := falseClause(m, b.f.Clauses, b.added); i >= 0 {
			return false, nil, fmt.Errorf("%s: the model it gave falsifies clause %d of %d", b.name, i+1, len(b.f.Clauses)+len(b.added))
		}
		return true, m, nil
	case st == cnf.Unsat && (code == 0 || code == 20):
		return false, nil, nil
	case st == cnf.Unsat:
		return false, nil, fmt.Errorf("%s: answered UNSATISFIABLE but exited with code %d%s", b.name, code, msg)
	case code == 20:
		return false, nil, nil
	case code == 10:
		return false, nil, fmt.Errorf("%s: exit code 10 (satisfiable) but no model%s", b.name, msg)
	}
	return false, nil, fmt.Errorf("%s: no answer (exit code %d)%s", b.name, code, msg)
}

// write writes the formula and the clauses added so far to the file name;
// it stops with ctx's error when ctx ends.
func (b *externalBackend) write(ctx context.Context, name string) error {
	fh, err := os.Create(name)
	if err != nil {
		return err
	}
	all := cnf.Formula{NumVars: b.f.NumVars, Clauses: b.f.Clauses}
	if len(b.added) > 0 {
		all.Clauses = append(b.f.Clauses[:len(b.f.Clauses):len(b.f.Clauses)], b.added...)
	}
	err = all.WriteDIMACS(cnf.ContextWriter(ctx, fh))
	if cerr := fh.Close(); err == nil {
		err = cerr
	}
	return err
}

// falseClause returns the index of the first clause m falsifies, counting
// through the lists in order, or -1.
func falseClause(m cnf.Model, lists ...[]cnf.Clause) int {
	i := 0
	for _, cs := range lists {
		for _, c := range cs {
			ok := false
			for _, l := range c {
				if m.Value(l) {
					ok = true
					break
				}
			}
			if !ok {
				return i
			}
			i++
		}
	}
	return -1
}

// capped collects up to limit bytes and fails beyond, which stops a solver
// that prints without end.
type capped struct {
	buf   bytes.Buffer
	limit int
	over  bool
}

func (w *capped) Write(p []byte) (int, error) {
	if w.buf.Len()+len(p) > w.limit {
		w.over = true
		return 0, errors.New("too much output")
	}
	return w.buf.Write(p)
}

// tail keeps the last tailBytes bytes written to it.
type tail struct{ buf []byte }

func (w *tail) Write(p []byte) (int, error) {
	n := len(p)
	if len(p) > tailBytes {
		p = p[len(p)-tailBytes:]
	}
	w.buf = append(w.buf, p...)
	if extra := len(w.buf) - tailBytes; extra > 0 {
		w.buf = append(w.buf[:0], w.buf[extra:]...)
	}
	return n, nil
}

// String gives the last few lines kept, joined by " | ".
func (w *tail) String() string {
	lines := strings.Split(strings.TrimSpace(strings.ToValidUTF8(string(w.buf), "?")), "\n")
	if len(lines) > 4 {
		lines = lines[len(lines)-4:]
	}
	for i, l := range lines {
		lines[i] = strings.TrimSpace(l)
	}
	return strings.Join(lines, " | ")
}
