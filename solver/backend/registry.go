package backend

import (
	"os/exec"
	"strings"

	"github.com/nonosat/nonosat/cnf"
)

// entry is one back end known by name: how to make it and what sets it
// apart. Every question about a back end by name is answered here.
type entry struct {
	name string
	// make returns the back end for f, in the worker process worker
	// when it is set and the back end needs one; nil for external
	// solvers, which newExternal makes from the fields below.
	make func(f *cnf.Formula, worker []string) Solver
	// worker: the search cannot be interrupted in process, so a
	// deadline holds only in a worker process (gophersat).
	worker bool
	// external: a child process per solve on a DIMACS file. The
	// pipeline hands the puzzle over to it after a bounded learner and
	// encodes for it in the order encoding (package solver, handoff.go).
	external bool
	bin      string   // external: the executable, looked up in PATH
	args     []string // external: flags before the input file
	result   bool     // external: the answer goes to a result file named after the input
	pkg      string   // external: the Debian package with bin, "" if Debian has none
	// drat, when set, are the flags of the solver's own DRAT mode
	// (RefuteExternal): the proof file is its second argument, and
	// the flags ask for DRAT text.
	drat []string
	// auto: [Auto] picks this external solver when its bin is in
	// PATH, in the registry's order.
	auto bool
}

// registry lists the back ends New knows by name; "" is gophersat.
// Debian (bookworm) packages cadical, minisat, picosat and
// cryptominisat; kissat, glucose and lingeling must be built from their
// sources. Any other solver runs as "exec:PATH" (newExternal).
var registry = []entry{
	{name: "gophersat", make: newGophersatIn, worker: true},
	{name: "gini", make: func(f *cnf.Formula, _ []string) Solver { return newGini(f) }},
	{name: "cadical", external: true, bin: "cadical", args: []string{"-q"}, pkg: "cadical", drat: []string{"-q", "--no-binary"}, auto: true},
	{name: "kissat", external: true, bin: "kissat", args: []string{"-q"}, drat: []string{"-q", "--no-binary"}, auto: true},
	{name: "minisat", external: true, bin: "minisat", args: []string{"-verb=0"}, result: true, pkg: "minisat"},
	{name: "picosat", external: true, bin: "picosat", pkg: "picosat"},
	{name: "cryptominisat", external: true, bin: "cryptominisat5", args: []string{"--verb", "0"}, pkg: "cryptominisat"},
	{name: "glucose", external: true, bin: "glucose", result: true},
	{name: "lingeling", external: true, bin: "lingeling", args: []string{"-q"}},
}

// lookup returns the registry's entry for name ("" is gophersat).
func lookup(name string) (entry, bool) {
	if name == "" {
		name = "gophersat"
	}
	for _, e := range registry {
		if e.name == name {
			return e, true
		}
	}
	return entry{}, false
}

// newGophersatIn returns gophersat in the worker process worker when it
// is set, else in process.
func newGophersatIn(f *cnf.Formula, worker []string) Solver {
	if len(worker) > 0 {
		return newWorker(f, worker)
	}
	return newGophersat(f)
}

// Auto returns the back end to use when the caller leaves the choice to
// the machine (the CLI's --sat auto): the first of cadical and kissat
// found in PATH, which refute the hardest unique puzzles several times
// faster than the in-process road after the learner's hand-off
// (benchmarks/RESULTS.md, "N-Dom and the hand-off"); else "gophersat".
func Auto() string {
	for _, e := range registry {
		if e.auto {
			if _, err := exec.LookPath(e.bin); err == nil {
				return e.name
			}
		}
	}
	return "gophersat"
}

// New returns the back end called name for the formula f: "" (for
// gophersat) or a name of the registry, or "exec:PATH" for any other
// solver (see newExternal). A back end that needs a worker process
// (NeedsWorker) runs in the command worker (which runs [ServeWorker])
// when worker is not empty, so that a done context can stop it.
func New(f *cnf.Formula, name string, worker []string) (Solver, error) {
	if e, ok := lookup(name); ok && e.make != nil {
		return e.make(f, worker), nil
	}
	return newExternal(f, name)
}

// External reports whether name is not a back end that runs in process:
// an external solver, "exec:PATH", or a name New does not know.
func External(name string) bool {
	e, ok := lookup(name)
	return !ok || e.external
}

// NeedsWorker reports whether the back end name cannot be interrupted in
// process, so that a deadline holds only when New gets a worker command.
func NeedsWorker(name string) bool {
	e, _ := lookup(name)
	return e.worker
}

// WritesDRAT reports whether the external solver name writes DRAT
// proofs of its own ([RefuteExternal]).
func WritesDRAT(name string) bool {
	e, _ := lookup(name)
	return e.drat != nil
}

// externalNames lists the external solvers of the registry.
func externalNames() string {
	var names []string
	for _, e := range registry {
		if e.external {
			names = append(names, e.name)
		}
	}
	return strings.Join(names, ", ")
}
