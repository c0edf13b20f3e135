package certify_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/nonosat/nonosat/certify"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/solver"
	"github.com/nonosat/nonosat/solver/backend"
)

// workerArg, as the first argument of the test binary, makes it serve
// backend.ServeWorker (see TestMain), so that tests can run gophersat in
// a worker process.
const workerArg = "nonosat-test-sat-worker"

// TestMain lets the test binary act as a SAT worker child process.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == workerArg {
		if err := backend.ServeWorker(os.Stdin, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	// The workers and commands this binary runs as itself would each
	// sleep a second at exit under the race detector.
	os.Setenv("GORACE", strings.TrimSpace(os.Getenv("GORACE")+" atexit_sleep_ms=0"))
	os.Exit(m.Run())
}

// workerOptions are options that run gophersat in a worker process, this
// test binary.
func workerOptions(t testing.TB) solver.Options {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return solver.Options{Worker: []string{exe, workerArg}}
}

// permutation is the n×n puzzle of one cell per row and column: n!
// solutions.
func permutation(n int) *puzzle.Puzzle {
	one := make([][]int, n)
	for i := range one {
		one[i] = []int{1}
	}
	return puzzle.New(one, one)
}

// traced reports whether o's trace holds a complete proof.
func traced(o solver.Options) bool {
	t, _ := o.Proof.(*certify.Trace)
	return t.Complete()
}
