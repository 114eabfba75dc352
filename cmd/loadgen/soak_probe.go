package main

import (
	"bufio"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/solitaire-race/racer/hub/wire"
)

// probe reads the node (its CPU and its solver child's from /proc, its
// memory, its /metrics, its live races) and its Redis during a soak.
type probe struct {
	c    soakConfig
	http *http.Client

	mu      sync.Mutex
	rows    []soakSample
	phase   string
	late    map[string]time.Duration // races listed past their deadline: how late
	stopped chan struct{}
	done    chan struct{}
	// quiet holds the periodic samples and listings back while an idle
	// window is measured: the node's CPU then counts no request of the
	// probe's own. A race still listed after the window is as late then.
	quiet atomic.Bool
}

// soakSample is one sample of the node and Redis.
type soakSample struct {
	At         time.Time
	Phase      string
	CPU        float64 // node and children, seconds since they started
	RSSKB      int64
	Goroutines int64
	HeapInuse  int64
	Finished   int64 // racer_races_finished_total, every reason
	PoolReady  int64 // racer_solver_pool_size, every profile
	PoolLeast  int64 // racer_solver_pool_size of the profile with the fewest
	Live       int
	Keys       int64
	RedisMem   int64
}

// idleSample is an idle spell's measurement.
type idleSample struct {
	soakSample
	// CPU is the node's (and its children's) CPU over the window, cores.
	CPU float64
	// Busy counts the windows measured before this one and set aside
	// because a race ended in them.
	Busy int
}

// soakSpell is one active spell and the idle spell after it.
type soakSpell struct {
	N                                                   int
	Races, Resumed, Abandoned, Watched, Lists, Failures int64
	LastErr                                             string
	Settle                                              time.Duration
	Idle                                                idleSample
}

func newProbe(c soakConfig) *probe {
	return &probe{c: c, http: &http.Client{Timeout: 10 * time.Second}, late: map[string]time.Duration{},
		stopped: make(chan struct{}), done: make(chan struct{}), phase: "settle"}
}

// start samples every 5 s, and checks the live races every 2 s, until
// stop.
func (p *probe) start(ctx context.Context) error {
	if _, err := p.sample(ctx); err != nil {
		return err
	}
	go func() {
		defer close(p.done)
		samples := time.NewTicker(5 * time.Second)
		checks := time.NewTicker(2 * time.Second)
		defer samples.Stop()
		defer checks.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-p.stopped:
				return
			case <-samples.C:
				if p.quiet.Load() {
					continue
				}
				if s, err := p.sample(ctx); err == nil {
					p.mu.Lock()
					p.rows = append(p.rows, s)
					p.mu.Unlock()
				}
			case <-checks.C:
				if !p.quiet.Load() {
					_, _ = p.live(ctx)
				}
			}
		}
	}()
	return nil
}

func (p *probe) stop() {
	close(p.stopped)
	<-p.done
}

func (p *probe) setPhase(s string) {
	p.mu.Lock()
	p.phase = s
	p.mu.Unlock()
}

// sample reads the node and Redis once.
func (p *probe) sample(ctx context.Context) (soakSample, error) {
	p.mu.Lock()
	s := soakSample{At: time.Now(), Phase: p.phase}
	p.mu.Unlock()
	var err error
	if s.CPU, err = treeCPU(p.c.pid); err != nil {
		return s, err
	}
	if s.RSSKB, err = rssKB(p.c.pid); err != nil {
		return s, err
	}
	m, err := p.metrics(ctx)
	if err != nil {
		return s, err
	}
	s.Goroutines = int64(m["go_goroutines"])
	s.HeapInuse = int64(m["go_memstats_heap_inuse_bytes"])
	s.Finished = int64(m["racer_races_finished_total"])
	s.PoolReady = int64(m["racer_solver_pool_size"])
	s.PoolLeast = int64(m["racer_solver_pool_size"+minSuffix])
	races, err := p.live(ctx)
	if err != nil {
		return s, err
	}
	s.Live = len(races)
	if p.c.redisAddr != "" {
		if s.Keys, err = redisInt(ctx, p.c.redisAddr, "DBSIZE"); err != nil {
			return s, err
		}
		if s.RedisMem, err = redisUsedMemory(ctx, p.c.redisAddr); err != nil {
			return s, err
		}
	}
	return s, nil
}

// minSuffix names, in metrics' answer, a metric's least series.
const minSuffix = ":min"

