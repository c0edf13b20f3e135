package batch

import (
	"errors"
	"strconv"
	"strings"
)

// Shard is a share of a run: the puzzles whose ordinal (0-based, in the
// order the run lists them, error lines of unreadable files included) is
// K-1 modulo N. N runs over the same files, one per K, share the work, and
// their outputs concatenate to the whole run's. The zero Shard takes every
// puzzle.
type Shard struct{ K, N int }

// ParseShard reads "K/N" with 1 ≤ K ≤ N; "" is the zero Shard.
func ParseShard(s string) (Shard, error) {
	if s == "" {
		return Shard{}, nil
	}
	ks, ns, ok := strings.Cut(s, "/")
	k, err1 := strconv.Atoi(strings.TrimSpace(ks))
	n, err2 := strconv.Atoi(strings.TrimSpace(ns))
	if !ok || err1 != nil || err2 != nil || n < 1 || k < 1 || k > n {
		return Shard{}, errors.New("want K/N with 1 <= K <= N, as 3/8")
	}
	return Shard{k, n}, nil
}

// take reports whether the puzzle of ordinal *i belongs to the shard, and
// moves *i on to the next puzzle.
func (s Shard) take(i *int) bool {
	mine := s.N == 0 || *i%s.N == s.K-1
	*i++
	return mine
}
