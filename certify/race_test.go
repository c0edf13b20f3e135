//go:build race

package certify_test

// raceEnabled: the race detector slows SAT search about tenfold, so the
// corpus tests take smaller samples.
const raceEnabled = true
