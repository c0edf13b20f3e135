// Package ctxtest holds contexts for tests of deadlines.
package ctxtest

import "context"

// DoneAfter is a context whose Err is nil for its first N calls and
// context.Canceled after: a deadline that comes in the middle of a stage,
// without timing anything. Its Done channel is the embedded context's, so
// only stages that ask Err notice it. Calls counts the calls to Err.
type DoneAfter struct {
	context.Context
	N, Calls int
}

// Err counts the call and says whether N calls have gone by.
func (c *DoneAfter) Err() error {
	c.Calls++
	if c.Calls > c.N {
		return context.Canceled
	}
	return nil
}
