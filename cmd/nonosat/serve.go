package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
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
			"JSON API it uses (POST /api/analyze, solve, parse, make, render, convert, dimacs; see the\n" +
			"README). Everything is embedded: the page fetches nothing from elsewhere. The server keeps\n" +
			"no state and touches no files. It listens on loopback unless --addr says otherwise.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "addr", Value: "127.0.0.1:8080", Usage: "listen on `HOST:PORT` (port 0: any free port)"},
			&cli.BoolFlag{Name: "open", Usage: "open the page in the desktop's browser (xdg-open)"},
			&cli.DurationFlag{Name: "timeout", Value: 10 * time.Second, Usage: "give each solve at most `D`; the answer is then verdict timeout"},
			&cli.IntFlag{Name: "max-solves", Value: runtime.NumCPU(), Usage: "run at most `N` solves at once; more wait for a slot until their deadline"},
			&cli.Int64Flag{Name: "max-body", Value: 4 << 20, Usage: "refuse request bodies over `BYTES`"},
			&cli.IntFlag{Name: "max-cells", Value: 200 * 200, Usage: "refuse puzzles of over `N` cells"},
			&cli.Int64Flag{Name: "max-proof", Value: 64 << 20, Usage: "refuse certificates (/api/proof) over `BYTES`, before building one whose CNF is larger"},
		},
		Action: withArgs(0, 0, serve),
	}
}

func serve(c *cli.Context, _ []string) error {
	if c.Duration("timeout") <= 0 || c.Int("max-solves") < 1 || c.Int64("max-body") < 1 || c.Int("max-cells") < 1 || c.Int64("max-proof") < 1 {
		return usagef(c, "--timeout, --max-solves, --max-body, --max-cells and --max-proof must be positive")
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
	cfg := server.Config{
		Config:  api.Config{Deadline: c.Duration("timeout"), MaxCells: c.Int("max-cells"), MaxProof: c.Int64("max-proof"), Worker: worker},
		MaxBody: c.Int64("max-body"), MaxSolves: c.Int("max-solves"),
	}
	if addr.IP.IsLoopback() {
		cfg.Hosts = server.LoopbackHosts(addr.Port)
	}
	hs := &http.Server{
		Handler:           server.New(cfg),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       time.Minute,
		WriteTimeout:      cfg.Deadline + time.Minute,
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
	shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := hs.Shutdown(shut); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return cli.Exit(err, exitError)
	}
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
