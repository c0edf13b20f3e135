package backend

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// WorkerArg, as the first argument of the test binary, makes it serve
// ServeWorker (see TestMain), so that tests can run gophersat in a worker
// process without setting the environment, and in parallel.
const WorkerArg = "nonosat-test-sat-worker"

// TestMain lets the test binary act as a SAT worker child process.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == WorkerArg {
		if err := ServeWorker(os.Stdin, os.Stdout); err != nil {
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
