package archive

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"
)

// SignalsWorker computes the fair-play signals of archived races that
// have none yet (ComputeSignals, SaveSignals), in the background, a
// batch at a time: whichever node archived a race, and after a restart,
// every race gets its signals. Several nodes may run one; a race they
// both take is written twice, the same. It is safe for concurrent use.
type SignalsWorker struct {
	cfg SignalsWorkerConfig
}

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
	return &SignalsWorker{cfg: cfg}, nil
}

// Run computes batches until ctx ends, then returns nil.
func (w *SignalsWorker) Run(ctx context.Context) error {
	t := time.NewTicker(w.cfg.Every)
	defer t.Stop()
	for {
		if _, err := w.Step(ctx); err != nil && ctx.Err() == nil {
			w.cfg.Logger.Warn("fair-play signals", "err", err)
		}
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
	}
}

// Step computes and stores the signals of up to Batch archived races of
// the last Window that have none, oldest first, and returns how many.
func (w *SignalsWorker) Step(ctx context.Context) (int, error) {
	since := w.cfg.Now().Add(-w.cfg.Window).UnixMilli()
	ids, err := w.cfg.Archive.strings(ctx, `SELECT r.id FROM archive_races r WHERE r.finished_at >= $1
		AND NOT EXISTS (SELECT 1 FROM archive_fairplay f WHERE f.race = r.id)
		ORDER BY r.finished_at, r.id LIMIT $2`, since, w.cfg.Batch)
	if err != nil {
		return 0, err
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
	}
	return n, nil
}
