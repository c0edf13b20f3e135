// Package benchmarks measures nonosat: Go benchmarks in bench_test.go, a
// corpus runner in the runner folder, and a load test of `nonosat serve`
// in the load folder. It has no API of its own.
//
// # Go benchmarks
//
//	go test -run '^$' -bench . ./benchmarks/
//
// BenchmarkSolve runs solver.Solve in uniqueness mode (up to two
// solutions, presolve on, gophersat in process) on generated puzzles (random
// 25×25 and 40×40 black and white, random 30×30 in three colours; fixed
// seeds, no goal) and on survey puzzles that take under a second.
// BenchmarkLineSolvable runs puzzles that line solving decides, end to end
// through Solve. BenchmarkEncode runs encode.Puzzle alone. Each reports
// the formula size as the metrics vars and clauses. Puzzles from the shared
// corpora (../shared/corpora beside the repository) are skipped when that
// folder is absent. Compare runs with benchstat; no test asserts a time.
//
// BenchmarkStartup times nonosat as whole processes, as scripts run it:
// --version, and check on a 10×10 and a 30×30 line-solvable puzzle. It
// builds nonosat as the Makefile's build target does (release) and with a
// plain go build (gobuild), and a Go hello world, and pairs every run with
// a baseline run, alternating which goes first: the hello world for
// --version, pbnsolve -u on the same puzzle for check when pbnsolve is on
// PATH, else the hello world. It reports the medians (ms/run, base-ms/run),
// nonosat's median CPU time (cpu-ms/run) and their ratio. Give it a fixed
// number of runs and, to time an older build beside the new ones, its path:
//
//	go test -run '^$' -bench Startup -benchtime 300x ./benchmarks/ -args -startup.compare=OLD
//
// # Load test
//
//	go run ./benchmarks/load [-clients 200] [-duration 60s] [flags]
//
// starts `nonosat serve` on loopback and puts it under load: a mix of
// line-solvable puzzles, puzzles that need search, colour pictures,
// malformed and oversize bodies, slow clients and clients that hang up;
// then hang-ups mid-solve, slowloris connections and SIGTERM under load.
// It reports throughput, statuses and latency per class and the server's
// peak RSS, and checks the targets of a service (see its doc comment).
//
// # Corpus runner
//
//	go run ./benchmarks/runner [flags]
//
// solves whole corpora in uniqueness mode and prints one row per puzzle:
// name, size, verdict, expected verdict, check (ok, WRONG, timeout, error),
// wall ms, CPU ms, presolve ms, SAT calls, vars, clauses, cells fixed by
// line solving, and whether line solving alone decided it; then a summary
// per set (count, total, median, max, wrong verdicts, timeouts, CPU, and
// how many line-solved puzzles took 5 ms or more) and a machine
// description. The sets (-set, a comma list) are:
//
//	survey      Wolter's 31 survey puzzles and webpbn 354 (webpbn-survey-nin)
//	hard        the four hard webpbn puzzles (webpbn-survey-nin/hard)
//	tournament  one tournament set of 1,000 25×25 puzzles (-tournament NAME)
//	hardtests   the 419 webpbn puzzles of storyyeller-webpbn-scrape/hardtests
//	webpbn      the 3,903 webpbn puzzles of storyyeller-webpbn-scrape/results
//	            (the 419 of hardtests among them)
//	all         all of them
//	random      random pictures (internal/randpuzzle) of 30×30 to 60×60
//	            cells, 20 to 35 % filled: random1 in black and white,
//	            random2 to random4 in 2 to 4 colours, the same sizes,
//	            densities and seeds in each (not in all); a unique answer
//	            must give the picture back
//	dom         N-Dom (internal/randpuzzle.Dom), N = 8 to 20, all unique
//	            (not in all)
//
// Expected answers come from fastnonogramsolver-survey/expected-results-summary.csv
// and the survey solution files, the tournament's published solutions
// (solution/NAME.txt), and the goals of the webpbn files: a unique answer
// must equal the known solution, and a "multiple" answer is always true
// because every grid Solve returns has passed puzzle.Check.
//
// Flags: -corpora DIR, -set LIST, -tournament NAME, -limit N (first N
// puzzles of each set), -run REGEXP (puzzle names), -timeout D (per puzzle
// and back end, default 60s), -sat NAME (gophersat, gini, cadical, …),
// -compare NAME (a second back end on the same puzzles: its time, its check
// and the time ratio), -no-presolve, -use-goal (let .non goals shorten the
// uniqueness proof; by default they are ignored), -j N (puzzles at once;
// keep 1 for timings), -md (Markdown), -o FILE, -append (to the -o file),
// -rows N (print, after each set, only its N slowest puzzles and every one
// not decided right; for the webpbn set).
//
// gophersat cannot be stopped in process, so the runner runs it in a child
// process, itself started as "runner sat-worker", and kills the child on
// the timeout. The CPU figures are user+sys of the runner and its children
// (getrusage RUSAGE_SELF + RUSAGE_CHILDREN). RESULTS.md holds the latest
// full run, made on a quiet machine.
//
// # Learner runs
//
//	go run ./benchmarks/learner [-timeout D] [-run REGEXP] [-min D] [-cpuprofile FILE] FILE...
//
// runs learner.Learner alone (after the solver's line solving and
// probing) on the puzzles of the files, one at a time, for
// two solutions or the proof that there is one, and prints per puzzle the
// verdict, time, conflicts, line solves and time to the first solution,
// then a summary with the process CPU time: the tool behind the learner's
// settings in learner/cdcl.go (the measurements are in
// learner/LEARNER.md). Every grid it finds must pass
// puzzle.Check. For example, the taai2011 set:
//
//	go run ./benchmarks/learner -timeout 20s -min 1h ../shared/corpora/tournament-NonogramRecord/question/taai2011.txt
//
// # Large puzzles
//
//	go run ./benchmarks/genpuzzle -size 1000x1000 -colors 3 -density 0.7 > big.xml
//
// writes a seeded random puzzle (internal/randpuzzle.Picture) as XML, for
// measuring deadlines and memory at scale by hand, as issue 18 did:
// /usr/bin/time -v, or the summed RSS of nonosat and its SAT worker, for
// nonosat check --timeout 60s big.xml, with and without --no-presolve.
package benchmarks
