package archive

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/solitaire-race/racer/match/rating"
	"github.com/solitaire-race/racer/match/replay"
)

// ArchiverConfig configures an Archiver. The zero value of each field but
// Archive means its default.
type ArchiverConfig struct {
	// Archive is where races go. Required.
	Archive Archive
	// Queue is the outbox the Archiver drains. Default: a new
	// MemoryQueue (one node).
	Queue Queue
	// Consumer names this Archiver in the queue. Default: the host name,
	// the process ID and a random suffix.
	Consumer string
	// Batch is the most races claimed at once. Default 32.
	Batch int
	// Workers is how many races of a batch are written, and reported to
	// OnArchived, at once: each write and report waits on the network
	// (the database, Redis) far more than it uses the CPU, so one at a
	// time leaves the archiver behind a node's finished races. Default
	// DefaultWorkers.
	Workers int
	// Wait is the longest a claim waits for a race; the lag metric is
	// updated at least this often. Default one second.
	Wait time.Duration
	// Retry is the pause after a failed claim or write. Default one
	// second.
	Retry time.Duration
	// Registerer receives racer_archive_* metrics. Default: none.
	Registerer prometheus.Registerer
	// Logger receives one line per failure. Default slog.Default().
	Logger *slog.Logger
	// OnArchived, when set, is called once the queue has let go of each
	// race written (first: this write stored it) or found archived
	// already: the node shortens the race's hot state's life there, and
	// tests wait on it. ctx bounds the call, callTimeout from its
	// start, however long the batch's writes took. Calls for the races
	// of one batch may run at once (Workers).
	OnArchived func(ctx context.Context, race string, first bool)
}

// DefaultWorkers is ArchiverConfig.Workers's default.
const DefaultWorkers = 8

// Archiver moves finished races from a Queue into an Archive, off the
// move path, and is the replay.Store of a node that archives: Save
// queues a race, Load reads the archive. Every node runs one (Run); they
// share the queue. It is safe for concurrent use.
type Archiver struct {
	cfg ArchiverConfig
	m   *archiverMetrics
}

var _ replay.Store = (*Archiver)(nil)

