//go:build !race

package design_test

const raceEnabled = false
