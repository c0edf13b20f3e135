package backend

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/nonosat/nonosat/internal/clock"

	sat "github.com/crillab/gophersat/solver"

	"github.com/nonosat/nonosat/cnf"
)

// ErrSatisfiable is returned when a solver asked for a refutation finds
// the formula satisfiable.
var ErrSatisfiable = errors.New("satisfiable")

// CertifiedGophersat solves f with gophersat in certified mode, writing
// its lemmas to dw (and "0" at the end when f is unsatisfiable, even if
// gophersat's parser refuted it without a word), and flushes dw. On SAT
// it returns the model.
func CertifiedGophersat(f *cnf.Formula, dw *cnf.DRATWriter) (unsat bool, m cnf.Model, err error) {
	gophersatMu.Lock()
	defer gophersatMu.Unlock()
	s := sat.New(sat.ParseSliceNb(toInts(f.Clauses), f.NumVars))
	s.Certified = true
	s.CertChan = make(chan string, 1024)
	drained := make(chan struct{})
	last := ""
	go func() {
		for l := range s.CertChan {
			dw.WriteLine(l)
			last = l
		}
		close(drained)
	}()
	st := s.Solve()
	close(s.CertChan)
	<-drained
	if st == sat.Unsat && last != "0" {
		dw.WriteLine("0")
	}
	if st == sat.Sat {
		m = append(m, s.Model()...)
	}
	return st == sat.Unsat, m, dw.Flush()
}

// serveProof answers a worker's "c solve" after "c proof PATH": it solves
// f with CertifiedGophersat, writing the proof to PATH, and answers as
// for a plain solve.
func serveProof(w *bufio.Writer, f *cnf.Formula, path string) error {
	fh, err := os.Create(path)
	if err != nil {
		return err
	}
	dw := cnf.NewDRATWriter(fh)
	unsat, m, err := CertifiedGophersat(f, dw)
	if err2 := fh.Close(); err == nil {
		err = err2
	}
	if err != nil {
		return err
	}
	if unsat {
		m = nil
	}
	if err := cnf.WriteModel(w, m); err != nil {
		return err
	}
	return w.Flush()
}

// RefuteWorker runs CertifiedGophersat in a worker process (argv runs
// ServeWorker) and copies the proof it writes to w, returning its size.
// A done context kills the worker; a satisfiable f gives ErrSatisfiable.
func RefuteWorker(ctx context.Context, f *cnf.Formula, argv []string, w io.Writer) (int64, error) {
	dir, err := os.MkdirTemp("", "nonosat-proof-")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "proof.drat")
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	workerAttr(cmd)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return 0, err
	}
	var out bytes.Buffer
	stderr := &tail{}
	cmd.Stdout, cmd.Stderr = &out, stderr
	if err := cmd.Start(); err != nil {
		if clock.Err(ctx) != nil {
			return 0, clock.Err(ctx)
		}
		return 0, fmt.Errorf("starting SAT worker %s: %w", argv[0], err)
	}
	in := bufio.NewWriterSize(stdin, 1<<16)
	fmt.Fprintf(in, "c proof %s\np cnf %d %d\n", path, f.NumVars, len(f.Clauses))
	writeClauses(in, f.Clauses)
	in.WriteString("c solve\n")
	werr := in.Flush()
	stdin.Close()
	runErr := cmd.Wait()
	if err := clock.Err(ctx); err != nil {
		return 0, err
	}
	if werr != nil || runErr != nil {
		return 0, fmt.Errorf("SAT worker: %v %v: %s", werr, runErr, stderr.String())
	}
	st, _, err := cnf.ReadModel(&out, f.NumVars)
	switch {
	case err != nil:
		return 0, fmt.Errorf("SAT worker: %w", err)
	case st == cnf.Sat:
		return 0, ErrSatisfiable
	case st != cnf.Unsat:
		return 0, fmt.Errorf("SAT worker: no answer: %s", stderr.String())
	}
	pf, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer pf.Close()
	return io.Copy(w, pf)
}

// RefuteExternal runs the external solver name, which writes DRAT
// ([WritesDRAT]), with a proof file on f and copies the proof to w,
// returning its size. A satisfiable f gives ErrSatisfiable.
func RefuteExternal(ctx context.Context, f *cnf.Formula, name string, w io.Writer) (int64, error) {
	s, _ := lookup(name)
	args := s.drat
	path, err := exec.LookPath(s.bin)
	if err != nil {
		return 0, &NotFoundError{Backend: name, Path: s.bin, Package: s.pkg}
	}
	dir, err := os.MkdirTemp("", "nonosat-proof-")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(dir)
	in, out := filepath.Join(dir, "in.cnf"), filepath.Join(dir, "proof.drat")
	fh, err := os.Create(in)
	if err != nil {
		return 0, err
	}
	err = f.WriteDIMACS(fh)
	if err2 := fh.Close(); err == nil {
		err = err2
	}
	if err != nil {
		return 0, err
	}
	cmd := exec.CommandContext(ctx, path, append(args, in, out)...)
	cmd.Dir = dir
	cmd.WaitDelay = waitDelay
	stderr := &tail{}
	cmd.Stdout, cmd.Stderr = &tail{}, stderr
	ownGroup(cmd)
	runErr := cmd.Run()
	killGroup(cmd)
	if err := clock.Err(ctx); err != nil {
		return 0, err
	}
	var ee *exec.ExitError
	switch {
	case errors.As(runErr, &ee) && ee.ExitCode() == 20:
	case errors.As(runErr, &ee) && ee.ExitCode() == 10:
		return 0, ErrSatisfiable
	default:
		return 0, fmt.Errorf("%s: no refutation (%v): %s", name, runErr, stderr.String())
	}
	pf, err := os.Open(out)
	if err != nil {
		return 0, err
	}
	defer pf.Close()
	return io.Copy(w, pf)
}
