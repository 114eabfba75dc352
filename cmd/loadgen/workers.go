package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"
)

// worker is one child process running a share of the connections.
type worker struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser
	ready chan struct{}
	out   chan *Report
	// ops, conns and errs are its last progress line.
	mu                 sync.Mutex
	ops, conns, errors int64
}

// runWorkers re-executes loadgen as ceil(conns/perProc) workers, each
// with a share of the connections and its own open-file limit, starts
// them together once all are set up, and merges their reports.
func runWorkers(ctx context.Context, sp *spec, stderr io.Writer) (*Report, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	procs := (sp.conns + sp.perProc - 1) / sp.perProc
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var ws []*worker
	defer func() {
		for _, w := range ws {
			w.stdin.Close()
			done := make(chan struct{})
			go func() { w.cmd.Wait(); close(done) }()
			select {
			case <-done:
			case <-time.After(5 * time.Second):
				w.cmd.Process.Kill()
				<-done
			}
		}
	}()
	for k := range procs {
		share := sp.conns / procs
		if k < sp.conns%procs {
			share++
		}
		args := append([]string{sp.mode}, sp.args...)
		args = append(args, "-worker="+itoa(k+1), "-conns="+itoa(share), "-pid=0", "-redis-pid=0", "-json=true",
			"-setup-timeout="+sp.setupTimeout.String())
		if sp.mode == "race" {
			args = append(args, "-echo=false", "-metrics=off") // the parent runs the baseline and reads /metrics
		}
		w := &worker{ready: make(chan struct{}), out: make(chan *Report, 1)}
		w.cmd = exec.CommandContext(ctx, exe, args...)
		if w.stdin, err = w.cmd.StdinPipe(); err != nil {
			return nil, err
		}
		stdout, err := w.cmd.StdoutPipe()
		if err != nil {
			return nil, err
		}
		errPipe, err := w.cmd.StderrPipe()
		if err != nil {
			return nil, err
		}
		if err := w.cmd.Start(); err != nil {
			return nil, fmt.Errorf("start worker %d: %w", k+1, err)
		}
		ws = append(ws, w)
		go w.readStdout(stdout, stderr, k+1)
		go w.readStderr(errPipe, stderr, k+1)
	}

	var mem ServerMem
	mem.PID, mem.redis, mem.redisMem = sp.serverPID, newProcCPU(sp.redisPID), sp.redisMem
	mem.moves = newAcceptedMoves(sp.metrics)
	readRSS(sp.serverPID, &mem.BeforeKB)
	t0 := time.Now()
	deadline := time.After(sp.setupTimeout + 10*time.Second)
	for i, w := range ws {
		select {
		case <-w.ready:
		case r := <-w.out:
			return nil, fmt.Errorf("worker %d ended before it was ready (%v)", i+1, r)
		case <-deadline:
			return nil, fmt.Errorf("worker %d not ready in time", i+1)
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	setup := time.Since(t0)
	if sp.serverPID > 0 {
		sleepCtx(ctx, sp.settle)
		readRSS(sp.serverPID, &mem.ConnectedKB)
	}
	for _, w := range ws {
		io.WriteString(w.stdin, "go\n")
	}
	sleepCtx(ctx, sp.warmup)
	mem.startCPU()
	cpu0, _ := cpuSeconds(0)
	t1 := time.Now()
	stop := make(chan struct{})
	progressDone := make(chan struct{})
	go func() {
		defer close(progressDone)
		if sp.progress <= 0 {
			return
		}
		t := time.NewTicker(sp.progress)
		defer t.Stop()
		var last int64
		for {
			select {
			case <-stop:
				return
			case <-t.C:
			}
			var ops, conns, errs int64
			for _, w := range ws {
				w.mu.Lock()
				ops, conns, errs = ops+w.ops, conns+w.conns, errs+w.errors
				w.mu.Unlock()
			}
			fmt.Fprintf(stderr, "loadgen %s: %4.0fs %d procs, conns %d, ops %d (%.0f/s), errors %d\n",
				sp.mode, time.Since(t1).Seconds(), len(ws), conns, ops, float64(ops-last)/sp.progress.Seconds(), errs)
			last = ops
		}
	}()
	r := &Report{Mode: sp.mode, Target: sp.target, Procs: procs, Conns: sp.conns, Pace: sp.pace}
	var lat, fan Hist
	sleepCtx(ctx, sp.duration)
	readRSS(sp.serverPID, &mem.AfterKB)
	mem.stopCPU()
	cpu1, _ := cpuSeconds(0)
	for i, w := range ws {
		select {
		case wr := <-w.out:
			if wr == nil {
				close(stop)
				<-progressDone
				return nil, fmt.Errorf("worker %d gave no report", i+1)
			}
			r.merge(wr, &lat, &fan)
		case <-time.After(30 * time.Second):
			close(stop)
			<-progressDone
			return nil, fmt.Errorf("worker %d: no report within 30 s of the end", i+1)
		}
	}
	close(stop)
	<-progressDone
	// Each worker timed its own set-up; they overlap, so the longest is
	// the run's. Without one, the parent's wait (process start included).
	if r.SetupSeconds == 0 {
		r.SetupSeconds = setup.Seconds()
	}
	r.ClientCPUSeconds += cpu1 - cpu0
	finish(r, &lat, &fan, &mem)
	return r, nil
}

// readStdout reads "ready" and then the worker's JSON report.
func (w *worker) readStdout(rd io.Reader, stderr io.Writer, k int) {
	sc := bufio.NewScanner(rd)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	var body strings.Builder
	readyDone := false
	for sc.Scan() {
		line := sc.Text()
		if !readyDone && line == "ready" {
			readyDone = true
			close(w.ready)
			continue
		}
		body.WriteString(line)
		body.WriteByte('\n')
	}
	var r Report
	if err := json.Unmarshal([]byte(body.String()), &r); err != nil {
		fmt.Fprintf(stderr, "loadgen: worker %d: bad report: %v\n", k, err)
		w.out <- nil
		return
	}
	w.out <- &r
}

// readStderr reads progress lines ("P ops conns errors") and forwards
// anything else.
func (w *worker) readStderr(rd io.Reader, stderr io.Writer, k int) {
	sc := bufio.NewScanner(rd)
	for sc.Scan() {
		line := sc.Text()
		var ops, conns, errs int64
		if n, _ := fmt.Sscanf(line, "P %d %d %d", &ops, &conns, &errs); n == 3 {
			w.mu.Lock()
			w.ops, w.conns, w.errors = ops, conns, errs
			w.mu.Unlock()
			continue
		}
		fmt.Fprintf(stderr, "[worker %d] %s\n", k, line)
	}
}
