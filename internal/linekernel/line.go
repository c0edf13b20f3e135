package linekernel

import (
	"math/bits"

	"github.com/nonosat/nonosat/puzzle"
)

// Template is a clue prepared for one line length: the static part of the
// automaton, computed once per line and shared by every solve of it.
type Template struct {
	N, K    int
	Words   int  // bitset words per line: ⌈n/64⌉
	OK      bool // the clue is valid and fits in n cells
	Blocks  []tblock
	rblocks []tblock // the blocks in reverse order, for the backward pass
	Colors  []Set    // the distinct block colours, as single-colour sets
	Shift   []uint   // the distinct block colours, as numbers
	ID      int32    // the line's number in its State (rows, then columns), for the cache
	MinLen  int      // the clue's Clue.MinLen
	MaxLen  []int    // per distinct block colour: its longest block
	CiOf    [64]int8 // per colour: its index in Colors, -1 for the background, -2 when not in the clue
	low     bool     // every block colour is under 8: cells and masks convert 8 cells at a time (lowMasks)
}

// tblock is one block of a template.
type tblock struct {
	Len   int
	Ci    int  // index of the block's colour in Template.Colors
	Touch bool // the next block (in this order) has another colour, so may follow with no gap
}

// NewTemplate returns the template of clue over a line of n cells.
func NewTemplate(clue puzzle.Clue, n int) Template {
	k := len(clue)
	t := Template{N: n, K: k, Words: (n + 63) / 64, OK: true,
		Blocks: make([]tblock, k), rblocks: make([]tblock, k)}
	for v := range t.CiOf {
		t.CiOf[v] = -2
	}
	t.CiOf[0] = -1
	for j, b := range clue {
		if b.Len < 1 || b.Color == 0 || b.Color > 63 {
			t.OK = false
			continue
		}
		ci := 0
		for ci < len(t.Colors) && t.Colors[ci] != Bit(b.Color) {
			ci++
		}
		if ci == len(t.Colors) {
			t.Colors = append(t.Colors, Bit(b.Color))
			t.Shift = append(t.Shift, uint(b.Color))
			t.MaxLen = append(t.MaxLen, 0)
			t.CiOf[b.Color] = int8(ci)
		}
		t.MaxLen[ci] = max(t.MaxLen[ci], b.Len)
		t.Blocks[j] = tblock{Len: b.Len, Ci: ci, Touch: j+1 < k && clue[j+1].Color != b.Color}
		t.rblocks[k-1-j] = tblock{Len: b.Len, Ci: ci, Touch: j > 0 && clue[j-1].Color != b.Color}
	}
	t.low = true
	for _, c := range t.Shift {
		t.low = t.low && c < 8
	}
	t.MinLen = clue.MinLen()
	if t.MinLen > n {
		t.OK = false
	}
	return t
}

// Scratch holds the bitsets of one solve. After a solve through the
// scratch (Core1, CoreWords), Fs holds the feasible starts of each block
// and Fg the feasible cells of each gap (Words bitset words each);
// solveBW1 and solveBW2 keep their passes in bw1 and bw2 instead.
type Scratch struct {
	buf          []uint64
	A0, Ra0      []uint64 // cells that may be background, forwards and reversed
	Acol, Racol  []uint64 // per distinct colour: cells that may take it
	Fs, rfs      []uint64 // per block: forward starts, and in the reversed line
	Fg, rfg      []uint64 // per gap: forward cells, and in the reversed line
	tmp, Bg, Cov []uint64 // tmp, all feasible gap cells, per colour: covered cells

	Two [4]uint64  // SolveMasksW's answer for a two-word line of one colour
	bw1 *bw1Arrays // solveBW1's passes (arrays1)
	bw2 *bw2Arrays // solveBW2's and feasible2's passes (arrays2)
	c2  *arrays2c  // core2's passes

	Cache  *LineCache  // when not nil, one-colour one-word lines go through it
	Cache2 *LineCache2 // when not nil, so do one-colour two-word lines (SolveMasks2)
}

