package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"syscall"
	"time"

	"github.com/nonosat/nonosat/api"
	"github.com/nonosat/nonosat/internal/servecli"
	"github.com/nonosat/nonosat/server"
	"github.com/urfave/cli/v2"
)

// serveAction serves until SIGTERM or Ctrl-C, then shuts down within
// --grace.
func serveAction(c *cli.Context) error {
	if c.NArg() > 0 {
		return usagef(c, "serve takes no arguments, got %q", c.Args().First())
	}
	mem, err := servecli.Check(c)
	if err != nil {
		return usagef(c, "%v", err)
	}
	worker, err := workerArgv()
	if err != nil {
		return cli.Exit(fmt.Sprintf("cannot start a SAT worker process: %v", err), exitError)
	}
	ln, err := net.Listen("tcp", c.String("addr"))
	if err != nil {
		return cli.Exit(err, exitError)
	}
	addr := ln.Addr().(*net.TCPAddr)
	slots := c.Int("max-solves")
	cfg := server.Config{
		Config: api.Config{Deadline: c.Duration("request-timeout"), MaxCells: c.Int("max-cells"), MaxProof: c.Int64("max-proof"),
			MaxMemory: mem / int64(slots), Worker: worker},
		MaxBody: c.Int64("max-body"), MaxSolves: slots,
	}
	if c.IsSet("max-queue") {
		cfg.MaxQueue = c.Int("max-queue")
		if cfg.MaxQueue == 0 {
			cfg.MaxQueue = -1 // server.Config's "none wait"
		}
	}
	logger := slog.New(slog.NewTextHandler(c.App.ErrWriter, nil))
	if c.Bool("access-log") {
		cfg.Log = logger
	}
	if addr.IP.IsLoopback() {
		cfg.Hosts = server.LoopbackHosts(addr.Port)
	}
	if dir := c.String("site"); dir != "" {
		if _, err := os.Stat(filepath.Join(dir, "nonosat.wasm")); err != nil {
			return cli.Exit(fmt.Sprintf("--site %s: no nonosat.wasm there (make web writes the site to web/dist)", dir), exitError)
		}
		cfg.Site = os.DirFS(dir)
	}
	srv := server.New(cfg)
	// Each search holds a P (a Go processor) while it runs. With no more
	// Ps than CPUs, a request that arrives while every P searches waits
	// for Go to preempt one, and while the machine is busy for the OS to
	// run that search's thread again; with a P for each search beyond
	// the usual ones, it runs at once on a thread of its own, which the
	// OS scheduler, favouring threads that wake, runs soon.
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(runtime.GOMAXPROCS(0) + slots))
	// Calls run in base, which the end of the grace period cancels.
	base, stopCalls := context.WithCancel(context.Background())
	defer stopCalls()
	hs := &http.Server{
		Handler:           srv,
		ReadHeaderTimeout: c.Duration("header-timeout"),
		ReadTimeout:       c.Duration("read-timeout"),
		// From the end of the headers: the body, the call, the answer.
		WriteTimeout:   c.Duration("read-timeout") + cfg.Deadline + 10*time.Second,
		IdleTimeout:    time.Minute,
		MaxHeaderBytes: c.Int("max-header"),
		BaseContext:    func(net.Listener) context.Context { return base },
		ErrorLog:       slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}
	url := serveURL(addr)
	if !addr.IP.IsLoopback() {
		fmt.Fprintf(c.App.ErrWriter, "nonosat: warning: listening on %s, not on loopback: anyone who can reach it may use this server\n", addr)
	}
	fmt.Fprintf(c.App.Writer, "nonosat: serving on %s (Ctrl-C stops)\n", url)
	if c.Bool("open") {
		if err := exec.Command("xdg-open", url).Start(); err != nil {
			fmt.Fprintf(c.App.ErrWriter, "nonosat: warning: cannot open a browser (%v); open %s yourself\n", err, url)
		}
	}
	ctx, stop := signal.NotifyContext(c.Context, os.Interrupt, syscall.SIGTERM)
	defer stop()
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	select {
	case err := <-done:
		return cli.Exit(err, exitError)
	case <-ctx.Done():
	}
	stop() // a second signal ends the process at once
	srv.ShuttingDown()
	grace := c.Duration("grace")
	logger.Info("shutting down", "grace", grace, "searching", srv.Busy(), "queued", srv.Queued())
	shut, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	if err := hs.Shutdown(shut); errors.Is(err, context.DeadlineExceeded) {
		// Stop the solves: each answers verdict timeout, and a call
		// waiting for a slot 503. A client still sending its body gets
		// its connection closed.
		stopCalls()
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if hs.Shutdown(shut) != nil {
			hs.Close()
		}
		logger.Info("grace period over: stopped the calls still running")
	}
	logger.Info("shut down")
	return nil
}

// serveURL is the address to give the user: a wildcard address is reached
// on loopback.
func serveURL(addr *net.TCPAddr) string {
	host := addr.IP.String()
	switch {
	case addr.IP.IsUnspecified():
		host = "127.0.0.1"
	case addr.IP.To4() == nil:
		host = "[" + host + "]"
	}
	return fmt.Sprintf("http://%s:%d/", host, addr.Port)
}
