package server

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nonosat/nonosat/api"
)

// pool is the slots of one lane: at most cap(slots) calls solve at once,
// and at most maxWait more wait for a slot (negative: any number, each
// until its deadline); the rest are refused at once.
type pool struct {
	lane    api.Lane
	slots   chan struct{}
	maxWait int
	waiting atomic.Int64
	held    *histogram // seconds each call held its slot

	mu   sync.Mutex
	mean float64 // moving average of the seconds a slot is held, for Retry-After
}

func newPool(lane api.Lane, slots, maxWait int) *pool {
	return &pool{lane: lane, slots: make(chan struct{}, slots), maxWait: maxWait, held: newHistogram(solveBuckets)}
}

// acquire waits for a slot until ctx ends, and returns the function that
// frees it. With every slot busy and maxWait callers waiting already, it
// answers 503 at once: a burst is refused, not piled up in memory.
func (p *pool) acquire(ctx context.Context) (func(), error) {
	select {
	case p.slots <- struct{}{}:
		return p.release(), nil
	default:
	}
	n := p.waiting.Add(1)
	defer p.waiting.Add(-1)
	if p.maxWait >= 0 && n > int64(p.maxWait) {
		return nil, &api.Error{Status: http.StatusServiceUnavailable, Msg: fmt.Sprintf("all %d solve slots are busy and %d requests wait for one", cap(p.slots), p.maxWait)}
	}
	select {
	case p.slots <- struct{}{}:
		return p.release(), nil
	case <-ctx.Done():
		return nil, &api.Error{Status: http.StatusServiceUnavailable, Msg: fmt.Sprintf("all %d solve slots stayed busy", cap(p.slots))}
	}
}

// release returns the function that frees the slot just taken (once,
// however often it is called) and records how long it was held.
func (p *pool) release() func() {
	t0 := time.Now()
	var once sync.Once
	return func() {
		once.Do(func() {
			<-p.slots
			d := time.Since(t0).Seconds()
			p.held.observe(d)
			p.mu.Lock()
			p.mean += (d - p.mean) / 8
			p.mu.Unlock()
		})
	}
}

func (p *pool) busy() int   { return len(p.slots) }
func (p *pool) queued() int { return int(p.waiting.Load()) }

// full reports whether a call would be refused now.
func (p *pool) full() bool {
	return p.busy() == cap(p.slots) && p.maxWait >= 0 && p.queued() >= p.maxWait
}

// retryAfter is the whole seconds, 1 to 60, after which a refused call
// may find a slot: the queue ahead of it served at the recent pace.
func (p *pool) retryAfter() int {
	p.mu.Lock()
	mean := p.mean
	p.mu.Unlock()
	s := mean * float64(p.queued()+1) / float64(cap(p.slots))
	return int(min(max(math.Ceil(s), 1), 60))
}