// Grow makes w's buffers large enough for the passes over t.
func (w *Scratch) Grow(t *Template) {
	W, k, d := t.Words, t.K, len(t.Colors)
	need := W * (2 + 2*d + 2*k + 2*(k+1) + 2 + d)
	if cap(w.buf) < need {
		w.buf = make([]uint64, need)
	}
	buf := w.buf[:need]
	clear(buf)
	take := func(m int) []uint64 {
		s := buf[: m*W : m*W]
		buf = buf[m*W:]
		return s
	}
	w.A0, w.Ra0 = take(1), take(1)
	w.Acol, w.Racol = take(d), take(d)
	w.Fs, w.rfs = take(k), take(k)
	w.Fg, w.rfg = take(k+1), take(k+1)
	w.tmp, w.Bg = take(1), take(1)
	w.Cov = take(d)
}

// forward runs forward reachability over the automaton of blocks: fs[j]
// gets the cells where block j can start with cells 0 … its end
// consistent, fg[j] the cells that can be background in gap j with cells 0
// … that cell consistent. Cell 0 can only be in gap 0 or start block 0.
func forward(blocks []tblock, W int, a0, acol, fs, fg, tmp []uint64) {
	clear(tmp)
	tmp[0] = a0[0] & 1
	fill(fg[:W], tmp, a0)
	for j, b := range blocks {
		s := fs[j*W : (j+1)*W]
		erode(s, acol[b.Ci*W:(b.Ci+1)*W], b.Len)
		// Block j starts after a cell of gap j, after block j-1 when the
		// two may touch, or at cell 0 when it is the first block.
		g := fg[j*W : (j+1)*W]
		var top uint64
		if j == 0 {
			top = 1
		}
		if j > 0 && blocks[j-1].Touch {
			prev := fs[(j-1)*W : j*W]
			ws, bs := blocks[j-1].Len>>6, uint(blocks[j-1].Len&63)
			for w := range s {
				p := g[w]<<1 | top | wordUp(prev, w, ws, bs)
				top = g[w] >> 63
				s[w] &= p
			}
		} else {
			for w := range s {
				p := g[w]<<1 | top
				top = g[w] >> 63
				s[w] &= p
			}
		}
		// Gap j+1 starts right after block j and runs on through cells
		// that may be background (fill, fused with the shift).
		ng := fg[(j+1)*W : (j+2)*W]
		ws, bs := b.Len>>6, uint(b.Len&63)
		var carry uint64
		for w := range ng {
			v := wordUp(s, w, ws, bs) & a0[w]
			var sum uint64
			sum, carry = bits.Add64(a0[w], v, carry)
			ng[w] = (sum^a0[w])&a0[w] | v
		}
	}
}

// Solve writes the refined domains of cells to out (len n) and reports
// whether any placement exists. The feasible nodes are left in w.Fs and
// w.Fg.
//
// The backward pass is the forward pass over the reversed line and clue:
// block j' of the reversed clue starting at cell p' is block k-1-j'
// starting at n-p'-c, and gap j' at cell i' is gap k-j' at cell n-1-i'.
func (t *Template) Solve(cells, out []Set, w *Scratch) bool {
	if !t.OK {
		return false
	}
	if t.N == 0 {
		return true
	}
	if t.Words == 1 {
		if w.Cache != nil && len(t.Colors) == 1 {
			return t.solveCached(cells, out, w)
		}
		w.Grow(t)
		return t.solve1(cells, out, w)
	}
	return t.solveWords(cells, out, w)
}

// cacheBits is log2 of the number of entries of a LineCache.
const cacheBits = 14

// A LineCache remembers solved one-colour lines of up to 64 cells: for a
// line id and the cells that may be background (a0) and that may take the
// colour (a1), the cells where background (bg) and the colour (cov) stay
// possible. It is direct-mapped: a new entry replaces an old one.
type LineCache [1 << cacheBits]cacheEntry

type cacheEntry struct {
	id              int32 // line id + 1; 0 marks an empty entry
	a0, a1, bg, cov uint64
}

