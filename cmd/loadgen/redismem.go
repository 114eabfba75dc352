package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"strconv"
	"strings"
	"time"
)

// RedisMem is Redis's memory during a run (-redis-addr): INFO memory's
// used_memory, in bytes, before the first connection and at the start
// and the end of the measured window (after -warmup: give it longer than
// the server's -hot-ttl to read a soak's steady state).
type RedisMem struct {
	Addr        string `json:"addr"`
	BeforeBytes int64  `json:"before_bytes"`
	StartBytes  int64  `json:"start_bytes"`
	EndBytes    int64  `json:"end_bytes"`
	// Change is (end − start) / start.
	Change float64 `json:"change"`
	// Err is the last reading's error, if any.
	Err string `json:"error,omitempty"`
}

// read takes the measured window's start reading, or its end one; m
// may be nil (no -redis-addr).
func (m *RedisMem) read(end bool) {
	if m == nil {
		return
	}
	n, err := redisUsedMemory(context.Background(), m.Addr)
	switch {
	case err != nil:
		m.Err = err.Error()
	case end:
		m.EndBytes = n
	default:
		m.StartBytes = n
	}
}

// maxInfo bounds the INFO answer read: a few kilobytes in practice.
const maxInfo = 1 << 20

// redisUsedMemory asks the Redis at addr (host:port on loopback) for
// INFO memory and returns used_memory. It speaks RESP itself: the load
// tool links no Redis client.
func redisUsedMemory(ctx context.Context, addr string) (int64, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return 0, fmt.Errorf("-redis-addr %q: %w", addr, err)
	}
	if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return 0, fmt.Errorf("-redis-addr %q is not a loopback address: loadgen only reads this machine", addr)
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	var d net.Dialer
	c, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return 0, err
	}
	defer c.Close()
	if dl, ok := ctx.Deadline(); ok {
		_ = c.SetDeadline(dl)
	}
	if _, err := io.WriteString(c, "*2\r\n$4\r\nINFO\r\n$6\r\nmemory\r\n"); err != nil {
		return 0, err
	}
	r := bufio.NewReader(io.LimitReader(c, maxInfo))
	head, err := r.ReadString('\n')
	if err != nil {
		return 0, err
	}
	if !strings.HasPrefix(head, "$") {
		return 0, fmt.Errorf("redis INFO: got %q", strings.TrimSpace(head))
	}
	n, err := strconv.Atoi(strings.TrimSpace(head[1:]))
	if err != nil || n < 0 || n > maxInfo {
		return 0, fmt.Errorf("redis INFO: bad length %q", strings.TrimSpace(head))
	}
	body := make([]byte, n)
	if _, err := io.ReadFull(r, body); err != nil {
		return 0, err
	}
	return parseUsedMemory(string(body))
}

// parseUsedMemory reads used_memory from the text of INFO memory.
func parseUsedMemory(info string) (int64, error) {
	for line := range strings.Lines(info) {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "used_memory:"); ok {
			return strconv.ParseInt(v, 10, 64)
		}
	}
	return 0, fmt.Errorf("redis INFO memory: no used_memory")
}
