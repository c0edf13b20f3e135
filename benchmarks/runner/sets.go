//go:build unix

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/nonosat/nonosat/internal/randpuzzle"
	"github.com/nonosat/nonosat/internal/survey"
	"github.com/nonosat/nonosat/puzzle"
	"github.com/nonosat/nonosat/solver"
)

// The benchmark sets: the corpora, the tournament set, N-Dom and the
// seeded random pictures, each puzzle with the verdict it must get.

// allSets are the sets "-set all" runs, in order.
var allSets = []string{"survey", "hard", "tournament", "hardtests", "webpbn"}

// randomSets are the seeded random pictures (randpuzzle.Picture) of
// black and white and of 2, 3 and 4 colours, over the same sizes,
// densities and seeds: "-set random" runs the four.
var randomSets = []string{"random1", "random2", "random3", "random4"}

// denseSizes and denseSeeds make the "dense" set: random black-and-white
// pictures at 50 %, for the curve of the size at which half are still
// decided in time (issue 22).
var (
	denseSizes = []int{30, 40, 50, 60, 70, 80, 90, 100}
	denseSeeds = 4
)

// A set is a named list of puzzles with what is known about their answers.
type set struct {
	name  string
	title string // the heading: what the set is and where it comes from
	items []item
	ref   bool // items carry reference times of other solvers
}

// An item is one puzzle to solve.
type item struct {
	name   string
	p      *puzzle.Puzzle
	expect string         // shown in the expected column
	want   solver.Verdict // "" if unknown
	sol    puzzle.Grid    // a known solution: a unique answer must equal it
	ref    string         // reference CPU seconds of other solvers
}

func loadSet(cfg *config, name string) (*set, error) {
	var s *set
	var err error
	switch name {
	case "survey":
		s, err = loadSurvey(cfg, filepath.Join(cfg.corpora, "webpbn-survey-nin"))
		if s != nil {
			s.name, s.title = "survey", "Wolter's survey puzzles (webpbn-survey-nin/*.nin)"
		}
	case "hard":
		s, err = loadSurvey(cfg, filepath.Join(cfg.corpora, "webpbn-survey-nin", "hard"))
		if s != nil {
			s.name, s.title = "hard", "four hard webpbn puzzles (webpbn-survey-nin/hard/*.nin)"
		}
	case "tournament":
		s, err = loadTournament(cfg)
	case "hardtests":
		s, err = loadGoals(cfg, "hardtests", "hardtests", "webpbn hardtests (storyyeller-webpbn-scrape/hardtests/*.non)")
	case "webpbn":
		s, err = loadGoals(cfg, "webpbn", "results", "webpbn puzzles with goals (storyyeller-webpbn-scrape/results/*.non)")
	case "dense":
		s = &set{name: "dense", title: fmt.Sprintf("random black-and-white pictures, half filled (the hardest density), %v cells square, seeds 0 to %d each (internal/randpuzzle)", denseSizes, denseSeeds-1)}
		for _, n := range denseSizes {
			for seed := range denseSeeds {
				p := randpuzzle.Picture(uint64(seed), n, n, 1, 0.5)
				s.items = append(s.items, item{name: p.Title, p: p, expect: "goal", sol: p.Goal})
			}
		}
	case "dom":
		s = &set{name: "dom", title: "N-Dom, the survey's 9-Dom generalised (internal/randpuzzle.Dom), N = 8 to 20: unique"}
		for n := 8; n <= 20; n++ {
			s.items = append(s.items, item{name: fmt.Sprintf("%d-Dom", n), p: randpuzzle.Dom(n), expect: "unique", want: solver.Unique})
		}
	default:
		s = loadRandom(name)
	}
	if err != nil {
		return nil, err
	}
	var kept []item
	for _, it := range s.items {
		if cfg.run != nil && !cfg.run.MatchString(it.name) {
			continue
		}
		if cfg.limit > 0 && len(kept) == cfg.limit {
			break
		}
		kept = append(kept, it)
	}
	s.items = kept
	return s, nil
}

