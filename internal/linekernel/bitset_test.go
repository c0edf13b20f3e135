package linekernel

import (
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/nonosat/nonosat/puzzle"
)

// The bitset helpers against cell-by-cell versions, on bitsets of one to
// four words with random runs (so runs cross word boundaries).

func randomBits(rng *rand.Rand, n int) []bool {
	b := make([]bool, n)
	on := false
	for i := range b {
		if rng.IntN(1+rng.IntN(20)) == 0 {
			on = !on
		}
		b[i] = on && rng.IntN(30) != 0
	}
	return b
}

func toWords(b []bool, words int) []uint64 {
	x := make([]uint64, words)
	for i, v := range b {
		if v {
			x[i/64] |= 1 << (i % 64)
		}
	}
	return x
}

func TestBitsetHelpers(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(20, 21))
	for range 3000 {
		words := 1 + rng.IntN(4)
		n := 64*(words-1) + 1 + rng.IntN(64)
		a := randomBits(rng, n)
		s := rng.IntN(n + 70)

		// wordUp: bit i → i+s.
		want := make([]bool, n)
		for i := range n {
			if i+s < n && a[i] {
				want[i+s] = true
			}
		}
		x := toWords(a, words)
		got := make([]uint64, words)
		for w := range got {
			got[w] = wordUp(x, w, s/64, uint(s%64))
		}
		wantW := toWords(want, words)
		// Bits moved past n stay in the top word; compare only below n.
		mask := toWords(slices.Repeat([]bool{true}, n), words)
		and(got, mask)
		if !slices.Equal(got, wantW) {
			t.Fatalf("wordUp(%d words, s=%d) = %x, want %x", words, s, got, wantW)
		}

		// ReverseShift: bit i → 64·words-1-i-s.
		pad := 64*words - n
		want = make([]bool, n)
		for i := range n {
			if j := n - 1 - i - s; j >= 0 && a[i] {
				want[j] = true
			}
		}
		ReverseShift(got, x, pad+s)
		if wantW = toWords(want, words); !slices.Equal(got, wantW) {
			t.Fatalf("reverseShift(%d words, n=%d, s=%d) = %x, want %x", words, n, s, got, wantW)
		}

		// erode and dilate by c.
		c := 1 + rng.IntN(min(n, 130))
		want = make([]bool, n)
		for p := 0; p+c <= n; p++ {
			want[p] = !slices.Contains(a[p:p+c], false)
		}
		erode(got, x, c)
		if wantW = toWords(want, words); !slices.Equal(got, wantW) {
			t.Fatalf("erode(%d words, c=%d) = %x, want %x", words, c, got, wantW)
		}
		want = make([]bool, n+c)
		for p := range n {
			for i := p; i < p+c && a[p]; i++ {
				want[i] = true
			}
		}
		copy(got, x)
		dilate(got, c)
		if wantW = toWords(want[:min(n+c, 64*words)], words); !slices.Equal(got, wantW) {
			t.Fatalf("dilate(%d words, c=%d) = %x, want %x", words, c, got, wantW)
		}

		// fill: seeds (a subset of a) spread up through a.
		seeds := make([]bool, n)
		for i := range n {
			seeds[i] = a[i] && rng.IntN(8) == 0
		}
		want = make([]bool, n)
		for i := range n {
			if seeds[i] {
				for j := i; j < n && a[j]; j++ {
					want[j] = true
				}
			}
		}
		fill(got, toWords(seeds, words), x)
		if wantW = toWords(want, words); !slices.Equal(got, wantW) {
			t.Fatalf("fill(%d words) = %x, want %x", words, got, wantW)
		}
		if got1 := fill1(toWords(seeds, words)[0], x[0]); words == 1 && got1 != wantW[0] {
			t.Fatalf("fill1 = %x, want %x", got1, wantW[0])
		}
	}
}

