package main

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// metrics are a run's counters, shared by every session of one process.
type metrics struct {
	ops       atomic.Int64 // acknowledged moves or echo round trips
	connected atomic.Int64
	lat       Hist         // acknowledgement latency or round trip
	fan       Hist         // spectator delivery latency of each progress frame (fan-out mode)
	races     atomic.Int64 // races finished (race mode)
	wins      atomic.Int64

	// rec is true during the measured window, after any warm-up.
	rec atomic.Bool

	errMu sync.Mutex
	errs  map[string]int64
}

// op records one operation of latency d, during the measured window.
func (m *metrics) op(d time.Duration) {
	if m.rec.Load() {
		m.lat.Record(d)
		m.ops.Add(1)
	}
}

// refused counts a refused action during the measured window.
func (m *metrics) refused(code string) {
	if m.rec.Load() {
		m.fail(code)
	}
}

// fail counts one error under code.
func (m *metrics) fail(code string) {
	m.errMu.Lock()
	if m.errs == nil {
		m.errs = map[string]int64{}
	}
	m.errs[code]++
	m.errMu.Unlock()
}

func (m *metrics) errors() map[string]int64 {
	m.errMu.Lock()
	defer m.errMu.Unlock()
	return maps.Clone(m.errs)
}

func (m *metrics) errCount() int64 {
	m.errMu.Lock()
	defer m.errMu.Unlock()
	var n int64
	for _, c := range m.errs {
		n += c
	}
	return n
}

// ServerMem is the server's memory before and after the connections.
type ServerMem struct {
	PID int `json:"pid"`
	// BeforeKB is VmRSS before the first connection, ConnectedKB once
	// every connection is open, AfterKB at the end of the run.
	BeforeKB    int64 `json:"rss_before_kb"`
	ConnectedKB int64 `json:"rss_connected_kb"`
	AfterKB     int64 `json:"rss_after_kb"`
	// PerConnKB is (ConnectedKB − BeforeKB) / connections.
	PerConnKB float64 `json:"per_conn_kb"`
	// PerConnAfterKB is (AfterKB − BeforeKB) / connections.
	PerConnAfterKB float64 `json:"per_conn_after_kb"`
	// CPUSeconds is the CPU time (user + system) the server used in the
	// measured window; CPUPerOpUS the same per operation (per move the
	// server accepted, in a race run whose /metrics was read: see
	// Report.CPUPer), in µs: a cost that other load on the machine does
	// not distort.
	CPUSeconds float64 `json:"cpu_seconds"`
	CPUPerOpUS float64 `json:"cpu_per_op_us,omitempty"`
	cpuStart   float64
	redis      *ProcCPU       // -redis-pid's reading, bracketed with the server's
	moves      *AcceptedMoves // the server's accepted moves, likewise
	redisMem   *RedisMem      // -redis-addr's readings, likewise
}

// Report is the result of one run, printed as a table or as JSON.
type Report struct {
	Mode      string  `json:"mode"`
	Target    string  `json:"target"`
	Procs     int     `json:"procs"`
	Conns     int     `json:"conns"`
	Connected int64   `json:"connected"`
	Pace      float64 `json:"pace_per_conn"`
	// SetupSeconds is the time from the first dial to the last
	// connection ready; SetupRate the connections per second over it.
	SetupSeconds float64 `json:"setup_seconds"`
	SetupRate    float64 `json:"setup_per_second"`
	// Seconds is the measured window after every connection was ready.
	Seconds   float64          `json:"seconds"`
	Ops       int64            `json:"ops"`
	OpsPerSec float64          `json:"ops_per_second"`
	Latency   Latency          `json:"latency"`
	Fanout    *Latency         `json:"fanout,omitempty"`
	Races     int64            `json:"races,omitempty"`
	Wins      int64            `json:"wins,omitempty"`
	Errors    map[string]int64 `json:"errors"`
	Server    *ServerMem       `json:"server,omitempty"`
	// Accepted is the server's count of moves it accepted in the
	// measured window (race, from its /metrics: -metrics).
	Accepted *AcceptedMoves `json:"accepted,omitempty"`
	// CPUPer names what every CPU figure is divided by: "accepted move"
	// (Accepted) or "operation" (Ops).
	CPUPer string `json:"cpu_per,omitempty"`
	// Redis is Redis's CPU time in the measured window (-redis-pid).
	Redis *ProcCPU `json:"redis,omitempty"`
	// RedisMem is Redis's memory at the start and the end (-redis-addr).
	RedisMem *RedisMem `json:"redis_memory,omitempty"`
	// Echo is the echo endpoint's run alike, in the same invocation
	// (-echo), and the CPU ratio against it.
	Echo *EchoBaseline `json:"echo,omitempty"`
	// ClientCPUSeconds is the CPU time loadgen (all its processes) used
	// in the measured window.
	ClientCPUSeconds float64 `json:"client_cpu_seconds"`
	// Hist and FanHist carry a worker's histograms to its parent.
	Hist    *HistJSON `json:"hist,omitempty"`
	FanHist *HistJSON `json:"fan_hist,omitempty"`
}

