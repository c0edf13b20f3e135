package cnf_test

import (
	"bytes"
	"context"
	"errors"
	"testing"

	"github.com/nonosat/nonosat/cnf"
)

// TestContextWriterStops checks that writing a formula through a
// ContextWriter stops, with the context's error, once the context is done.
func TestContextWriterStops(t *testing.T) {
	f := &cnf.Formula{}
	for range 100_000 {
		v := f.NewVar()
		f.Add(v.Pos(), v.Neg())
	}
	var buf bytes.Buffer
	if err := f.WriteDIMACS(cnf.ContextWriter(context.Background(), &buf)); err != nil || buf.Len() < 100_000*6 {
		t.Fatalf("WriteDIMACS(ContextWriter(live context)) = %v after %d bytes", err, buf.Len())
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	buf.Reset()
	if err := f.WriteDIMACS(cnf.ContextWriter(ctx, &buf)); !errors.Is(err, context.Canceled) || buf.Len() != 0 {
		t.Errorf("WriteDIMACS(ContextWriter(done context)) = %v after %d bytes, want context.Canceled after 0", err, buf.Len())
	}
}

// TestDIMACSSize checks DIMACSSize against what WriteDIMACS writes.
func TestDIMACSSize(t *testing.T) {
	f := &cnf.Formula{}
	for range 12345 {
		f.NewVar()
	}
	f.Add(1, -2, 3)
	f.Add(-9, 10, -99, 100, 12345, -12345)
	f.Add()
	f.Add(7)
	var buf bytes.Buffer
	if err := f.WriteDIMACS(&buf); err != nil {
		t.Fatal(err)
	}
	if got := f.DIMACSSize(); got != int64(buf.Len()) {
		t.Errorf("DIMACSSize() = %d, WriteDIMACS wrote %d bytes:\n%s", got, buf.Len(), buf.String())
	}
}
