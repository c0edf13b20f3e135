//go:build !unix

package benchmarks

import "time"

var start = time.Now()

// cpuNow falls back to the wall clock where getrusage is missing.
func cpuNow() time.Duration { return time.Since(start) }