// SolveMasks solves a line of a black-and-white puzzle of at most 64
// cells given as masks: a0 the cells that may be background, a1 those that
// may be black (colour 1). It returns the refined masks, through the cache
// when w has one.
func (t *Template) SolveMasks(a0, a1 uint64, w *Scratch) (n0, n1 uint64, ok bool) {
	if !t.OK {
		return 0, 0, false
	}
	if t.N == 0 {
		return a0, a1, true
	}
	var e *cacheEntry
	if w.Cache != nil {
		h := (a0*0x9E3779B97F4A7C15 ^ a1*0xC2B2AE3D27D4EB4F ^ uint64(t.ID)*0x165667B19E3779F9) >> (64 - cacheBits)
		e = &w.Cache[h]
		if e.id == t.ID+1 && e.a0 == a0 && e.a1 == a1 {
			return e.bg, e.cov, e.bg&1|e.cov&1 != 0
		}
	}
	if t.K <= 32 && len(t.Colors) <= 1 {
		n0, n1 = t.solveBW1(a0, a1, w.arrays1())
	} else {
		w.Grow(t)
		if len(t.Colors) > 0 {
			w.Acol[0] = a1
		}
		n0 = t.Core1(a0, w)
		if len(t.Colors) > 0 {
			n1 = w.Cov[0]
		}
	}
	if e != nil {
		e.id, e.a0, e.a1, e.bg, e.cov = t.ID+1, a0, a1, n0, n1
	}
	return n0, n1, n0&1|n1&1 != 0
}

// SolveColor1 solves a line of at most 64 cells given as one mask per
// value: planes[v] holds the cells that may take value v, 0 being the
// background. It refines planes in place, a value the clue lacks losing
// every cell, and reports whether a placement fits; when none does, it
// leaves planes as they were. A clue of one colour goes through
// SolveMasks (and its cache, when w has one).
func (t *Template) SolveColor1(planes []uint64, w *Scratch) bool {
	if !t.OK {
		return false
	}
	if t.N == 0 {
		return true
	}
	for _, c := range t.Shift {
		if int(c) >= len(planes) {
			return false // a clue colour outside the values: no cell may take it
		}
	}
	if len(t.Colors) == 1 {
		c := t.Shift[0]
		n0, n1, ok := t.SolveMasks(planes[0], planes[c], w)
		if !ok {
			return false
		}
		clear(planes)
		planes[0], planes[c] = n0, n1
		return true
	}
	w.Grow(t)
	for ci, c := range t.Shift {
		w.Acol[ci] = planes[c]
	}
	bg := t.Core1(planes[0], w)
	cover := bg
	for _, m := range w.Cov {
		cover |= m
	}
	if cover&1 == 0 {
		return false // no placement: Core1 left every mask empty
	}
	clear(planes)
	planes[0] = bg
	for ci, c := range t.Shift {
		planes[c] = w.Cov[ci]
	}
	return true
}

// solveCached is solve1 through the cache (one colour, one word).
func (t *Template) solveCached(cells, out []Set, w *Scratch) bool {
	n, sh := t.N, t.Shift[0]
	var a0, a1 uint64
	for i, d := range cells[:n] {
		a0 |= uint64(d) & 1 << i
		a1 |= uint64(d) >> sh & 1 << i
	}
	bg, cov, ok := t.SolveMasks(a0, a1, w)
	c := t.Colors[0]
	for i := range out[:n] {
		out[i] = Set(bg>>i&1) | c&-Set(cov>>i&1)
	}
	return ok
}

// solveWords is solve for any number of words per bitset.
func (t *Template) solveWords(cells, out []Set, w *Scratch) bool {
	w.Grow(t)
	t.fillMasks(cells, w)
	t.CoreWords(w)
	t.cellsOf(w.Bg, w.Cov, t.Words, out[:t.N])
	// Every cell of a placement is feasible, and a feasible node lies on
	// a placement, so one cell tells whether any placement exists.
	return out[0] != 0
}

