package main

import (
	"context"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/internal/account"
	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/rating"
	"github.com/solitaire-race/racer/web/modapi"
)

// openMarks returns the archive's marks of players a moderator marked
// for cheating, behind their cache (archive.Marks): the hub and the
// results read them to keep a marked account's races casual. Nil
// without accounts (nobody can be marked).
func openMarks(be *backends, accounts *account.Service) (*archive.Marks, error) {
	if accounts == nil || be.archive == nil {
		return nil, nil
	}
	return archive.NewMarks(archive.MarksConfig{Source: be.archive.IsAnnulled})
}

// openFairPlay readies fair play on a node with accounts: the worker
// that computes the archived races' signals (run by the nodes that run
// an archiver) and the review's HTTP API, whose marks reach marks at
// once and the player's connections on every node. Both nil without
// accounts; the worker nil with -archiver=false.
func openFairPlay(o options, be *backends, accounts *account.Service, marks *archive.Marks, reg prometheus.Registerer, log *slog.Logger) (*archive.SignalsWorker, http.Handler, error) {
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
			got, err := be.archive.Annul(ctx, archive.Annulment{Player: player, Moderator: moderator, Note: note, At: time.Now()},
				rating.Config{}, be.boards)
			// The mark is stored before the rebuild: the player plays
			// casual from now on, whatever the rebuild did.
			marks.Forget(player)
			if aerr := hub.AnnounceMarked(ctx, be.broker, player); aerr != nil {
				log.Warn("telling a marked player's connections", "player", player, "err", aerr)
			}
			return got, err
		}})
	if err != nil {
		return nil, nil, err
	}
	return worker, h, nil
}
