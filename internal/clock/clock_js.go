//go:build js && wasm

package clock

import (
	"context"
	"time"
)

// Err is ctx.Err(), or context.DeadlineExceeded once the clock has passed
// ctx's deadline, whether or not its timer has fired.
func Err(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if d, ok := ctx.Deadline(); ok && !time.Now().Before(d) {
		return context.DeadlineExceeded
	}
	return nil
}
