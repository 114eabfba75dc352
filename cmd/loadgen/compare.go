package main

import (
	"context"
	"fmt"
	"io"
	"strconv"
)

// ProcCPU is the CPU time of a process beside the server, such as Redis,
// over the measured window, read from /proc/PID/stat.
type ProcCPU struct {
	PID        int     `json:"pid"`
	CPUSeconds float64 `json:"cpu_seconds"`
	// CPUPerOpUS is CPUSeconds per operation of the run, in µs.
	CPUPerOpUS float64 `json:"cpu_per_op_us,omitempty"`
	start      float64
}

func (p *ProcCPU) startCPU() {
	if p != nil {
		p.start, _ = cpuSeconds(p.PID)
	}
}

func (p *ProcCPU) stopCPU() {
	if p != nil {
		if now, err := cpuSeconds(p.PID); err == nil {
			p.CPUSeconds = now - p.start
		}
	}
}

// newProcCPU returns the reading of process pid, or nil for pid ≤ 0.
func newProcCPU(pid int) *ProcCPU {
	if pid <= 0 {
		return nil
	}
	return &ProcCPU{PID: pid}
}

// EchoBaseline is the bare WebSocket echo endpoint run with the same
// connections, pace, warm-up and duration in the same invocation
// (-echo): the machine's cost of a round trip, against which the
// server's cost per operation is read.
type EchoBaseline struct {
	Ops       int64   `json:"ops"`
	OpsPerSec float64 `json:"ops_per_second"`
	Latency   Latency `json:"latency"`
	// CPUPerOpUS is the echo server's CPU time per round trip, in µs.
	CPUPerOpUS float64 `json:"cpu_per_op_us"`
	// Ratio is the server's CPU per operation (plus Redis's, with
	// -redis-pid) over CPUPerOpUS: 1 would be as cheap as a bare echo.
	Ratio float64 `json:"cpu_ratio,omitempty"`
}

// runEchoBaseline runs the echo endpoint, in a child process of its own
// as the server is, with sp's connections, pace, warm-up and duration,
// and returns what it cost.
func runEchoBaseline(ctx context.Context, sp *spec, stderr io.Writer) (*EchoBaseline, error) {
	url, cmd, err := startEchoServer(ctx)
	if err != nil {
		return nil, err
	}
	defer stopChild(cmd)
	e := *sp
	e.mode, e.target, e.serverPID, e.redisPID, e.redisAddr, e.echo, e.metrics = "echo", url, cmd.Process.Pid, 0, "", false, ""
	e.cpuProfile = ""
	e.args = []string{
		"-target=" + url,
		"-conns=" + itoa(sp.conns),
		"-pace=" + strconv.FormatFloat(sp.pace, 'g', -1, 64),
		"-duration=" + sp.duration.String(),
		"-warmup=" + sp.warmup.String(),
		"-dial-concurrency=" + itoa(sp.dialConc),
		"-progress=" + sp.progress.String(),
	}
	fmt.Fprintf(stderr, "echo baseline: %d connections against %s\n", sp.conns, url)
	r, err := runLoad(ctx, &e, echoSession(&e), io.Discard, stderr)
	if err != nil {
		return nil, fmt.Errorf("echo baseline: %w", err)
	}
	b := &EchoBaseline{Ops: r.Ops, OpsPerSec: r.OpsPerSec, Latency: r.Latency}
	if r.Server != nil {
		b.CPUPerOpUS = r.Server.CPUPerOpUS
	}
	return b, nil
}

// compare sets b's ratio from the run r.
func (b *EchoBaseline) compare(r *Report) {
	if b == nil || r.Server == nil || b.CPUPerOpUS <= 0 || r.Server.CPUPerOpUS <= 0 {
		return
	}
	all := r.Server.CPUPerOpUS
	if r.Redis != nil {
		all += r.Redis.CPUPerOpUS
	}
	b.Ratio = all / b.CPUPerOpUS
}
