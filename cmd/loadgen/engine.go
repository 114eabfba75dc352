package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"sync"
	"time"
)

// spec is the shape of one run, common to every client mode.
type spec struct {
	mode         string
	target       string
	conns        int
	duration     time.Duration
	pace         float64 // operations per second per connection; 0: as fast as possible
	dialConc     int
	setupTimeout time.Duration
	settle       time.Duration
	serverPID    int
	redisPID     int       // Redis's process, for its CPU per operation
	redisAddr    string    // Redis's address, for its memory at the start and end
	redisMem     *RedisMem // its readings, in the parent process
	echo         bool      // also run the echo endpoint alike, for the CPU ratio
	metrics      string    // the server's /metrics, for its accepted moves (race); "off": none
	perProc      int
	json         bool
	worker       int // 1 … in a worker process, 0 in the parent
	progress     time.Duration
	warmup       time.Duration
	cpuProfile   string   // file for this process's CPU profile
	args         []string // the mode's command line, for workers
}

// addFlags declares the common flags on fs.
func (s *spec) addFlags(fs *flag.FlagSet, defConns int, defDur time.Duration) {
	fs.StringVar(&s.target, "target", "", "WebSocket URL to load; loopback only")
	fs.IntVar(&s.conns, "conns", defConns, "number of connections")
	fs.DurationVar(&s.duration, "duration", defDur, "measured time, after every connection is ready")
	fs.Float64Var(&s.pace, "pace", 0, "operations per second per connection (0: as fast as possible)")
	fs.IntVar(&s.dialConc, "dial-concurrency", 64, "connections being set up at once")
	fs.DurationVar(&s.setupTimeout, "setup-timeout", 2*time.Minute, "longest wait for every connection to be ready")
	fs.DurationVar(&s.settle, "settle", time.Second, "wait after set-up before the connected memory reading")
	fs.IntVar(&s.serverPID, "pid", 0, "server process id, to read its memory per connection (VmRSS) and CPU time per operation (/proc/PID/stat)")
	fs.IntVar(&s.redisPID, "redis-pid", 0, "Redis's process id, to read its CPU time per operation too (/proc/PID/stat)")
	fs.StringVar(&s.redisAddr, "redis-addr", "", "Redis's address (host:port on loopback), to read its memory (INFO used_memory) at the start and the end: a soak's growth")
	fs.IntVar(&s.perProc, "per-proc", 0, "most connections per process (0: the open-file limit less a margin)")
	fs.BoolVar(&s.json, "json", false, "print the report as JSON")
	fs.IntVar(&s.worker, "worker", 0, "internal: index of this worker process")
	fs.DurationVar(&s.progress, "progress", time.Second, "interval of the progress line on stderr (0: none)")
	fs.DurationVar(&s.warmup, "warmup", 0, "time after the start before measuring (races' countdowns, say)")
	fs.StringVar(&s.cpuProfile, "cpuprofile", "", "write the load tool's CPU profile to this file (the parent process's only)")
}

// session is one connection's life: dial, call ready once it can start
// measuring, wait for start, then work until ctx ends. Every loop inside
// must be bounded by ctx.
type session func(ctx context.Context, i int, m *metrics, ready func(), start <-chan struct{}) error

// errCode returns the code under which err is counted.
type coded interface{ Code() string }

func errCode(err error) string {
	var c coded
	if errors.As(err, &c) {
		return c.Code()
	}
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return "timeout"
	case errors.Is(err, context.Canceled):
		return "canceled"
	}
	return "other"
}

// codeErr is an error counted under a code.
type codeErr struct {
	code string
	err  error
}

func (e *codeErr) Error() string { return e.code + ": " + e.err.Error() }
func (e *codeErr) Unwrap() error { return e.err }
func (e *codeErr) Code() string  { return e.code }

func withCode(code string, err error) error {
	if err == nil {
		return nil
	}
	return &codeErr{code: code, err: err}
}

