package benchmarks

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/nonosat/nonosat/puzzle"
)

var startupCompare = flag.String("startup.compare", "", "a nonosat `binary` BenchmarkStartup times beside the ones it builds (an older build, for before and after figures)")

// makefileBuild returns the environment and go build arguments of the
// Makefile's build target (its BUILD_ENV and BUILD_FLAGS).
func makefileBuild(b *testing.B) (env, args []string) {
	b.Helper()
	data, err := os.ReadFile(filepath.Join("..", "Makefile"))
	if err != nil {
		b.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		name, value, _ := strings.Cut(line, "=")
		switch strings.TrimSpace(name) {
		case "BUILD_ENV":
			env = strings.Fields(value)
		case "BUILD_FLAGS":
			args = strings.Fields(value)
		}
	}
	if env == nil || args == nil {
		b.Fatal("the Makefile sets no BUILD_ENV or BUILD_FLAGS")
	}
	return env, args
}

// BenchmarkStartup measures nonosat as scripts and make rules run it:
// one whole process per puzzle. It builds nonosat twice, as the Makefile's
// build target does (release) and as a plain "go build" or "go install"
// does (gobuild),
// and a Go hello world, then runs each command as a process, paired run by
// run with a baseline (alternating which goes first): --version against
// the hello world, and check on a line-solvable puzzle (examples/house.non,
// 10x10, and a generated 30x30) against pbnsolve -u on the same file when
// pbnsolve is on PATH, else against the hello world. It reports the
// medians of each (ms/run, base-ms/run), the median CPU time (user+sys)
// of nonosat's runs, and ratio, nonosat's median over the baseline's.
// No test asserts a time; run it as
//
//	go test -run '^$' -bench Startup -benchtime 300x ./benchmarks/
//
// and add -args -startup.compare=OLD to time another build beside them.
func BenchmarkStartup(b *testing.B) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		b.Skip("needs the go command to build the programs")
	}
	dir := b.TempDir()
	hello := buildHello(b, goTool, dir)
	env, args := makefileBuild(b)
	bins := []struct{ name, path string }{
		{"release", buildNonosat(b, goTool, filepath.Join(dir, "nonosat-release"), env, args)},
		{"gobuild", buildNonosat(b, goTool, filepath.Join(dir, "nonosat-gobuild"), nil, nil)},
	}
	if *startupCompare != "" {
		bins = append(bins, struct{ name, path string }{"compare", *startupCompare})
	}
	// Time copies, written with write(2) as an install writes them: the
	// linker writes its output through mmap, and the same bytes then start
	// some 0.3 ms slower on this machine's kernel, which would favour any
	// binary not just built.
	hello = freshCopy(b, hello, dir)
	for i := range bins {
		bins[i].path = freshCopy(b, bins[i].path, dir)
	}
	line30 := filepath.Join(dir, "line30.non")
	if err := writePuzzle(line30, lineSolvablePuzzle(b, 30, 30)); err != nil {
		b.Fatal(err)
	}
	pbnsolve, _ := exec.LookPath("pbnsolve")
	baseline := func(file string) []string {
		if pbnsolve != "" {
			return []string{pbnsolve, "-u", file}
		}
		return []string{hello}
	}
	puzzles := []struct{ name, file string }{
		{"house-10x10", filepath.Join("..", "examples", "house.non")},
		{"line-30x30", line30},
	}
	for _, bin := range bins {
		b.Run(bin.name+"/version", func(b *testing.B) {
			pairedRuns(b, []string{bin.path, "--version"}, "nonosat version ", []string{hello})
		})
		for _, p := range puzzles {
			b.Run(bin.name+"/check-"+p.name, func(b *testing.B) {
				pairedRuns(b, []string{bin.path, "check", p.file}, "unique\n", baseline(p.file))
			})
		}
	}
}