// metrics reads the node's /metrics: each metric's series summed, and
// under its name and minSuffix the least of them.
func (p *probe) metrics(ctx context.Context) (map[string]float64, error) {
	req, err := http.NewRequestWithContext(ctx, "GET", p.c.base+"/metrics", nil)
	if err != nil {
		return nil, err
	}
	resp, err := p.http.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	out := map[string]float64{}
	sc := bufio.NewScanner(io.LimitReader(resp.Body, 16<<20))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		sp := strings.LastIndexByte(line, ' ')
		if sp < 0 {
			continue
		}
		name := line[:sp]
		if i := strings.IndexByte(name, '{'); i >= 0 {
			name = name[:i]
		}
		v, err := strconv.ParseFloat(line[sp+1:], 64)
		if err != nil {
			continue
		}
		out[name] += v
		if m, ok := out[name+minSuffix]; !ok || v < m {
			out[name+minSuffix] = v
		}
	}
	return out, sc.Err()
}

// live lists the live races (every page of /api/races) and notes each
// listed past its deadline and the grace.
func (p *probe) live(ctx context.Context) ([]wire.RaceInfo, error) {
	var all []wire.RaceInfo
	before := ""
	for range 20 {
		u := p.c.base + "/api/races"
		if before != "" {
			u += "?before=" + before
		}
		req, err := http.NewRequestWithContext(ctx, "GET", u, nil)
		if err != nil {
			return nil, err
		}
		resp, err := p.http.Do(req)
		if err != nil {
			return nil, err
		}
		var page wire.Races
		err = json.NewDecoder(io.LimitReader(resp.Body, 4<<20)).Decode(&page)
		resp.Body.Close()
		if err != nil {
			return nil, fmt.Errorf("/api/races: %w", err)
		}
		all = append(all, page.Races...)
		if page.Next == "" {
			break
		}
		before = page.Next
	}
	now := time.Now()
	p.mu.Lock()
	for _, r := range all {
		if r.TimeLimitMS <= 0 {
			continue
		}
		late := now.Sub(r.StartAt.Add(time.Duration(r.TimeLimitMS) * time.Millisecond))
		if late > p.c.grace && late > p.late[r.ID] {
			p.late[r.ID] = late
		}
	}
	p.mu.Unlock()
	return all, nil
}

// settle waits until the node's background work is done (every solver
// pool holds -pool-size seeds again, no game waits for its analysis) and
// the node used less than -max-idle-cpu over 10 s, at most max, and
// returns how long it waited. The solver runs at the lowest priority:
// on a busy machine its pools fill slowly, and its CPU alone would say
// idle while they are not full.
func (p *probe) settle(ctx context.Context, max time.Duration) (time.Duration, error) {
	p.setPhase("settle")
	start := time.Now()
	for time.Since(start) < max {
		c0, err := treeCPU(p.c.pid)
		if err != nil {
			return 0, err
		}
		t0 := time.Now()
		if !pause(ctx, 10*time.Second) {
			return 0, ctx.Err()
		}
		c1, err := treeCPU(p.c.pid)
		if err != nil {
			return 0, err
		}
		if (c1-c0)/time.Since(t0).Seconds() >= p.c.idleCPU {
			continue
		}
		m, err := p.metrics(ctx)
		if err != nil {
			return 0, err
		}
		if m["racer_analysis_pending"] > 0 {
			continue
		}
		if _, ok := m["racer_solver_pool_size"]; !ok || m["racer_solver_pool_size"+minSuffix] >= float64(p.c.poolSize) {
			return time.Since(start), nil
		}
	}
	return max, nil
}

// idleTries bounds the windows an idle spell measures: a window in which
// a race ended (one left by the spell, at its own deadline) measured the
// node ending it, not the node at rest, and is measured again once the
// node has settled again (the race's archive write and analysis done),
// waiting at most idleResettle.
const (
	idleTries    = 6
	idleResettle = 2 * time.Minute
)

// measureIdle measures the node's CPU over win with no client connected,
// in a window in which no race ended (the last window if every one of
// idleTries had a race end in it).
func (p *probe) measureIdle(ctx context.Context, phase string, win time.Duration) (idleSample, error) {
	p.setPhase(phase)
	var busy int
	for try := 1; ; try++ {
		before, err := p.sample(ctx)
		if err != nil {
			return idleSample{}, err
		}
		p.quiet.Store(true)
		c0, err := treeCPU(p.c.pid)
		if err != nil {
			p.quiet.Store(false)
			return idleSample{}, err
		}
		t0 := time.Now()
		if !pause(ctx, win) {
			p.quiet.Store(false)
			return idleSample{}, ctx.Err()
		}
		c1, err := treeCPU(p.c.pid)
		elapsed := time.Since(t0)
		p.quiet.Store(false)
		if err != nil {
			return idleSample{}, err
		}
		s, err := p.sample(ctx)
		if err != nil {
			return idleSample{}, err
		}
		p.mu.Lock()
		p.rows = append(p.rows, s)
		p.mu.Unlock()
		if s.Finished != before.Finished && try < idleTries {
			busy++
			if _, err := p.settle(ctx, idleResettle); err != nil {
				return idleSample{}, err
			}
			p.setPhase(phase)
			continue
		}
		p.mu.Lock()
		p.phase = "active"
		p.mu.Unlock()
		return idleSample{soakSample: s, CPU: (c1 - c0) / elapsed.Seconds(), Busy: busy}, nil
	}
}

