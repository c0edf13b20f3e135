// Package servecli defines nonosat's serve command: its flags, its help
// and the checks of their values. Two programs share it: nonosat, whose
// serve command runs nonosat-serve, and nonosat-serve, which serves. Only
// nonosat-serve links the HTTP server (net/http and the crypto it brings),
// so that every other command of nonosat starts without it.
package servecli

import (
	"errors"
	"fmt"
	"runtime"
	"time"

	"github.com/nonosat/nonosat/internal/memsize"
	"github.com/urfave/cli/v2"
)

// Program is the name of the program that serves.
const Program = "nonosat-serve"

// Command is the serve command without its action.
func Command() *cli.Command {
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
			"up to --grace, then stops their solves (they answer verdict timeout), and exits 0.\n" +
			"\n" +
			"The server is the program " + Program + ", installed beside nonosat (make install, or\n" +
			"go install github.com/nonosat/nonosat/cmd/...@latest): nonosat serve runs it.",
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
	}
}

// Check checks the values of the serve command's flags and returns
// --max-memory in bytes (0: no limit). Its errors are usage errors.
func Check(c *cli.Context) (maxMemory int64, err error) {
	for _, name := range []string{"request-timeout", "header-timeout", "read-timeout"} {
		if c.Duration(name) <= 0 {
			return 0, fmt.Errorf("--%s must be positive", name)
		}
	}
	if c.Int("max-solves") < 1 || c.Int64("max-body") < 1 || c.Int("max-header") < 1 || c.Int("max-cells") < 1 || c.Int64("max-proof") < 1 || c.Int("max-queue") < 0 || c.Duration("grace") < 0 {
		return 0, errors.New("--max-solves, --max-body, --max-header, --max-cells and --max-proof must be positive, --max-queue and --grace not negative")
	}
	s := c.String("max-memory")
	n, err := memsize.Flag(s)
	if err != nil {
		return 0, fmt.Errorf("--max-memory %q: %v", s, err)
	}
	return n, nil
}

// Args are the command-line flags that give the flags set in c their
// values, for running the serve command in another program.
func Args(c *cli.Context) []string {
	var args []string
	for _, f := range c.Command.Flags {
		name := f.Names()[0]
		if c.IsSet(name) {
			args = append(args, fmt.Sprintf("--%s=%v", name, c.Value(name)))
		}
	}
	return args
}
