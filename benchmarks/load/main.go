//go:build linux

// Command load puts `nonosat serve` under load on loopback, reports how it
// holds, and checks the targets of a service:
//
//	go run ./benchmarks/load -clients 200 -duration 60s
//
// It builds nonosat (or takes -bin), starts `nonosat serve` on a free
// loopback port with -serve-args, and runs four phases, then stops the
// server and every process it started:
//
//   - mix: -clients clients, each sending one request after another for
//     -duration (with -think, a random pause between them), in the classes
//     of -mix: line (line-solvable 10×10 puzzles), survey-line (survey
//     puzzles line solving decides), colour (line-solvable 15×15 pictures
//     in three colours), search (12-Dom, and the survey puzzles line
//     solving leaves open, from -corpora when there), malformed bodies,
//     oversize bodies (over serve's --max-body, with and without a
//     declared length), slow clients (the body 16 bytes every 100 ms) and
//     disconnect (16-Dom, hung up after 0.1 to 1 s). It reports
//     throughput, the statuses and p50/p99 latency of each class, and the
//     server's peak RSS (VmHWM, and the sampled sum over its SAT worker
//     children) from /proc. Targets: only 200, 400, 413 and 503; p99 of
//     line under 50 ms; line, survey-line, colour and slow all 200; peak
//     RSS under serve's --max-memory.
//   - disconnect: 100 clients send 16-Dom (again after a 503) and hang up
//     after 0.5 to 1.5 s; the server's CPU must be idle, and its slots
//     free, within 1 s of the last.
//   - slowloris: 50 connections trickle headers or a body at one byte a
//     second while a normal client sends puzzles; each must be answered.
//   - sigterm: SIGTERM under load; the server must exit 0, every request
//     it took must have reached its client (its access log's lines count
//     them), and none of its worker processes may be left. A connection
//     still in the listener's backlog when it closes is cut unanswered:
//     the server never read it (a proxy that heeds /readyz sends none).
//
// With -url it targets a running server instead (loopback only): no
// sigterm phase, and no RSS or CPU figures unless -pid names its process.
// The run is bounded: each phase by its duration, each request by a
// client timeout, the whole by -duration plus three minutes. The exit
// status is 1 when a target is missed.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/nonosat/nonosat/internal/memsize"
)

type config struct {
	bin, target string
	pid         int
	clients     int
	duration    time.Duration
	corpora     string
	serveArgs   string
	phases      string
	oversize    int64
	seed        uint64
	mix         string
	weights     []weight
	think       time.Duration
}

func main() {
	var c config
	flag.StringVar(&c.bin, "bin", "", "the nonosat binary to run, with nonosat-serve beside it (default: go build ./cmd/nonosat and ./cmd/nonosat-serve into a temporary directory; run from the repository's root)")
	flag.StringVar(&c.target, "url", "", "load the server at `URL` (loopback only) instead of starting one")
	flag.IntVar(&c.pid, "pid", 0, "the process id of the -url server, for its memory and CPU")
	flag.IntVar(&c.clients, "clients", 200, "concurrent clients of the mix")
	flag.DurationVar(&c.duration, "duration", 60*time.Second, "length of the mix")
	flag.StringVar(&c.corpora, "corpora", filepath.Join("..", "shared", "corpora"), "the shared corpora, for the survey's puzzles (skipped when absent)")
	flag.StringVar(&c.serveArgs, "serve-args", "--max-memory 2G", "more arguments for `nonosat serve`, split at spaces")
	flag.StringVar(&c.phases, "phases", "mix,disconnect,slowloris,sigterm", "the phases to run, in this order")
	flag.Int64Var(&c.oversize, "oversize", 5<<20, "bytes of an oversize body (over serve's --max-body)")
	flag.Uint64Var(&c.seed, "seed", 1, "seed of the clients' choices")
	flag.DurationVar(&c.think, "think", 0, "each client waits a random time of mean `D` (exponential) between its requests; 0: none, a closed loop at full speed")
	flag.StringVar(&c.mix, "mix", defaultMix, "the classes of the mix's requests, `CLASS=PERCENT,...`")
	flag.Parse()
	ok, err := run(c, os.Stdout)
	if err != nil {
		fmt.Fprintln(os.Stderr, "load:", err)
		os.Exit(2)
	}
	if !ok {
		os.Exit(1)
	}
}

