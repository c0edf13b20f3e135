package main

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"syscall"

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
	url := server.URL(addr)
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
	context.AfterFunc(ctx, stop) // a second signal ends the process at once
	err = srv.Run(ctx, ln, server.RunOptions{
		HeaderTimeout: c.Duration("header-timeout"), ReadTimeout: c.Duration("read-timeout"),
		MaxHeader: c.Int("max-header"), Grace: c.Duration("grace"), Log: logger,
	})
	if err != nil {
		return cli.Exit(err, exitError)
	}
	return nil
}
