package api

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/solitaire-race/racer/match/daily"
	"github.com/solitaire-race/racer/match/replay"
)

// analysisJSON is GET /api/analysis/{race}: the analysis of each racer's
// game, judged with every card known.
type analysisJSON struct {
	Race    string              `json:"race"`
	Profile string              `json:"profile"`
	Racers  []racerAnalysisJSON `json:"racers"`
}

// racerAnalysisJSON is one racer's: "pending" until the analysis is
// stored, then "done" with the verdicts, first_lost and line
// (replay.GameAnalysis).
type racerAnalysisJSON struct {
	Player string `json:"player"`
	Name   string `json:"name"`
	Status string `json:"status"`
	// Moves are the racer's moves, in order: verdict i+1 is the position
	// after Moves[i].
	Moves []string `json:"moves"`
	replay.GameAnalysis
}

// serveAnalysis answers GET /api/analysis/{race}: only for a race that
// has ended (it has a replay, or its hot state a result), and a daily
// race only once its day is over. With an archive, Config.Analyses reads
// it once the hot copy is gone (archive.Analyses). A game whose analysis
// is still missing Config.ReanalyzeAfter after the race is asked of
// Config.Reanalyze.
func (h *Handler) serveAnalysis(w http.ResponseWriter, r *http.Request) {
	if h.cfg.Analyses == nil || h.cfg.Replays == nil {
		writeError(w, notFound("analysis_unavailable", "this server analyses no games"))
		return
	}
	race, err := id(r, "race", "bad_race")
	if err != nil {
		h.fail(w, r, err)
		return
	}
	ctx := r.Context()
	if err := h.dailyHidden(ctx, race); err != nil {
		h.fail(w, r, err)
		return
	}
	rp, err := h.cfg.Replays.Load(ctx, race)
	if errors.Is(err, replay.ErrNotFound) && h.cfg.Races != nil {
		// Not archived yet (or kept nowhere else): the race store's.
		rp, err = h.fromRaces(r, race)
	}
	if errors.Is(err, replay.ErrNotFound) {
		err = notFound("analysis_not_found", "no finished race %q", clip(race))
	}
	if err != nil {
		h.fail(w, r, err)
		return
	}
	done, err := h.cfg.Analyses.LoadAnalyses(ctx, race)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	resp := analysisJSON{Race: rp.Race, Profile: rp.Profile, Racers: make([]racerAnalysisJSON, 0, len(rp.Racers))}
	var missing []string
	for _, x := range rp.Racers {
		ra := racerAnalysisJSON{Player: x.ID, Name: x.Name, Status: "pending", Moves: []string{}}
		for _, a := range rp.Actions[x.ID] {
			if a.Action != "resign" && a.Action != "finish" {
				ra.Moves = append(ra.Moves, a.Action)
			}
		}
		if ga, ok := done[x.ID]; ok {
			ra.Status, ra.GameAnalysis = "done", ga
		} else {
			missing = append(missing, x.ID)
		}
		resp.Racers = append(resp.Racers, ra)
	}
	if len(missing) > 0 && h.cfg.Reanalyze != nil {
		// Not analysed yet: asked for (at once on a node that analyses
		// the games asked for; a while after the race on one that
		// analyses every race's, for a game dropped or failed).
		if now, err := h.now(ctx); err == nil && now.Sub(rp.Result.FinishedAt) >= h.cfg.ReanalyzeAfter {
			client := ""
			if h.cfg.Client != nil {
				client = h.cfg.Client(r)
			}
			h.cfg.Reanalyze(client, rp, missing)
		}
	}
	writeJSON(w, http.StatusOK, resp)
}

// dailyHidden returns a 403 daily_secret error for a daily race whose day
// is not over (UTC), and nil otherwise.
func (h *Handler) dailyHidden(ctx context.Context, race string) error {
	_, day, ok := daily.ParseRaceID(race)
	if !ok {
		return nil
	}
	now, err := h.now(ctx)
	if err != nil {
		return err
	}
	start, _ := time.Parse(time.DateOnly, day)
	if now.Before(start.Add(24 * time.Hour)) {
		return &apiError{http.StatusForbidden, "daily_secret", "the daily challenge of " + day + " is analysed once the day is over (UTC)"}
	}
	return nil
}