// server is the server under load.
type server struct {
	url  string
	pid  int
	cmd  *exec.Cmd // nil for -url
	exe  string
	logf string // its standard error: the access log
	w    *watcher
}

func run(c config, out io.Writer) (bool, error) {
	var err error
	if c.weights, err = parseMix(c.mix); err != nil {
		return false, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), c.duration+3*time.Minute)
	defer cancel()
	ps, have := makePuzzles(c.corpora)
	tmp, err := os.MkdirTemp("", "nonosat-load-")
	if err != nil {
		return false, err
	}
	defer os.RemoveAll(tmp)
	srv, err := startServer(ctx, c, tmp)
	if err != nil {
		return false, err
	}
	defer srv.kill()
	r := &report{out: out, ok: true}
	r.printf("# nonosat serve under load, %s\n\n", time.Now().Format("2006-01-02 15:04"))
	r.printf("server: %s, serve %s; puzzles: %s; machine: %s\n\n", srv.url, c.serveArgs, have, machine())
	phases := strings.Split(c.phases, ",")
	for _, ph := range phases {
		switch ph {
		case "mix":
			runMix(ctx, c, srv, ps, r)
		case "disconnect":
			runDisconnect(ctx, srv, ps, r)
		case "slowloris":
			runSlowloris(ctx, srv, ps, r)
		case "sigterm":
			if srv.cmd == nil {
				r.printf("sigterm: skipped (the server was not started here)\n\n")
				continue
			}
			runSigterm(ctx, srv, ps, r)
		default:
			return false, fmt.Errorf("unknown phase %q", ph)
		}
	}
	if srv.w != nil && !slices.Contains(phases, "sigterm") {
		server, tree := srv.w.peakRSS()
		r.printf("peak RSS: server %s, with its worker processes %s\n", mb(server), mb(tree))
	}
	return r.ok, nil
}

// startServer starts `nonosat serve` on a free loopback port, or checks
// the -url one.
func startServer(ctx context.Context, c config, tmp string) (*server, error) {
	if c.target != "" {
		u, err := url.Parse(c.target)
		if err != nil {
			return nil, err
		}
		if ip := net.ParseIP(u.Hostname()); u.Hostname() != "localhost" && (ip == nil || !ip.IsLoopback()) {
			return nil, fmt.Errorf("-url %s: loopback only", c.target)
		}
		s := &server{url: strings.TrimSuffix(c.target, "/"), pid: c.pid}
		if c.pid > 0 {
			s.w = watch(c.pid, 50*time.Millisecond)
		}
		return s, nil
	}
	bin := c.bin
	if bin == "" {
		bin = filepath.Join(tmp, "nonosat")
		// nonosat serve runs nonosat-serve, from beside it.
		for _, prog := range []string{"nonosat", "nonosat-serve"} {
			b := exec.CommandContext(ctx, "go", "build", "-o", filepath.Join(tmp, prog), "./cmd/"+prog)
			b.Stderr = os.Stderr
			if err := b.Run(); err != nil {
				return nil, fmt.Errorf("building %s (run from the repository's root, or give -bin): %w", prog, err)
			}
		}
	}
	exe, err := filepath.Abs(bin)
	if err != nil {
		return nil, err
	}
	s := &server{exe: exe, logf: filepath.Join(tmp, "serve.log")}
	logf, err := os.Create(s.logf)
	if err != nil {
		return nil, err
	}
	defer logf.Close()
	s.cmd = exec.Command(exe, append([]string{"serve", "--addr", "127.0.0.1:0"}, strings.Fields(c.serveArgs)...)...)
	s.cmd.Stderr = logf
	s.cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL} // if this program dies
	stdout, err := s.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := s.cmd.Start(); err != nil {
		return nil, err
	}
	s.pid = s.cmd.Process.Pid
	s.w = watch(s.pid, 50*time.Millisecond)
	found := make(chan string, 1)
	go func() {
		re := regexp.MustCompile(`serving on (http://127\.0\.0\.1:\d+)/`)
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				found <- m[1]
			}
		}
	}()
	select {
	case s.url = <-found:
		return s, nil
	case <-time.After(10 * time.Second):
		s.kill()
		return nil, errors.New("nonosat serve printed no URL within 10 s")
	}
}

