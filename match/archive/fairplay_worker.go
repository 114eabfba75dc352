package archive

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// SignalsWorker computes the fair-play signals of archived races that
// have none yet (ComputeSignals, SaveSignals), in the background, a
// batch at a time: whichever node archived a race, and after a restart,
// every race gets its signals. Several nodes may run one; a race they
// both take is written twice, the same. It is safe for concurrent use.
type SignalsWorker struct {
	cfg SignalsWorkerConfig
	// races counts the races whose signals were computed, flagged the
	// racers flagged, failures the failed steps.
	races, flagged, failures prometheus.Counter

	// sinceMu guards since and full: a step looks at races that
	// finished since then; a full step, once an hour, at the whole
	// Window again (races archived late, by a node that restarted).
	sinceMu sync.Mutex
	since   time.Time
	full    time.Time
}

// recent is how far back a step looks once it has caught up: races
// reach the archive seconds after they finish.
const recent = 10 * time.Minute

// SignalsWorkerConfig configures a SignalsWorker. Archive is required;
// the zero value of every other field means its default.
type SignalsWorkerConfig struct {
	// Archive holds the races and their signals.
	Archive *SQL
	// Signals sets the thresholds and the CPU bound of each race.
	Signals SignalsConfig
	// Every is the time between two batches. Default 5 s.
	Every time.Duration
	// Batch is the most races of one batch. Default 20.
	Batch int
	// Window is how far back races without signals are looked for.
	// Default 7 days.
	Window time.Duration
	// Now is the clock. Default time.Now.
	Now func() time.Time
	// Logger receives the failures. Default slog.Default().
	Logger *slog.Logger
	// Registerer receives racer_fairplay_* metrics. Default: none.
	Registerer prometheus.Registerer
}

// NewSignalsWorker returns the worker of cfg.
func NewSignalsWorker(cfg SignalsWorkerConfig) (*SignalsWorker, error) {
	if cfg.Archive == nil {
		return nil, errors.New("archive: SignalsWorkerConfig.Archive is required")
	}
	if cfg.Every <= 0 {
		cfg.Every = 5 * time.Second
	}
	if cfg.Batch <= 0 {
		cfg.Batch = 20
	}
	if cfg.Window <= 0 {
		cfg.Window = 7 * 24 * time.Hour
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	w := &SignalsWorker{cfg: cfg,
		races: prometheus.NewCounter(prometheus.CounterOpts{Name: "racer_fairplay_races_total",
			Help: "Archived races whose fair-play signals this node computed."}),
		flagged: prometheus.NewCounter(prometheus.CounterOpts{Name: "racer_fairplay_flagged_total",
			Help: "Racers whose fair-play signals passed a review threshold (flagged for moderators)."}),
		failures: prometheus.NewCounter(prometheus.CounterOpts{Name: "racer_fairplay_failures_total",
			Help: "Batches of fair-play signals that failed (the archive, or a race that does not replay)."}),
	}
	if cfg.Registerer != nil {
		for _, c := range []prometheus.Collector{w.races, w.flagged, w.failures} {
			if err := cfg.Registerer.Register(c); err != nil {
				return nil, err
			}
		}
	}
	return w, nil
}

// Run computes batches until ctx ends, then returns nil.
func (w *SignalsWorker) Run(ctx context.Context) error {
	t := time.NewTicker(w.cfg.Every)
	defer t.Stop()
	for {
		if _, err := w.Step(ctx); err != nil && ctx.Err() == nil {
			w.failures.Inc()
			w.cfg.Logger.Warn("fair-play signals", "err", err)
		}
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
	}
}

// Step computes and stores the signals of up to Batch archived races
// that have none, oldest first, and returns how many: races of the last
// Window at the first step and once an hour, else of the last minutes.
func (w *SignalsWorker) Step(ctx context.Context) (int, error) {
	now := w.cfg.Now()
	w.sinceMu.Lock()
	if now.Sub(w.full) >= time.Hour {
		w.since, w.full = now.Add(-w.cfg.Window), now
	}
	since := w.since
	w.sinceMu.Unlock()
	ids, err := w.cfg.Archive.strings(ctx, `SELECT r.id FROM archive_races r WHERE r.finished_at >= $1
		AND NOT EXISTS (SELECT 1 FROM archive_fairplay f WHERE f.race = r.id)
		ORDER BY r.finished_at, r.id LIMIT $2`, since.UnixMilli(), w.cfg.Batch)
	if err != nil {
		return 0, err
	}
	if len(ids) < w.cfg.Batch {
		// Caught up: the next steps look at the last minutes only.
		w.sinceMu.Lock()
		w.since = now.Add(-recent)
		w.sinceMu.Unlock()
	}
	n := 0
	for _, id := range ids {
		rp, err := w.cfg.Archive.Load(ctx, id)
		if err != nil {
			return n, err
		}
		ss, err := ComputeSignals(ctx, rp, w.cfg.Signals)
		if err != nil {
			return n, fmt.Errorf("archive: signals of %s: %w", id, err)
		}
		if err := w.cfg.Archive.SaveSignals(ctx, ss); err != nil {
			return n, err
		}
		n++
		w.races.Inc()
		for _, x := range ss {
			if x.Flagged() {
				w.flagged.Inc()
			}
		}
	}
	return n, nil
}
