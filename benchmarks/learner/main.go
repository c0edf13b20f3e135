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

func main() {
	timeout := flag.Duration("timeout", 5*time.Second, "time limit per puzzle")
	lucky := flag.Bool("lucky", false, "make the lucky descents first (Learner.SetLucky), as the solver's hand-off does")
	run := flag.String("run", "", "only puzzles whose name (FILE:INDEX or title) matches `REGEXP`")
	minTime := flag.Duration("min", 0, "print only puzzles that took at least `D`")
	prof := flag.String("cpuprofile", "", "write a CPU profile to `FILE`")
	hints := flag.Bool("hints", true, "decide cells in the colour belief propagation finds likely (Learner.SetHints)")
	seed := flag.Uint64("seed", 0, "seed of the learner's random decisions (Learner.SetSeed)")
	maxConflicts := flag.Int("conflicts", 0, "stop each puzzle after `N` conflicts (0: no limit), so that two binaries with the same search do the same work")
	params := learner.DefaultParams()
	flag.Func("set", "set the field `NAME=VALUE` of learner.Params (repeatable)", func(kv string) error { return setParam(&params, kv) })
	flag.Parse()
	if *prof != "" {
		f, err := os.Create(*prof)
		if err != nil {
			fmt.Fprintln(os.Stderr, "learner:", err)
			os.Exit(1)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintln(os.Stderr, "learner:", err)
			os.Exit(1)
		}
		defer pprof.StopCPUProfile()
	}
	var re *regexp.Regexp
	if *run != "" {
		re = regexp.MustCompile(*run)
	}
	var total, firstTotal time.Duration
	var conflicts, timeouts, n int
	var times []time.Duration
	cpu0 := cpuTime()
	for _, name := range flag.Args() {
		ps, err := puzzle.ReadFileAll(name, "")
		if err != nil {
			fmt.Fprintln(os.Stderr, "learner:", err)
			os.Exit(1)
		}
		for i, p := range ps {
			id := fmt.Sprintf("%s:%d", name, i+1)
			if re != nil && !re.MatchString(id) && !re.MatchString(p.Title) {
				continue
			}
			start := time.Now()
			s := linesolve.NewState(p)
			// The solver's presolve: its default probing budget is 4 probes a cell.
			ok := s.Propagate() && s.ProbeUntil(4*p.Width()*p.Height(), nil)
			verdict := "none"
			var res learner.Result
			var first time.Duration
			if ok && s.Solved() {
				verdict = "line"
			} else if ok {
				deadline := start.Add(*timeout)
				sols := 0
				l := learner.New(s)
				l.SetHints(*hints)
				l.SetSeed(*seed)
				l.SetParams(params)
				l.SetLucky(*lucky)
				res = l.Run(learner.Limits{Conflicts: *maxConflicts, Stop: func() bool { return time.Now().After(deadline) }},
					func(g puzzle.Grid) bool {
						if e := puzzle.Check(p, g); e != nil {
							fmt.Fprintf(os.Stderr, "learner: %s: a grid that fails Check: %v\n", id, e)
							os.Exit(1)
						}
						sols++
						if sols == 1 {
							first = time.Since(start)
						}
						return sols < 2
					})
				switch {
				case sols >= 2:
					verdict = "multiple"
				case res.Stopped:
					verdict = "timeout"
					timeouts++
				case sols == 1:
					verdict = "unique"
				}
			}
			d := time.Since(start)
			n++
			total += d
			firstTotal += first
			conflicts += res.Conflicts
			times = append(times, d)
			if d >= *minTime {
				fmt.Printf("%-50s %-8s %10.1f ms %9d conflicts %10d lines %10.1f ms to the first\n", id, verdict, ms(d), res.Conflicts, res.Lines, ms(first))
			}
		}
	}
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	med := time.Duration(0)
	if len(times) > 0 {
		med = times[len(times)/2]
	}
	fmt.Printf("total: %d puzzles, %.2f s (%.2f s to the first solutions), cpu %.2f s, median %.2f ms, %d conflicts, %d timeouts\n",
		n, total.Seconds(), firstTotal.Seconds(), (cpuTime() - cpu0).Seconds(), ms(med), conflicts, timeouts)
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
