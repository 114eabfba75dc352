package main

import (
	"log/slog"
	"sync/atomic"

	"context"
	"encoding/json"
	"github.com/solitaire-race/racer/match/daily"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/leaderboard"
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
// warm-up logs the URL it serves on, and that the pools fill and the daily
// challenges are searched in the background. (The lines at the end of
// each search: TestPoolProgress and TestWarmDailyLogs.)
func TestFirstRunSaysWhatItDoes(t *testing.T) {
	skipWholeNodeIfShort(t)
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
	}
	timeout := time.After(time.Minute)
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
			t.Fatalf("after a minute: lines logged %v, want all", want)
		}
	}
}

// TestPoolProgress: "solver pools full" is logged once, when every
// profile has its seeds ready, counting the seeds a profile shares with
// another (relaxed-1's with windows-1) although the pool reports their
// solves under one name.
func TestPoolProgress(t *testing.T) {
	msgs := make(chan map[string]any, 10)
	log := slog.New(slog.NewJSONHandler(&logLines{msgs: msgs}, nil))
	ready := map[string]int{}
	p := newPoolProgress(log, []string{"relaxed-1", "windows-1", "bvs"}, 2, 1)
	if m := <-msgs; m["msg"] != "filling the solver pools in the background; until then races may deal seeds not solver-checked" {
		t.Fatalf("first line %v, want the start of the fill", m)
	}
	p.setReady(func(profile string) int { return ready[profile] })
	solve := func(profile string, shares ...string) {
		ready[profile]++
		for _, s := range shares {
			ready[s]++
		}
		p.solved(profile, true)
	}
	solve("relaxed-1", "windows-1")
	solve("bvs")
	solve("relaxed-1", "windows-1")
	p.solved("bvs", false)
	select {
	case m := <-msgs:
		t.Fatalf("logged %v before bvs was full", m)
	default:
	}
	solve("bvs")
	if m := nextLine(t, msgs); m["msg"] != "solver pools full: every race gets a deal proven winnable" {
		t.Fatalf("got %v, want the pools full", m)
	}
	solve("bvs")
	select {
	case m := <-msgs:
		t.Fatalf("logged %v again", m)
	default:
	}
}

// TestWarmDailyLogs: the daily warm-up logs its start and, once every
// profile's challenge is ready, its end.
func TestWarmDailyLogs(t *testing.T) {
	d, err := daily.New(daily.Config{Games: games.All, Secret: []byte("warm daily test secret"), Store: leaderboard.NewMemoryStore(),
		Checker: func(context.Context, uint64, string) (bool, error) { return true, nil }})
	if err != nil {
		t.Fatal(err)
	}
	msgs := make(chan map[string]any, 10)
	log := slog.New(slog.NewJSONHandler(&logLines{msgs: msgs}, nil))
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan struct{})
	go func() { warmDaily(ctx, d, []string{"bvs", "spider-1"}, nil, log); close(done) }()
	for _, want := range []string{"searching today's daily challenges in the background", "daily challenges ready"} {
		if m := nextLine(t, msgs); m["msg"] != want {
			t.Fatalf("got %v, want %q", m, want)
		}
	}
	cancel()
	<-done
}

// nextLine returns the next line logged, failing t after 10 s without one.
func nextLine(t *testing.T, msgs <-chan map[string]any) map[string]any {
	t.Helper()
	select {
	case m := <-msgs:
		return m
	case <-time.After(10 * time.Second):
		t.Fatal("no line logged within 10 s")
		return nil
	}
}

// TestWarmDailyWaitsForIdle: with an idle wait, no profile's search
// starts before the wait returns, and each profile waits in turn.
func TestWarmDailyWaitsForIdle(t *testing.T) {
	var searched atomic.Int32
	d, err := daily.New(daily.Config{Games: games.All, Secret: []byte("warm daily test secret"), Store: leaderboard.NewMemoryStore(),
		Checker: func(context.Context, uint64, string) (bool, error) { searched.Add(1); return true, nil }})
	if err != nil {
		t.Fatal(err)
	}
	msgs := make(chan map[string]any, 10)
	log := slog.New(slog.NewJSONHandler(&logLines{msgs: msgs}, nil))
	ctx, cancel := context.WithCancel(t.Context())
	waiting := make(chan int32)
	open := make(chan struct{})
	idle := func(ctx context.Context) error {
		waiting <- searched.Load()
		<-open
		return nil
	}
	done := make(chan struct{})
	go func() { warmDaily(ctx, d, []string{"bvs", "spider-1"}, idle, log); close(done) }()
	if n := <-waiting; n != 0 {
		t.Errorf("searches before the first idle wait returned: %d, want 0", n)
	}
	close(open)
	if n := <-waiting; n == 0 {
		t.Error("the second profile's wait came before the first profile's search")
	}
	for _, want := range []string{"searching today's daily challenges in the background", "daily challenges ready"} {
		if m := nextLine(t, msgs); m["msg"] != want {
			t.Fatalf("got %v, want %q", m, want)
		}
	}
	cancel()
	<-done
}