// SolveMasks2 is SolveMasksW for lines of 65 to 128 cells, through the
// two-word cache of w when it has one; the masks it returns may be those of
// a cache entry, valid until a later solve takes the entry's slot.
func (t *Template) SolveMasks2(a0, a1 []uint64, w *Scratch) (n0, n1 []uint64, ok bool) {
	if w.Cache2 == nil {
		return t.SolveMasksW(a0, a1, w)
	}
	h := (a0[0]*0x9E3779B97F4A7C15 ^ a0[1]*0xC2B2AE3D27D4EB4F ^ a1[0]*0x165667B19E3779F9 ^
		a1[1]*0xD6E8FEB86659FD93 ^ uint64(t.ID)*0xFF51AFD7ED558CCD) >> (64 - cacheBits)
	e := &w.Cache2[h]
	if e.id != t.ID+1 || e.a0 != [2]uint64(a0) || e.a1 != [2]uint64(a1) {
		m0, m1, ok := t.SolveMasksW(a0, a1, w)
		if !ok {
			return nil, nil, false
		}
		*e = cache2Entry{id: t.ID + 1, a0: [2]uint64(a0), a1: [2]uint64(a1), n0: [2]uint64(m0), n1: [2]uint64(m1)}
	}
	return e.n0[:], e.n1[:], true
}

// LineCache2 is the two-word counterpart of LineCache.
type LineCache2 [1 << cacheBits]cache2Entry

// cache2Entry is an entry of the two-word line cache: for line id-1 with
// masks a0, a1 (see SolveMasksW), the refined masks n0, n1 of a line that
// has a placement (lines with none are not kept).
type cache2Entry struct {
	id             int32
	a0, a1, n0, n1 [2]uint64
}

// SolveMasksW solves a line of a one-colour puzzle of any length given as
// masks of t.Words words: a0 the cells that may be background, a1 those
// that may be black. It returns the refined masks (in w, valid until its
// next use) and whether any placement exists.
func (t *Template) SolveMasksW(a0, a1 []uint64, w *Scratch) (n0, n1 []uint64, ok bool) {
	if !t.OK {
		return nil, nil, false
	}
	if t.N == 0 { // a line of no cells (in a puzzle with no rows or no columns)
		return a0, a1, true
	}
	W := t.Words
	if W == 2 && t.K <= 64 && len(t.Colors) <= 1 {
		m0, m1 := t.solveBW2(U128{a0[0], a0[1]}, U128{a1[0], a1[1]}, w.Arrays2())
		w.Two = [4]uint64{m0.Lo, m0.Hi, m1.Lo, m1.Hi}
		return w.Two[0:2:2], w.Two[2:4:4], (m0.Lo|m1.Lo)&1 != 0
	}
	w.Grow(t)
	copy(w.A0, a0)
	if len(t.Colors) > 0 {
		copy(w.Acol[:W], a1)
	}
	t.CoreWords(w)
	n0 = w.Bg
	n1 = w.tmp
	clear(n1)
	if len(t.Colors) > 0 {
		n1 = w.Cov[:W]
	}
	return n0, n1, t.N == 0 || (n0[0]|n1[0])&1 != 0
}

// fillMasks sets the masks of w (grown for t) from the cells' domains:
// the cells that may be background, and per colour of the clue those that
// may take it.
func (t *Template) fillMasks(cells []Set, w *Scratch) {
	W := t.Words
	if t.low {
		t.lowMasks(cells[:t.N], w.A0, w.Acol, W)
		return
	}
	for i, d := range cells[:t.N] {
		w.A0[i/64] |= uint64(d) & 1 << (i % 64)
		for ci, c := range t.Shift {
			w.Acol[ci*W+i/64] |= uint64(d) >> c & 1 << (i % 64)
		}
	}
}

// feasibleMasks reports whether the line has a placement within the masks
// of w (see fillMasks): the forward pass of the line solver alone.
func (t *Template) feasibleMasks(w *Scratch) bool {
	if !t.OK {
		return false
	}
	n, k, W := t.N, t.K, t.Words
	if n == 0 {
		return true
	}
	if W == 1 {
		forward1(t.Blocks, w.A0[0], w.Acol, w.Fs, w.Fg)
	} else {
		forward(t.Blocks, W, w.A0, w.Acol, w.Fs, w.Fg, w.tmp)
	}
	last := n - 1
	if w.Fg[k*W+last/64]>>(last%64)&1 != 0 {
		return true
	}
	if k == 0 {
		return false
	}
	p := n - t.Blocks[k-1].Len
	return w.Fs[(k-1)*W+p/64]>>(p%64)&1 != 0
}

