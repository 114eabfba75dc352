package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/solitaire-race/racer/match/game/games"
)

// health answers /healthz and /readyz and knows whether the node drains.
// Readiness comes from a cached state: Run asks every check in the
// background each interval, so that /readyz answers at once even while a
// dependency stalls (a stalled store turns it red within interval +
// timeout). It is safe for concurrent use.
type health struct {
	draining atomic.Bool
	// interval is the time between two rounds of checks (default
	// readyInterval); timeout bounds each check (default readyTimeout).
	// Set them before Run.
	interval, timeout time.Duration

	checksMu sync.Mutex
	checks   []readyCheck

	// stateMu guards the outcome of the latest round of checks.
	stateMu sync.Mutex
	checked bool  // a round has run since the last addCheck
	last    error // nil: every check passed
}

// readyCheck is one dependency /readyz asks, such as the store.
type readyCheck struct {
	name  string
	check func(context.Context) error
}

// readyInterval and readyTimeout are the defaults of health's interval
// and timeout: a stalled store shows within 2 s, well inside a probe's
// timeout.
const (
	readyInterval = time.Second
	readyTimeout  = time.Second
)

// errNotChecked is the state before the first round of checks.
var errNotChecked = errors.New("not checked yet")

// addCheck makes readiness depend on check (the store's ping, say); the
// node is not ready until a round of checks has run with it.
func (h *health) addCheck(name string, check func(context.Context) error) {
	h.checksMu.Lock()
	h.checks = append(h.checks, readyCheck{name, check})
	h.checksMu.Unlock()
	h.stateMu.Lock()
	h.checked = false
	h.stateMu.Unlock()
}

// drain turns /readyz red for good: the node takes no new players.
func (h *health) drain() { h.draining.Store(true) }

// ready returns nil when the node should get new players: not draining
// and every check passed in the latest round. It never waits on a check.
func (h *health) ready() error {
	if h.draining.Load() {
		return errors.New("draining")
	}
	h.checksMu.Lock()
	n := len(h.checks)
	h.checksMu.Unlock()
	h.stateMu.Lock()
	defer h.stateMu.Unlock()
	if n > 0 && !h.checked {
		return errNotChecked
	}
	return h.last
}

// check runs every check once, each bounded by the timeout, and caches
// the outcome for ready. A round cut short by ctx's end (the node
// stopping) says nothing of the dependencies: it leaves the outcome of
// the round before.
func (h *health) check(ctx context.Context) {
	timeout := h.timeout
	if timeout <= 0 {
		timeout = readyTimeout
	}
	h.checksMu.Lock()
	checks := append([]readyCheck(nil), h.checks...)
	h.checksMu.Unlock()
	var err error
	for _, c := range checks {
		cctx, cancel := context.WithTimeout(ctx, timeout)
		// A check that ignores its context (a client's own read timeout
		// may be longer) still fails at the timeout.
		done := make(chan error, 1)
		go func() { done <- c.check(cctx) }()
		var cerr error
		select {
		case cerr = <-done:
		case <-cctx.Done():
			cerr = cctx.Err()
		}
		cancel()
		if cerr != nil {
			err = fmt.Errorf("%s: %w", c.name, cerr)
			break
		}
	}
	if ctx.Err() != nil {
		return
	}
	h.stateMu.Lock()
	h.checked, h.last = true, err
	h.stateMu.Unlock()
}

// Run checks at once, then every interval, until ctx ends; it returns
// nil.
func (h *health) Run(ctx context.Context) error {
	every := h.interval
	if every <= 0 {
		every = readyInterval
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		h.check(ctx)
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
	}
}

// serveHealthz answers 200 while the process can answer at all.
func (h *health) serveHealthz(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	_, _ = io.WriteString(w, "ok\n")
}

// serveReadyz answers 200 when ready, else 503 with the reason.
func (h *health) serveReadyz(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	if err := h.ready(); err != nil {
		w.WriteHeader(http.StatusServiceUnavailable)
		_, _ = io.WriteString(w, "not ready: "+err.Error()+"\n")
		return
	}
	_, _ = io.WriteString(w, "ready\n")
}

// newRegistry returns the registry main owns: Go runtime and process
// collectors, and racer_ready, which asks h on every scrape.
func newRegistry(h *health) *prometheus.Registry {
	reg := prometheus.NewRegistry()
	reg.MustRegister(
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "racer_ready",
			Help: "1 while /readyz is green (store reachable, not draining), else 0.",
		}, func() float64 {
			if h.ready() != nil {
				return 0
			}
			return 1
		}),
	)
	return reg
}

// metricsHandler serves reg in the Prometheus exposition formats.
func metricsHandler(reg *prometheus.Registry, log *slog.Logger) http.Handler {
	return promhttp.HandlerFor(reg, promhttp.HandlerOpts{
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelError),
		EnableOpenMetrics: true,
	})
}

// pprofHandler serves net/http/pprof under /debug/pprof/ on a mux of its
// own, never on the players' listener.
func pprofHandler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	return mux
}

// auxServer is a listener for operators (metrics, pprof), beside the
// players' one.
type auxServer struct {
	name string
	srv  *http.Server
	ln   net.Listener
}

// startAux listens on addr and serves h there until shutdown.
func startAux(name, addr string, h http.Handler, log *slog.Logger) (*auxServer, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("%s listener: %w", name, err)
	}
	a := &auxServer{name: name, ln: ln, srv: &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}}
	log.Info("listening", "listener", name, "addr", ln.Addr().String())
	go func() {
		if err := a.srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("listener failed", "listener", name, "err", err)
		}
	}()
	return a, nil
}

// shutdown stops a; a nil a does nothing.
func (a *auxServer) shutdown(ctx context.Context) error {
	if a == nil {
		return nil
	}
	return a.srv.Shutdown(ctx)
}

// registerPoolSize exports racer_solver_pool_size{profile}: the seeds the
// solver has proven winnable and that wait to be dealt, read with ready on
// every scrape.
func registerPoolSize(reg prometheus.Registerer, profiles []string, ready func(profile string) int) error {
	for _, name := range profiles {
		if _, err := games.All.GameOf(name); err != nil {
			return err
		}
		g := prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name:        "racer_solver_pool_size",
			Help:        "Seeds proven winnable by the solver, ready to be dealt, per rule profile.",
			ConstLabels: prometheus.Labels{"profile": name},
		}, func() float64 { return float64(ready(name)) })
		if err := reg.Register(g); err != nil {
			return err
		}
	}
	return nil
}

// registerSolverSeconds exports racer_solver_seconds{profile}, the time of
// each of the solver pools' searches, and returns the function that
// observes one (the pools' OnSolve call it with their rules' name). Every
// profile's series exists from the start.
func registerSolverSeconds(reg prometheus.Registerer, profiles []string) (func(profile string, elapsed time.Duration), error) {
	h := prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "racer_solver_seconds",
		Help:    "Time the solver pool spent on each candidate deal, won or not, per rule profile.",
		Buckets: prometheus.ExponentialBuckets(0.001, 2.5, 12),
	}, []string{"profile"})
	for _, p := range profiles {
		h.WithLabelValues(p)
	}
	if err := reg.Register(h); err != nil {
		return nil, err
	}
	return func(profile string, elapsed time.Duration) {
		h.WithLabelValues(profile).Observe(elapsed.Seconds())
	}, nil
}
