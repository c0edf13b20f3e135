package batch_test

import (
	"testing"

	"github.com/nonosat/nonosat/batch"
)

func TestParseShard(t *testing.T) {
	tests := []struct {
		in   string
		want batch.Shard
		ok   bool
	}{
		{"", batch.Shard{}, true},
		{"1/1", batch.Shard{K: 1, N: 1}, true},
		{"3/8", batch.Shard{K: 3, N: 8}, true},
		{" 2 / 3 ", batch.Shard{K: 2, N: 3}, true},
		{"0/3", batch.Shard{}, false},
		{"4/3", batch.Shard{}, false},
		{"3", batch.Shard{}, false},
		{"a/b", batch.Shard{}, false},
		{"1/0", batch.Shard{}, false},
	}
	for _, tt := range tests {
		got, err := batch.ParseShard(tt.in)
		if got != tt.want || (err == nil) != tt.ok {
			t.Errorf("ParseShard(%q) = %v, %v; want %v, ok %v", tt.in, got, err, tt.want, tt.ok)
		}
	}
}