// kill ends a server started here that is still running.
func (s *server) kill() {
	if s.w != nil {
		s.w.close()
	}
	if s.cmd != nil && s.cmd.ProcessState == nil {
		_ = s.cmd.Process.Kill()
		_ = s.cmd.Wait()
	}
}

// machine describes the machine in a few words.
func machine() string {
	load, _ := os.ReadFile("/proc/loadavg")
	f := strings.Fields(string(load))
	la := ""
	if len(f) > 0 {
		la = ", load average " + f[0]
	}
	return fmt.Sprintf("%d CPUs%s", runtime.NumCPU(), la)
}

// outcome is what one request got.
type outcome struct {
	class   string
	status  int // 0: no answer
	verdict string
	err     error
	dur     time.Duration
	at      time.Time // when it was sent
}

// tally collects outcomes by class.
type tally struct {
	mu  sync.Mutex
	by  map[string][]outcome
	ord []string
}

func (t *tally) add(o outcome) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.by == nil {
		t.by = map[string][]outcome{}
	}
	if _, ok := t.by[o.class]; !ok {
		t.ord = append(t.ord, o.class)
	}
	t.by[o.class] = append(t.by[o.class], o)
}

// client sends the requests of the load.
type client struct {
	base string
	hc   *http.Client
}

func newClient(base string, conns int) *client {
	tr := &http.Transport{MaxIdleConns: conns, MaxIdleConnsPerHost: conns, IdleConnTimeout: 30 * time.Second}
	return &client{base: base, hc: &http.Client{Transport: tr, Timeout: 2 * time.Minute}}
}

// post sends b to /api/call and reads the whole answer.
func (c *client) post(ctx context.Context, call string, b body, r io.Reader, length int64) (int, []byte, error) {
	u := c.base + "/api/" + call
	if b.query != "" {
		u += "?" + b.query
	}
	if r == nil {
		r, length = strings.NewReader(string(b.data)), int64(len(b.data))
	}
	req, err := http.NewRequestWithContext(ctx, "POST", u, r)
	if err != nil {
		return 0, nil, err
	}
	req.ContentLength = length
	if length < 0 {
		req.ContentLength = 0
		req.TransferEncoding = []string{"chunked"}
	}
	res, err := c.hc.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	return res.StatusCode, data, err
}

// timedCall posts b to /api/call and records the outcome, with the
// verdict of a 200.
func timedCall(ctx context.Context, cl *client, t *tally, class, call string, b body, r io.Reader, n int64) outcome {
	start := time.Now()
	status, data, err := cl.post(ctx, call, b, r, n)
	o := outcome{class: class, status: status, err: err, dur: time.Since(start), at: start}
	if status == http.StatusOK {
		if m := verdictRE.FindSubmatch(data); m != nil {
			o.verdict = string(m[1])
		}
	}
	t.add(o)
	return o
}

var verdictRE = regexp.MustCompile(`"verdict":"([a-z]+)"`)

// slowReader gives its data n bytes at a time, pause apart.
type slowReader struct {
	data  []byte
	n     int
	pause time.Duration
	first bool
}

func (r *slowReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, io.EOF
	}
	if r.first {
		time.Sleep(r.pause)
	}
	r.first = true
	k := copy(p[:min(len(p), r.n)], r.data)
	r.data = r.data[k:]
	return k, nil
}

// zeros gives n bytes of '1's without holding them.
type zeros struct{ n int64 }

func (z *zeros) Read(p []byte) (int, error) {
	if z.n <= 0 {
		return 0, io.EOF
	}
	k := int(min(int64(len(p)), z.n))
	for i := range k {
		p[i] = '1'
	}
	z.n -= int64(k)
	return k, nil
}

// defaultMix is the weights of the mix's classes, in percent.
const defaultMix = "line=55,survey-line=5,colour=10,search=15,malformed=4,oversize=3,slow=4,disconnect=4"

type weight struct {
	class string
	pct   int
}

// parseMix reads -mix: CLASS=PERCENT,... adding up to 100.
func parseMix(s string) ([]weight, error) {
	var ws []weight
	sum := 0
	for f := range strings.SplitSeq(s, ",") {
		class, v, _ := strings.Cut(f, "=")
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || !slices.Contains(classes, class) {
			return nil, fmt.Errorf("-mix: %q: want CLASS=PERCENT, CLASS one of %s", f, strings.Join(classes, ", "))
		}
		ws = append(ws, weight{class, n})
		sum += n
	}
	if sum != 100 {
		return nil, fmt.Errorf("-mix: the percentages add up to %d, not 100", sum)
	}
	return ws, nil
}