// runLoad runs a client mode: in this process, or across worker
// processes when the connections exceed one process's share.
func runLoad(ctx context.Context, sp *spec, sess session, stdout, stderr io.Writer) (*Report, error) {
	if sp.redisAddr != "" && sp.worker == 0 {
		before, err := redisUsedMemory(ctx, sp.redisAddr)
		if err != nil {
			return nil, err
		}
		sp.redisMem = &RedisMem{Addr: sp.redisAddr, BeforeBytes: before}
	}
	limit, err := raiseFileLimit()
	if err != nil {
		return nil, fmt.Errorf("open-file limit: %w", err)
	}
	if sp.perProc <= 0 {
		sp.perProc = int(limit) - 200
	}
	if sp.worker == 0 && sp.conns > sp.perProc {
		return runWorkers(ctx, sp, stderr)
	}
	if sp.conns > int(limit)-50 {
		return nil, fmt.Errorf("%d connections exceed this process's open-file limit %d", sp.conns, limit)
	}
	return runLocal(ctx, sp, sess, stdout, stderr)
}

// startCPU and stopCPU bracket the measured window's server CPU time
// (and Redis's, with -redis-pid).
func (m *ServerMem) startCPU() {
	m.moves.startCount()
	m.redis.startCPU()
	m.redisMem.read(false)
	if m.PID > 0 {
		m.cpuStart, _ = cpuSeconds(m.PID)
	}
}

func (m *ServerMem) stopCPU() {
	m.moves.stopCount()
	m.redis.stopCPU()
	m.redisMem.read(true)
	if m.PID > 0 {
		if now, err := cpuSeconds(m.PID); err == nil {
			m.CPUSeconds = now - m.cpuStart
		}
	}
}

func readRSS(pid int, into *int64) {
	if pid <= 0 {
		return
	}
	if kb, err := rssKB(pid); err == nil {
		*into = kb
	}
}

