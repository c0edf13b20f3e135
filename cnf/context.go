package cnf

import (
	"context"
	"io"
)

// ContextWriter returns a writer that writes to w until ctx ends, and
// from then on fails with ctx's error, so that writing a large formula
// (through a buffer, which writes in chunks) stops with the deadline.
func ContextWriter(ctx context.Context, w io.Writer) io.Writer { return ctxWriter{ctx, w} }

type ctxWriter struct {
	ctx context.Context
	w   io.Writer
}

func (w ctxWriter) Write(p []byte) (int, error) {
	if err := w.ctx.Err(); err != nil {
		return 0, err
	}
	return w.w.Write(p)
}
