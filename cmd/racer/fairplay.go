package main

import (
	"context"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/solitaire-race/racer/internal/account"
	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/rating"
	"github.com/solitaire-race/racer/web/modapi"
)

// openFairPlay readies fair play on a node with accounts: the worker
// that computes the archived races' signals (run by the nodes that run
// an archiver) and the review's HTTP API. Both nil without accounts;
// the worker nil with -archiver=false.
func openFairPlay(o options, be *backends, accounts *account.Service, reg prometheus.Registerer, log *slog.Logger) (*archive.SignalsWorker, http.Handler, error) {
	if accounts == nil || be.archive == nil {
		return nil, nil, nil
	}
	// Two seats of a sacrificial pattern are linked when either account's
	// link evidence names the other (docs/RULES.md, "Fair play").
	linked := func(ctx context.Context, a, b string) (bool, error) {
		ids, err := accounts.Linked(ctx, a)
		if err != nil {
			return false, err
		}
		return slices.Contains(ids, b), nil
	}
	var worker *archive.SignalsWorker
	if o.archiver {
		var err error
		worker, err = archive.NewSignalsWorker(archive.SignalsWorkerConfig{Archive: be.archive, Logger: log, Registerer: reg,
			Signals: archive.SignalsConfig{Games: games.All, Linked: linked}})
		if err != nil {
			return nil, nil, err
		}
	}
	var origins []string
	if o.publicURL != "" {
		origins = strings.Split(o.publicURL, ",")
	}
	h, err := modapi.New(modapi.Config{Accounts: accounts, Archive: be.archive, Origins: origins, Logger: log, Registerer: reg,
		Annul: func(ctx context.Context, player, moderator, note string) (archive.Annulled, error) {
			// The rebuild outlives a closed page: it rewrites the history
			// and the boards in one go.
			ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), restoreTimeout)
			defer cancel()
			return be.archive.Annul(ctx, archive.Annulment{Player: player, Moderator: moderator, Note: note, At: time.Now()},
				rating.Config{}, be.boards)
		}})
	if err != nil {
		return nil, nil, err
	}
	return worker, h, nil
}
