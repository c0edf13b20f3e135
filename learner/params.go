package learner

// Params are the settings of a [Learner]'s search, one field each: its
// default, the range it makes sense in, what it does, and the section of
// LEARNER.md that holds the measurements behind the default. A Learner
// takes [DefaultParams] unless [Learner.SetParams] gives it others; a
// test or a measurement starts from DefaultParams and changes a field.
//
// Each field's comment starts with its default and its range, as
// "100, ≥ 1:" or "0.95, in (0, 1):", which the tests check against
// DefaultParams. The lucky descents (lucky.go) are not a setting: there
// are four, forward and backward in colours 0 and 1.
type Params struct {
	// Restarts, clause deletion and decisions.
	RestartUnit      int     // 100, ≥ 1: conflicts per unit of the Luby restart sequence ("Settings")
	ReduceFirst      int     // 2000, ≥ 1: conflicts before the first halving of the learnt clauses, and the base of the intervals after it ("Settings")
	ReduceFirstColor int     // 5000, ≥ 1: ReduceFirst for a colour puzzle, whose learnt clauses are worth more ("Colour search")
	ReduceInc        int     // 300, ≥ 0: how much longer each interval between halvings is than the last ("Settings")
	KeepLBD          int     // 2, ≥ 0: learnt clauses of at most this LBD survive every halving ("Settings")
	ReduceUsedAfter  int     // 20_000, ≥ 0: conflicts after which a learnt clause used in a conflict's analysis survives halvings for a while ("A used tier")
	ReduceUsedRounds int     // 2, in [0, 255]: the halvings it survives after its last use ("A used tier")
	ReduceUsedTarget float64 // 0.75, in (0, 1]: the share of the other clauses of LBD over KeepLBD a halving deletes once the tier is on ("A used tier")
	VarDecay         float64 // 0.95, in (0, 1): VSIDS decay of the cells' activities, per conflict ("Settings")
	BumpReasonDepth  int     // 2, ≥ 0: a conflict bumps the cells of the reasons of its learnt clause's literals too, and of theirs to this depth ("Bumping the reasons")
	BumpReasonAfter  int     // 20_000, ≥ 0: conflicts after which BumpReasonDepth applies ("Bumping the reasons")
	ClauseDecay      float64 // 0.999, in (0, 1]: decay of the learnt clauses' activities, per conflict ("Settings")
	Rephase          int     // 8, ≥ 1: restarts between resets of the saved phases to the colours of the longest trail ("Settings")
	RandomFreq       float64 // 0.02, in [0, 1]: the share of decisions on a random cell ("Settings")
	RestartEMAAfter  int     // 20_000, ≥ 0: conflicts after which the restarts of a black-and-white puzzle of fewer than BWDiveCells cells follow the LBD averages instead of the Luby sequence ("Restarts on the LBD averages")
	RestartEMA       float64 // 1.1, ≥ 0: then a restart comes when the fast average passes this times the slow one; 0: Luby to the end ("Restarts on the LBD averages")
	RestartFast      int     // 16, ≥ 1: the fast average's window, in learnt clauses ("Restarts on the LBD averages")
	RestartSlow      int     // 10_000, ≥ 1: the slow average's window ("Restarts on the LBD averages")
	RestartGap       int     // 2, ≥ 1: conflicts at least between two such restarts ("Restarts on the LBD averages")
	RephaseEvery     int     // 2000, ≥ 1: conflicts between resets of the phases once the restarts follow the averages ("Restarts on the LBD averages")

	// Hints: belief propagation over the lines, from the facts (belief.go).
	HintConf     float64 // 0.7, in [0.5, 1): the belief a cell's likeliest colour needs over this to be its hint ("Hints")
	BeliefRounds int     // 200, ≥ 1: sweeps at most ("Belief propagation's bounds")
	BeliefStable int     // 3, ≥ 1: sweeps in a row that change no cell's likeliest colour, which end it ("Belief propagation's bounds")
	BeliefWork   int     // 30_000_000, ≥ 1: state updates the sweeps may cost, which keeps large puzzles near 0.1 s ("Belief propagation's bounds")
	BeliefDamp   float64 // 0.5, in [0, 1): the share of a line's old message to a cell that a sweep keeps ("Belief propagation's bounds")
	BeliefFloor  float64 // 1e-6, in (0, 0.5): messages stay in [BeliefFloor, 1-BeliefFloor], so that no guess leaves a line without a placement ("Belief propagation's bounds")

	// Dives: belief propagation again after every few decisions (dive.go).
	DiveRestarts    int     // 2, ≥ 1: restarts between dives ("Every second restart")
	DiveBatch       float64 // 0.02, in (0, 1]: the share of the open cells a dive decides between two refreshes of its beliefs ("Dives")
	DiveSweeps      int     // 2, ≥ 1: sweeps of a refresh ("Dives")
	DiveConflicts   int     // 10, ≥ 1: conflicts that end a dive ("Dives")
	BWDiveCells     int     // 2500, ≥ 0: a black-and-white puzzle of fewer cells never dives ("Dives for black and white")
	BWDiveConflicts int     // 20_000, ≥ 0: nor does one before this many conflicts ("Dives for black and white")
	BWDiveWork      int     // 480_000_000, ≥ 1: state updates the first black-and-white dive may sweep from the facts, 16 times BeliefWork ("A longer first sweep")
}

// DefaultParams returns the settings a [Learner] takes by default.
func DefaultParams() Params {
	return Params{
		RestartUnit:      100,
		ReduceFirst:      2000,
		ReduceFirstColor: 5000,
		ReduceInc:        300,
		KeepLBD:          2,
		ReduceUsedAfter:  20_000,
		ReduceUsedRounds: 2,
		ReduceUsedTarget: 0.75,
		VarDecay:         0.95,
		BumpReasonDepth:  2,
		BumpReasonAfter:  20_000,
		ClauseDecay:      0.999,
		Rephase:          8,
		RandomFreq:       0.02,
		RestartEMAAfter:  20_000,
		RestartEMA:       1.1,
		RestartFast:      16,
		RestartSlow:      10_000,
		RestartGap:       2,
		RephaseEvery:     2000,

		HintConf:     0.7,
		BeliefRounds: 200,
		BeliefStable: 3,
		BeliefWork:   30_000_000,
		BeliefDamp:   0.5,
		BeliefFloor:  1e-6,

		DiveRestarts:    2,
		DiveBatch:       0.02,
		DiveSweeps:      2,
		DiveConflicts:   10,
		BWDiveCells:     2500,
		BWDiveConflicts: 20_000,
		BWDiveWork:      16 * 30_000_000,
	}
}
