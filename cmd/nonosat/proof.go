package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/nonosat/nonosat/cnf"
	"github.com/nonosat/nonosat/drat"
	"github.com/nonosat/nonosat/encode"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/solver"
	"github.com/urfave/cli/v2"
)

// proofFlag is --proof DIR of solve and check.
func proofFlag() cli.Flag {
	return &cli.StringFlag{Name: "proof", Usage: "write a certificate per puzzle to `DIR`: NAME.cnf (the clues' CNF, for unique with the solution blocked), NAME.drat (unique, none: a DRAT proof that the CNF is unsatisfiable) and NAME.sol (the solution, or two for multiple); check it with 'nonosat proof check'. The proof is what line solving, probing and the learner did on the way to the verdict; when SAT decided (--no-search), it is a SAT run of its own, with its own --timeout"}
}

// proofCmd is "proof check CNF PROOF|SOL". The action is a word rather
// than a urfave/cli subcommand so that flags and --help work as in every
// other command (withArgs); "check" is the only one so far.
func proofCmd() *cli.Command {
	return &cli.Command{
		Name:      "proof",
		Usage:     "check a certificate: a DRAT proof that a CNF is unsatisfiable, or the solutions of a .sol file",
		ArgsUsage: "check CNF PROOF|SOL",
		Description: "'proof check CNF PROOF' checks PROOF (DRAT, text or binary, as 'check --proof' or a SAT\n" +
			"solver writes it) against the DIMACS formula CNF with a checker of its own, which shares\n" +
			"nothing with the solver but the DIMACS reader. It prints \"verified\" and exits 0, or names\n" +
			"the first lemma that does not follow and exits 1. A SOL file (models in SAT-competition\n" +
			"form, as 'check --proof' writes NAME.sol) is checked model by model instead: one model must\n" +
			"satisfy the CNF, or every clause but the last (a unique verdict's blocking clause);\n" +
			"several must each satisfy the CNF and, read through its header, be different solutions.\n" +
			"A model may give only some variables (NAME.sol gives the cells'): unit propagation over\n" +
			"the clauses sets the rest, and then every clause is checked.",
		Action: withArgs(1, -1, func(c *cli.Context, args []string) error {
			if args[0] != "check" {
				return usagef(c, "unknown action %q: usage: nonosat proof check CNF PROOF", args[0])
			}
			switch {
			case len(args) < 3:
				return usagef(c, "missing arguments: usage: nonosat proof check CNF PROOF")
			case len(args) > 3:
				return usagef(c, "too many arguments: usage: nonosat proof check CNF PROOF")
			}
			return proofCheck(c, args[1:])
		}),
	}
}

func proofCheck(c *cli.Context, args []string) error {
	if args[0] == "-" && args[1] == "-" {
		return usagef(c, "only one input can be standard input")
	}
	cnfName, proofName := args[0], args[1]
	r, closeCNF, err := open(c, cnfName)
	if err != nil {
		return err
	}
	f, comments, declared, err := cnf.ReadDIMACSDeclared(r)
	closeCNF()
	if err != nil {
		var de *cnf.DIMACSError
		if errors.As(err, &de) {
			return cli.Exit(fmt.Sprintf("%s:%d: %v", cnfName, de.Line, de.Err), exitError)
		}
		return cli.Exit(fmt.Sprintf("%s: %v", cnfName, err), exitError)
	}
	if declared.Clauses != len(f.Clauses) { // the check goes on with the clauses there are
		fmt.Fprintf(c.App.ErrWriter, "nonosat: warning: %s: the problem line declares %d clauses, the file holds %d (cut short, or edited?)\n", cnfName, declared.Clauses, len(f.Clauses))
	}
	pr, closeProof, err := open(c, proofName)
	if err != nil {
		return err
	}
	defer closeProof()
	br := bufio.NewReaderSize(pr, 1<<20) // room for a big grid in comments before the first model
	if head, _ := br.Peek(1 << 20); isModels(head) {
		return checkModels(c, cnfName, proofName, f, comments, br)
	}
	t := time.Now()
	res, err := drat.Check(f, br)
	if err != nil {
		return cli.Exit(fmt.Sprintf("%s: %v", proofName, err), exitError)
	}
	if !res.Verified {
		fmt.Fprintf(c.App.Writer, "not verified: %s\n", res.Reason)
		return cli.Exit("", exitError)
	}
	fmt.Fprintf(c.App.Writer, "verified (%d lemmas, %d deletions, %s)\n", res.Lemmas, res.Deletions, time.Since(t).Round(time.Millisecond))
	return nil
}

// certName is the base name of a puzzle's certificate files.
func certName(file string, index int) string {
	base := strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
	if file == "-" || base == "" {
		base = "stdin"
	}
	if index > 0 {
		base = fmt.Sprintf("%s-%04d", base, index)
	}
	return base
}

// certFiles receives the files of a certificate: create opens one for
// writing, discard throws away one that could not be finished.
type certFiles interface {
	create(name string) (io.WriteCloser, error)
	discard(name string)
}

// dirFiles puts a certificate's files in a folder.
type dirFiles string

func (d dirFiles) create(name string) (io.WriteCloser, error) {
	if err := os.MkdirAll(string(d), 0o777); err != nil {
		return nil, err
	}
	return os.Create(filepath.Join(string(d), name))
}

func (d dirFiles) discard(name string) { os.Remove(filepath.Join(string(d), name)) }

// writeCertificate writes the certificate of res to dir as NAME.cnf,
// NAME.drat (unique and none) and NAME.sol (unique and multiple). A
// timeout has none, and gets no files.
func writeCertificate(ctx context.Context, dir, name string, p *puzzle.Puzzle, res *solver.Result, o solver.Options, timeout time.Duration) error {
	return certificate(ctx, dirFiles(dir), name, p, res, o, timeout)
}

// certificate makes the certificate of res and hands its files to fs.
func certificate(ctx context.Context, fs certFiles, name string, p *puzzle.Puzzle, res *solver.Result, o solver.Options, timeout time.Duration) error {
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
		if fh, err = fs.create(name + ".drat"); err != nil {
			return err
		}
		defer fh.Close()
		proof = fh
	}
	cert, err := solver.Certify(ctx, p, res, o, proof)
	if err == nil && fh != nil {
		err = fh.Close()
	}
	if err != nil {
		if fh != nil {
			fs.discard(name + ".drat")
		}
		if errors.Is(err, context.DeadlineExceeded) {
			return fmt.Errorf("certificate: timed out after %v (the verdict was %s)", timeout, res.Verdict)
		}
		return fmt.Errorf("certificate: %w", err)
	}
	if err := writeCertFile(fs, name+".cnf", func(w *bufio.Writer) error {
		return cert.Encoding.WriteDIMACS(w, p, encode.DIMACSOptions{Block: cert.Block})
	}); err != nil {
		return err
	}
	if len(cert.Models) == 0 {
		return nil
	}
	return writeCertFile(fs, name+".sol", func(w *bufio.Writer) error {
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

// writeCertFile creates name in fs and writes it through fill.
func writeCertFile(fs certFiles, name string, fill func(*bufio.Writer) error) error {
	fh, err := fs.create(name)
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
		fs.discard(name)
	}
	return err
}
