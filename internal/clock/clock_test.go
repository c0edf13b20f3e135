package clock_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/nonosat/nonosat/internal/clock"
)

func TestErr(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	if clock.Done(ctx) || clock.Stop(ctx)() {
		t.Fatal("a fresh context is done")
	}
	cancel()
	if !errors.Is(clock.Err(ctx), context.Canceled) || !clock.Stop(ctx)() {
		t.Errorf("Err(cancelled) = %v", clock.Err(ctx))
	}
	ctx, cancel = context.WithTimeout(context.Background(), time.Millisecond)
	defer cancel()
	time.Sleep(5 * time.Millisecond)
	if !errors.Is(clock.Err(ctx), context.DeadlineExceeded) {
		t.Errorf("Err(past its deadline) = %v", clock.Err(ctx))
	}
}