// NewArchiver returns an Archiver for cfg.
func NewArchiver(cfg ArchiverConfig) (*Archiver, error) {
	if cfg.Archive == nil {
		return nil, errors.New("archive: ArchiverConfig.Archive is nil")
	}
	if cfg.Queue == nil {
		cfg.Queue = NewMemoryQueue(MemoryQueueConfig{})
	}
	if cfg.Consumer == "" {
		host, _ := os.Hostname()
		b := make([]byte, 4)
		_, _ = rand.Read(b)
		cfg.Consumer = fmt.Sprintf("%s-%d-%s", host, os.Getpid(), hex.EncodeToString(b))
	}
	if cfg.Batch <= 0 {
		cfg.Batch = 32
	}
	if cfg.Workers <= 0 {
		cfg.Workers = DefaultWorkers
	}
	if cfg.Wait <= 0 {
		cfg.Wait = time.Second
	}
	if cfg.Retry <= 0 {
		cfg.Retry = time.Second
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	m, err := newArchiverMetrics(cfg.Registerer)
	if err != nil {
		return nil, err
	}
	return &Archiver{cfg: cfg, m: m}, nil
}

// Save implements replay.Store: it queues the race of rp for the archive
// and reports true, whether or not the race was queued or archived
// before (the archive writes a race once).
func (a *Archiver) Save(ctx context.Context, rp replay.Replay) (bool, error) {
	if rp.Race == "" {
		return false, errors.New("archive: Save of a replay without a race ID")
	}
	if err := a.cfg.Queue.Push(ctx, rp); err != nil {
		a.m.failures.WithLabelValues("queue").Inc()
		return false, err
	}
	a.m.queued.Inc()
	return true, nil
}

// SaveRated is Save with the rating changes the race made
// (results.RatedStore): they go to the archive's rating history with the
// race.
func (a *Archiver) SaveRated(ctx context.Context, rp replay.Replay, changes []rating.Change) (bool, error) {
	if rp.Race == "" {
		return false, errors.New("archive: Save of a replay without a race ID")
	}
	if err := a.cfg.Queue.Push(ctx, rp, changes...); err != nil {
		a.m.failures.WithLabelValues("queue").Inc()
		return false, err
	}
	a.m.queued.Inc()
	return true, nil
}

// Load implements replay.Store: the race from the archive. A race still
// queued is ErrNotFound; the caller falls back to the race store.
func (a *Archiver) Load(ctx context.Context, race string) (replay.Replay, error) {
	return a.cfg.Archive.Load(ctx, race)
}

// Archive returns the archive races go to.
func (a *Archiver) Archive() Archive { return a.cfg.Archive }

// Run drains the queue into the archive until ctx ends, and returns nil
// then. A race that fails to be written stays queued, and is claimed
// again after the queue's MinIdle, by this node or another.
func (a *Archiver) Run(ctx context.Context) error {
	for ctx.Err() == nil {
		if _, err := a.step(ctx, a.cfg.Wait); err != nil && ctx.Err() == nil {
			a.cfg.Logger.Warn("archiving races", "err", err)
			t := time.NewTimer(a.cfg.Retry)
			select {
			case <-t.C:
			case <-ctx.Done():
				t.Stop()
			}
		}
	}
	return nil
}

// Shutdown archives the races left in the queue that this node may
// claim, until none is left or ctx ends: a single node's in-memory queue
// dies with the process. Call it once Run has returned.
func (a *Archiver) Shutdown(ctx context.Context) error { return a.Drain(ctx) }

// Drain archives the races in the queue that this node may claim, until
// none is left or ctx ends: at start, before Run, it archives what a node
// left queued when it died.
func (a *Archiver) Drain(ctx context.Context) error {
	for {
		n, err := a.step(ctx, 0)
		if err != nil || n == 0 {
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
	}
}

// writeTimeout bounds the writes of one claimed batch (a variable for
// the tests).
var writeTimeout = 30 * time.Second

// callTimeout bounds each call after a batch's writes (the queue's Done,
// each OnArchived, the lag's reading): slow writes leave them their own
// time.
const callTimeout = 10 * time.Second

// step claims a batch, waiting up to wait, writes it and updates the
// lag; it returns the number of items claimed. Once claimed, a batch is
// written even if ctx ends meanwhile: only the wait for one is cut short.
func (a *Archiver) step(ctx context.Context, wait time.Duration) (int, error) {
	items, err := a.cfg.Queue.Claim(ctx, a.cfg.Consumer, a.cfg.Batch, wait)
	if err != nil {
		if ctx.Err() == nil {
			a.m.failures.WithLabelValues("queue").Inc()
		}
		return 0, err
	}
	base := context.WithoutCancel(ctx)
	wctx, cancel := context.WithTimeout(base, writeTimeout)
	defer cancel()
	// firsts[i] reports whether this write stored items[i]; errs[i] is
	// its failure. A record that does not decode never will: it is
	// dropped, loudly, as done.
	firsts := make([]bool, len(items))
	errs := make([]error, len(items))
	a.each(len(items), func(i int) {
		it := items[i]
		if it.Err != nil {
			return
		}
		start := time.Now()
		first, err := a.cfg.Archive.Save(wctx, it.Replay)
		if err == nil {
			err = a.cfg.Archive.SaveRatings(wctx, it.Ratings)
		}
		if err != nil {
			a.m.failures.WithLabelValues("write").Inc()
			errs[i] = err
			return
		}
		a.m.duration.Observe(time.Since(start).Seconds())
		if first {
			a.m.writes.WithLabelValues("first").Inc()
		} else {
			a.m.writes.WithLabelValues("repeat").Inc()
		}
		firsts[i] = first
	})
	var done []Item
	var wrote []int // indexes into items of the races written
	for i, it := range items {
		switch {
		case it.Err != nil:
			a.m.failures.WithLabelValues("corrupt").Inc()
			a.cfg.Logger.Error("dropping a queued race that does not decode", "race", it.Race, "id", it.ID, "err", it.Err)
			done = append(done, it)
		case errs[i] == nil:
			done = append(done, it)
			wrote = append(wrote, i)
		}
	}
	dctx, dcancel := context.WithTimeout(base, callTimeout)
	defer dcancel()
	if err := a.cfg.Queue.Done(dctx, done...); err != nil {
		a.m.failures.WithLabelValues("queue").Inc()
		errs = append(errs, err)
	} else if a.cfg.OnArchived != nil {
		a.each(len(wrote), func(j int) {
			i := wrote[j]
			octx, cancel := context.WithTimeout(base, callTimeout)
			defer cancel()
			a.cfg.OnArchived(octx, items[i].Race, firsts[i])
		})
	}
	lctx, cancel := context.WithTimeout(base, callTimeout)
	defer cancel()
	oldest, err := a.cfg.Queue.Oldest(lctx)
	if err != nil {
		errs = append(errs, err)
	} else if oldest.IsZero() {
		a.m.lag.Set(0)
	} else {
		a.m.lag.Set(max(time.Since(oldest).Seconds(), 0))
	}
	return len(items), errors.Join(errs...)
}

// each calls f(0) … f(n−1), at most Workers at once, and returns when
// every call has.
func (a *Archiver) each(n int, f func(i int)) {
	if n == 1 || a.cfg.Workers == 1 {
		for i := range n {
			f(i)
		}
		return
	}
	var wg sync.WaitGroup
	sem := make(chan struct{}, a.cfg.Workers)
	for i := range n {
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			f(i)
		}()
	}
	wg.Wait()
}

// archiverMetrics are an Archiver's racer_archive_* metrics.
type archiverMetrics struct {
	lag      prometheus.Gauge
	queued   prometheus.Counter
	writes   *prometheus.CounterVec
	failures *prometheus.CounterVec
	duration prometheus.Histogram
}

func newArchiverMetrics(reg prometheus.Registerer) (*archiverMetrics, error) {
	m := &archiverMetrics{
		lag: prometheus.NewGauge(prometheus.GaugeOpts{Name: "racer_archive_lag_seconds",
			Help: "Age of the oldest finished race not yet archived (0: none waiting), as this node's archiver last saw the queue."}),
		queued: prometheus.NewCounter(prometheus.CounterOpts{Name: "racer_archive_queued_total",
			Help: "Finished races this node queued for the archive."}),
		writes: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "racer_archive_writes_total",
			Help: "Races this node's archiver wrote: result=first (stored now) or repeat (archived already)."}, []string{"result"}),
		failures: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "racer_archive_failures_total",
			Help: "Failures of this node's archiving: op=queue (push, claim, done), write (the database) or corrupt (a queued record dropped)."}, []string{"op"}),
		duration: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "racer_archive_write_duration_seconds",
			Help: "Time to write one race to the archive.", Buckets: prometheus.ExponentialBuckets(0.0005, 2, 14)}),
	}
	for _, l := range []string{"first", "repeat"} {
		m.writes.WithLabelValues(l)
	}
	for _, l := range []string{"queue", "write", "corrupt"} {
		m.failures.WithLabelValues(l)
	}
	if reg == nil {
		return m, nil
	}
	for _, c := range []prometheus.Collector{m.lag, m.queued, m.writes, m.failures, m.duration} {
		if err := reg.Register(c); err != nil {
			return nil, err
		}
	}
	return m, nil
}