// pairedRuns runs cmd and base as processes once per loop iteration,
// alternating which goes first, and reports their median wall times, the
// median CPU time of cmd and the ratio of the medians. cmd must exit 0
// and print want first.
func pairedRuns(b *testing.B, cmd []string, want string, base []string) {
	var ours, theirs, cpu []time.Duration
	var out bytes.Buffer
	for range 3 { // untimed: the first runs of a new file page it in
		runProcess(b, cmd, &out)
		runProcess(b, base, nil)
	}
	i := 0
	for b.Loop() {
		for k := range 2 {
			if (i+k)%2 == 0 {
				out.Reset()
				wall, c := runProcess(b, cmd, &out)
				if !strings.HasPrefix(out.String(), want) {
					b.Fatalf("%s printed %q, want %q first", strings.Join(cmd, " "), out.String(), want)
				}
				ours, cpu = append(ours, wall), append(cpu, c)
			} else {
				wall, _ := runProcess(b, base, nil)
				theirs = append(theirs, wall)
			}
		}
		i++
	}
	m, mb := median(ours), median(theirs)
	b.ReportMetric(ms(m), "ms/run")
	b.ReportMetric(ms(mb), "base-ms/run")
	b.ReportMetric(ms(median(cpu)), "cpu-ms/run")
	b.ReportMetric(float64(m)/float64(mb), "ratio")
}

// runProcess runs argv to its end and returns the wall time from start to
// exit and the process's CPU time (user+sys). A failure ends the benchmark.
func runProcess(b *testing.B, argv []string, stdout *bytes.Buffer) (wall, cpu time.Duration) {
	var errb bytes.Buffer
	c := exec.Command(argv[0], argv[1:]...)
	if stdout != nil {
		c.Stdout = stdout
	}
	c.Stderr = &errb
	start := time.Now()
	err := c.Run()
	wall = time.Since(start)
	if err != nil {
		b.Fatalf("%s: %v\n%s", strings.Join(argv, " "), err, errb.String())
	}
	return wall, c.ProcessState.UserTime() + c.ProcessState.SystemTime()
}

// freshCopy copies the executable at name into dir under a new name and
// returns the copy's path.
func freshCopy(b *testing.B, name, dir string) string {
	data, err := os.ReadFile(name)
	if err != nil {
		b.Fatal(err)
	}
	f, err := os.CreateTemp(dir, "copy-*-"+filepath.Base(name))
	if err != nil {
		b.Fatal(err)
	}
	if _, err := f.Write(data); err != nil {
		b.Fatal(err)
	}
	if err := f.Chmod(0o755); err != nil {
		b.Fatal(err)
	}
	if err := f.Close(); err != nil {
		b.Fatal(err)
	}
	return f.Name()
}

// buildNonosat builds ./cmd/nonosat of this module to out with the extra
// environment and build arguments.
func buildNonosat(b *testing.B, goTool, out string, env, args []string) string {
	c := exec.Command(goTool, append(append([]string{"build", "-o", out}, args...), "./cmd/nonosat")...)
	c.Dir = ".."
	c.Env = append(os.Environ(), env...)
	if msg, err := c.CombinedOutput(); err != nil {
		b.Fatalf("building nonosat: %v\n%s", err, msg)
	}
	return out
}

// buildHello builds a Go hello world in dir and returns its path: the
// least a Go program takes to start, on this machine and Go version.
func buildHello(b *testing.B, goTool, dir string) string {
	src := filepath.Join(dir, "hello")
	if err := os.MkdirAll(src, 0o777); err != nil {
		b.Fatal(err)
	}
	files := map[string]string{
		"go.mod":  "module hello\n\ngo 1.21\n",
		"main.go": "package main\n\nimport \"os\"\n\nfunc main() { os.Stdout.WriteString(\"hello, world\\n\") }\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(src, name), []byte(text), 0o666); err != nil {
			b.Fatal(err)
		}
	}
	out := filepath.Join(dir, "hello-world")
	c := exec.Command(goTool, "build", "-o", out, ".")
	c.Dir = src
	c.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=")
	if msg, err := c.CombinedOutput(); err != nil {
		b.Fatalf("building the hello world: %v\n%s", err, msg)
	}
	return out
}

func writePuzzle(name string, p *puzzle.Puzzle) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	if err := puzzle.Encode(f, p, puzzle.NON); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func median(ds []time.Duration) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