// TestSolveWordsAgree runs lines of up to 64 cells through both the
// one-word and the multi-word code (by giving the template more words
// than it needs) and compares domains and nodes.
func TestSolveWordsAgree(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(22, 23))
	for range 6000 {
		n := 1 + rng.IntN(64)
		m := 1 + rng.IntN(10) // colours of 8 and more take solve1's cell-by-cell path
		var clue puzzle.Clue
		for i := 0; i < n; {
			r := 1 + rng.IntN(6)
			if rng.IntN(2) == 0 {
				clue = append(clue, puzzle.Block{Len: min(r, n-i), Color: puzzle.Color(1 + rng.IntN(m))})
			}
			i += r
		}
		cells := make([]Set, n)
		for i := range cells {
			cells[i] = (Set(1)<<(m+1) - 1)
			if rng.IntN(4) == 0 {
				cells[i] = Set(rng.Uint64()) & (Set(1)<<(m+1) - 1)
			}
		}
		t1 := NewTemplate(clue, n)
		tn := NewTemplate(clue, n)
		tn.Words = 1 + rng.IntN(3)
		if tn.Words == 1 {
			tn.Words = 2
		}
		var w1, wn Scratch
		out1, outn := make([]Set, n), make([]Set, n)
		ok1 := t1.Solve(cells, out1, &w1)
		okn := tn.solveWords(cells, outn, &wn)
		if ok1 != okn || ok1 && !slices.Equal(out1, outn) {
			t.Fatalf("clue %v cells %v: one word %v %v, %d words %v %v", clue, cells, out1, ok1, tn.Words, outn, okn)
		}
		if !ok1 {
			continue
		}
		for j := range t1.Blocks {
			for p := range n {
				if w1.Fs[j]>>p&1 != wn.Fs[j*tn.Words+p/64]>>(p%64)&1 {
					t.Fatalf("clue %v: start node (%d,%d) differs", clue, j, p)
				}
			}
		}
	}
}

// TestTranspose8 checks transpose8 bit by bit.
func TestTranspose8(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(24, 25))
	for range 1000 {
		x := rng.Uint64()
		y := transpose8(x)
		for r := range 8 {
			for c := range 8 {
				if x>>(8*r+c)&1 != y>>(8*c+r)&1 {
					t.Fatalf("transpose8(%#x) = %#x: row %d column %d", x, y, r, c)
				}
			}
		}
	}
}

// TestU128 checks the 128-bit helpers of solveBW2 and Feasible2 against
// math/big: shifts of 0 to 128, reversal of a line of 65 to 128 cells, and
// fill with its carry across the word boundary.
func TestU128(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(11, 12))
	mask := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 128), big.NewInt(1))
	toBig := func(x U128) *big.Int {
		b := new(big.Int).SetUint64(x.Hi)
		return b.Lsh(b, 64).Or(b, new(big.Int).SetUint64(x.Lo))
	}
	random := func() U128 {
		switch rng.IntN(4) {
		case 0: // long runs, so that fills carry far
			x := ^uint64(0) << rng.IntN(64)
			return U128{x, ^uint64(0) >> rng.IntN(64)}
		case 1:
			return U128{^uint64(0), rng.Uint64()}
		}
		return U128{rng.Uint64(), rng.Uint64()}
	}
	for range 20000 {
		x, y := random(), random()
		bx := toBig(x)
		k := rng.IntN(129)
		if got, want := toBig(x.shl(k)), new(big.Int).And(new(big.Int).Lsh(bx, uint(k)), mask); got.Cmp(want) != 0 {
			t.Fatalf("%x shl %d = %x, want %x", bx, k, got, want)
		}
		if got, want := toBig(x.shr(k)), new(big.Int).Rsh(bx, uint(k)); got.Cmp(want) != 0 {
			t.Fatalf("%x shr %d = %x, want %x", bx, k, got, want)
		}
		if got, want := toBig(x.or(y)), new(big.Int).Or(bx, toBig(y)); got.Cmp(want) != 0 {
			t.Fatalf("%x or %x = %x, want %x", bx, toBig(y), got, want)
		}
		// rev(pad) on a line of n = 128−pad cells: cell i goes to n−1−i.
		pad := rng.IntN(64)
		n := 128 - pad
		line := x.shl(pad).shr(pad) // cells 0 … n−1 only
		want := new(big.Int)
		for i := range n {
			if line.bit(i) {
				want.SetBit(want, n-1-i, 1)
			}
		}
		if got := toBig(line.rev(pad)); got.Cmp(want) != 0 {
			t.Fatalf("%x rev %d = %x, want %x", toBig(line), pad, got, want)
		}
		// fill128 against fill on two words.
		a := x
		seeds := y.and(a)
		dst := []uint64{seeds.Lo, seeds.Hi}
		fill(dst, dst, []uint64{a.Lo, a.Hi})
		if got := fill128(seeds, a); got != (U128{dst[0], dst[1]}) {
			t.Fatalf("fill128(%x, %x) = %x, want %x", toBig(seeds), toBig(a), toBig(got), toBig(U128{dst[0], dst[1]}))
		}
	}
}
