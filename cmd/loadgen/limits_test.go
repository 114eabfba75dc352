package main

import (
	"os"
	"testing"
)

func TestCheckLoopback(t *testing.T) {
	tests := []struct {
		target string
		ok     bool
	}{
		{"ws://127.0.0.1:8080/ws", true},
		{"ws://127.0.0.2:8080/ws", true},
		{"ws://localhost:8080/ws", true},
		{"ws://[::1]:8080/ws", true},
		{"http://127.0.0.1:8080", true},
		{"ws://10.0.0.1:8080/ws", false},
		{"ws://example.com/ws", false},
		{"wss://127.0.0.1/ws", false},
		{"ws://0.0.0.0:8080/ws", false},
		{"::bad", false},
	}
	for _, tt := range tests {
		_, err := checkLoopback(tt.target)
		if (err == nil) != tt.ok {
			t.Errorf("checkLoopback(%q) error %v, want ok %v", tt.target, err, tt.ok)
		}
	}
}

func TestRSS(t *testing.T) {
	kb, err := rssKB(os.Getpid())
	if err != nil {
		t.Fatal(err)
	}
	if kb <= 0 {
		t.Errorf("got RSS %d kB, want > 0", kb)
	}
	if _, err := rssKB(-1); err == nil {
		t.Error("got no error for pid -1")
	}
}

func TestCPUSeconds(t *testing.T) {
	before, err := cpuSeconds(0)
	if err != nil {
		t.Fatal(err)
	}
	// Burn CPU until the tick counter moves, boundedly.
	x := 0
	for i := 0; i < 1e10; i++ {
		x += i
		if i%1e6 == 0 {
			if now, _ := cpuSeconds(os.Getpid()); now > before {
				return
			}
		}
	}
	t.Errorf("CPU time stayed at %v s (x=%d)", before, x)
}
