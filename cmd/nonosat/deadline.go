package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/urfave/cli/v2"
)

// The designer commands (hint, steps, fix, generate) solve puzzles that
// can be hard: --timeout bounds their whole run, and Ctrl-C ends it
// cleanly, as for solve.

// runTimeoutFlag is the --timeout of a designer command.
func runTimeoutFlag() cli.Flag {
	return &cli.DurationFlag{Name: "timeout", Usage: "give up after `D` (e.g. 30s, 2m) with exit code 4 (default: no limit)"}
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
	return signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
}
