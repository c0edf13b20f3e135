package server

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/nonosat/nonosat/api"
)

// entry is what the handlers tell the access log and the metrics of one
// request beyond its status.
type entry struct {
	route string   // the API call, or page, examples, healthz, readyz, metrics
	info  api.Info // of an API call
}

type entryKey struct{}

// entryOf returns the entry of r's request (a scratch one outside
// [Server.ServeHTTP]).
func entryOf(r *http.Request) *entry {
	if e, ok := r.Context().Value(entryKey{}).(*entry); ok {
		return e
	}
	return &entry{}
}

// recorder keeps the status a handler answers.
type recorder struct {
	http.ResponseWriter
	status int
	bytes  int64
}

func (w *recorder) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *recorder) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.bytes += int64(n)
	return n, err
}

// Unwrap lets http.ResponseController reach the connection.
func (w *recorder) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// observe runs h, then counts the request in the metrics and writes its
// line to the access log: method, path, status, and for API calls the
// puzzle's size, the lane and the verdict, then the time taken.
func (s *Server) observe(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		e := &entry{route: "page"}
		rec := &recorder{ResponseWriter: w}
		h.ServeHTTP(rec, r.WithContext(context.WithValue(r.Context(), entryKey{}, e)))
		if rec.status == 0 { // nothing written: net/http answers 200
			rec.status = http.StatusOK
		}
		s.requests.add(e.route, rec.status)
		if s.cfg.Log == nil {
			return
		}
		attrs := []slog.Attr{slog.String("method", r.Method), slog.String("path", r.URL.Path), slog.Int("status", rec.status)}
		if in := e.info; in.Width > 0 {
			attrs = append(attrs, slog.String("size", fmt.Sprintf("%dx%d", in.Width, in.Height)))
		}
		if e.info.Lane != "" {
			attrs = append(attrs, slog.String("lane", string(e.info.Lane)))
		}
		if e.info.Verdict != "" {
			attrs = append(attrs, slog.String("verdict", e.info.Verdict))
		}
		attrs = append(attrs, slog.Int64("bytes", rec.bytes), slog.Duration("dur", time.Since(start)))
		s.cfg.Log.LogAttrs(r.Context(), slog.LevelInfo, "request", attrs...)
	})
}
