//go:build unix

package main

import (
	"cmp"
	"fmt"
	"math"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// The report: a table row per puzzle, a summary per set and for the run,
// in plain text or Markdown, with the machine and commit it ran on.

// A summary totals the outcomes of one back end.
type summary struct {
	n, wrong, timeouts, errors int
	total, cpu                 time.Duration
	walls                      []time.Duration
	maxName                    string
	max                        time.Duration
	lineSolved, learned        int
	maxLine                    time.Duration
	maxLineName                string
	lineSlow                   int // line-solved in 5 ms or more
}

func (s *summary) addOutcome(name string, o outcome) {
	s.n++
	s.total += o.wall
	s.cpu += o.cpu
	s.walls = append(s.walls, o.wall)
	if o.wall > s.max {
		s.max, s.maxName = o.wall, name
	}
	switch o.check {
	case "WRONG":
		s.wrong++
	case "timeout":
		s.timeouts++
	case "error":
		s.errors++
	}
	if o.learned {
		s.learned++
	}
	if o.lineSolved {
		s.lineSolved++
		if o.wall > s.maxLine {
			s.maxLine, s.maxLineName = o.wall, name
		}
		if o.wall >= 5*time.Millisecond {
			s.lineSlow++
		}
	}
}

func (s *summary) add(t summary) {
	s.n += t.n
	s.wrong += t.wrong
	s.timeouts += t.timeouts
	s.errors += t.errors
	s.total += t.total
	s.cpu += t.cpu
	s.walls = append(s.walls, t.walls...)
	if t.max > s.max {
		s.max, s.maxName = t.max, t.maxName
	}
	s.lineSolved += t.lineSolved
	s.learned += t.learned
	if t.maxLine > s.maxLine {
		s.maxLine, s.maxLineName = t.maxLine, t.maxLineName
	}
}

func (s *summary) median() time.Duration {
	if len(s.walls) == 0 {
		return 0
	}
	w := slices.Clone(s.walls)
	slices.Sort(w)
	if len(w)%2 == 1 {
		return w[len(w)/2]
	}
	return (w[len(w)/2-1] + w[len(w)/2]) / 2
}

// A keptRow is a table row held back by -rows: the puzzle's place in its
// set, the first back end's wall time, whether every back end decided it
// right (or could not be checked), and the row.
type keptRow struct {
	i    int
	wall time.Duration
	ok   bool
	row  []string
}

// pickRows returns, in set order, the n slowest rows and every row that
// is not ok.
func pickRows(rows []keptRow, n int) []keptRow {
	byTime := slices.Clone(rows)
	slices.SortStableFunc(byTime, func(a, b keptRow) int { return cmp.Compare(b.wall, a.wall) })
	pick := make(map[int]bool)
	for _, k := range byTime[:min(n, len(byTime))] {
		pick[k.i] = true
	}
	var out []keptRow
	for _, k := range rows {
		if pick[k.i] || !k.ok {
			out = append(out, k)
		}
	}
	return out
}

// A column is a table column; right-aligned columns hold numbers.
type column struct {
	head  string
	width int
	right bool
}

func (r *runner) columns(s *set) []column {
	nameW := len("name")
	for _, it := range s.items {
		nameW = max(nameW, len(it.name))
	}
	cols := []column{
		{"name", nameW, false}, {"size", 5, true}, {"verdict", 8, false}, {"expected", 9, false},
		{"check", 7, false}, {"wall ms", 8, true}, {"cpu ms", 8, true}, {"presolve ms", 11, true}, {"SAT calls", 9, true},
		{"vars", 7, true}, {"clauses", 8, true}, {"fixed", 5, true}, {"line-solved", 11, false},
		{"conflicts", 9, true}, {"by", 6, false},
	}
	if len(r.backends) == 2 {
		c, m := r.backends[1].name, r.backends[0].name
		cols = append(cols,
			column{c + " ms", max(8, len(c)+3), true},
			column{c + " check", max(7, len(c)+6), false},
			column{c + "/" + m, len(c) + len(m) + 1, true})
	}
	if s.ref {
		cols = append(cols, column{"ref CPU s nonosolve / nonogrid-SAT / pbnsolve", 24, false})
	}
	return cols
}

func (r *runner) row(it item, outs []outcome, ref bool) []string {
	o := outs[0]
	cpu := ms(o.cpu)
	if r.cfg.jobs > 1 {
		cpu = "-" // shared by the puzzles that ran at the same time
	}
	row := []string{
		it.name, fmt.Sprintf("%dx%d", it.p.Width(), it.p.Height()), o.verdict, it.expect, o.check,
		ms(o.wall), cpu, ms(o.stats.Presolve), strconv.Itoa(o.stats.SATCalls), strconv.Itoa(o.stats.Vars),
		strconv.Itoa(o.stats.Clauses), strconv.Itoa(o.stats.FixedCells), yesNo(o.lineSolved),
		strconv.Itoa(o.stats.Conflicts), decidedBy(o),
	}
	if len(r.backends) == 2 {
		if len(outs) < 2 {
			row = append(row, "-", "-", "-")
		} else {
			c := outs[1]
			row = append(row, ms(c.wall), c.check, ratio(o, c))
		}
	}
	if ref {
		row = append(row, it.ref)
	}
	return row
}

// ratio is the compare back end's time over the main one's; a timeout
// makes it a bound.
func ratio(main, cmp outcome) string {
	q := fmt.Sprintf("%.2f", float64(cmp.wall)/float64(max(main.wall, time.Microsecond)))
	mt, ct := main.check == "timeout", cmp.check == "timeout"
	switch {
	case main.check == "error" || cmp.check == "error" || mt && ct:
		return "-"
	case mt:
		return "<" + q
	case ct:
		return ">" + q
	}
	return q
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// ms formats a duration in milliseconds with three significant digits or
// more.
func ms(d time.Duration) string {
	f := float64(d) / float64(time.Millisecond)
	switch {
	case f < 10:
		return fmt.Sprintf("%.2f", f)
	case f < 1000:
		return fmt.Sprintf("%.1f", f)
	}
	return fmt.Sprintf("%.0f", f)
}

func secs(d time.Duration) string { return fmt.Sprintf("%.2f s", d.Seconds()) }

func (r *runner) printRow(cols []column, row []string) {
	var sb strings.Builder
	if r.cfg.md {
		sb.WriteString("|")
		for _, v := range row {
			sb.WriteString(" " + strings.ReplaceAll(v, "|", `\|`) + " |")
		}
	} else {
		for i, v := range row {
			if i >= len(cols) {
				break
			}
			if i > 0 {
				sb.WriteString("  ")
			}
			if cols[i].right {
				fmt.Fprintf(&sb, "%*s", cols[i].width, v)
			} else {
				fmt.Fprintf(&sb, "%-*s", cols[i].width, v)
			}
		}
	}
	fmt.Fprintln(r.w, strings.TrimRight(sb.String(), " "))
}

func (r *runner) setHeader(s *set, cols []column) {
	heads := make([]string, len(cols))
	for i, c := range cols {
		heads[i] = c.head
	}
	if r.cfg.md {
		fmt.Fprintf(r.w, "\n### %s: %s, %d puzzles\n\n", s.name, s.title, len(s.items))
		r.printRow(cols, heads)
		var sb strings.Builder
		sb.WriteString("|")
		for _, c := range cols {
			if c.right {
				sb.WriteString("---:|")
			} else {
				sb.WriteString("---|")
			}
		}
		fmt.Fprintln(r.w, sb.String())
		return
	}
	fmt.Fprintf(r.w, "\n== %s: %s, %d puzzles\n", s.name, s.title, len(s.items))
	r.printRow(cols, heads)
}

func (r *runner) setFooter(s *set, sums []summary, ran int, wall, cpu, mainTotal, cmpTotal time.Duration, ratios []float64, interrupted bool) {
	var lines []string
	for k, sum := range sums {
		b := r.backends[k].name
		line := fmt.Sprintf("%s, %s: %d puzzles, total %s, median %s ms, max %s ms (%s), wrong %d, timeouts %d, errors %d",
			s.name, b, sum.n, secs(sum.total), ms(sum.median()), ms(sum.max), sum.maxName, sum.wrong, sum.timeouts, sum.errors)
		if r.cfg.jobs == 1 {
			line += fmt.Sprintf(", CPU %s", secs(sum.cpu))
		}
		if sum.lineSolved > 0 {
			line += fmt.Sprintf("; line-solved %d, max %s ms (%s), %d of them in 5 ms or more", sum.lineSolved, ms(sum.maxLine), sum.maxLineName, sum.lineSlow)
		}
		if sum.learned > 0 {
			line += fmt.Sprintf("; decided by the learner %d", sum.learned)
		}
		lines = append(lines, line)
	}
	if len(sums) == 2 && mainTotal > 0 {
		c, m := r.backends[1].name, r.backends[0].name
		line := fmt.Sprintf("%s/%s time ratio over the puzzles both decided: total %.2f", c, m, float64(cmpTotal)/float64(mainTotal))
		if len(ratios) > 0 {
			sum := 0.0
			for _, x := range ratios {
				sum += x
			}
			line += fmt.Sprintf(", geometric mean %.2f over the %d that needed SAT", math.Exp(sum/float64(len(ratios))), len(ratios))
		}
		lines = append(lines, line)
	}
	lines = append(lines, fmt.Sprintf("%s: wall %s, process CPU %s (user+sys of the runner and its children, every back end)", s.name, secs(wall), secs(cpu)))
	if r.cfg.rows > 0 && ran > r.cfg.rows {
		lines = append(lines, fmt.Sprintf("%s: the table shows the %d slowest of the %d puzzles and every one not decided right (-rows %d)", s.name, r.cfg.rows, ran, r.cfg.rows))
	}
	if interrupted {
		lines = append(lines, fmt.Sprintf("%s: interrupted after %d of %d puzzles", s.name, ran, len(s.items)))
	}
	if r.cfg.md {
		fmt.Fprintln(r.w)
		for _, l := range lines {
			fmt.Fprintf(r.w, "- %s\n", l)
		}
		return
	}
	for _, l := range lines {
		fmt.Fprintf(r.w, "-- %s\n", l)
	}
}

// header prints the machine description and the run's options.
func (r *runner) header() {
	cfg := r.cfg
	b := r.backends[0].name
	if isGophersat(b) {
		b += " (in a worker child process)"
	}
	if len(r.backends) == 2 {
		b += ", compared with " + r.backends[1].name
	}
	presolve := "on"
	if cfg.noPresolve {
		presolve = "off (-no-presolve)"
	}
	goal := "ignored: a genuine 2-solution search"
	if cfg.useGoal {
		goal = "used when present (-use-goal)"
	}
	lines := [][2]string{
		{"command", commandLine(cfg.args)},
		{"date", time.Now().Format("2006-01-02 15:04:05 MST")},
		{"machine", machine()},
		{"load average at start", loadAvg()},
		{"Go", runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH},
		{"commit", gitCommit()},
		{"back end", b},
		{"mode", fmt.Sprintf("uniqueness (up to 2 solutions); presolve %s; goals %s; timeout %s per puzzle and back end; -j %d", presolve, goal, cfg.timeout, cfg.jobs)},
		{"corpora", cfg.corpora},
	}
	if cfg.md {
		fmt.Fprintf(r.w, "## Run: %s\n", strings.Join(cfg.sets, ", "))
		fmt.Fprintln(r.w)
		for _, l := range lines {
			fmt.Fprintf(r.w, "- %s: %s\n", l[0], mdCode(l[0], l[1]))
		}
		fmt.Fprintln(r.w)
		fmt.Fprintln(r.w, "Columns: wall ms is the whole solver.Solve call (presolve, encoding, SAT, worker start); cpu ms is user+sys of the runner and its children during that call; presolve ms is the line solving inside it; fixed = cells fixed by line solving; check = verdict against the expected one (survey: expected-results-summary.csv, unique answers also against the solution file; tournament: unique answers against the published solution; hardtests and webpbn: unique answers against the goal).")
		return
	}
	for _, l := range lines {
		fmt.Fprintf(r.w, "%-22s %s\n", l[0]+":", l[1])
	}
}

func mdCode(key, v string) string {
	if key == "command" || key == "corpora" {
		return "`" + v + "`"
	}
	return v
}

func (r *runner) footer(total summary, wall, cpu time.Duration, interrupted bool) {
	line := fmt.Sprintf("all sets, %s: %d puzzles, total %s, median %s ms, max %s ms (%s), wrong %d, timeouts %d, errors %d; run wall %s, process CPU %s; load average at end %s",
		r.backends[0].name, total.n, secs(total.total), ms(total.median()), ms(total.max), total.maxName,
		total.wrong, total.timeouts, total.errors, secs(wall), secs(cpu), loadAvg())
	if interrupted {
		line += "; INTERRUPTED"
	}
	if r.cfg.md {
		fmt.Fprintf(r.w, "\n### Total\n\n- %s\n\n", line)
		return
	}
	fmt.Fprintf(r.w, "\n== %s\n", line)
}

func commandLine(args []string) string {
	parts := []string{"go run ./benchmarks/runner"}
	for _, a := range args {
		if a == "" || strings.ContainsAny(a, " \t'\"$|*?") {
			a = strconv.Quote(a)
		}
		parts = append(parts, a)
	}
	return strings.Join(parts, " ")
}

// machine describes the CPUs and memory from /proc (Linux); elsewhere the
// CPU count only.
func machine() string {
	desc := fmt.Sprintf("%d CPUs", runtime.NumCPU())
	if data, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
				desc += ", " + strings.TrimSpace(v)
				break
			}
		}
	}
	if data, err := os.ReadFile("/proc/meminfo"); err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			if f := strings.Fields(line); len(f) >= 2 && f[0] == "MemTotal:" {
				if kb, err := strconv.Atoi(f[1]); err == nil {
					desc += fmt.Sprintf(", %.1f GiB RAM", float64(kb)/(1<<20))
				}
				break
			}
		}
	}
	return desc
}

func loadAvg() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(data))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

// gitCommit is the repository's HEAD, if git can tell; the working tree
// may hold changes not in it.
func gitCommit() string {
	out, err := exec.Command("git", "rev-parse", "--short", "HEAD").Output()
	if err != nil {
		return "unknown"
	}
	return strings.TrimSpace(string(out))
}

// cpuTime is the user and system CPU time of this process and of its
// children that have ended (the SAT workers and external solvers).
func cpuTime() time.Duration {
	var t time.Duration
	for _, who := range []int{syscall.RUSAGE_SELF, syscall.RUSAGE_CHILDREN} {
		var ru syscall.Rusage
		if syscall.Getrusage(who, &ru) == nil {
			t += time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
		}
	}
	return t
}
