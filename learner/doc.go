// Package learner is the search engine behind nonosat's answers: a
// conflict-driven clause learner over the cells of a puzzle, with the
// exact line solvers of the rows and columns as its propagators, and
// belief propagation to guess the colour to try first. Package linesolve
// solves the lines (and presolves the grid); package learner searches
// what is left, and package solver puts the two in front of SAT.
//
// # Learning
//
// A [Learner] searches any puzzle with conflict-driven clause learning
// (lazy clause generation), starting from the cell domains a
// [linesolve.State] has narrowed by line solving and probing (they are
// facts). Its literals say which colour a cell has: in a black-and-white
// puzzle a variable per cell (literal 2x is "cell x is black", 2x+1 "cell
// x is white"), in a colour puzzle a variable per cell and colour ("cell x
// has colour v", and its negation), tied together as in the direct
// encoding: a colour rules out the others, and a cell left with one colour
// takes it. Propagation solves the lines touched since their last solve
// and runs learnt clauses with two watched literals. In black and white a
// line is solved from two masks (cells known white, known black; one word
// per 64 cells); in colour from masks too (may be background, then per
// colour of its clue may take it), kept in step with the cells' domains,
// by the multicolour line solver, each colour it removes a literal "not
// v". A literal a line forces records only the line; when conflict
// analysis needs the reason, the line explains it: take the literals of
// the line's cells assigned before it, assume the forced literal false,
// and drop the known ones one by one, newest first, while the line still
// has no placement (a forward pass of the line automaton decides that; in
// colour, a colour given back beyond the frontier the pass reports opens
// no placement and needs no pass). What is left, with the forced literal,
// is a clause every solution satisfies. A line with no placement explains
// its conflict the same way. Analysis learns the first-UIP clause,
// minimised by dropping literals whose reasons lie inside it. Design notes
// and measurements: LEARNER.md, beside this file.
//
// Decisions pick a cell by VSIDS (2 % of them a random cell, in its saved
// phase; once a search is long, a conflict also bumps the cells of the
// reasons of its clause's literals, two deep) and give it a colour: its
// hint, once there are hints. The first time the search is back at
// level 0 after a conflict, belief propagation
// guesses the picture from the facts (rows and columns trade per-cell
// probabilities for a few dozen sweeps, each line's message an exact
// forward-backward count of its placements weighted by the crossing
// lines; belief.go, and belief_color.go over a distribution of colours),
// and from then on each cell whose likeliest colour is confident (a
// belief over 0.7) is tried first in that colour, as with CaDiCaL's
// forced phases. This is what decides Knotty, Meow and Faase, of which
// the learner finds no solution without it, and it halves the learner's
// time on taai2011 (LEARNER.md, "Belief propagation's bounds").
// A colour puzzle also dives (dive.go): at its hints and every second
// restart, it decides cells in the colours belief propagation finds
// likeliest, the surest first, sweeping again after every 2 % of the
// open cells, and learns from the conflicts it meets as the search does;
// the trail of each becomes the hints. This finds the first solution of
// random colour pictures that the search alone does not find in a
// minute. A black-and-white puzzle dives the same way every second
// restart once it has 2,500 cells and 20,000 conflicts (large random
// pictures half filled); on smaller puzzles and shorter searches dives
// cost more than they save.
// Cells without a hint (and all cells before the hints, or with
// [Learner.SetHints] off) are decided in their target phase: their colour
// on the longest trail since the last rephasing (before there is one,
// their saved phase; saved phases reset every 8 restarts to those of the
// longest trail). A solution is blocked by the negations of its decisions
// (the decisions and sound propagation forced the rest, so no other
// solution takes them all), which backjumps one level, so the Learner
// enumerates every solution once and knows when there are no more.
//
// # Settings
//
// The figures above (2 %, 0.7, every second restart, …) are the
// defaults of [Params], the one table of the learner's settings, each
// with its range and the section of LEARNER.md that measured it.
// [Learner.SetParams] changes them, for tests and measurements.
package learner
