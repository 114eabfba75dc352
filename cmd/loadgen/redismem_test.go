package main

import (
	"context"
	"net"
	"os"
	"testing"
	"time"

	"github.com/solitaire-race/racer/internal/testenv"
)

func TestParseUsedMemory(t *testing.T) {
	info := "# Memory\r\nused_memory:1968240\r\nused_memory_human:1.88M\r\n"
	if n, err := parseUsedMemory(info); err != nil || n != 1968240 {
		t.Errorf("got %d, %v, want 1968240", n, err)
	}
	if _, err := parseUsedMemory("# Memory\r\n"); err == nil {
		t.Error("got no error without used_memory")
	}
}

// redisUsedMemory reads a real Redis (RACER_TEST_REDIS_ADDR, default
// 127.0.0.1:6379) and refuses an address off loopback.
func TestRedisUsedMemory(t *testing.T) {
	if _, err := redisUsedMemory(t.Context(), "10.0.0.1:6379"); err == nil {
		t.Error("got no error for an address off loopback")
	}
	addr := os.Getenv("RACER_TEST_REDIS_ADDR")
	if addr == "" {
		addr = "127.0.0.1:6379"
	}
	c, err := net.DialTimeout("tcp", addr, time.Second)
	if err != nil {
		testenv.Unavailable(t, "no Redis at "+addr+": "+err.Error())
		return
	}
	c.Close()
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	n, err := redisUsedMemory(ctx, addr)
	if err != nil || n <= 0 {
		t.Errorf("got %d, %v, want Redis's used memory", n, err)
	}
}

// A race run with -redis-addr reports Redis's memory before it and at
// its measured window's start and end.
func TestRaceRedisMemory(t *testing.T) {
	t.Parallel() // waits out its run's window beside the others
	addr := os.Getenv("RACER_TEST_REDIS_ADDR")
	if addr == "" {
		addr = "127.0.0.1:6379"
	}
	c, err := net.DialTimeout("tcp", addr, time.Second)
	if err != nil {
		testenv.Unavailable(t, "no Redis at "+addr+": "+err.Error())
		return
	}
	c.Close()
	r := runJSON(t, "race", "-target="+newHub(t), "-conns=2", "-pace=10", "-duration=200ms", "-redis-addr="+addr)
	if m := r.RedisMem; m == nil || m.Addr != addr || m.BeforeBytes <= 0 || m.StartBytes <= 0 || m.EndBytes <= 0 || m.Err != "" {
		t.Errorf("got Redis memory %+v, want three readings of %s", m, addr)
	}
}
