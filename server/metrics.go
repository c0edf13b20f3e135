package server

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
)

// The metrics at /metrics, in the Prometheus text format (version
// 0.0.4), written by hand: a few counters, gauges and histograms do not
// pay for client_golang and its dependencies.

// solveBuckets are the upper bounds, in seconds, of the solve time
// histogram: a line-solvable puzzle takes about a millisecond, a hard
// one up to the deadline.
var solveBuckets = []float64{0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60}

// histogram counts observations by bucket, without locks.
type histogram struct {
	bounds []float64
	counts []atomic.Uint64 // one per bound, and +Inf last; not cumulative
	sum    atomic.Uint64   // math.Float64bits of the sum
}

func newHistogram(bounds []float64) *histogram {
	return &histogram{bounds: bounds, counts: make([]atomic.Uint64, len(bounds)+1)}
}

func (h *histogram) observe(v float64) {
	i, _ := slices.BinarySearch(h.bounds, v) // the first bound ≥ v
	h.counts[i].Add(1)
	for {
		old := h.sum.Load()
		if h.sum.CompareAndSwap(old, math.Float64bits(math.Float64frombits(old)+v)) {
			return
		}
	}
}

// write writes the histogram's lines for name with the labels lbl
// (`lane="lines"`, without braces).
func (h *histogram) write(w io.Writer, name, lbl string) {
	var cum uint64
	for i, b := range h.bounds {
		cum += h.counts[i].Load()
		fmt.Fprintf(w, "%s_bucket{%s,le=%q} %d\n", name, lbl, strconv.FormatFloat(b, 'g', -1, 64), cum)
	}
	cum += h.counts[len(h.bounds)].Load()
	fmt.Fprintf(w, "%s_bucket{%s,le=\"+Inf\"} %d\n", name, lbl, cum)
	fmt.Fprintf(w, "%s_sum{%s} %g\n", name, lbl, math.Float64frombits(h.sum.Load()))
	fmt.Fprintf(w, "%s_count{%s} %d\n", name, lbl, cum)
}

// requestKey labels a request counter.
type requestKey struct {
	route string // the API call, or page, examples, healthz, readyz, metrics
	code  int
}

// counters counts the requests answered.
type counters struct {
	mu sync.Mutex
	n  map[requestKey]uint64
}

func (c *counters) add(route string, code int) {
	c.mu.Lock()
	if c.n == nil {
		c.n = map[requestKey]uint64{}
	}
	c.n[requestKey{route, code}]++
	c.mu.Unlock()
}

// writeMetrics writes the exposition of s.
func (s *Server) writeMetrics(w io.Writer) {
	s.requests.mu.Lock()
	keys := make([]requestKey, 0, len(s.requests.n))
	for k := range s.requests.n {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b requestKey) int {
		if a.route != b.route {
			if a.route < b.route {
				return -1
			}
			return 1
		}
		return a.code - b.code
	})
	fmt.Fprintln(w, "# HELP nonosat_requests_total HTTP requests answered, by route (API call, page, ...) and status code.")
	fmt.Fprintln(w, "# TYPE nonosat_requests_total counter")
	for _, k := range keys {
		fmt.Fprintf(w, "nonosat_requests_total{route=%q,code=\"%d\"} %d\n", k.route, k.code, s.requests.n[k])
	}
	s.requests.mu.Unlock()

	pools := []*pool{s.lines, s.search}
	gauge := func(name, help string, f func(p *pool) int) {
		fmt.Fprintf(w, "# HELP %s %s\n# TYPE %s gauge\n", name, help, name)
		for _, p := range pools {
			fmt.Fprintf(w, "%s{lane=%q} %d\n", name, p.lane, f(p))
		}
	}
	gauge("nonosat_slots", "Solve slots, by lane.", func(p *pool) int { return cap(p.slots) })
	gauge("nonosat_slots_in_use", "Solve slots in use, by lane.", (*pool).busy)
	gauge("nonosat_queue_length", "Calls waiting for a solve slot, by lane.", (*pool).queued)
	gauge("nonosat_queue_capacity", "Calls that may wait for a solve slot, by lane (-1: no bound but the deadline).", func(p *pool) int { return p.maxWait })
	fmt.Fprintln(w, "# HELP nonosat_solve_seconds Time calls held a solve slot, by lane.")
	fmt.Fprintln(w, "# TYPE nonosat_solve_seconds histogram")
	for _, p := range pools {
		p.held.write(w, "nonosat_solve_seconds", fmt.Sprintf("lane=%q", p.lane))
	}
}
