// Command learner runs learner.Learner alone on corpus puzzles, after
// the line solving and probing the solver does first, and prints per
// puzzle the conflicts, line solves and time to two solutions (or the
// proof that there is one): the experiment tool behind the learner's
// settings in learner/cdcl.go.
//
//	go run ./benchmarks/learner [-timeout 5s] [-run REGEXP] [-hints=false] [-seed N] [-conflicts N] [-lucky] [-set NAME=VALUE]... FILE...
//
// -set changes a field of learner.Params from its default, for example
// -set RestartUnit=300 -set VarDecay=0.98.
//
// A FILE may hold several puzzles (a tournament set). One puzzle runs at a
// time; the summary line gives the process CPU time.
package main

import (
	"flag"
	"fmt"
	"os"
	"reflect"
	"regexp"
	"runtime/pprof"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/nonosat/nonosat/learner"
	"github.com/nonosat/nonosat/linesolve"
	"github.com/nonosat/nonosat/puzzle"
)

// config is the flags' settings of each puzzle's run.
type config struct {
	timeout      time.Duration
	hints, lucky bool
	seed         uint64
	maxConflicts int
	params       learner.Params
}

func main() {
	var cfg config
	flag.DurationVar(&cfg.timeout, "timeout", 5*time.Second, "time limit per puzzle")
	flag.BoolVar(&cfg.lucky, "lucky", false, "make the lucky descents first (Learner.SetLucky), as the solver's hand-off does")
	run := flag.String("run", "", "only puzzles whose name (FILE:INDEX or title) matches `REGEXP`")
	minTime := flag.Duration("min", 0, "print only puzzles that took at least `D`")
	prof := flag.String("cpuprofile", "", "write a CPU profile to `FILE`")
	flag.BoolVar(&cfg.hints, "hints", true, "decide cells in the colour belief propagation finds likely (Learner.SetHints)")
	flag.Uint64Var(&cfg.seed, "seed", 0, "seed of the learner's random decisions (Learner.SetSeed)")
	flag.IntVar(&cfg.maxConflicts, "conflicts", 0, "stop each puzzle after `N` conflicts (0: no limit), so that two binaries with the same search do the same work")
	cfg.params = learner.DefaultParams()
	flag.Func("set", "set the field `NAME=VALUE` of learner.Params (repeatable)", func(kv string) error { return setParam(&cfg.params, kv) })
	flag.Parse()
	var re *regexp.Regexp
	if *run != "" {
		re = regexp.MustCompile(*run)
	}
	if err := runAll(flag.Args(), re, *minTime, *prof, cfg); err != nil {
		fmt.Fprintln(os.Stderr, "learner:", err)
		os.Exit(1)
	}
}

// runAll runs every puzzle of files whose name or title re matches (all
// when re is nil), printing a line for each that took at least minTime
// and the summary, under a CPU profile written to prof when it is set.
func runAll(files []string, re *regexp.Regexp, minTime time.Duration, prof string, cfg config) error {
	if prof != "" {
		f, err := os.Create(prof)
		if err != nil {
			return err
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	var total, firstTotal time.Duration
	var conflicts, timeouts int
	var times []time.Duration
	cpu0 := cpuTime()
	for _, name := range files {
		ps, err := puzzle.ReadFileAll(name, "")
		if err != nil {
			return err
		}
		for i, p := range ps {
			id := fmt.Sprintf("%s:%d", name, i+1)
			if re != nil && !re.MatchString(id) && !re.MatchString(p.Title) {
				continue
			}
			start := time.Now()
			o, err := solveOne(p, cfg)
			if err != nil {
				return fmt.Errorf("%s: %v", id, err)
			}
			d := time.Since(start)
			total += d
			firstTotal += o.first
			conflicts += o.res.Conflicts
			if o.verdict == "timeout" {
				timeouts++
			}
			times = append(times, d)
			if d >= minTime {
				fmt.Printf("%-50s %-8s %10.1f ms %9d conflicts %10d lines %10.1f ms to the first\n", id, o.verdict, ms(d), o.res.Conflicts, o.res.Lines, ms(o.first))
			}
		}
	}
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	med := time.Duration(0)
	if len(times) > 0 {
		med = times[len(times)/2]
	}
	fmt.Printf("total: %d puzzles, %.2f s (%.2f s to the first solutions), cpu %.2f s, median %.2f ms, %d conflicts, %d timeouts\n",
		len(times), total.Seconds(), firstTotal.Seconds(), (cpuTime() - cpu0).Seconds(), ms(med), conflicts, timeouts)
	return nil
}

// outcome is one puzzle's run: its verdict (line, none, unique,
// multiple or timeout), the learner's counts and the time to the first
// solution.
type outcome struct {
	verdict string
	res     learner.Result
	first   time.Duration
}

// solveOne line-solves and probes p as the solver does first, then runs
// the learner to two solutions within cfg's limits. A grid that fails
// puzzle.Check is an error.
func solveOne(p *puzzle.Puzzle, cfg config) (outcome, error) {
	start := time.Now()
	s := linesolve.NewState(p)
	// The solver's presolve: its default probing budget is 4 probes a cell.
	ok := s.Propagate() && s.ProbeUntil(4*p.Width()*p.Height(), nil)
	switch {
	case !ok:
		return outcome{verdict: "none"}, nil
	case s.Solved():
		return outcome{verdict: "line"}, nil
	}
	deadline := start.Add(cfg.timeout)
	var o outcome
	var bad error
	sols := 0
	l := learner.New(s)
	l.SetHints(cfg.hints)
	l.SetSeed(cfg.seed)
	l.SetParams(cfg.params)
	l.SetLucky(cfg.lucky)
	o.res = l.Run(learner.Limits{Conflicts: cfg.maxConflicts, Stop: func() bool { return time.Now().After(deadline) }},
		func(g puzzle.Grid) bool {
			if bad = puzzle.Check(p, g); bad != nil {
				return false
			}
			sols++
			if sols == 1 {
				o.first = time.Since(start)
			}
			return sols < 2
		})
	switch {
	case bad != nil:
		return o, fmt.Errorf("a grid that fails Check: %v", bad)
	case sols >= 2:
		o.verdict = "multiple"
	case o.res.Stopped:
		o.verdict = "timeout"
	case sols == 1:
		o.verdict = "unique"
	default:
		o.verdict = "none"
	}
	return o, nil
}

// setParam sets the field of p that kv (NAME=VALUE) names.
func setParam(p *learner.Params, kv string) error {
	name, val, ok := strings.Cut(kv, "=")
	if !ok {
		return fmt.Errorf("%q: want NAME=VALUE", kv)
	}
	f := reflect.ValueOf(p).Elem().FieldByName(name)
	if !f.IsValid() {
		return fmt.Errorf("learner.Params has no field %s", name)
	}
	switch f.Kind() {
	case reflect.Int:
		n, err := strconv.Atoi(val)
		if err != nil {
			return fmt.Errorf("%s: %v", name, err)
		}
		f.SetInt(int64(n))
	case reflect.Float64:
		x, err := strconv.ParseFloat(val, 64)
		if err != nil {
			return fmt.Errorf("%s: %v", name, err)
		}
		f.SetFloat(x)
	case reflect.Bool:
		b, err := strconv.ParseBool(val)
		if err != nil {
			return fmt.Errorf("%s: %v", name, err)
		}
		f.SetBool(b)
	default:
		return fmt.Errorf("%s: a field of kind %s", name, f.Kind())
	}
	return nil
}

// cpuTime is the user+system time of this process.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
