package certify

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/nonosat/nonosat/cnf"
	"github.com/nonosat/nonosat/encode"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/solver"
)

// Files receives the files of a certificate: Create opens one for
// writing, Discard throws away one that could not be finished.
type Files interface {
	Create(name string) (io.WriteCloser, error)
	Discard(name string)
}

// Name is the base name of the certificate files of the index-th puzzle
// of file (index 0: the file holds one puzzle; "-" is standard input).
func Name(file string, index int) string {
	base := strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
	if file == "-" || base == "" {
		base = "stdin"
	}
	if index > 0 {
		base = fmt.Sprintf("%s-%04d", base, index)
	}
	return base
}

// Write makes the certificate of res, found for p with options o, and
// hands its files to fs as name.cnf, name.drat (unique and none) and
// name.sol (unique and multiple). A timeout has none, and gets no files.
// timeout, if positive, bounds the making.
func Write(ctx context.Context, fs Files, name string, p *puzzle.Puzzle, res *solver.Result, o solver.Options, timeout time.Duration) error {
	switch res.Verdict {
	case solver.Unique, solver.None, solver.Multiple:
	default:
		return nil
	}
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	var proof io.Writer = io.Discard // multiple has no proof
	var fh io.WriteCloser
	if res.Verdict != solver.Multiple {
		var err error
		if fh, err = fs.Create(name + ".drat"); err != nil {
			return err
		}
		defer fh.Close()
		proof = fh
	}
	cert, err := Verdict(ctx, p, res, o, proof)
	if err == nil && fh != nil {
		err = fh.Close()
	}
	if err != nil {
		if fh != nil {
			fs.Discard(name + ".drat")
		}
		if errors.Is(err, context.DeadlineExceeded) {
			return fmt.Errorf("certificate: timed out after %v (the verdict was %s)", timeout, res.Verdict)
		}
		return fmt.Errorf("certificate: %w", err)
	}
	if err := writeFile(fs, name+".cnf", func(w *bufio.Writer) error {
		return cert.Encoding.WriteDIMACS(w, p, encode.DIMACSOptions{Block: cert.Block})
	}); err != nil {
		return err
	}
	if len(cert.Models) == 0 {
		return nil
	}
	return writeFile(fs, name+".sol", func(w *bufio.Writer) error {
		for i, m := range cert.Models {
			fmt.Fprintf(w, "c solution %d of %d", i+1, len(cert.Models))
			if res.Verdict == solver.Unique {
				fmt.Fprint(w, "; it satisfies every clause of the CNF but the last, which forbids it")
			}
			fmt.Fprintln(w, "\nc the cell variables; unit propagation sets the others")
			for _, row := range strings.Split(strings.TrimSuffix(p.FormatGrid(res.Solutions[i]), "\n"), "\n") {
				fmt.Fprintf(w, "c %s\n", row)
			}
			if err := cnf.WriteAssignment(w, m); err != nil {
				return err
			}
		}
		return nil
	})
}

// writeFile creates name in fs and writes it through fill.
func writeFile(fs Files, name string, fill func(*bufio.Writer) error) error {
	fh, err := fs.Create(name)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(fh)
	err = fill(w)
	if err == nil {
		err = w.Flush()
	}
	if err2 := fh.Close(); err == nil {
		err = err2
	}
	if err != nil {
		fs.Discard(name)
	}
	return err
}
