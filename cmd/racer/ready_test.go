package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/solitaire-race/racer/internal/redistest"
)

// readyz fetches /readyz from srv and returns its status, body and how
// long the answer took.
func readyz(t *testing.T, srv *httptest.Server) (int, string, time.Duration) {
	t.Helper()
	start := time.Now()
	code, body := get(t, srv.URL+"/readyz")
	return code, body, time.Since(start)
}

// TestReadyzWhileRedisStalls: with a real redis-server stopped by
// SIGSTOP, /readyz answers within 100 ms from the cached state, even
// while a check hangs on the stalled server; the next round of checks
// turns it red, and green again once Redis runs.
func TestReadyzWhileRedisStalls(t *testing.T) {
	srv := redistest.Start(t, redistest.Options{})
	c := srv.Client(t)
	h := &health{timeout: 300 * time.Millisecond}
	h.addCheck("redis", func(ctx context.Context) error { return c.Ping(ctx).Err() })
	mux := http.NewServeMux()
	mux.HandleFunc("GET /readyz", h.serveReadyz)
	web := httptest.NewServer(mux)
	defer web.Close()
	const fast = 100 * time.Millisecond

	if code, body, _ := readyz(t, web); code != 503 || !strings.Contains(body, errNotChecked.Error()) {
		t.Errorf("before any check: got %d %q, want 503 not checked yet", code, body)
	}
	h.check(t.Context())
	if code, body, took := readyz(t, web); code != 200 || took > fast {
		t.Errorf("Redis up: got %d %q in %v, want 200 within %v", code, body, took, fast)
	}

	srv.Pause(t)
	resumed := false
	defer func() {
		if !resumed {
			srv.Resume(t)
		}
	}()
	checked := make(chan time.Duration, 1)
	go func() {
		start := time.Now()
		h.check(context.Background()) // hangs on the stalled server until the timeout
		checked <- time.Since(start)
	}()
	if code, _, took := readyz(t, web); code != 200 || took > fast {
		t.Errorf("Redis stalled, check running: got %d in %v, want the cached 200 within %v", code, took, fast)
	}
	if took := <-checked; took > time.Second {
		t.Errorf("a check on the stalled server took %v, want its 300 ms timeout", took)
	}
	code, body, took := readyz(t, web)
	if code != 503 || !strings.Contains(body, "redis:") || took > fast {
		t.Errorf("Redis stalled, checked: got %d %q in %v, want 503 naming redis within %v", code, body, took, fast)
	}

	srv.Resume(t)
	resumed = true
	h.check(t.Context())
	if code, body, _ := readyz(t, web); code != 200 {
		t.Errorf("Redis resumed: got %d %q, want 200", code, body)
	}
}

// TestHealthRunChecks: Run checks at once and then every interval, and
// stops with its context.
func TestHealthRunChecks(t *testing.T) {
	rounds := make(chan struct{}, 8)
	h := &health{interval: time.Millisecond}
	h.addCheck("count", func(context.Context) error {
		select {
		case rounds <- struct{}{}:
		default:
		}
		return nil
	})
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error, 1)
	go func() { done <- h.Run(ctx) }()
	for range 3 {
		<-rounds
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("Run: got %v, want nil", err)
	}
	if err := h.ready(); err != nil {
		t.Errorf("after rounds that passed: got %v, want ready", err)
	}
}
