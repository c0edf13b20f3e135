//go:build !(js && wasm)

package clock

import "context"

// Err is ctx.Err(): off js/wasm, a context's timer fires on time.
func Err(ctx context.Context) error { return ctx.Err() }