var classes = []string{"line", "survey-line", "colour", "search", "malformed", "oversize", "slow", "disconnect"}

// request sends one request of class and records it.
func request(ctx context.Context, cl *client, t *tally, ps *puzzles, class string, rng *rand.Rand, oversize int64) {
	pick := func(bs []body) body { return bs[rng.IntN(len(bs))] }
	switch class {
	case "line":
		timedCall(ctx, cl, t, class, "analyze", pick(ps.line), nil, 0)
	case "survey-line":
		if len(ps.surveyLine) == 0 {
			timedCall(ctx, cl, t, "line", "analyze", pick(ps.line), nil, 0)
			return
		}
		timedCall(ctx, cl, t, class, "analyze", pick(ps.surveyLine), nil, 0)
	case "colour":
		timedCall(ctx, cl, t, class, "analyze", pick(ps.colour), nil, 0)
	case "search":
		timedCall(ctx, cl, t, class, "analyze", pick(ps.hard), nil, 0)
	case "malformed":
		timedCall(ctx, cl, t, class, "analyze", pick(ps.malformed), nil, 0)
	case "oversize":
		n := oversize
		if rng.IntN(2) == 0 {
			n = -1 // chunked: the server finds out while reading
		}
		timedCall(ctx, cl, t, class, "solve", body{}, &zeros{oversize}, n)
	case "slow":
		b := pick(ps.line)
		timedCall(ctx, cl, t, class, "analyze", b, &slowReader{data: b.data, n: 16, pause: 100 * time.Millisecond}, int64(len(b.data)))
	case "disconnect":
		dctx, cancel := context.WithTimeout(ctx, time.Duration(100+rng.IntN(900))*time.Millisecond)
		defer cancel()
		timedCall(dctx, cl, t, class, "analyze", ps.endless, nil, 0)
	}
}

func runMix(ctx context.Context, c config, srv *server, ps *puzzles, r *report) {
	cl := newClient(srv.url, c.clients)
	var t tally
	end := time.Now().Add(c.duration)
	start := time.Now()
	cpu0 := time.Now()
	var wg sync.WaitGroup
	for i := range c.clients {
		rng := rand.New(rand.NewPCG(c.seed, uint64(i)))
		wg.Go(func() {
			for time.Now().Before(end) && ctx.Err() == nil {
				k := rng.IntN(100)
				class := ""
				for _, w := range c.weights {
					if k < w.pct {
						class = w.class
						break
					}
					k -= w.pct
				}
				request(ctx, cl, &t, ps, class, rng, c.oversize)
				if c.think > 0 {
					time.Sleep(time.Duration(rng.ExpFloat64() * float64(c.think)))
				}
			}
		})
	}
	wg.Wait()
	took := time.Since(start)
	r.printf("## mix: %d clients for %v, think time %v (%s)\n\n", c.clients, c.duration, c.think, c.mix)
	total, answered := 0, 0
	r.printf("| class | requests | statuses | p50 ms | p99 ms | max ms |\n| --- | ---: | --- | ---: | ---: | ---: |\n")
	bad := map[int]int{}
	for _, class := range t.ord {
		outs := t.by[class]
		total += len(outs)
		var ds []time.Duration
		for _, o := range outs {
			if o.status != 0 {
				answered++
				ds = append(ds, o.dur)
				if o.status != 200 && o.status != 400 && o.status != 413 && o.status != 503 {
					bad[o.status]++
				}
			}
		}
		r.printf("| %s | %d | %s | %s | %s | %s |\n", class, len(outs), statuses(outs), ms(pct(ds, 50)), ms(pct(ds, 99)), ms(pct(ds, 100)))
	}
	r.printf("\nthroughput: %.0f requests/s (%d in %.1f s, %d answered)", float64(total)/took.Seconds(), total, took.Seconds(), answered)
	if srv.w != nil {
		r.printf("; server CPU %.1f s of %.1f s", srv.w.cpuBetween(cpu0, time.Now()).Seconds(), took.Seconds())
	}
	r.printf("\n\n")
	r.check(len(bad) == 0, "only 200, 400, 413 and 503 answered", fmt.Sprintf("others: %v", bad))
	var line []time.Duration
	for _, o := range t.by["line"] {
		if o.status == 200 {
			line = append(line, o.dur)
		}
	}
	r.check(len(line) > 0 && pct(line, 99) < 50*time.Millisecond, "line-solvable p99 under 50 ms", fmt.Sprintf("p99 %s ms over %d answers", ms(pct(line, 99)), len(line)))
	wrong := 0
	for _, class := range []string{"line", "survey-line", "colour", "slow"} {
		for _, o := range t.by[class] {
			if o.status != 200 {
				wrong++
			}
		}
	}
	r.check(wrong == 0, "every line-solvable, colour and slow request answered 200", fmt.Sprintf("%d not", wrong))
	if srv.w != nil {
		server, tree := srv.w.peakRSS()
		limit := memoryLimit(c.serveArgs)
		r.printf("peak RSS so far: server %s (VmHWM), with its worker processes %s (sampled every 50 ms)\n\n", mb(server), mb(tree))
		if limit > 0 {
			r.check(tree < limit, "peak RSS under --max-memory", fmt.Sprintf("%s of %s", mb(tree), mb(limit)))
		}
	}
}

