// Package linesolve solves nonogram lines exactly and propagates the result
// over a whole grid. It is the presolver in front of the SAT encoder and the
// source of the "line-solvable" verdict: when [State.Propagate] fixes every
// cell, the puzzle is logically solvable and unique without calling SAT.
//
// # Cell domains
//
// A cell's domain is a [Set]: bit v set means colour v is still possible,
// bit 0 being the background. Black and white is the one-colour case
// ({0, 1}), never a separate code path; with [puzzle.MaxColors] = 63 every
// domain fits in one uint64.
//
// # The line automaton
//
// A clue of k blocks (lengths c_j, colours κ_j) over n cells is the template
// automaton of the SAT notes (§2.1, §2.8): states "gap j" (0 ≤ j ≤ k, a
// background cell before block j, between block j-1 and block j, or after
// the last block) and "block j, offset t" (0 ≤ t < c_j), Σc + k + 1 states
// in all. From a gap j cell the line stays in gap j or starts block j; the
// last cell of block j moves to gap j+1, or straight to the first cell of
// block j+1 when the two blocks differ in colour (blocks of the same colour
// need at least one background cell between them).
//
// [Line] runs forward reachability and backward co-reachability over this
// automaton, restricted to the current cell domains. A node (cell i, state
// q) is feasible when it is both: it lies on some placement of the clue that
// every domain allows. Colour v survives at cell i iff some feasible node of
// cell i has label v, which makes the line solver exact (generalised arc
// consistent) for any number of colours.
//
// The offset states of a block are not stored: block j at offset t on cell
// i is feasible iff block j may start at i-t, so the passes keep only the
// nodes the encoder needs ([Nodes]: "block j starts at p" and "cell i is
// background in gap j"), each state's cells as a bitset over the line (one
// uint64 word per 64 cells, a single word for lines of up to 64 cells):
//
//   - the cells where block j's run fits are the cells that may take its
//     colour, eroded by its length (log c shift-and steps);
//   - block j may start after a reachable cell of gap j, or right after
//     block j-1 when the colours differ (shift and OR);
//   - gap j+1 is reached right after block j and extends through cells that
//     may be background: a fill, done with one multi-word addition (the
//     carry runs from a seed to the top of its run of allowed cells);
//   - the backward pass is the forward pass over the reversed line and the
//     reversed clue, reversed back (bit reversal and a shift);
//   - colour v survives at cell i if i lies in a feasible gap (v = 0) or is
//     covered by a feasible start of a block of colour v (a dilation).
//
// A line of n cells and k blocks costs O(n·d + k·⌈n/64⌉·log c) word
// operations (d distinct colours in its clue), against O(n·(Σc+k)) for the
// node-by-node DP of the notes, and the same answer.
//
// # Grid propagation
//
// A [State] holds every cell's domain and a queue of lines touched since
// they were last solved. [State.Propagate] solves queued lines until none is
// left (the fixpoint of exact line solving, the same fixpoint as unit
// propagation on the E3 encoding); [State.Probe] adds failed-literal probing
// on top: it tries each colour of each undecided cell, removes colours that
// lead to a contradiction, and keeps whatever every surviving branch of a
// cell agrees to remove. A cell whose probe solved only lines that have not
// changed since is not probed again. Each round takes the most
// constrained cells first, and after a failed probe the failed cell's
// neighbours (see [State.Probe]).
//
// In a black-and-white puzzle every line's domains are also kept as two
// masks (may be white, may be black), one word per 64 cells, and solved
// from them: a line of one or two words by passes over fixed arrays
// (solveBW1, and solveBW2 over 128-bit sets), through a cache of its size
// when probing; longer lines through the general word-by-word passes.
// Lines of over 64 cells used to take the multicolour path: M&M (50×70,
// solved by probing) took 14.5 ms to presolve; with the masks 2.8 ms, with
// solveBW2 and the probe order 1.1 ms.
//
// # Learning
//
// A [Learner] searches any puzzle with conflict-driven clause learning
// (lazy clause generation). Its literals say which colour a cell has: in
// a black-and-white puzzle a variable per cell (literal 2x is "cell x is
// black", 2x+1 "cell x is white"), in a colour puzzle a variable per cell
// and colour ("cell x has colour v", and its negation), tied together as
// in the direct encoding: a colour rules out the others, and a cell left
// with one colour takes it. Propagation solves the lines touched since
// their last solve and runs learnt clauses with two watched literals. In
// black and white a line is solved from two masks (cells known white,
// known black; one word per 64 cells); in colour from masks too (may be
// background, then per colour of its clue may take it), kept in step with
// the cells' domains, by the multicolour line solver, each colour it
// removes a literal "not v". A literal a line forces records only the
// line; when conflict analysis needs the reason, the line explains it:
// take the literals of the line's cells assigned before it, assume the
// forced literal false, and drop the known ones one by one, newest first,
// while the line still has no placement (a forward pass of the line
// automaton decides that; in colour, a colour given back beyond the
// frontier the pass reports opens no placement and needs no pass). What
// is left, with the forced literal, is a clause every solution
// satisfies. A line with no placement explains its conflict the same way.
// Analysis learns the first-UIP clause, minimised by dropping literals
// whose reasons lie inside it. Design notes and measurements: LEARNER.md.
//
// Decisions pick a cell by VSIDS (2 % of them a random cell, in its saved
// phase) and give it a colour: its hint, once there are hints. The first
// time the search is back at level 0 after a conflict, belief propagation
// guesses the picture from the facts (rows and columns trade per-cell
// probabilities for a few dozen sweeps, each line's message an exact
// forward-backward count of its placements weighted by the crossing
// lines; belief.go, and belief_color.go over a distribution of colours),
// and from then on each cell whose likeliest colour is confident (a
// belief over 0.7) is tried first in that colour, as with CaDiCaL's
// forced phases. This is what decides Knotty, Meow and Faase in
// 0.01–2 s; without it the learner found no solution of any of them in
// 30 s (of Knotty, in 600 s). It also takes the learner alone on taai2011
// from 27–32 s of CPU to 12–15 s (three seeds of its random decisions).
// Cells without a hint (and all cells before the hints, or with
// [Learner.SetHints] off) are decided in their target phase: their colour
// on the longest trail since the last rephasing (before there is one,
// their saved phase; saved phases reset every 8 restarts to those of the
// longest trail). A solution is blocked by the negations of its decisions
// (the decisions and sound propagation forced the rest, so no other
// solution takes them all), which backjumps one level, so the Learner
// enumerates every solution once and knows when there are no more.
package linesolve
