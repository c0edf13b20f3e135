// Package testcorpus is where tests find the shared corpora: test data
// beside the repository, never in it. A test that needs them skips,
// saying why, when they are absent.
package testcorpus

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

// Dir is ../shared/corpora beside the repository, as the tests of a
// package one level below the repository root see it.
var Dir = filepath.Join("..", "..", "shared", "corpora")

// All makes the corpus tests run over every puzzle instead of a sample.
var All = flag.Bool("corpus.all", os.Getenv("NONOSAT_FULL_CORPUS") == "1", "run the corpus tests over every puzzle, not a sample (also NONOSAT_FULL_CORPUS=1)")

// Need skips t when Dir is absent.
func Need(t testing.TB) {
	t.Helper()
	if _, err := os.Stat(Dir); err != nil {
		t.Skipf("corpus tests need ../shared/corpora beside the repository: %v", err)
	}
}
