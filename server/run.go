package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"
)

// RunOptions are the HTTP server's own limits, and how it shuts down.
type RunOptions struct {
	HeaderTimeout time.Duration // to read a request's headers
	ReadTimeout   time.Duration // to read a request's body
	MaxHeader     int           // bytes of a request's headers
	Grace         time.Duration // at shutdown, how long running calls may go on
	Log           *slog.Logger  // the HTTP server's errors and the shutdown; nil: none
}

// Run serves s over HTTP on ln until ctx ends, then shuts down: /readyz
// answers 503, no new connection is taken, and the calls running may
// finish for up to o.Grace; after it their solves are stopped (each
// answers verdict timeout, a call waiting for a slot 503) and a client
// still sending its body has its connection closed. Run returns the
// error that stopped it serving before ctx ended, or nil after the
// shutdown.
func (s *Server) Run(ctx context.Context, ln net.Listener, o RunOptions) error {
	log := o.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	// Calls run in base, which the end of the grace period cancels.
	base, stopCalls := context.WithCancel(context.Background())
	defer stopCalls()
	hs := &http.Server{
		Handler:           s,
		ReadHeaderTimeout: o.HeaderTimeout,
		ReadTimeout:       o.ReadTimeout,
		// From the end of the headers: the body, the call, the answer.
		WriteTimeout:   o.ReadTimeout + s.cfg.Deadline + 10*time.Second,
		IdleTimeout:    time.Minute,
		MaxHeaderBytes: o.MaxHeader,
		BaseContext:    func(net.Listener) context.Context { return base },
		ErrorLog:       slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	s.ShuttingDown()
	log.Info("shutting down", "grace", o.Grace, "searching", s.Busy(), "queued", s.Queued())
	shut, cancel := context.WithTimeout(context.Background(), o.Grace)
	defer cancel()
	if err := hs.Shutdown(shut); errors.Is(err, context.DeadlineExceeded) {
		stopCalls()
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if hs.Shutdown(shut) != nil {
			hs.Close()
		}
		log.Info("grace period over: stopped the calls still running")
	}
	log.Info("shut down")
	return nil
}

// URL is the address of a server listening on addr to give a user: a
// wildcard address is reached on loopback.
func URL(addr *net.TCPAddr) string {
	host := addr.IP.String()
	switch {
	case addr.IP.IsUnspecified():
		host = "127.0.0.1"
	case addr.IP.To4() == nil:
		host = "[" + host + "]"
	}
	return fmt.Sprintf("http://%s:%d/", host, addr.Port)
}
