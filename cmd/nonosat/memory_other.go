//go:build !linux

package main

// machineMemory is 0 (unknown) where there is no sysinfo(2): --max-memory
// auto then sets no limit.
func machineMemory() int64 { return 0 }
