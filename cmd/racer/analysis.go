package main

import (
	"log/slog"
	"runtime"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/solitaire-race/racer/match/analysis"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/replay"
	"github.com/solitaire-race/racer/match/solverproc"
)

// newAnalyzer builds the pool that analyses finished races' games with
// o.analysisWorkers workers: an analysis is the solver searching for
// seconds, never on the move path. With sp, the searches run in the
// node's solver process, at the low priority of -pool-nice; with none,
// like the solver pools', each worker runs on an OS thread of its own at
// low priority, with a P of its own, so that the kernel serves moves
// first.
func newAnalyzer(o options, sp *solverproc.Client, store replay.AnalysisStore, reg prometheus.Registerer, log *slog.Logger) (*analysis.Pool, error) {
	cfg := analysis.Config{Store: store, Lookup: games.Lookup, Workers: o.analysisWorkers, Registerer: reg, Logger: log}
	if sp != nil {
		cfg.Lookup = remoteLookup(sp)
	} else if o.poolNice > 0 {
		cfg.Worker = lowPriority(o.poolNice, func(err error) {
			log.Warn("race analysis runs at normal priority", "nice", o.poolNice, "err", err)
		})
	}
	p, err := analysis.New(cfg)
	if err != nil {
		return nil, err
	}
	if cfg.Worker != nil && lowPrioritySupported {
		runtime.GOMAXPROCS(runtime.GOMAXPROCS(0) + o.analysisWorkers)
	}
	return p, nil
}
