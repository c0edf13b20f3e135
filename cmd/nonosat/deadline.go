package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/urfave/cli/v2"
)

// The designer commands (hint, steps, fix, generate) solve puzzles that
// can be hard: --timeout bounds their whole run, and Ctrl-C ends it
// cleanly, as for solve.

// runTimeoutFlag is the --timeout of a designer command.
func runTimeoutFlag() cli.Flag {
	return &cli.DurationFlag{Name: "timeout", Usage: "give up after `D` (e.g. 30s, 2m) with exit code 4", DefaultText: "no limit"}
}

// designContext is the context of a designer command's run: it ends at
// --timeout, if set, or on an interrupt.
func designContext(c *cli.Context) (context.Context, context.CancelFunc, error) {
	d := c.Duration("timeout")
	if d < 0 {
		return nil, nil, usagef(c, "--timeout must be positive")
	}
	ctx, stop := notifyInterrupt(c.Context)
	if d == 0 {
		return ctx, stop, nil
	}
	ctx, cancel := context.WithTimeout(ctx, d)
	return ctx, func() { cancel(); stop() }, nil
}

// designStopped is the exit of a run whose call failed with err because
// ctx (from designContext) ended: exit 4 naming --timeout, or 130 on an
// interrupt; nil when the call did not fail or ctx has not ended (an
// answer that came in time is an answer).
func designStopped(c *cli.Context, ctx context.Context, err error, what string) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		return cli.Exit(fmt.Sprintf("%s: no answer within %v (--timeout)", what, c.Duration("timeout")), exitUndecided)
	case ctx.Err() != nil:
		return cli.Exit("interrupted", exitInterrupted)
	}
	return nil
}

// notifyInterrupt is ctx ended by Ctrl-C, SIGTERM or SIGHUP (exit 130
// for the commands that solve); stop ends the notification.
func notifyInterrupt(ctx context.Context) (context.Context, context.CancelFunc) {
	return signal.NotifyContext(ctx, interruptSignals...)
}

var interruptSignals = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP}

// interruptDelay is how long a run goes on before lazyInterrupt installs
// its handler by itself.
const interruptDelay = 20 * time.Millisecond

// lazyInterrupt is notifyInterrupt whose handler is installed only by
// arm, or after interruptDelay: until then an interrupt ends the process
// at once, as it would with no handler (exit status 130 in a shell). A
// handler costs a thread, a tenth of the whole run of a puzzle that line
// solving decides, and is of use only to a run that can be stopped
// cleanly: one that lasts, or one that starts a child process (an
// external solver or a worker) that must not outlive it, so call arm
// before any child can start.
func lazyInterrupt(parent context.Context) (ctx context.Context, arm func(), stop context.CancelFunc) {
	l := newLazySignal(parent)
	return l.ctx, l.arm, l.stop
}

func newLazySignal(parent context.Context) *lazySignal {
	ctx, cancel := context.WithCancel(parent)
	l := &lazySignal{ctx: ctx, cancel: cancel}
	l.timer = time.AfterFunc(interruptDelay, l.arm)
	return l
}

type lazySignal struct {
	ctx    context.Context
	cancel context.CancelFunc
	timer  *time.Timer

	mu      sync.Mutex
	ch      chan os.Signal // nil until armed
	stopped bool
}

func (l *lazySignal) arm() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.stopped || l.ch != nil {
		return
	}
	l.ch = make(chan os.Signal, 1)
	signal.Notify(l.ch, interruptSignals...)
	go func(ch <-chan os.Signal) {
		select {
		case <-ch:
			l.cancel()
		case <-l.ctx.Done():
		}
	}(l.ch)
}

// armed reports whether the handler is installed.
func (l *lazySignal) armed() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.ch != nil && !l.stopped
}

func (l *lazySignal) stop() {
	l.timer.Stop()
	l.mu.Lock()
	l.stopped = true
	if l.ch != nil {
		signal.Stop(l.ch)
	}
	l.mu.Unlock()
	l.cancel()
}
