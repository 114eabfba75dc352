package api

import (
	"errors"
	"net/http"
	"time"

	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/daily"
	"github.com/solitaire-race/racer/match/replay"
)

// serveReplay answers GET /api/replay/{race}.
func (h *Handler) serveReplay(w http.ResponseWriter, r *http.Request) {
	if h.cfg.Replays == nil {
		writeError(w, notFound("replays_unavailable", "this server keeps no replays"))
		return
	}
	race, err := id(r, "race", "bad_race")
	if err != nil {
		h.fail(w, r, err)
		return
	}
	ctx := r.Context()
	// A daily race shows the day's deal: not before the day is over.
	if _, day, ok := daily.ParseRaceID(race); ok {
		now, err := h.now(ctx)
		if err != nil {
			h.fail(w, r, err)
			return
		}
		start, _ := time.Parse(time.DateOnly, day)
		if now.Before(start.Add(24 * time.Hour)) {
			writeError(w, &apiError{http.StatusForbidden, "daily_secret", "replays of the daily challenge of " + day + " are shown once the day is over (UTC)"})
			return
		}
	}
	rp, err := h.cfg.Replays.Load(ctx, race)
	if errors.Is(err, replay.ErrNotFound) && h.cfg.Races != nil {
		rp, err = h.fromRaces(r, race)
	}
	if errors.Is(err, replay.ErrNotFound) {
		err = notFound("replay_not_found", "no replay of race %q", clip(race))
	}
	if err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, rp)
}

// fromRaces builds a replay from the race's hot state and saves it.
func (h *Handler) fromRaces(r *http.Request, race string) (replay.Replay, error) {
	snap, err := h.cfg.Races.Load(r.Context(), race)
	if errors.Is(err, match.ErrNotFound) {
		return replay.Replay{}, replay.ErrNotFound
	}
	if err != nil {
		return replay.Replay{}, err
	}
	rp, err := replay.FromSnapshot(snap)
	if errors.Is(err, replay.ErrNotFinished) {
		return rp, &apiError{http.StatusConflict, "race_not_finished", "race " + clip(race) + " is not over; its replay comes at the end"}
	}
	if err != nil {
		return rp, err
	}
	if _, err := h.cfg.Replays.Save(r.Context(), rp); err != nil {
		h.cfg.Logger.Warn("api: saving a replay rebuilt from the race store", "race", race, "err", err)
	}
	return rp, nil
}
