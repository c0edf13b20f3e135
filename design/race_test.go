//go:build race

package design_test

// raceEnabled: the race detector slows the searches about tenfold, so the
// corpus tests take smaller samples.
const raceEnabled = true