// runLocal runs every connection of sp in this process.
func runLocal(ctx context.Context, sp *spec, sess session, stdout, stderr io.Writer) (*Report, error) {
	var m metrics
	r := &Report{Mode: sp.mode, Target: sp.target, Procs: 1, Conns: sp.conns, Pace: sp.pace}
	var mem ServerMem
	mem.PID, mem.redis, mem.redisMem = sp.serverPID, newProcCPU(sp.redisPID), sp.redisMem
	if sp.worker == 0 {
		mem.moves = newAcceptedMoves(sp.metrics)
	}
	readRSS(sp.serverPID, &mem.BeforeKB)

	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	start := make(chan struct{})
	sem := make(chan struct{}, max(sp.dialConc, 1))
	var (
		wg      sync.WaitGroup
		doneMu  sync.Mutex
		settled int
		allDone = make(chan struct{})
	)
	settle := func() {
		doneMu.Lock()
		settled++
		if settled == sp.conns {
			close(allDone)
		}
		doneMu.Unlock()
	}
	t0 := time.Now()
	var lastReady time.Time
	for i := range sp.conns {
		select {
		case sem <- struct{}{}:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			var once sync.Once
			ready := func() {
				once.Do(func() {
					m.connected.Add(1)
					doneMu.Lock()
					lastReady = time.Now()
					doneMu.Unlock()
					<-sem
					settle()
				})
			}
			err := sess(runCtx, i, &m, ready, start)
			if err != nil && runCtx.Err() == nil {
				m.fail(errCode(err))
			}
			once.Do(func() { <-sem; settle() })
		}()
	}
	if sp.conns == 0 {
		close(allDone)
	}
	select {
	case <-allDone:
	case <-time.After(sp.setupTimeout):
		fmt.Fprintf(stderr, "loadgen: set-up timed out with %d of %d connections ready\n", m.connected.Load(), sp.conns)
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	doneMu.Lock()
	if !lastReady.IsZero() {
		r.SetupSeconds = lastReady.Sub(t0).Seconds()
	}
	doneMu.Unlock()
	if sp.worker > 0 {
		fmt.Fprintln(stdout, "ready")
		if err := waitGo(ctx); err != nil {
			return nil, err
		}
	} else if sp.serverPID > 0 {
		sleepCtx(ctx, sp.settle)
		readRSS(sp.serverPID, &mem.ConnectedKB)
	}

	close(start)
	sleepCtx(ctx, sp.warmup)
	cpu0, _ := cpuSeconds(0)
	mem.startCPU()
	t1 := time.Now()
	m.rec.Store(true)
	stopProgress := startProgress(ctx, sp, &m, stderr, t1)
	sleepCtx(ctx, sp.duration)
	m.rec.Store(false)
	r.Seconds = time.Since(t1).Seconds()
	readRSS(sp.serverPID, &mem.AfterKB)
	mem.stopCPU()
	cpu1, _ := cpuSeconds(0)
	r.ClientCPUSeconds = cpu1 - cpu0
	cancel()
	stopProgress()
	waitTimeout(&wg, 10*time.Second)
	r.Ops = m.ops.Load()

	r.Connected = m.connected.Load()
	r.Errors = m.errors()
	r.Races, r.Wins = m.races.Load(), m.wins.Load()
	finish(r, &m.lat, &m.fan, &mem)
	if sp.worker > 0 {
		r.Hist, r.FanHist = m.lat.Export(), m.fan.Export()
	}
	return r, nil
}

// finish computes a report's rates and summaries.
func finish(r *Report, lat, fan *Hist, mem *ServerMem) {
	if r.Errors == nil {
		r.Errors = map[string]int64{}
	}
	if r.SetupSeconds > 0 {
		r.SetupRate = float64(r.Connected) / r.SetupSeconds
	}
	if r.Seconds > 0 {
		r.OpsPerSec = float64(r.Ops) / r.Seconds
	}
	r.Latency = lat.Summary()
	if fan.Count() > 0 {
		s := fan.Summary()
		r.Fanout = &s
	}
	// CPU divides by the moves the server accepted when its /metrics
	// told them (race), else by the operations counted here.
	div, per := mem.moves.divisor(r.Ops)
	if mem.moves != nil {
		r.Accepted = mem.moves
	}
	if mem.PID > 0 || mem.redis != nil {
		r.CPUPer = per
	}
	if mem.PID > 0 {
		r.Server = mem
		if r.Connected > 0 {
			mem.PerConnKB = float64(mem.ConnectedKB-mem.BeforeKB) / float64(r.Connected)
			mem.PerConnAfterKB = float64(mem.AfterKB-mem.BeforeKB) / float64(r.Connected)
		}
		if div > 0 {
			mem.CPUPerOpUS = mem.CPUSeconds / float64(div) * 1e6
		}
	}
	if m := mem.redisMem; m != nil {
		r.RedisMem = m
		if m.StartBytes > 0 {
			m.Change = float64(m.EndBytes-m.StartBytes) / float64(m.StartBytes)
		}
	}
	if mem.redis != nil {
		r.Redis = mem.redis
		if div > 0 {
			r.Redis.CPUPerOpUS = r.Redis.CPUSeconds / float64(div) * 1e6
		}
	}
}

// startProgress prints a progress line every sp.progress until the
// returned function is called. Workers print JSON for their parent.
func startProgress(ctx context.Context, sp *spec, m *metrics, stderr io.Writer, t0 time.Time) func() {
	if sp.progress <= 0 {
		return func() {}
	}
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(sp.progress)
		defer t.Stop()
		var last int64
		for {
			select {
			case <-stop:
				return
			case <-ctx.Done():
				return
			case <-t.C:
			}
			ops := m.ops.Load()
			if sp.worker > 0 {
				fmt.Fprintf(stderr, "P %d %d %d\n", ops, m.connected.Load(), m.errCount())
				continue
			}
			rate := float64(ops-last) / sp.progress.Seconds()
			last = ops
			fmt.Fprintf(stderr, "loadgen %s: %4.0fs conns %d, ops %d (%.0f/s), p99 %.3f ms, errors %d\n",
				sp.mode, time.Since(t0).Seconds(), m.connected.Load(), ops, rate,
				float64(m.lat.Quantile(0.99))/1e6, m.errCount())
		}
	}()
	return func() { close(stop); <-done }
}

func sleepCtx(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
	}
}

func waitTimeout(wg *sync.WaitGroup, d time.Duration) bool {
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
		return true
	case <-time.After(d):
		return false
	}
}

// waitGo waits for the parent's "go" line on stdin.
func waitGo(ctx context.Context) error {
	got := make(chan error, 1)
	go func() {
		var b [3]byte
		_, err := io.ReadAtLeast(os.Stdin, b[:], 3)
		got <- err
	}()
	select {
	case err := <-got:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

func itoa(i int) string { return strconv.Itoa(i) }