// FeasibleW is FeasibleBW for lines of any length, as masks of t.Words
// words.
func (t *Template) FeasibleW(a0, a1 []uint64, w *Scratch) bool {
	if !t.OK {
		return false
	}
	n, k, W := t.N, t.K, t.Words
	if n == 0 {
		return true
	}
	w.Grow(t)
	copy(w.A0, a0)
	if k > 0 {
		copy(w.Acol[:W], a1)
	}
	return t.feasibleMasks(w)
}

// CoreWords is the line solver over w.A0 and w.Acol (any number of
// words): it leaves the cells that may stay background in w.Bg and those
// that may take colour ci in w.Cov[ci].
func (t *Template) CoreWords(w *Scratch) {
	if t.Words == 2 {
		t.core2(w)
		return
	}
	t.coreWordsAny(w)
}

// coreWordsAny is CoreWords word by word, for any number of words.
func (t *Template) coreWordsAny(w *Scratch) {
	n, k, W := t.N, t.K, t.Words
	pad := 64*W - n
	ReverseShift(w.Ra0, w.A0, pad)
	for ci := range t.Colors {
		ReverseShift(w.Racol[ci*W:(ci+1)*W], w.Acol[ci*W:(ci+1)*W], pad)
	}
	forward(t.Blocks, W, w.A0, w.Acol, w.Fs, w.Fg, w.tmp)
	forward(t.rblocks, W, w.Ra0, w.Racol, w.rfs, w.rfg, w.tmp)

	// Feasible nodes: forward and backward; labels of the feasible nodes.
	for j := 0; j <= k; j++ {
		g := w.Fg[j*W : (j+1)*W]
		ReverseShift(w.tmp, w.rfg[(k-j)*W:(k-j+1)*W], pad)
		and(g, w.tmp)
		or(w.Bg, g)
	}
	for j, b := range t.Blocks {
		s := w.Fs[j*W : (j+1)*W]
		ReverseShift(w.tmp, w.rfs[(k-1-j)*W:(k-j)*W], pad+b.Len-1)
		and(s, w.tmp)
		copy(w.tmp, s)
		dilate(w.tmp, b.Len)
		or(w.Cov[b.Ci*W:(b.Ci+1)*W], w.tmp)
	}
}

// label adds c to out[i] for every bit i of x.
func label(out []Set, x []uint64, c Set) {
	for w, v := range x {
		for v != 0 {
			out[w*64+bits.TrailingZeros64(v)] |= c
			v &= v - 1
		}
	}
}

// solve1 is solve for lines of at most 64 cells, one word per bitset.
func (t *Template) solve1(cells, out []Set, w *Scratch) bool {
	t.fillMasks(cells, w)
	bg := [1]uint64{t.Core1(w.A0[0], w)}
	t.cellsOf(bg[:], w.Cov, 1, out[:t.N])
	return out[0] != 0
}

// cellsOf sets out, the line's cells, from the masks the solver left: bit
// i of bg for background, of cov[ci·W:] for colour ci of the clue.
func (t *Template) cellsOf(bg, cov []uint64, W int, out []Set) {
	if t.low {
		t.lowCells(bg, cov, W, out)
		return
	}
	clear(out)
	label(out, bg, 1)
	for ci, c := range t.Colors {
		label(out, cov[ci*W:(ci+1)*W], c)
	}
}

// lowMasks sets a0 and acol (W words per colour of t) from cells, for a
// line whose block colours are all under 8 (t.low): eight cells at a
// time, each group an 8×8 bit matrix (cell by colour) that transpose8
// turns into colour by cell. On random colour pictures the cell-by-cell
// conversions were most of a probing's time (linesolve.BenchmarkProbeColor).
func (t *Template) lowMasks(cells []Set, a0, acol []uint64, W int) {
	n := len(cells)
	for i0 := 0; i0 < n; i0 += 8 {
		var x uint64 // byte r: the low colours of cell i0+r
		for r, d := range cells[i0:min(i0+8, n)] {
			x |= uint64(d) & 0xff << (8 * r)
		}
		x = transpose8(x) // byte c: the cells that may take colour c
		wi, sh := i0/64, i0%64
		a0[wi] |= x & 0xff << sh
		for ci, c := range t.Shift {
			acol[ci*W+wi] |= x >> (8 * c) & 0xff << sh
		}
	}
}

