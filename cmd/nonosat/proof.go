package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/nonosat/nonosat/certify"
	"github.com/nonosat/nonosat/cnf"
	"github.com/nonosat/nonosat/drat"
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
	if head, _ := br.Peek(1 << 20); certify.IsSolutions(head) {
		return checkSolutions(c, certify.CNF{Name: cnfName, Formula: f, Comments: comments}, proofName, br)
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

// modelFit is what proof check says of each model of a solution file.
var modelFit = map[certify.ModelFit]string{
	certify.Satisfies:        "satisfies the CNF",
	certify.SatisfiesButLast: "satisfies every clause but the last, which forbids it",
	certify.Falsifies:        "falsifies a clause",
}

// checkSolutions checks the models of a solution file against the CNF
// and prints, model by model, how each fits, then the verdict.
func checkSolutions(c *cli.Context, in certify.CNF, name string, r io.Reader) error {
	res, err := certify.CheckSolutions(in, name, r)
	w := c.App.Writer
	for i, m := range res.Models {
		fmt.Fprintf(w, "model %d: %s\n", i+1, modelFit[m])
	}
	switch {
	case err != nil:
		return cli.Exit(err, exitError)
	case !res.Verified():
		fmt.Fprintf(w, "not verified: %s\n", res.Failure)
		return cli.Exit("", exitError)
	case len(res.Models) > 1:
		fmt.Fprintf(w, "verified: %d different solutions\n", len(res.Models))
	default:
		fmt.Fprintln(w, "verified")
	}
	return nil
}
