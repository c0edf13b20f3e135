// Package linesolve solves nonogram lines exactly and propagates the result
// over a whole grid. It is the presolver in front of the learner (package
// learner) and the SAT encoder, and the source of the "line-solvable"
// verdict: when [State.Propagate] fixes every cell, the puzzle is logically
// solvable and unique without calling SAT.
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
// automaton of docs/encodings.md: states "gap j" (0 ≤ j ≤ k, a
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
// node-by-node dynamic program over every state, and the same answer. The passes live in
// internal/linekernel, which package learner shares: it runs them on
// masks of its own rather than through [Line] or a [State].
//
// # Grid propagation
//
// A [State] holds every cell's domain and a queue of lines touched since
// they were last solved. [State.Propagate] solves queued lines until none is
// left (the fixpoint of exact line solving, the same fixpoint as unit
// propagation on the path encoding); [State.Probe] adds failed-literal probing
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
// (solveBW1, and solveBW2 over 128-bit sets, in internal/linekernel),
// through a cache of its size when probing; longer lines through the
// general word-by-word passes.
// Lines of over 64 cells used to take the multicolour path: M&M (50×70,
// solved by probing) took 14.5 ms to presolve; with the masks 2.8 ms, with
// solveBW2 and the probe order 1.1 ms. A colour puzzle whose lines are of
// at most 64 cells keeps one mask per value and line (may take value v),
// solved in place (Template.SolveColor1): converting each line's cells to
// masks and back was most of a colour probe's time
// (BenchmarkProbeColor).
//
// # The learner
//
// Package learner searches the puzzles that line solving and probing leave
// open, with clause learning over the cells and these line solvers as
// its propagators (it shares their kernel, internal/linekernel).
package linesolve