// drain waits, at most max, until no race is listed: every race left
// live by the last spell (its racers gone) must end by its own deadline
// and the grace, which the checks that run meanwhile hold it to.
func (p *probe) drain(ctx context.Context, max time.Duration) error {
	p.setPhase("drain")
	end := time.Now().Add(max)
	for {
		races, err := p.live(ctx)
		if err != nil {
			return err
		}
		if len(races) == 0 {
			return nil
		}
		if time.Now().After(end) {
			return fmt.Errorf("%d races still listed %s after the last spell", len(races), max)
		}
		if !pause(ctx, time.Second) {
			return ctx.Err()
		}
	}
}

// treeCPU returns the CPU seconds of process pid and of its children,
// live (the solver process) and reaped.
func treeCPU(pid int) (float64, error) {
	own, err := cpuSeconds(pid)
	if err != nil {
		return 0, err
	}
	reaped, err := statFields(strconv.Itoa(pid), 13, 14) // cutime, cstime
	if err != nil {
		return 0, err
	}
	total := own + reaped
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return 0, err
	}
	for _, e := range ents {
		if e.Name()[0] < '0' || e.Name()[0] > '9' {
			continue
		}
		f, err := statFieldList(e.Name())
		if err != nil || len(f) < 13 || f[1] != strconv.Itoa(pid) {
			continue // gone, or not a child of pid
		}
		u, _ := strconv.ParseInt(f[11], 10, 64)
		s, _ := strconv.ParseInt(f[12], 10, 64)
		total += float64(u+s) / clockTicks
	}
	return total, nil
}

// statFieldList returns the fields of /proc/PID/stat after the command
// name: [0] is the state, [1] the parent's pid, [11] and [12] utime and
// stime, [13] and [14] cutime and cstime.
func statFieldList(pid string) ([]string, error) {
	b, err := os.ReadFile("/proc/" + pid + "/stat")
	if err != nil {
		return nil, err
	}
	i := strings.LastIndexByte(string(b), ')')
	if i < 0 {
		return nil, fmt.Errorf("/proc/%s/stat: no ')'", pid)
	}
	return strings.Fields(string(b[i+1:])), nil
}

// statFields sums fields a and b of statFieldList, in seconds.
func statFields(pid string, a, b int) (float64, error) {
	f, err := statFieldList(pid)
	if err != nil {
		return 0, err
	}
	if len(f) <= max(a, b) {
		return 0, fmt.Errorf("/proc/%s/stat: %d fields", pid, len(f))
	}
	x, err1 := strconv.ParseInt(f[a], 10, 64)
	y, err2 := strconv.ParseInt(f[b], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, fmt.Errorf("/proc/%s/stat: bad times", pid)
	}
	return float64(x+y) / clockTicks, nil
}

// redisInt sends one command without arguments to the Redis at addr and
// returns its integer answer.
func redisInt(ctx context.Context, addr, cmd string) (int64, error) {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	var d net.Dialer
	c, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return 0, err
	}
	defer c.Close()
	if dl, ok := ctx.Deadline(); ok {
		_ = c.SetDeadline(dl)
	}
	if _, err := fmt.Fprintf(c, "*1\r\n$%d\r\n%s\r\n", len(cmd), cmd); err != nil {
		return 0, err
	}
	line, err := bufio.NewReader(c).ReadString('\n')
	if err != nil {
		return 0, err
	}
	if !strings.HasPrefix(line, ":") {
		return 0, fmt.Errorf("redis %s: got %q", cmd, strings.TrimSpace(line))
	}
	return strconv.ParseInt(strings.TrimSpace(line[1:]), 10, 64)
}

// writeCSV writes the samples.
func (p *probe) writeCSV(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := csv.NewWriter(f)
	_ = w.Write([]string{"utc", "elapsed_s", "phase", "cpu_s", "rss_kb", "goroutines", "heap_inuse", "finished", "pool_ready", "live", "keys", "redis_used_memory"})
	p.mu.Lock()
	rows := p.rows
	p.mu.Unlock()
	for _, r := range rows {
		_ = w.Write([]string{r.At.UTC().Format(time.RFC3339), strconv.FormatFloat(r.At.Sub(rows[0].At).Seconds(), 'f', 0, 64), r.Phase,
			strconv.FormatFloat(r.CPU, 'f', 2, 64), strconv.FormatInt(r.RSSKB, 10), strconv.FormatInt(r.Goroutines, 10),
			strconv.FormatInt(r.HeapInuse, 10), strconv.FormatInt(r.Finished, 10), strconv.FormatInt(r.PoolReady, 10),
			strconv.Itoa(r.Live), strconv.FormatInt(r.Keys, 10), strconv.FormatInt(r.RedisMem, 10)})
	}
	w.Flush()
	if err := w.Error(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
