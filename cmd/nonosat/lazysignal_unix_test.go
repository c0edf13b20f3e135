//go:build unix

package main

import (
	"context"
	"os"
	"syscall"
	"testing"
	"time"

	"github.com/nonosat/nonosat/solver"
)

// interrupted sends sig to this process and waits for l's context to end.
// A handler that is not in place lets the signal end the test binary.
func interrupted(t *testing.T, l *lazySignal, sig syscall.Signal) {
	t.Helper()
	if err := syscall.Kill(os.Getpid(), sig); err != nil {
		t.Fatal(err)
	}
	select {
	case <-l.ctx.Done():
	case <-time.After(10 * time.Second): // a bound for a hang, not a timing
		t.Fatalf("%v: the context did not end", sig)
	}
}

// TestLazyInterruptArm: arm installs the handler at once.
func TestLazyInterruptArm(t *testing.T) {
	l := newLazySignal(context.Background())
	defer l.stop()
	l.arm()
	if !l.armed() {
		t.Fatal("not armed after arm")
	}
	interrupted(t, l, syscall.SIGINT)
}

// TestLazyInterruptDelay: without arm, the handler is in place after
// interruptDelay, and a run that ends sooner never installs it.
func TestLazyInterruptDelay(t *testing.T) {
	l := newLazySignal(context.Background())
	defer l.stop()
	if l.armed() {
		t.Fatal("armed at once")
	}
	for start := time.Now(); !l.armed(); time.Sleep(time.Millisecond) {
		if time.Since(start) > 10*time.Second {
			t.Fatal("not armed 10 s after interruptDelay")
		}
	}
	interrupted(t, l, syscall.SIGTERM)

	short := newLazySignal(context.Background())
	before := short.armed() // true only if the machine stalled for interruptDelay
	short.stop()
	time.Sleep(3 * interruptDelay)
	short.mu.Lock()
	installed := short.ch != nil
	short.mu.Unlock()
	if installed && !before {
		t.Error("the handler was installed after stop")
	}
	if short.ctx.Err() == nil {
		t.Error("stop left the context running")
	}
}

// TestChildMayStart: a run that may start a worker process arms the
// handler before it solves; an in-process run does not, nor one with an
// external solver, whose Options.BeforeChild arms it (as armInterrupt
// sets it).
func TestChildMayStart(t *testing.T) {
	for _, tt := range []struct {
		o    solver.Options
		want bool
	}{
		{solver.Options{}, false},
		{solver.Options{Backend: "gophersat"}, false},
		{solver.Options{Backend: "gini"}, false},
		{solver.Options{Backend: "gophersat", Worker: []string{"nonosat", "worker"}}, true},
		{solver.Options{Portfolio: true, Worker: []string{"nonosat", "worker"}}, true},
		{solver.Options{Backend: "cadical"}, false}, // Options.BeforeChild arms it
		{solver.Options{Backend: "exec:/bin/true"}, false},
	} {
		if got := childMayStart(tt.o); got != tt.want {
			t.Errorf("childMayStart(%+v) = %v, want %v", tt.o, got, tt.want)
		}
		// armInterrupt, which runSolver calls, arms at once for a
		// worker, and leaves BeforeChild to arm for the rest.
		armed := 0
		o := tt.o
		armInterrupt(&o, func() { armed++ })
		if want := map[bool]int{false: 0, true: 1}[tt.want]; armed != want {
			t.Errorf("armInterrupt(%+v) armed %d times, want %d", tt.o, armed, want)
		}
		if o.BeforeChild == nil {
			t.Fatalf("armInterrupt(%+v) left BeforeChild nil", tt.o)
		}
		o.BeforeChild()
		if want := map[bool]int{false: 1, true: 2}[tt.want]; armed != want {
			t.Errorf("armInterrupt(%+v): BeforeChild does not arm (%d calls in all, want %d)", tt.o, armed, want)
		}
	}
}
