package transport

import (
	"net"
	"syscall"
)

// The kernel's share of a connection's bytes. What the connection writes
// waits in the socket's send buffer until the client acknowledges it;
// left to itself the kernel grows that buffer to megabytes
// (net.ipv4.tcp_wmem on Linux: 4 MiB) for a client that does not read,
// on top of the outbox. Accept asks for a buffer of Config.SocketBuffer
// instead (SO_SNDBUF, which also stops the kernel's sizing) and counts
// it in Config.SendBuffer.

// tcpConnOf returns the TCP connection under nc (through TLS), or nil.
func tcpConnOf(nc net.Conn) *net.TCPConn {
	for {
		switch c := nc.(type) {
		case *net.TCPConn:
			return c
		case interface{ NetConn() net.Conn }:
			nc = c.NetConn()
		default:
			return nil
		}
	}
}

// setSocketBuffer asks the kernel for a send buffer of size bytes on tc
// and returns the bytes the socket may hold: twice the size the kernel
// reports (Linux reports twice what was asked, for its bookkeeping, and
// a write may fill the buffer one segment past it), at most most. With
// no TCP connection (tc nil) it returns 0.
func setSocketBuffer(tc *net.TCPConn, size, most int) int {
	if tc == nil {
		return 0
	}
	if tc.SetWriteBuffer(size) != nil {
		return most
	}
	got := size
	if raw, err := tc.SyscallConn(); err == nil {
		_ = raw.Control(func(fd uintptr) {
			if n, err := syscall.GetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_SNDBUF); err == nil && n > 0 {
				got = n
			}
		})
	}
	return min(2*got, most)
}

// socketQueued returns the bytes written to tc that the client has not
// acknowledged, 0 when tc is nil or the system does not tell.
func socketQueued(tc *net.TCPConn) int {
	if tc == nil {
		return 0
	}
	raw, err := tc.SyscallConn()
	if err != nil {
		return 0
	}
	n := 0
	_ = raw.Control(func(fd uintptr) { n = outq(fd) })
	return n
}
