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
	return &cli.StringFlag{Name: "proof", Usage: "write a certificate per puzzle to `DIR`: NAME.cnf (the clues' CNF, for unique with the solution blocked), NAME.drat (unique, none: a DRAT proof that the CNF is unsatisfiable) and NAME.sol (the solution, or two for multiple); check it with 'nonosat proof check'"}
}

func proofCmd() *cli.Command {
	check := &cli.Command{
		Name:      "check",
		Usage:     "check a DRAT proof that a CNF is unsatisfiable",
		ArgsUsage: "CNF PROOF",
		Description: "Checks PROOF (DRAT, text or binary, as 'check --proof' or a SAT solver writes it)\n" +
			"against the DIMACS formula CNF with a checker of its own, which shares nothing with the\n" +
			"solver but the DIMACS reader. Prints \"verified\" and exits 0, or names the first lemma\n" +
			"that does not follow and exits 1.",
		OnUsageError: usageError,
		Action:       withArgs(2, 2, proofCheck),
	}
	return &cli.Command{
		Name:            "proof",
		Usage:           "check the certificates 'check --proof' writes",
		ArgsUsage:       "check CNF PROOF",
		Subcommands:     []*cli.Command{check},
		HideHelpCommand: true,
		Action: func(c *cli.Context) error {
			if c.Args().Len() == 0 {
				return usagef(c, "missing subcommand: usage: nonosat proof check CNF PROOF")
			}
			return usagef(c, "unknown subcommand %q: usage: nonosat proof check CNF PROOF", c.Args().First())
		},
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
	f, _, err := cnf.ReadDIMACS(r)
	closeCNF()
	if err != nil {
		var de *cnf.DIMACSError
		if errors.As(err, &de) {
			return cli.Exit(fmt.Sprintf("%s:%d: %v", cnfName, de.Line, de.Err), exitError)
		}
		return cli.Exit(fmt.Sprintf("%s: %v", cnfName, err), exitError)
	}
	pr, closeProof, err := open(c, proofName)
	if err != nil {
		return err
	}
	defer closeProof()
	t := time.Now()
	res, err := drat.Check(f, pr)
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

// writeCertificate writes the certificate of res to dir as NAME.cnf,
// NAME.drat (unique and none) and NAME.sol (unique and multiple). A
// timeout has none, and gets no files.
func writeCertificate(ctx context.Context, dir, name string, p *puzzle.Puzzle, res *solver.Result, o solver.Options, timeout time.Duration) error {
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
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return err
	}
	base := filepath.Join(dir, name)
	var proof io.Writer = io.Discard // multiple has no proof
	var fh *os.File
	if res.Verdict != solver.Multiple {
		var err error
		if fh, err = os.Create(base + ".drat"); err != nil {
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
			os.Remove(fh.Name())
		}
		return fmt.Errorf("certificate: %w", err)
	}
	if err := writeCertFile(base+".cnf", func(w *bufio.Writer) error {
		return cert.Encoding.WriteDIMACS(w, p, encode.DIMACSOptions{Block: cert.Block})
	}); err != nil {
		return err
	}
	if len(cert.Models) == 0 {
		return nil
	}
	return writeCertFile(base+".sol", func(w *bufio.Writer) error {
		for i, m := range cert.Models {
			fmt.Fprintf(w, "c solution %d of %d", i+1, len(cert.Models))
			if res.Verdict == solver.Unique {
				fmt.Fprint(w, "; it satisfies every clause of the CNF but the last, which forbids it")
			}
			fmt.Fprintln(w)
			for _, row := range strings.Split(strings.TrimSuffix(p.FormatGrid(res.Solutions[i]), "\n"), "\n") {
				fmt.Fprintf(w, "c %s\n", row)
			}
			if err := cnf.WriteModel(w, m); err != nil {
				return err
			}
		}
		return nil
	})
}

// writeCertFile creates name and writes it through fill.
func writeCertFile(name string, fill func(*bufio.Writer) error) error {
	fh, err := os.Create(name)
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
		os.Remove(name)
	}
	return err
}
