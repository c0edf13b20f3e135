package solver

import "github.com/nonosat/nonosat/learner"

// Params are the settings of the pipeline's stages, one field each: its
// default, the range it makes sense in and what it does, with where the
// measurements behind it are (LEARNER.md is learner/LEARNER.md, RESULTS.md
// benchmarks/RESULTS.md). A solve takes [DefaultParams] unless
// Options.Params gives others; a test or a measurement starts from
// DefaultParams and changes a field.
//
// Each field's comment starts with its default and its range, as in
// learner.Params, which the tests check against DefaultParams.
type Params struct {
	// Probing after line solving (presolve.go).
	Probe     int   // 4, ≥ 0: probes per cell unless Options.NoProbe or ProbeBudget
	ProbeWork int64 // 500_000_000, ≥ 1: probing's line solves times the longest side at most, so that a puzzle whose every probe sweeps the grid goes on within about a second (LEARNER.md, "Probing's bounds")
	ProbeCost int64 // 64_000_000, ≥ 1: probing's line solves weighted by their cost (linesolve.Stats.Work) at most, for long lines of many blocks, which ProbeWork undercounts (LEARNER.md, "Probing's bounds")

	// The hand-off to an external SAT solver (handoff.go).
	HandoffConflicts int  // 30_000, ≥ 0: the learner's conflicts in all before an undecided puzzle goes to the external solver; Thing needs about 20,000 (RESULTS.md, "N-Dom and the hand-off")
	HandoffAfter     int  // 10_000, ≥ 0: and at most this many after the last solution of its own it found: no corpus puzzle needs half (LEARNER.md, "Lucky descents and the hand-off after a solution")
	HandoffLucky     bool // true: the learner makes its lucky descents first, which find N-Dom's solution at once (LEARNER.md, "Lucky descents and the hand-off after a solution")
	HandoffLBD       int  // 6, ≥ 0: the learnt clauses passed on with the facts have at most this LBD (LEARNER.md, "Lucky descents and the hand-off after a solution")

	Learner learner.Params // the learner stage's settings
}

// DefaultParams returns the settings a solve takes by default.
func DefaultParams() Params {
	return Params{
		Probe:     4,
		ProbeWork: 500_000_000,
		ProbeCost: 64_000_000,

		HandoffConflicts: 30_000,
		HandoffAfter:     10_000,
		HandoffLucky:     true,
		HandoffLBD:       6,

		Learner: learner.DefaultParams(),
	}
}

// params returns the settings of o: Options.Params, or the defaults.
func (o Options) params() Params {
	if o.Params != nil {
		return *o.Params
	}
	return DefaultParams()
}