// merge adds a worker's report to r (histograms through h and fan).
func (r *Report) merge(w *Report, h, fan *Hist) {
	r.Connected += w.Connected
	r.Ops += w.Ops
	r.Races += w.Races
	r.Wins += w.Wins
	r.ClientCPUSeconds += w.ClientCPUSeconds
	r.SetupSeconds = max(r.SetupSeconds, w.SetupSeconds)
	r.Seconds = max(r.Seconds, w.Seconds)
	for k, v := range w.Errors {
		if r.Errors == nil {
			r.Errors = map[string]int64{}
		}
		r.Errors[k] += v
	}
	h.Import(w.Hist)
	fan.Import(w.FanHist)
}

func (r *Report) writeJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// writeTable prints r for a person.
func (r *Report) writeTable(w io.Writer) {
	var b strings.Builder
	row := func(k, f string, a ...any) { fmt.Fprintf(&b, "%-22s "+f+"\n", append([]any{k}, a...)...) }
	row("mode", "%s", r.Mode)
	row("target", "%s", r.Target)
	row("processes", "%d", r.Procs)
	row("connections", "%d of %d", r.Connected, r.Conns)
	if r.Pace > 0 {
		row("pace", "%.2f/s per connection", r.Pace)
	}
	row("connection set-up", "%.2f s, %.0f conn/s", r.SetupSeconds, r.SetupRate)
	row("measured", "%.2f s", r.Seconds)
	if r.Ops > 0 || r.Mode != "idle" {
		row("operations", "%d, %.0f/s", r.Ops, r.OpsPerSec)
		l := r.Latency
		row("latency ms", "p50 %.3f  p90 %.3f  p99 %.3f  max %.3f  (n=%d)", l.P50, l.P90, l.P99, l.Max, l.Count)
	}
	if f := r.Fanout; f != nil {
		row("fan-out ms", "p50 %.3f  p90 %.3f  p99 %.3f  max %.3f  (n=%d frames)", f.P50, f.P90, f.P99, f.Max, f.Count)
	}
	if r.Races > 0 {
		row("races finished", "%d (%d won)", r.Races, r.Wins)
	}
	if len(r.Errors) == 0 {
		row("errors", "none")
	}
	for _, k := range slices.Sorted(maps.Keys(r.Errors)) {
		row("error "+k, "%d", r.Errors[k])
	}
	per := r.CPUPer
	if per == "" {
		per = "operation"
	}
	if a := r.Accepted; a != nil {
		if a.Err != "" {
			row("accepted moves", "unknown (%s): CPU per operation", a.Err)
		} else {
			row("accepted moves", "%d, %.0f/s (%s at %s)", a.Moves, float64(a.Moves)/max(r.Seconds, 1e-9), acceptedSeries, a.URL)
		}
	}
	if s := r.Server; s != nil {
		row("server pid", "%d", s.PID)
		row("server VmRSS kB", "before %d, connected %d, after %d", s.BeforeKB, s.ConnectedKB, s.AfterKB)
		row("server kB/conn", "%.2f connected, %.2f after", s.PerConnKB, s.PerConnAfterKB)
		row("server CPU", "%.2f s, %.1f µs per %s", s.CPUSeconds, s.CPUPerOpUS, per)
	}
	if p := r.Redis; p != nil {
		row("redis pid", "%d", p.PID)
		row("redis CPU", "%.2f s, %.1f µs per %s", p.CPUSeconds, p.CPUPerOpUS, per)
	}
	if m := r.RedisMem; m != nil {
		row("redis memory", "before %.1f MB; measured window: start %.1f MB, end %.1f MB (%+.1f%%)",
			float64(m.BeforeBytes)/1e6, float64(m.StartBytes)/1e6, float64(m.EndBytes)/1e6, 100*m.Change)
		if m.Err != "" {
			row("redis memory error", "%s", m.Err)
		}
	}
	if e := r.Echo; e != nil {
		row("echo baseline", "%d round trips, %.0f/s, p99 %.3f ms", e.Ops, e.OpsPerSec, e.Latency.P99)
		row("echo CPU", "%.1f µs per round trip", e.CPUPerOpUS)
		if e.Ratio > 0 {
			what := "server"
			if r.Redis != nil {
				what = "server + redis"
			}
			row("CPU vs echo", "%.2f× (%s CPU per %s / echo's per round trip)", e.Ratio, what, per)
		}
	}
	row("loadgen CPU", "%.2f s", r.ClientCPUSeconds)
	io.WriteString(w, b.String())
}
