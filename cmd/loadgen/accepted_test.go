package main

import (
	"context"
	"io"
	"log/slog"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/solitaire-race/racer/hub"
)

func TestFindSeries(t *testing.T) {
	const text = `# HELP racer_moves_total Actions received, by outcome.
# TYPE racer_moves_total counter
racer_moves_total{outcome="accepted"} 1.234567e+06
racer_moves_total{outcome="accepted_late"} 7
racer_moves_total{outcome="refused"} 12
`
	tests := []struct {
		series string
		want   float64
		ok     bool
	}{
		{`racer_moves_total{outcome="accepted"}`, 1234567, true},
		{`racer_moves_total{outcome="refused"}`, 12, true},
		{`racer_moves_total{outcome="illegal"}`, 0, false},
		{`racer_moves_total`, 0, false}, // a name alone is not its labelled series
	}
	for _, tt := range tests {
		got, err := findSeries(strings.NewReader(text), tt.series)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("findSeries(%s) = %v, %v; want %v, ok %v", tt.series, got, err, tt.want, tt.ok)
		}
	}
}

// newHubWithMetrics is newHub with the hub's metrics served at /metrics
// beside /ws, as cmd/racer serves them.
func newHubWithMetrics(t *testing.T) string {
	t.Helper()
	reg := prometheus.NewRegistry()
	h, err := hub.New(hub.Config{
		Countdown: 20 * time.Millisecond,
		RateLimit: 10000, RateBurst: 10000,
		Registerer: reg,
		Logger:     slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))
	mux.Handle("/", h.Handler())
	srv := httptest.NewServer(mux)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = h.Shutdown(ctx)
		srv.Close()
	})
	return "ws" + strings.TrimPrefix(srv.URL, "http") + "/ws"
}

// TestRaceCPUPerAcceptedMove checks that a race run divides CPU by the
// moves the server counted as accepted over the window, read from its
// /metrics, in one process and across workers; and by the tool's own
// acknowledgements when the server has no /metrics.
func TestRaceCPUPerAcceptedMove(t *testing.T) {
	t.Parallel() // waits out its runs' windows beside the others
	pid := strconv.Itoa(os.Getpid())
	for _, tt := range []struct {
		name  string
		extra []string
	}{
		{"one process", nil},
		{"workers", []string{"-per-proc=2"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			url := newHubWithMetrics(t)
			args := append([]string{"race", "-target=" + url, "-conns=4", "-pace=100", "-warmup=100ms", window(),
				"-pid=" + pid, "-redis-pid=" + pid, "-settle=1ms"}, tt.extra...)
			r := runJSON(t, args...)
			if r.CPUPer != "accepted move" || r.Accepted == nil || r.Accepted.Err != "" {
				t.Fatalf("got CPU per %q, accepted %+v; want per accepted move, read from /metrics", r.CPUPer, r.Accepted)
			}
			if r.Accepted.Moves <= 0 {
				t.Fatalf("got %d accepted moves, want some", r.Accepted.Moves)
			}
			for name, got := range map[string]float64{"server": r.Server.CPUPerOpUS, "redis": r.Redis.CPUPerOpUS} {
				cpu := r.Server.CPUSeconds
				if name == "redis" {
					cpu = r.Redis.CPUSeconds
				}
				if want := cpu / float64(r.Accepted.Moves) * 1e6; math.Abs(got-want) > 1e-6*want {
					t.Errorf("%s CPU per move %.3f µs, want %.3f (%.3f s over %d accepted moves)", name, got, want, cpu, r.Accepted.Moves)
				}
			}
		})
	}
	t.Run("no metrics", func(t *testing.T) {
		url := newHub(t) // no /metrics: 404
		r := runJSON(t, "race", "-target="+url, "-conns=2", "-pace=100", "-warmup=100ms", window(), "-pid="+pid, "-settle=1ms")
		if r.CPUPer != "operation" || r.Accepted == nil || r.Accepted.Err == "" {
			t.Fatalf("got CPU per %q, accepted %+v; want per operation with the error said", r.CPUPer, r.Accepted)
		}
		if want := r.Server.CPUSeconds / float64(r.Ops) * 1e6; math.Abs(r.Server.CPUPerOpUS-want) > 1e-6*want {
			t.Errorf("server CPU per operation %.3f µs, want %.3f", r.Server.CPUPerOpUS, want)
		}
	})
}
