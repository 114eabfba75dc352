package main

import (
	"context"
	"encoding/json"
	"io"
	"strings"
	"sync"
	"testing"
	"time"
)

// logLines is an io.Writer of JSON log lines that sends each message
// ("msg") to msgs. It is safe for concurrent use.
type logLines struct {
	mu   sync.Mutex
	buf  []byte
	msgs chan map[string]any
}

func (w *logLines) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf = append(w.buf, p...)
	for {
		i := strings.IndexByte(string(w.buf), '\n')
		if i < 0 {
			return len(p), nil
		}
		var m map[string]any
		if json.Unmarshal(w.buf[:i], &m) == nil {
			w.msgs <- m
		}
		w.buf = w.buf[i+1:]
	}
}

// TestFirstRunSaysWhatItDoes: a node with solver pools and the daily
// warm-up logs the URL it serves on, that the pools fill and the daily
// challenges are searched in the background, and when each is done.
func TestFirstRunSaysWhatItDoes(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	msgs := make(chan map[string]any, 100)
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"-addr", "127.0.0.1:0", "-log-format", "json", "-pool-size", "1"}, io.Discard, &logLines{msgs: msgs})
	}()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("run: %v", err)
		}
	})
	want := map[string]bool{
		"serving": false,
		"filling the solver pools in the background; until then races may deal seeds not solver-checked": false,
		"searching today's daily challenges in the background":                                           false,
		"daily challenges ready":                                    false,
		"solver pools full: every race gets a deal proven winnable": false,
	}
	if testing.Short() {
		// -short checks the lines logged at once; CI waits for the
		// searches' ends too (go test without -short).
		delete(want, "daily challenges ready")
		delete(want, "solver pools full: every race gets a deal proven winnable")
	}
	timeout := time.After(2 * time.Minute)
	for left := len(want); left > 0; {
		select {
		case m := <-msgs:
			msg, _ := m["msg"].(string)
			if seen, ok := want[msg]; ok && !seen {
				want[msg] = true
				left--
			}
			if msg == "serving" {
				if url, _ := m["url"].(string); !strings.HasPrefix(url, "http://127.0.0.1:") {
					t.Errorf("serving on %q, want http://127.0.0.1:…", url)
				}
			}
		case err := <-done:
			t.Fatalf("run ended: %v", err)
		case <-timeout:
			t.Fatalf("after two minutes: lines logged %v, want all", want)
		}
	}
}
