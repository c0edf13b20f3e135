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
	"github.com/nonosat/nonosat/server"
	"github.com/urfave/cli/v2"
)

func serveCmd() *cli.Command {
	return &cli.Command{
		Name:      "serve",
		Usage:     "serve the workbench page and the JSON API in a browser",
		ArgsUsage: "[--addr HOST:PORT] [--open]",
		Description: "Serves a page to design puzzles (live verdict after each edit, the cells line logic\n" +
			"leaves open, the cells where two solutions differ), play them and export them, and the\n" +
			"JSON API it uses (POST /api/analyze, solve, parse, make, render, convert, dimacs, ...; see\n" +
			"the README). Everything is embedded: the page fetches nothing from elsewhere. The server\n" +
			"keeps no state and touches no files. It listens on loopback unless --addr says otherwise.\n" +
			"\n" +
			"As a service: a puzzle that line solving decides is answered in its own lane, never\n" +
			"behind the puzzles that search; those run --max-solves at once, --max-queue more wait,\n" +
			"and the rest get 503 with Retry-After. A client that hangs up stops its solve. GET\n" +
			"/healthz answers while the server runs, GET /readyz while a search would be taken, GET\n" +
			"/metrics in the Prometheus text format. Each request gets a log line on standard error.\n" +
			"On SIGTERM or Ctrl-C the server stops taking requests, lets the running ones finish for\n" +
			"up to --grace, then stops their solves (they answer verdict timeout), and exits 0.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "addr", Value: "127.0.0.1:8080", Usage: "listen on `HOST:PORT` (port 0: any free port)"},
			&cli.BoolFlag{Name: "open", Usage: "open the page in the desktop's browser (xdg-open)"},
			&cli.DurationFlag{Name: "request-timeout", Aliases: []string{"timeout"}, Value: 10 * time.Second, Usage: "give each call at most `D`, waiting for a slot included; a solve then answers verdict timeout"},
			&cli.IntFlag{Name: "max-solves", Value: runtime.NumCPU(), DefaultText: "number of cores", Usage: "run at most `N` searches at once (and as many puzzles that line solving decides)"},
			&cli.IntFlag{Name: "max-queue", DefaultText: "4 per search slot", Usage: "let at most `N` calls wait for a search slot, until their deadline; more get 503 at once (0: none wait)"},
			&cli.StringFlag{Name: "max-memory", Value: "auto", Usage: "let all searches together take at most `SIZE` of memory: each of --max-solves gets its share, and a puzzle whose search would pass it gets 413 (e.g. 2G, 500M; 0: no limit; auto: half the machine's memory)"},
			&cli.Int64Flag{Name: "max-body", Value: 4 << 20, Usage: "refuse request bodies over `BYTES`"},
			&cli.IntFlag{Name: "max-header", Value: 1 << 20, Usage: "refuse request headers over `BYTES` (the request line included: /api/hint's ?grid= is there)"},
			&cli.IntFlag{Name: "max-cells", Value: 200 * 200, Usage: "refuse puzzles of over `N` cells"},
			&cli.Int64Flag{Name: "max-proof", Value: 64 << 20, Usage: "refuse certificates (/api/proof) over `BYTES`, before building one whose CNF is larger"},
			&cli.DurationFlag{Name: "header-timeout", Value: 5 * time.Second, Usage: "close a connection whose request headers take over `D` to arrive"},
			&cli.DurationFlag{Name: "read-timeout", Value: 30 * time.Second, Usage: "close a connection whose request, body included, takes over `D` to arrive (no slot is held while it does)"},
			&cli.DurationFlag{Name: "grace", Value: 15 * time.Second, Usage: "on SIGTERM or Ctrl-C, let running calls finish for up to `D`, then stop them"},
			&cli.StringFlag{Name: "site", Usage: "serve the static site in `DIR` (what make web writes to web/dist) in place of the embedded page: the page then solves in the browser, with nonosat.wasm"},
			&cli.BoolFlag{Name: "access-log", Value: true, Usage: "log each request on standard error (--access-log=false: none)"},
		},
		Action: withArgs(0, 0, serve),
	}
}

func serve(c *cli.Context, _ []string) error {
	for _, name := range []string{"request-timeout", "header-timeout", "read-timeout"} {
		if c.Duration(name) <= 0 {
			return usagef(c, "--%s must be positive", name)
		}
	}
	if c.Int("max-solves") < 1 || c.Int64("max-body") < 1 || c.Int("max-header") < 1 || c.Int("max-cells") < 1 || c.Int64("max-proof") < 1 || c.Int("max-queue") < 0 || c.Duration("grace") < 0 {
		return usagef(c, "--max-solves, --max-body, --max-header, --max-cells and --max-proof must be positive, --max-queue and --grace not negative")
	}
	mem, err := maxMemory(c)
	if err != nil {
		return err
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
