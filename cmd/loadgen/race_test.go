package main

import (
	"context"
	"io"
	"log/slog"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/hub/wire"
)

// newHub serves a hub in memory on loopback, with a short countdown, no
// rate limit to speak of and every move's progress sent (TestSpectate
// counts one event per move), and returns its WebSocket URL.
func newHub(t *testing.T) string {
	t.Helper()
	h, err := hub.New(hub.Config{
		Countdown: 20 * time.Millisecond,
		RateLimit: 10000, RateBurst: 10000,
		ProgressEvery: -1,
		Logger:        slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h.Handler())
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = h.Shutdown(ctx)
		srv.Close()
	})
	return "ws" + strings.TrimPrefix(srv.URL, "http") + "/ws"
}

func TestRace(t *testing.T) {
	t.Parallel() // waits out its run's window beside the others
	url := newHub(t)
	pid := strconv.Itoa(os.Getpid())
	r := runJSON(t, "race", "-target="+url, "-conns=6", "-pace=100", "-warmup=100ms", window(), "-pid="+pid, "-settle=1ms")
	if r.Connected != 6 {
		t.Errorf("got %d racers connected, want 6", r.Connected)
	}
	if r.Ops == 0 || r.Latency.Count != uint64(r.Ops) {
		t.Errorf("got %d acknowledged moves and %d latencies, want the same non-zero number", r.Ops, r.Latency.Count)
	}
	for code := range r.Errors {
		switch code {
		case wire.CodeRaceFinished, wire.CodeGameOver, wire.CodeNotStarted:
		default:
			t.Errorf("got %d errors %q, want none of that kind", r.Errors[code], code)
		}
	}
	if r.Server == nil || r.Server.PID != os.Getpid() {
		t.Errorf("got server memory %+v, want readings of pid %s", r.Server, pid)
	}
}

func TestSpectate(t *testing.T) {
	url := newHub(t)
	r := runJSON(t, "spectate", "-target="+url, "-conns=5", "-pace=50", window())
	if r.Connected != 5 {
		t.Errorf("got %d spectators connected, want 5", r.Connected)
	}
	if r.Ops == 0 {
		t.Fatalf("the watched racer made no move")
	}
	if r.Fanout == nil || r.Fanout.Count == 0 {
		t.Fatalf("got fan-out %+v, want events timed", r.Fanout)
	}
	// Every spectator sees every acknowledged move, give or take the few
	// in flight as the window opens and closes.
	if want := uint64(5 * r.Ops); r.Fanout.Count > want+5*3 || r.Fanout.Count+5*3 < want {
		t.Errorf("got %d progress events, want about %d (5 spectators × %d moves)", r.Fanout.Count, want, r.Ops)
	}
	if len(r.Errors) != 0 {
		t.Errorf("got errors %v, want none", r.Errors)
	}
}

func TestIdleHello(t *testing.T) {
	t.Parallel() // waits out its run's window beside the others
	url := newHub(t)
	r := runJSON(t, "idle", "-target="+url, "-conns=10", "-duration=100ms")
	if r.Connected != 10 || len(r.Errors) != 0 {
		t.Errorf("got %d connected, errors %v; want 10 and none", r.Connected, r.Errors)
	}
}

func TestProgressSeq(t *testing.T) {
	tests := []struct {
		frame string
		racer string
		seq   uint64
		ok    bool
	}{
		{`{"type":"progress","race":"r","progress":{"racer":"a1","seq":7,"foundation":3}}`, "a1", 7, true},
		{`{"type":"progress","race":"r","progress":{"racer":"b2","seq":7}}`, "a1", 0, false},
		{`{"type":"ack","race":"r","seq":7}`, "a1", 0, false},
		{`{"type":"progress",`, "a1", 0, false},
	}
	for _, tt := range tests {
		seq, ok := progressSeq([]byte(tt.frame), tt.racer)
		if seq != tt.seq || ok != tt.ok {
			t.Errorf("progressSeq(%s) = %d, %v; want %d, %v", tt.frame, seq, ok, tt.seq, tt.ok)
		}
	}
}

func TestBareFanout(t *testing.T) {
	r := runJSON(t, "spectate", "-conns=4", "-pace=50", window(), "-settle=10ms")
	if !strings.HasSuffix(r.Target, "/fanout") || r.Connected != 4 {
		t.Fatalf("got target %s with %d connected, want the built-in /fanout with 4", r.Target, r.Connected)
	}
	if r.Ops == 0 || r.Fanout == nil {
		t.Fatalf("got %d messages and fan-out %+v, want both", r.Ops, r.Fanout)
	}
	if want := uint64(4 * r.Ops); r.Fanout.Count > want+4*3 || r.Fanout.Count+4*3 < want {
		t.Errorf("got %d deliveries, want about %d (4 spectators × %d messages)", r.Fanout.Count, want, r.Ops)
	}
}

func TestRaceWithSpectators(t *testing.T) {
	t.Parallel() // waits out its run's window beside the others
	url := newHub(t)
	r := runJSON(t, "race", "-target="+url, "-conns=8", "-spectators=2", "-level=random", "-pace=50", "-warmup=200ms", window())
	if r.Connected != 8 {
		t.Errorf("got %d connected, want 8", r.Connected)
	}
	if r.Ops == 0 {
		t.Fatal("no move acknowledged")
	}
	if r.Fanout == nil || r.Fanout.Count == 0 {
		t.Errorf("got fan-out %+v, want spectators timing progress events", r.Fanout)
	}
}

// TestRaceEcho: race -echo runs the echo endpoint alike first, and the
// report reads the server's and Redis's CPU per move against echo's per
// round trip. This process plays both the server and "Redis" (any
// process's /proc times do).
func TestRaceEcho(t *testing.T) {
	t.Parallel() // waits out its run's window beside the others
	url := newHub(t)
	pid := strconv.Itoa(os.Getpid())
	// Unpaced, the race and the echo baseline each keep the cores busy
	// through their warm-up and duration: under -short a short warm-up
	// and a burst, not the window of the paced runs.
	warmup, d := "-warmup=100ms", window()
	if testing.Short() {
		warmup, d = "-warmup=20ms", burst()
	}
	r := runJSON(t, "race", "-target="+url, "-conns=4", warmup, d, "-pid="+pid, "-redis-pid="+pid, "-settle=1ms", "-echo")
	e := r.Echo
	if e == nil || e.Ops == 0 || e.CPUPerOpUS <= 0 {
		t.Fatalf("got echo baseline %+v, want round trips and their CPU cost", e)
	}
	if r.Server == nil || r.Redis == nil || r.Redis.PID != os.Getpid() || r.Ops == 0 {
		t.Fatalf("got server %+v, redis %+v, %d moves; want CPU readings of pid %s", r.Server, r.Redis, r.Ops, pid)
	}
	want := (r.Server.CPUPerOpUS + r.Redis.CPUPerOpUS) / e.CPUPerOpUS
	if want > 0 && (e.Ratio < want*0.999 || e.Ratio > want*1.001) {
		t.Errorf("got CPU ratio %.4f, want (server %.2f + redis %.2f) / echo %.2f = %.4f",
			e.Ratio, r.Server.CPUPerOpUS, r.Redis.CPUPerOpUS, e.CPUPerOpUS, want)
	}
	if e.Ratio <= 0 {
		t.Errorf("got CPU ratio %v, want a positive ratio (the server spent CPU on %d moves)", e.Ratio, r.Ops)
	}
}
