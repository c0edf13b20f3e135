// Package clock tells whether a context is done, also where its timer
// cannot fire: in a js/wasm build, Go has one thread and no preemption, so
// a context's deadline never cancels it while a solver loop runs without
// yielding (golang/go#71134). [Err] there compares the context's deadline
// with the clock itself; elsewhere it is ctx.Err(). Library loops that
// poll for a deadline call [Err] or [Done] instead of ctx.Err().
package clock

import "context"

// Done reports whether ctx is done: cancelled, or past its deadline.
func Done(ctx context.Context) bool { return Err(ctx) != nil }

// Stop returns a function that reports [Done] for ctx, the form the
// solvers' stop callbacks take.
func Stop(ctx context.Context) func() bool {
	return func() bool { return Err(ctx) != nil }
}
