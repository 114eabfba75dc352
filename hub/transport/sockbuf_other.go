//go:build !linux

package transport

// outq returns 0: only Linux tells what a socket's send queue holds.
func outq(uintptr) int { return 0 }
