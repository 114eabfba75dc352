package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"
	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/match/game/klondikegame"
)

func TestReadyz(t *testing.T) {
	down := errors.New("connection refused")
	tests := []struct {
		name     string
		check    error
		drain    bool
		want     int
		wantBody string
	}{
		{"ready", nil, false, http.StatusOK, "ready"},
		{"store down", down, false, http.StatusServiceUnavailable, "store: connection refused"},
		{"draining", nil, true, http.StatusServiceUnavailable, "draining"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := &health{}
			h.addCheck("store", func(context.Context) error { return tt.check })
			if tt.drain {
				h.drain()
			}
			h.check(t.Context())
			rec := &recorder{header: http.Header{}}
			h.serveReadyz(rec, mustRequest(t, "/readyz"))
			if rec.code != tt.want || !strings.Contains(rec.body.String(), tt.wantBody) {
				t.Errorf("got %d %q, want %d containing %q", rec.code, rec.body.String(), tt.want, tt.wantBody)
			}
			wantGauge := 0.0
			if tt.want == http.StatusOK {
				wantGauge = 1
			}
			reg := newRegistry(h)
			ms := gathered(t, reg, "racer_ready")
			if len(ms) != 1 {
				t.Fatalf("racer_ready: got %d series, want 1", len(ms))
			}
			if got := ms[0].GetGauge().GetValue(); got != wantGauge {
				t.Errorf("racer_ready: got %v, want %v", got, wantGauge)
			}
		})
	}
}

func TestReadyCheckHasDeadline(t *testing.T) {
	h := &health{}
	h.addCheck("store", func(ctx context.Context) error {
		if _, ok := ctx.Deadline(); !ok {
			return errors.New("no deadline")
		}
		return nil
	})
	h.check(context.Background())
	if err := h.ready(); err != nil {
		t.Errorf("got %v, want a check with a deadline", err)
	}
}

func TestRegistryHasRuntimeCollectors(t *testing.T) {
	reg := newRegistry(&health{})
	for _, name := range []string{"go_goroutines", "go_gc_duration_seconds", "process_cpu_seconds_total", "process_open_fds"} {
		if n := len(gathered(t, reg, name)); n == 0 {
			t.Errorf("%s: got %d series, want some", name, n)
		}
	}
}

func TestAutoLogFormat(t *testing.T) {
	var buf bytes.Buffer
	log, err := newLogger(options{logFormat: "auto", logLevel: "info"}, &buf)
	if err != nil {
		t.Fatal(err)
	}
	log.Info("hello", "k", 1)
	if !strings.HasPrefix(buf.String(), `{"time":`) {
		t.Errorf("auto to a buffer: got %q, want a JSON line", buf.String())
	}
}

// TestOperatorEndpoints runs the server with metrics and pprof on their
// own listeners, checks what is served where, and drains it.
func TestOperatorEndpoints(t *testing.T) {
	skipWholeNodeIfShort(t)
	metricsAddr, pprofAddr := freeAddr(t), freeAddr(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	lines := make(chan string, 1) // not out.line, which Write sets to nil
	out := &lineWriter{line: lines}
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"-addr", "127.0.0.1:0", "-log-level", "error",
			"-metrics-addr", metricsAddr, "-pprof-addr", pprofAddr}, out, io.Discard)
	}()
	var line string
	select {
	case line = <-lines:
	case err := <-done:
		t.Fatalf("run ended: %v", err)
	case <-time.After(20 * time.Second):
		t.Fatal("no URL printed")
	}
	base := strings.TrimSuffix(strings.TrimPrefix(line, "racer listening on "), "/")

	wctx, wcancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer wcancel()
	c, err := client.Dial(wctx, "ws"+strings.TrimPrefix(base, "http")+"/ws", client.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Drop()
	if _, err := c.Hello(wctx, "Ann", ""); err != nil {
		t.Fatal(err)
	}

	tests := []struct {
		url      string
		want     int
		wantBody string
	}{
		{base + "/healthz", 200, "ok"},
		{base + "/readyz", 200, "ready"},
		{base + "/metrics", 404, ""},
		{base + "/debug/pprof/", 404, ""},
		{"http://" + metricsAddr + "/metrics", 200, "racer_ready 1"},
		{"http://" + metricsAddr + "/metrics", 200, `racer_connections{kind="player"} 1`},
		{"http://" + metricsAddr + "/metrics", 200, "go_goroutines"},
		{"http://" + pprofAddr + "/debug/pprof/", 200, "goroutine"},
	}
	for _, tt := range tests {
		code, body := get(t, tt.url)
		if code != tt.want || !strings.Contains(body, tt.wantBody) {
			t.Errorf("GET %s: got %d, want %d with %q; body:\n%.300s", tt.url, code, tt.want, tt.wantBody, body)
		}
	}

	cancel()
	waitClosedAndReturned(t, wctx, c, done, "drain")
	for _, addr := range []string{strings.TrimPrefix(base, "http://"), metricsAddr, pprofAddr} {
		if conn, err := net.DialTimeout("tcp", addr, time.Second); err == nil {
			conn.Close()
			t.Errorf("%s still accepts connections after the drain", addr)
		}
	}
}

// gathered returns the series of one metric family in reg.
func gathered(t *testing.T, reg prometheus.Gatherer, name string) []*dto.Metric {
	t.Helper()
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		if mf.GetName() == name {
			return mf.GetMetric()
		}
	}
	return nil
}

func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

func get(t *testing.T, url string) (int, string) {
	t.Helper()
	c := &http.Client{Timeout: 10 * time.Second}
	resp, err := c.Get(url)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

func mustRequest(t *testing.T, path string) *http.Request {
	t.Helper()
	r, err := http.NewRequest("GET", "http://x"+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// recorder is a minimal http.ResponseWriter.
type recorder struct {
	header http.Header
	code   int
	body   bytes.Buffer
}

func (r *recorder) Header() http.Header { return r.header }
func (r *recorder) WriteHeader(code int) {
	if r.code == 0 {
		r.code = code
	}
}
func (r *recorder) Write(p []byte) (int, error) {
	r.WriteHeader(http.StatusOK)
	return r.body.Write(p)
}

func TestPoolSizeGauge(t *testing.T) {
	pool, err := klondikegame.Game{}.NewPool(game.PoolConfig{Size: 1})
	if err != nil {
		t.Fatal(err)
	}
	reg := prometheus.NewPedanticRegistry()
	profiles := []string{"bvs", "classic"}
	if err := registerPoolSize(reg, profiles, pool.Ready); err != nil {
		t.Fatal(err)
	}
	ms := gathered(t, reg, "racer_solver_pool_size")
	if len(ms) != len(profiles) {
		t.Fatalf("got %d series, want %d", len(ms), len(profiles))
	}
	for i, m := range ms {
		if got := m.GetLabel()[0].GetValue(); got != profiles[i] {
			t.Errorf("series %d: profile %q, want %q", i, got, profiles[i])
		}
		if got := m.GetGauge().GetValue(); got != 0 {
			t.Errorf("profile %s: got %v ready before Run, want 0", profiles[i], got)
		}
	}
	if err := registerPoolSize(reg, []string{"no-such-profile"}, pool.Ready); err == nil {
		t.Error("unknown profile: got no error")
	}
}
