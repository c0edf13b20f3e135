//go:build linux

package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// The server's memory and CPU, read from /proc: the server process and
// its children (the SAT worker processes it starts).

// clockTick is the unit of utime and stime in /proc/PID/stat (USER_HZ,
// 100 on Linux).
const clockTick = 10 * time.Millisecond

// procStat reads the parent pid, and the CPU time (user + system, and
// that of children waited for) of pid; ok is false once it is gone.
func procStat(pid int) (ppid int, cpu time.Duration, ok bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, 0, false
	}
	// The command name, field 2, is in parentheses and may hold spaces.
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0, 0, false
	}
	f := strings.Fields(s[i+1:]) // f[0] is field 3, the state
	if len(f) < 15 {
		return 0, 0, false
	}
	ppid, _ = strconv.Atoi(f[1])
	var ticks int64
	for _, k := range []int{11, 12, 13, 14} { // utime, stime, cutime, cstime
		n, _ := strconv.ParseInt(f[k], 10, 64)
		ticks += n
	}
	return ppid, time.Duration(ticks) * clockTick, true
}

// statusKB reads a "Name:  123 kB" line of /proc/PID/status, in bytes.
func statusKB(pid int, name string) int64 {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0
	}
	for line := range strings.SplitSeq(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, name+":"); ok {
			f := strings.Fields(rest)
			if len(f) == 2 && f[1] == "kB" {
				n, _ := strconv.ParseInt(f[0], 10, 64)
				return n << 10
			}
		}
	}
	return 0
}

// children lists the pids whose parent is pid.
func children(pid int) []int {
	ents, _ := filepath.Glob("/proc/[0-9]*")
	var out []int
	for _, e := range ents {
		c, err := strconv.Atoi(filepath.Base(e))
		if err != nil {
			continue
		}
		if ppid, _, ok := procStat(c); ok && ppid == pid {
			out = append(out, c)
		}
	}
	return out
}

// watcher samples the server's process tree every period: its peak RSS
// (the server's VmHWM and the sampled sum over the tree), the CPU time
// of the tree, and every child pid seen.
type watcher struct {
	pid  int
	mu   sync.Mutex
	peak int64 // sampled RSS of the tree, bytes
	kids map[int]bool
	cpu  []cpuSample
	stop chan struct{}
	done chan struct{}
	once sync.Once
}

type cpuSample struct {
	at  time.Time
	cpu time.Duration // of the server and its living children, cumulative
}

func watch(pid int, period time.Duration) *watcher {
	w := &watcher{pid: pid, kids: map[int]bool{}, stop: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(w.done)
		t := time.NewTicker(period)
		defer t.Stop()
		for {
			w.sample()
			select {
			case <-w.stop:
				return
			case <-t.C:
			}
		}
	}()
	return w
}

func (w *watcher) sample() {
	_, cpu, ok := procStat(w.pid)
	if !ok {
		return
	}
	rss := statusKB(w.pid, "VmRSS")
	kids := children(w.pid)
	for _, k := range kids {
		if _, c, ok := procStat(k); ok {
			cpu += c
		}
		rss += statusKB(k, "VmRSS")
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, k := range kids {
		w.kids[k] = true
	}
	w.peak = max(w.peak, rss)
	w.cpu = append(w.cpu, cpuSample{time.Now(), cpu})
}

// close stops the sampling (once, however often it is called).
func (w *watcher) close() {
	w.once.Do(func() { close(w.stop) })
	<-w.done
}

// peakRSS is the larger of the server's own peak (VmHWM, read now) and
// the peak of the sampled tree.
func (w *watcher) peakRSS() (server, tree int64) {
	server = statusKB(w.pid, "VmHWM")
	w.mu.Lock()
	defer w.mu.Unlock()
	return server, max(w.peak, server)
}

// idleAfter returns how long after t the tree's CPU use first stayed at
// most frac of a CPU over a window of win, or -1 if it has not yet.
func (w *watcher) idleAfter(t time.Time, win time.Duration, frac float64) time.Duration {
	w.mu.Lock()
	defer w.mu.Unlock()
	for i, a := range w.cpu {
		if a.at.Before(t) {
			continue
		}
		for _, b := range w.cpu[i+1:] {
			if b.at.Sub(a.at) >= win {
				if float64(b.cpu-a.cpu) <= frac*float64(b.at.Sub(a.at)) {
					return a.at.Sub(t)
				}
				break
			}
		}
	}
	return -1
}

// cpuBetween is the CPU time the tree used from a to b (samples nearest).
func (w *watcher) cpuBetween(a, b time.Time) time.Duration {
	w.mu.Lock()
	defer w.mu.Unlock()
	var first, last *cpuSample
	for i := range w.cpu {
		s := &w.cpu[i]
		if first == nil && !s.at.Before(a) {
			first = s
		}
		if !s.at.After(b) {
			last = s
		}
	}
	if first == nil || last == nil || last.at.Before(first.at) {
		return 0
	}
	return last.cpu - first.cpu
}

// alive lists the children seen that still run (as the same program:
// their pid may have been reused).
func (w *watcher) alive(exe string) []int {
	w.mu.Lock()
	defer w.mu.Unlock()
	var out []int
	for k := range w.kids {
		if target, err := os.Readlink("/proc/" + strconv.Itoa(k) + "/exe"); err == nil && target == exe {
			out = append(out, k)
		}
	}
	return out
}

// childrenSeen is the number of child processes seen.
func (w *watcher) childrenSeen() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return len(w.kids)
}