// lowCells is lowMasks backwards: out[i] gets colour 0 when bit i of bg
// is set and colour Shift[ci] when bit i of cov[ci·W:] is.
func (t *Template) lowCells(bg, cov []uint64, W int, out []Set) {
	n := len(out)
	for i0 := 0; i0 < n; i0 += 8 {
		wi, sh := i0/64, i0%64
		x := bg[wi] >> sh & 0xff // byte c: the group's cells that may take colour c
		for ci, c := range t.Shift {
			x |= cov[ci*W+wi] >> sh & 0xff << (8 * c)
		}
		x = transpose8(x) // byte r: the colours of cell i0+r
		for r := range out[i0:min(i0+8, n)] {
			out[i0+r] = Set(x >> (8 * r) & 0xff)
		}
	}
}

// Core1 solves a line of at most 64 cells whose cells that may be
// background are a0 and that may take colour ci are w.Acol[ci]: it
// returns the cells that stay possibly background and leaves in w.Cov[ci]
// those that may still take colour ci (all zero when no placement fits).
func (t *Template) Core1(a0 uint64, w *Scratch) (bg uint64) {
	n, k := t.N, t.K
	acol, racol := w.Acol, w.Racol
	pad := 64 - n
	ra0 := bits.Reverse64(a0) >> pad
	for ci, v := range acol {
		racol[ci] = bits.Reverse64(v) >> pad
	}
	forward1(t.Blocks, a0, acol, w.Fs, w.Fg)
	forward1(t.rblocks, ra0, racol, w.rfs, w.rfg)
	for j := 0; j <= k; j++ {
		g := w.Fg[j] & (bits.Reverse64(w.rfg[k-j]) >> pad)
		w.Fg[j] = g
		bg |= g
	}
	cov := w.Cov
	for j, b := range t.Blocks {
		s := w.Fs[j] & (bits.Reverse64(w.rfs[k-1-j]) >> (pad + b.Len - 1))
		w.Fs[j] = s
		s = dilate1(s, b.Len)
		cov[b.Ci] |= s
	}
	return bg
}

// solveBW1 is Core1 for a line of one colour, at most 64 cells and at most
// 32 blocks (all a line of one colour and 64 cells can hold), with a1 the
// cells that may be black: the same passes over fixed arrays (ar, made
// once per scratch) instead of slices that need sizing and clearing. It
// returns the cells that may stay background and those that may stay
// black.
func (t *Template) solveBW1(a0, a1 uint64, ar *bw1Arrays) (n0, n1 uint64) {
	n, k := t.N, t.K
	fs, rfs, fg, rfg := &ar.fs, &ar.rfs, &ar.fg, &ar.rfg
	pad := 64 - n
	acol := [1]uint64{a1}
	racol := [1]uint64{bits.Reverse64(a1) >> pad}
	forward1(t.Blocks, a0, acol[:], fs[:k], fg[:k+1])
	forward1(t.rblocks, bits.Reverse64(a0)>>pad, racol[:], rfs[:k], rfg[:k+1])
	for j := 0; j <= k; j++ {
		n0 |= fg[j] & (bits.Reverse64(rfg[k-j]) >> pad)
	}
	for j, b := range t.Blocks {
		s := fs[j] & (bits.Reverse64(rfs[k-1-j]) >> (pad + b.Len - 1))
		s = dilate1(s, b.Len)
		n1 |= s
	}
	return n0, n1
}

// solveBW2 is solveBW1 for a line of 65 to 128 cells and at most 64
// blocks (all such a line can hold), over 128-bit sets. Its passes go in
// ar, which needs no clearing (4 KB that the stack would zero on every
// call).
func (t *Template) solveBW2(a0, a1 U128, ar *bw2Arrays) (n0, n1 U128) {
	k := t.K
	fs, rfs, fg, rfg := &ar.fs, &ar.rfs, &ar.fg, &ar.rfg
	pad := 128 - t.N
	forward2(t.Blocks, a0, a1, fs[:k], fg[:k+1])
	forward2(t.rblocks, a0.rev(pad), a1.rev(pad), rfs[:k], rfg[:k+1])
	for j := 0; j <= k; j++ {
		n0 = n0.or(fg[j].and(rfg[k-j].rev(pad)))
	}
	for j, b := range t.Blocks {
		s := fs[j].and(rfs[k-1-j].rev(pad + b.Len - 1))
		for have := 1; have < b.Len; {
			d := min(have, b.Len-have)
			s = s.or(s.shl(d))
			have += d
		}
		n1 = n1.or(s)
	}
	return n0, n1
}