func loadSurvey(cfg *config, dir string) (*set, error) {
	want, err := survey.Expected(cfg.corpora)
	if err != nil {
		return nil, err
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.nin"))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no .nin files in %s", dir)
	}
	s := &set{ref: true}
	for _, f := range files {
		p, err := puzzle.ReadFile(f)
		if err != nil {
			return nil, err
		}
		base := strings.TrimSuffix(filepath.Base(f), ".nin")
		it := item{name: base, p: p, expect: "?"}
		if e, ok := want[base]; ok {
			it.want, it.expect, it.ref = solver.Verdict(e.Verdict), e.Verdict, e.Ref
			if e.Title != "" && !strings.EqualFold(e.Title, base) {
				it.name += " " + e.Title
			}
		}
		if fh, err := os.Open(filepath.Join(dir, "solutions", base+".txt")); err == nil {
			g, err := puzzle.ParseGrid(fh, p)
			fh.Close()
			if err != nil {
				return nil, fmt.Errorf("%s: %w", fh.Name(), err)
			}
			it.sol = g
		}
		s.items = append(s.items, it)
	}
	return s, nil
}

func loadTournament(cfg *config) (*set, error) {
	dir := filepath.Join(cfg.corpora, "tournament-NonogramRecord")
	ps, err := puzzle.ReadFileAll(filepath.Join(dir, "question", cfg.tournament+".txt"), puzzle.TAAI)
	if err != nil {
		return nil, err
	}
	fh, err := os.Open(filepath.Join(dir, "solution", cfg.tournament+".txt"))
	if err != nil {
		return nil, err
	}
	sols, err := puzzle.DecodeTAAISolutions(fh)
	fh.Close()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", fh.Name(), err)
	}
	s := &set{name: "tournament", title: fmt.Sprintf("tournament set %s (tournament-NonogramRecord/question/%[1]s.txt)", cfg.tournament)}
	for _, p := range ps {
		sol, ok := sols[p.ID]
		if !ok {
			return nil, fmt.Errorf("%s: no published solution for puzzle %s", fh.Name(), p.ID)
		}
		n, _ := strconv.Atoi(strings.TrimPrefix(p.ID, "$"))
		s.items = append(s.items, item{
			name: fmt.Sprintf("%s-%04d", cfg.tournament, n), p: p, expect: "published", sol: sol,
		})
	}
	return s, nil
}

// loadGoals loads set name: the .non files of folder dir of the webpbn
// scrape, each with its goal, which a unique answer must equal.
func loadGoals(cfg *config, name, dir, title string) (*set, error) {
	dir = filepath.Join(cfg.corpora, "storyyeller-webpbn-scrape", dir)
	files, err := filepath.Glob(filepath.Join(dir, "*.non"))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no .non files in %s", dir)
	}
	num := func(f string) int {
		n, _ := strconv.Atoi(strings.TrimSuffix(filepath.Base(f), ".non"))
		return n
	}
	slices.SortFunc(files, func(a, b string) int { return num(a) - num(b) })
	s := &set{name: name, title: title}
	for _, f := range files {
		p, err := puzzle.ReadFile(f)
		if err != nil {
			return nil, err
		}
		it := item{name: fmt.Sprintf("webpbn-%05d", num(f)), p: p, expect: "goal"}
		if p.Goal != nil && puzzle.Check(p, p.Goal) == nil {
			it.sol = p.Goal
		} else {
			it.expect = "?"
		}
		s.items = append(s.items, it)
	}
	return s, nil
}

// The random sets: pictures of randomSizes squared, randomDensities filled,
// randomSeeds of each.
var (
	randomSizes     = []int{30, 40, 50, 60}
	randomDensities = []float64{0.20, 0.275, 0.35}
	randomSeeds     = 2
)

// loadRandom makes random set "randomK": the pictures of K colours. A
// unique verdict must give the picture back.
func loadRandom(name string) *set {
	k, _ := strconv.Atoi(strings.TrimPrefix(name, "random"))
	s := &set{name: name, title: fmt.Sprintf("random pictures of %d colour(s), %v cells square, %v filled, %d seeds each (internal/randpuzzle)", k, randomSizes, randomDensities, randomSeeds)}
	for _, n := range randomSizes {
		for _, d := range randomDensities {
			for seed := range randomSeeds {
				p := randpuzzle.Picture(uint64(seed), n, n, k, d)
				s.items = append(s.items, item{name: p.Title, p: p, expect: "goal", sol: p.Goal})
			}
		}
	}
	return s
}
