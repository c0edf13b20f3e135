package puzzle

import (
	"errors"
	"fmt"
)

// ParseError reports a problem in an input file, with its position.
type ParseError struct {
	File string // empty when reading from a stream with no name
	Line int    // 1-based; 0 when the problem belongs to no single line
	Err  error
}

func (e *ParseError) Error() string {
	switch {
	case e.File == "" && e.Line == 0:
		return e.Err.Error()
	case e.File == "":
		return fmt.Sprintf("line %d: %v", e.Line, e.Err)
	case e.Line == 0:
		return fmt.Sprintf("%s: %v", e.File, e.Err)
	}
	return fmt.Sprintf("%s:%d: %v", e.File, e.Line, e.Err)
}

func (e *ParseError) Unwrap() error { return e.Err }

// Sentinel errors wrapped by parse and validation errors, and (ErrTotals,
// ErrClueTooLong) by [Puzzle.Contradiction].
var (
	ErrSyntax      = errors.New("syntax error")
	ErrNoPuzzle    = errors.New("no puzzle found")
	ErrTooLarge    = errors.New("too large")
	ErrClueTooLong = errors.New("clue does not fit its line")
	ErrTotals      = errors.New("row and column totals differ")
	ErrColor       = errors.New("unknown colour")
	ErrFormat      = errors.New("unknown format")
	ErrUnsupported = errors.New("not supported") // a file nonosat cannot read, or a puzzle a format cannot express
)

// errorf returns a *ParseError at line n wrapping a formatted message.
func errorf(n int, format string, args ...any) error {
	return &ParseError{Line: n, Err: fmt.Errorf(format, args...)}
}
