//go:build unix

package benchmarks

import (
	"syscall"
	"time"
)

// cpuNow is the CPU time (user+sys) the process has used so far: on a
// machine shared with other jobs it moves less than the wall clock.
func cpuNow() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
