//go:build !linux

package memsize

// machine is 0 (unknown) where there is no sysinfo(2): "auto" is then
// Fallback.
func machine() int64 { return 0 }
