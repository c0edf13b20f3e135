package memsize

import "syscall"

// machine is the machine's memory in bytes, or 0. sysinfo(2) gives
// /proc/meminfo's MemTotal without reading and parsing a file on every
// run.
func machine() int64 {
	var si syscall.Sysinfo_t
	if err := syscall.Sysinfo(&si); err != nil {
		return 0
	}
	return int64(si.Totalram) * int64(si.Unit)
}
