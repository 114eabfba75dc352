package transport

import (
	"syscall"
	"unsafe"
)

// outq returns the bytes in the send queue of socket fd: written and
// not acknowledged by the peer (SIOCOUTQ).
func outq(fd uintptr) int {
	var n int32
	if _, _, errno := syscall.Syscall(syscall.SYS_IOCTL, fd, syscall.TIOCOUTQ, uintptr(unsafe.Pointer(&n))); errno != 0 {
		return 0
	}
	return int(n)
}
