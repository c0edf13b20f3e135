// Package cliexit is how nonosat's two programs, nonosat and
// nonosat-serve, end: the error they end with, printed once, and its
// exit code.
package cliexit

import (
	"errors"
	"fmt"
	"io"

	"github.com/urfave/cli/v2"
)

// Report prints err, if any, to w once, as "nonosat: message", and
// returns the exit code for it: 0 for no error, an error's own code when
// it carries one (cli.Exit), else 1. An error with an empty message
// (cli.Exit("", code)) prints nothing.
func Report(w io.Writer, err error) int {
	if err == nil {
		return 0
	}
	code := 1
	var ec cli.ExitCoder
	if errors.As(err, &ec) {
		code = ec.ExitCode()
	}
	if msg := err.Error(); msg != "" {
		fmt.Fprintln(w, "nonosat:", msg)
	}
	return code
}
