package main

import (
	"errors"
	"strconv"
	"strings"
)

// shard is batch's --shard K/N: the run handles the puzzles whose ordinal
// (0-based, in the order batch lists them, error lines of unreadable files
// included) is K-1 modulo N. The zero value takes every puzzle.
type shard struct{ k, n int }

// parseShard reads "K/N" with 1 ≤ K ≤ N; "" is no sharding.
func parseShard(s string) (shard, error) {
	if s == "" {
		return shard{}, nil
	}
	ks, ns, ok := strings.Cut(s, "/")
	k, err1 := strconv.Atoi(strings.TrimSpace(ks))
	n, err2 := strconv.Atoi(strings.TrimSpace(ns))
	if !ok || err1 != nil || err2 != nil || n < 1 || k < 1 || k > n {
		return shard{}, errors.New("want K/N with 1 <= K <= N, as 3/8")
	}
	return shard{k, n}, nil
}

// take reports whether the puzzle of ordinal *i belongs to the shard, and
// moves *i on to the next puzzle.
func (s shard) take(i *int) bool {
	mine := s.n == 0 || *i%s.n == s.k-1
	*i++
	return mine
}
