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
	n := f.NumVars
	val := make([]int8, n+1) // by variable: 1 true, -1 false
	value := func(l cnf.Lit) int8 {
		if l < 0 {
			return -val[-l]
		}
		return val[l]
	}
	occ := make([][]int32, 2*n+2) // clauses by literal: index 2v or 2v+1 for -v
	idx := func(l cnf.Lit) int {
		if l < 0 {
			return int(-l)*2 + 1
		}
		return int(l) * 2
	}
	var queue []cnf.Lit
	assign := func(l cnf.Lit) bool {
		switch value(l) {
		case 1:
			return true
		case -1:
			return false
		}
		if l < 0 {
			val[-l] = -1
		} else {
			val[l] = 1
		}
		queue = append(queue, l)
		return true
	}
	for i, c := range f.Clauses {
		for _, l := range c {
			occ[idx(l)] = append(occ[idx(l)], int32(i))
		}
		switch len(c) {
		case 0:
			return nil, nil, true
		case 1:
			if !assign(c[0]) {
				return nil, nil, true
			}
		}
	}
	for q := 0; q < len(queue); q++ {
		for _, ci := range occ[idx(-queue[q])] {
			var last cnf.Lit
			free, sat := 0, false
			for _, l := range f.Clauses[ci] {
				switch value(l) {
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
				return nil, nil, true
			case free == 1:
				assign(last) // open, so it cannot fail
			}
		}
	}
	for _, c := range f.Clauses {
		var out cnf.Clause
		sat := false
		for _, l := range c {
			switch value(l) {
			case 1:
				sat = true
			case 0:
				out = append(out, l)
			}
		}
		if !sat {
			simplified = append(simplified, out)
		}
	}
	return queue, simplified, false
}