// arrays1 returns w's arrays for solveBW1, made on first use.
func (w *Scratch) arrays1() *bw1Arrays {
	if w.bw1 == nil {
		w.bw1 = new(bw1Arrays)
	}
	return w.bw1
}

// Arrays2 returns w's arrays for solveBW2 and Feasible2, made on first
// use.
func (w *Scratch) Arrays2() *bw2Arrays {
	if w.bw2 == nil {
		w.bw2 = new(bw2Arrays)
	}
	return w.bw2
}

// bw1Arrays holds the forward and backward passes of solveBW1.
type bw1Arrays struct {
	fs, rfs [32]uint64
	fg, rfg [33]uint64
}

// bw2Arrays holds the forward and backward passes of solveBW2.
type bw2Arrays struct {
	fs, rfs [64]U128
	fg, rfg [65]U128
}

// forward2 is forward1 over 128-bit sets, for one colour (a1): blocks
// of one colour never touch.
func forward2(blocks []tblock, a0, a1 U128, fs, fg []U128) {
	fg = fg[:len(blocks)+1]
	fg[0] = fill128(a0.and(U128{1, 0}), a0)
	for j, b := range blocks {
		s := a1
		for have := 1; have < b.Len; {
			d := min(have, b.Len-have)
			s = s.and(s.shr(d))
			have += d
		}
		pred := fg[j].shl(1)
		if j == 0 {
			pred.Lo |= 1
		}
		s = s.and(pred)
		fs[j] = s
		fg[j+1] = fill128(s.shl(b.Len).and(a0), a0)
	}
}

// forward1 is forward for one-word bitsets.
func forward1(blocks []tblock, a0 uint64, acol, fs, fg []uint64) {
	fg = fg[:len(blocks)+1]
	fg[0] = fill1(a0&1, a0)
	for j, b := range blocks {
		s := erode1(acol[b.Ci], b.Len)
		pred := fg[j] << 1
		if j == 0 {
			pred |= 1
		} else if blocks[j-1].Touch {
			pred |= fs[j-1] << blocks[j-1].Len
		}
		s &= pred
		fs[j] = s
		fg[j+1] = fill1(s<<b.Len&a0, a0)
	}
}

// fill1 is fill for one-word bitsets.
func fill1(seeds, a uint64) uint64 {
	return ((a+seeds)^a)&a | seeds
}

// FeasibleBW reports whether a one-colour line of at most 64 cells has a
// placement with every cell outside a0 black and every cell outside a1
// white: the forward pass of the line solver alone.
func (t *Template) FeasibleBW(a0, a1 uint64) bool {
	if !t.OK {
		return false
	}
	n := t.N
	if n == 0 {
		return true
	}
	g := fill1(a0&1, a0) // cells that may be background in the current gap
	var s uint64         // starts of the current block
	for j, b := range t.Blocks {
		s = erode1(a1, b.Len)
		pred := g << 1
		if j == 0 {
			pred |= 1
		}
		s &= pred
		if s == 0 {
			return false // block j starts nowhere
		}
		g = fill1(s<<b.Len&a0, a0)
	}
	if g>>(n-1)&1 != 0 {
		return true
	}
	return t.K > 0 && s>>(n-t.Blocks[t.K-1].Len)&1 != 0
}

// Feasible2 is FeasibleBW for lines of 65 to 128 cells: the forward pass
// of solveBW2 (into ar), then whether it reaches the line's end.
func (t *Template) Feasible2(a0, a1 U128, ar *bw2Arrays) bool {
	if !t.OK {
		return false
	}
	k := t.K
	forward2(t.Blocks, a0, a1, ar.fs[:k], ar.fg[:k+1])
	if ar.fg[k].bit(t.N - 1) {
		return true
	}
	return k > 0 && ar.fs[k-1].bit(t.N-t.Blocks[k-1].Len)
}
