package certify

import "github.com/nonosat/nonosat/cnf"

// unitPropagate runs unit propagation on f to its fixpoint. It returns
// whether that refutes f and, if not, the implied units and f simplified
// by them (satisfied clauses dropped, false literals removed). Every
// clause of the result is RUP with respect to f, so a proof that starts
// from the simplified formula is a proof for f. Verdict uses it so that
// a puzzle line solving decides gets the one-line proof "0", and so that
// gophersat, whose parser propagates units slowly (restarting its scan of
// every clause per new unit), starts at the fixpoint.
func unitPropagate(f *cnf.Formula) (units []cnf.Lit, simplified []cnf.Clause, refuted bool) {
	u := unitState{val: make([]int8, f.NumVars+1), occ: make([][]int32, 2*f.NumVars+2)}
	for i, c := range f.Clauses {
		for _, l := range c {
			u.occ[occIndex(l)] = append(u.occ[occIndex(l)], int32(i))
		}
		if len(c) == 0 || len(c) == 1 && !u.assign(c[0]) {
			return nil, nil, true
		}
	}
	if !u.propagate(f.Clauses) {
		return nil, nil, true
	}
	return u.queue, u.simplify(f.Clauses), false
}

// unitState is unitPropagate's assignment: the value of each variable,
// the clauses of each literal and the units in the order found.
type unitState struct {
	val   []int8    // by variable: 1 true, -1 false, 0 open
	occ   [][]int32 // clauses by literal (occIndex)
	queue []cnf.Lit
}

// occIndex is literal l's index in unitState.occ: 2v for v, 2v+1 for -v.
func occIndex(l cnf.Lit) int {
	if l < 0 {
		return int(-l)*2 + 1
	}
	return int(l) * 2
}

func (u *unitState) value(l cnf.Lit) int8 {
	if l < 0 {
		return -u.val[-l]
	}
	return u.val[l]
}

// assign makes l true and queues it; it reports false when l is false.
func (u *unitState) assign(l cnf.Lit) bool {
	switch u.value(l) {
	case 1:
		return true
	case -1:
		return false
	}
	if l < 0 {
		u.val[-l] = -1
	} else {
		u.val[l] = 1
	}
	u.queue = append(u.queue, l)
	return true
}

// propagate visits the clauses of each queued unit's negation until no
// clause is left with one open literal and no true one; it reports false
// when a clause has every literal false.
func (u *unitState) propagate(clauses []cnf.Clause) bool {
	for q := 0; q < len(u.queue); q++ {
		for _, ci := range u.occ[occIndex(-u.queue[q])] {
			var last cnf.Lit
			free, sat := 0, false
			for _, l := range clauses[ci] {
				switch u.value(l) {
				case 1:
					sat = true
				case 0:
					last = l
					free++
				}
			}
			switch {
			case sat:
			case free == 0:
				return false
			case free == 1:
				u.assign(last) // open, so it cannot fail
			}
		}
	}
	return true
}

// simplify returns the clauses no unit satisfies, without their false
// literals.
func (u *unitState) simplify(clauses []cnf.Clause) []cnf.Clause {
	var out []cnf.Clause
	for _, c := range clauses {
		var rest cnf.Clause
		sat := false
		for _, l := range c {
			switch u.value(l) {
			case 1:
				sat = true
			case 0:
				rest = append(rest, l)
			}
		}
		if !sat {
			out = append(out, rest)
		}
	}
	return out
}