// memoryLimit reads --max-memory from serve's arguments (0: not given,
// or not a size).
func memoryLimit(args string) int64 {
	f := strings.Fields(args)
	for i, a := range f {
		v, ok := strings.CutPrefix(a, "--max-memory=")
		if !ok && a == "--max-memory" && i+1 < len(f) {
			v, ok = f[i+1], true
		}
		if !ok {
			continue
		}
		n, err := memsize.Parse(v)
		if err != nil {
			return 0
		}
		return n
	}
	return 0
}

// busy reads the search slots in use and the calls queued from /readyz.
func busy(cl *client) (int, int, error) {
	res, err := cl.hc.Get(cl.base + "/readyz")
	if err != nil {
		return 0, 0, err
	}
	defer res.Body.Close()
	var v struct{ Busy, Queued int }
	err = json.NewDecoder(res.Body).Decode(&v)
	return v.Busy, v.Queued, err
}

func runDisconnect(ctx context.Context, srv *server, ps *puzzles, r *report) {
	const n = 100
	cl := newClient(srv.url, n)
	var t tally
	var wg sync.WaitGroup
	var mu sync.Mutex
	var last time.Time
	for i := range n {
		// Each client hangs up at its own time; a 503 before it tries
		// again, so that the slots stay full of calls whose clients go.
		dctx, cancel := context.WithTimeout(ctx, 500*time.Millisecond+time.Duration(i)*10*time.Millisecond)
		wg.Go(func() {
			defer cancel()
			for dctx.Err() == nil {
				o := timedCall(dctx, cl, &t, "disconnect", "analyze", ps.endless, nil, 0)
				mu.Lock()
				if e := o.at.Add(o.dur); e.After(last) {
					last = e
				}
				mu.Unlock()
				if o.status != http.StatusServiceUnavailable {
					return
				}
				time.Sleep(50 * time.Millisecond)
			}
		})
	}
	wg.Wait()
	// When are the slots free?
	free := time.Duration(-1)
	for time.Since(last) < 5*time.Second {
		b, q, err := busy(cl)
		if err == nil && b == 0 && q == 0 {
			free = time.Since(last)
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	time.Sleep(1500 * time.Millisecond) // for the CPU samples after
	mid := 0
	for _, o := range t.by["disconnect"] {
		if o.status == 0 {
			mid++
		}
	}
	r.printf("## disconnect: %d clients send 16-Dom (again after a 503) and hang up after 0.5 to 1.5 s\n\n", n)
	r.printf("statuses: %s (no answer: hung up mid-call)\n\n", statuses(t.by["disconnect"]))
	r.check(free >= 0 && free <= time.Second, "search slots and queue free within 1 s of the last hang-up", fmt.Sprintf("after %s ms", ms(free)))
	if srv.w != nil {
		idle := srv.w.idleAfter(last, 200*time.Millisecond, 0.1)
		r.check(idle >= 0 && idle <= time.Second, "server CPU idle (≤ 10 % of a CPU over 200 ms) within 1 s of the last hang-up", fmt.Sprintf("after %s ms", ms(idle)))
	}
}

func runSlowloris(ctx context.Context, srv *server, ps *puzzles, r *report) {
	const n, length = 50, 12 * time.Second
	u, _ := url.Parse(srv.url)
	end := time.Now().Add(length)
	var wg sync.WaitGroup
	var mu sync.Mutex
	conns, closed := 0, 0
	for i := range n {
		wg.Go(func() {
			// Half trickle their headers, half their body.
			req := fmt.Sprintf("POST /api/analyze HTTP/1.1\r\nHost: %s\r\nContent-Length: 1000\r\n\r\n", u.Host)
			head := len(req)
			if i%2 == 1 {
				head = 0
			}
			for time.Now().Before(end) && ctx.Err() == nil {
				c, err := net.Dial("tcp", u.Host)
				if err != nil {
					time.Sleep(100 * time.Millisecond)
					continue
				}
				mu.Lock()
				conns++
				mu.Unlock()
				data := []byte(req + strings.Repeat("#", 1000))
				_, err = c.Write(data[:len(req)-head])
				data = data[len(req)-head:]
				for err == nil && len(data) > 0 && time.Now().Before(end) {
					time.Sleep(time.Second)
					_, err = c.Write(data[:1])
					data = data[1:]
				}
				c.Close()
				if err != nil {
					mu.Lock()
					closed++
					mu.Unlock()
				}
			}
		})
	}
	cl := newClient(srv.url, 2)
	var t tally
	rng := rand.New(rand.NewPCG(5, 5))
	time.Sleep(time.Second) // the slow connections are open
	for time.Now().Before(end) && ctx.Err() == nil {
		b := ps.line[rng.IntN(len(ps.line))]
		class := "line"
		if rng.IntN(4) == 0 {
			b, class = ps.colour[rng.IntN(len(ps.colour))], "colour"
		}
		timedCall(ctx, cl, &t, class, "analyze", b, nil, 0)
		time.Sleep(50 * time.Millisecond)
	}
	wg.Wait()
	r.printf("## slowloris: %d connections trickling headers or a body at 1 byte/s for %v, and a normal client\n\n", n, length)
	r.printf("slow connections: %d opened, %d closed by the server\n\n", conns, closed)
	all := append(t.by["line"], t.by["colour"]...)
	var ds []time.Duration
	ok := 0
	for _, o := range all {
		ds = append(ds, o.dur)
		if o.status == 200 {
			ok++
		}
	}
	r.printf("normal client: %d requests, statuses %s, p50 %s ms, p99 %s ms\n\n", len(all), statuses(all), ms(pct(ds, 50)), ms(pct(ds, 99)))
	r.check(len(all) > 0 && ok == len(all), "every request of the normal client answered 200 among the slow connections", fmt.Sprintf("%d of %d", ok, len(all)))
}

func runSigterm(ctx context.Context, srv *server, ps *puzzles, r *report) {
	const n = 50
	cl := newClient(srv.url, n)
	// A new connection per request: one refused was not taken.
	cl.hc.Transport.(*http.Transport).DisableKeepAlives = true
	logged0 := accessLines(srv.logf)
	var t tally
	var wg sync.WaitGroup
	stopAt := time.Now().Add(2 * time.Second)
	var sent time.Time
	var mu sync.Mutex
	for i := range n {
		rng := rand.New(rand.NewPCG(9, uint64(i)))
		wg.Go(func() {
			for time.Now().Before(stopAt.Add(30*time.Second)) && ctx.Err() == nil {
				mu.Lock()
				after := !sent.IsZero()
				mu.Unlock()
				class := "line"
				b := ps.line[rng.IntN(len(ps.line))]
				if rng.IntN(4) == 0 {
					class, b = "search", ps.hard[rng.IntN(len(ps.hard))]
				}
				if after {
					class += " (sent after SIGTERM)"
				}
				o := timedCall(ctx, cl, &t, class, "analyze", b, nil, 0)
				if o.err != nil && after {
					return // the server is gone
				}
			}
		})
	}
	time.Sleep(time.Until(stopAt))
	server, tree := srv.w.peakRSS()
	mu.Lock()
	sent = time.Now()
	mu.Unlock()
	_ = srv.cmd.Process.Signal(syscall.SIGTERM)
	err := srv.cmd.Wait()
	exited := time.Since(sent)
	wg.Wait()
	srv.w.close()
	code := srv.cmd.ProcessState.ExitCode()
	r.printf("## sigterm: SIGTERM after 2 s of %d clients (line-solvable and hard puzzles)\n\n", n)
	inflight, answered, refused, cut, responses := 0, 0, 0, 0, 0
	for _, class := range t.ord {
		r.printf("- %s: %d requests, %s\n", class, len(t.by[class]), statuses(t.by[class]))
		for _, o := range t.by[class] {
			switch {
			case o.status != 0:
				responses++
			case errors.Is(o.err, syscall.ECONNREFUSED):
				refused++
			default:
				cut++
			}
			if o.at.Before(sent) && o.at.Add(o.dur).After(sent) {
				inflight++
				if o.status != 0 {
					answered++
				}
			}
		}
	}
	r.printf("- in flight at SIGTERM: %d, answered %d; connections refused (the listener closed) %d, "+
		"closed without an answer %d (connected, but not yet accepted by the server when its listener closed: it never read them)\n", inflight, answered, refused, cut)
	r.printf("\nexit %d (%v) %v after SIGTERM\n\n", code, err, exited.Round(time.Millisecond))
	r.check(code == 0, "exit 0 after SIGTERM", fmt.Sprintf("exit %d", code))
	// The server logs every request it read once it has answered it:
	// each must have reached its client.
	logged := accessLines(srv.logf) - logged0
	r.check(logged == responses, "every request the server took answered to its client (access log lines = answers received)", fmt.Sprintf("%d logged, %d answers", logged, responses))
	left := srv.w.alive(srv.exe)
	r.check(len(left) == 0, "no worker process left running", fmt.Sprintf("%d of %d seen: %v", len(left), srv.w.childrenSeen(), left))
	r.printf("peak RSS: server %s (VmHWM), with its worker processes %s (sampled every 50 ms)\n\n", mb(server), mb(tree))
	if lines := accessLines(srv.logf); lines >= 0 {
		r.printf("access log: %d request lines\n\n", lines)
	}
}

// accessLines counts the access log's request lines (-1: no log).
func accessLines(name string) int {
	if name == "" {
		return -1
	}
	b, err := os.ReadFile(name)
	if err != nil {
		return -1
	}
	return strings.Count(string(b), " msg=request ")
}

// report prints the results and the targets met or missed.
type report struct {
	out io.Writer
	ok  bool
}

func (r *report) printf(format string, args ...any) { fmt.Fprintf(r.out, format, args...) }

func (r *report) check(ok bool, target, got string) {
	mark := "PASS"
	if !ok {
		mark, r.ok = "FAIL", false
	}
	r.printf("- **%s** %s: %s\n\n", mark, target, got)
}

// statuses counts outcomes by status, and 200s by verdict when they
// differ ("200×12 (unique 10, timeout 2) 503×3 none×2").
func statuses(os []outcome) string {
	n := map[int]int{}
	verdicts := map[string]int{}
	for _, o := range os {
		n[o.status]++
		if o.verdict != "" {
			verdicts[o.verdict]++
		}
	}
	var keys []int
	for k := range n {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var parts []string
	for _, k := range keys {
		name := strconv.Itoa(k)
		if k == 0 {
			name = "none"
		}
		parts = append(parts, fmt.Sprintf("%s×%d", name, n[k]))
		if k == http.StatusOK && len(verdicts) > 1 {
			var vs []string
			for v, c := range verdicts {
				vs = append(vs, fmt.Sprintf("%s %d", v, c))
			}
			slices.Sort(vs)
			parts = append(parts, "("+strings.Join(vs, ", ")+")")
		}
	}
	return strings.Join(parts, " ")
}

// pct is the p-th percentile of ds (nearest rank), 0 for none.
func pct(ds []time.Duration, p int) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	i := (p*len(s)+99)/100 - 1
	return s[min(max(i, 0), len(s)-1)]
}

func ms(d time.Duration) string {
	if d < 0 {
		return "never"
	}
	return strconv.FormatFloat(d.Seconds()*1000, 'f', 1, 64)
}

func mb(n int64) string { return fmt.Sprintf("%.0f MB", float64(n)/1e6) }
