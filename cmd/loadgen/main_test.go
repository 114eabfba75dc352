package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/solitaire-race/racer/internal/testenv"
)

// TestMain lets the test binary stand in for loadgen when loadgen runs
// itself (the echo server, worker processes). The parallel tests mostly
// wait out their runs' windows, so up to eight run at once
// (testenv.Parallel).
func TestMain(m *testing.M) {
	if os.Getenv("LOADGEN_TEST_CHILD") == "1" {
		main()
		os.Exit(0)
	}
	testenv.Parallel(8)
	os.Setenv("LOADGEN_TEST_CHILD", "1")
	os.Exit(m.Run())
}

// window is the -duration of the tests' paced runs: one second, or
// 300 ms under -short, which still gives every connection a dozen moves.
func window() string {
	if testing.Short() {
		return "-duration=300ms"
	}
	return "-duration=1s"
}

// burst is the -duration of the tests' unpaced runs, which keep the
// machine's cores busy for all of it: 300 ms, or 100 ms under -short,
// which still makes many round trips per connection.
func burst() string {
	if testing.Short() {
		return "-duration=100ms"
	}
	return "-duration=300ms"
}

// runJSON runs loadgen with args and decodes its JSON report.
func runJSON(t *testing.T, args ...string) *Report {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var out, errOut bytes.Buffer
	if err := run(ctx, append(args, "-json", "-progress=0"), &out, &errOut); err != nil {
		t.Fatalf("loadgen %v: %v\nstderr:\n%s", args, err, errOut.String())
	}
	var r Report
	if err := json.Unmarshal(out.Bytes(), &r); err != nil {
		t.Fatalf("loadgen %v: report %q: %v", args, out.String(), err)
	}
	return &r
}

func TestEcho(t *testing.T) {
	t.Parallel() // waits out its run's window beside the others
	tests := []struct {
		name  string
		args  []string
		procs int
	}{
		{"one process", []string{"echo", "-conns=4", burst(), "-settle=10ms"}, 1},
		{"workers", []string{"echo", "-conns=5", "-per-proc=2", burst(), "-settle=10ms"}, 3},
		{"paced", []string{"echo", "-conns=3", "-pace=50", window(), "-settle=10ms"}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := runJSON(t, tt.args...)
			if r.Procs != tt.procs {
				t.Errorf("got %d processes, want %d", r.Procs, tt.procs)
			}
			if r.Connected != int64(r.Conns) {
				t.Errorf("got %d connected, want %d", r.Connected, r.Conns)
			}
			if r.Ops == 0 || r.Latency.Count != uint64(r.Ops) {
				t.Errorf("got %d round trips and %d latencies, want the same non-zero number", r.Ops, r.Latency.Count)
			}
			if len(r.Errors) != 0 {
				t.Errorf("got errors %v, want none", r.Errors)
			}
			if r.Server == nil || r.Server.BeforeKB <= 0 {
				t.Errorf("got server memory %+v, want the echo server's", r.Server)
			}
			if r.Pace > 0 && float64(r.Ops) > r.Pace*r.Seconds*float64(r.Conns)+float64(r.Conns) {
				t.Errorf("got %d round trips in %.2f s, more than %d connections at %.0f/s allow", r.Ops, r.Seconds, r.Conns, r.Pace)
			}
			if !(r.Latency.P50 <= r.Latency.P99 && r.Latency.P99 <= r.Latency.Max) {
				t.Errorf("got latency %+v, want p50 ≤ p99 ≤ max", r.Latency)
			}
		})
	}
}

func TestPacerSpreadsStarts(t *testing.T) {
	before := time.Now()
	seen := map[time.Duration]bool{}
	for i := range 100 {
		p := newPacer(10, i)
		off := p.next.Sub(before)
		if off < 0 || off > p.interval+time.Second {
			t.Fatalf("connection %d starts at %v, want within the interval %v", i, off, p.interval)
		}
		seen[off/(10*time.Millisecond)] = true
	}
	// 100 starts over 100 ms spread by the golden ratio fill most 10 ms slots.
	if len(seen) < 8 {
		t.Errorf("starts fell in %d of 10 slots, want them spread", len(seen))
	}
}

func TestIdle(t *testing.T) {
	t.Parallel() // waits out its run's window beside the others
	r := runJSON(t, "idle", "-conns=20", "-duration=100ms", "-settle=10ms")
	if r.Connected != 20 || r.Ops != 0 {
		t.Errorf("got %d connected and %d operations, want 20 and 0", r.Connected, r.Ops)
	}
	if r.Server == nil || r.Server.ConnectedKB <= 0 {
		t.Errorf("got server memory %+v, want readings", r.Server)
	}
}

func TestRefusesOtherHosts(t *testing.T) {
	var out, errOut bytes.Buffer
	err := run(context.Background(), []string{"idle", "-target=ws://192.0.2.1:80/ws", "-progress=0"}, &out, &errOut)
	if err == nil || !strings.Contains(err.Error(), "loopback") {
		t.Errorf("got error %v, want a refusal of a non-loopback target", err)
	}
}

func TestBots(t *testing.T) {
	var out, errOut bytes.Buffer
	if err := run(context.Background(), []string{"bots", "-n=5", "-profiles=relaxed-3", "-levels=greedy,random"}, &out, &errOut); err != nil {
		t.Fatalf("bots: %v\n%s", err, errOut.String())
	}
	if got := strings.Count(out.String(), "won"); got != 2 {
		t.Errorf("got %d result lines, want 2:\n%s", got, out.String())
	}
}
