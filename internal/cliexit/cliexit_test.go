package cliexit

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"
)

// TestReport: the code and the one line printed for each kind of error.
func TestReport(t *testing.T) {
	tests := []struct {
		err  error
		code int
		out  string
	}{
		{nil, 0, ""},
		{errors.New("bad input"), 1, "nonosat: bad input\n"},
		{cli.Exit("usage", 2), 2, "nonosat: usage\n"},
		{fmt.Errorf("wrapped: %w", cli.Exit("three", 3)), 3, "nonosat: wrapped: three\n"},
		{cli.Exit("", 4), 4, ""},
	}
	for _, tt := range tests {
		var b strings.Builder
		if code := Report(&b, tt.err); code != tt.code || b.String() != tt.out {
			t.Errorf("Report(%v) = %d, printed %q; want %d, %q", tt.err, code, b.String(), tt.code, tt.out)
		}
	}
}
