package api

import (
	"errors"
	"net/http"
	"time"

	"github.com/solitaire-race/racer/match/leaderboard"
)

// ratingJSON is a player's rating under one profile.
type ratingJSON struct {
	Profile    string  `json:"profile"`
	Player     string  `json:"player"`
	Name       string  `json:"name,omitempty"`
	Rating     float64 `json:"rating"`
	Deviation  float64 `json:"deviation"`
	Volatility float64 `json:"volatility"`
	// Provisional is true while the deviation is at least 110.
	Provisional bool `json:"provisional"`
	// Rated is false for a player never rated: the rest is the start.
	Rated   bool      `json:"rated"`
	Games   int       `json:"games"`
	Updated time.Time `json:"updated,omitzero"`
	// Rank is the place on the rating board, 0 when not on it
	// (provisional or never rated).
	Rank int `json:"rank,omitempty"`
}

// serveRating answers GET /api/rating/{profile}/{player}.
func (h *Handler) serveRating(w http.ResponseWriter, r *http.Request) {
	p, err := h.profile(r)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	player, err := playerID(r)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	ctx := r.Context()
	rs, err := h.cfg.Boards.Ratings(ctx, p, player)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	rt, rated := rs[player]
	if !rated {
		rt = h.cfg.Rating.New()
	}
	resp := ratingJSON{
		Profile: p, Player: player, Rating: rt.Rating, Deviation: rt.Deviation, Volatility: rt.Volatility,
		Provisional: rt.Provisional(), Rated: rated, Games: rt.Games, Updated: rt.Updated,
	}
	e, err := h.cfg.Boards.Rank(ctx, leaderboard.Board{Profile: p, Kind: leaderboard.KindRating, Period: leaderboard.All}, player)
	switch {
	case err == nil:
		resp.Rank, resp.Name = e.Rank, e.Name
	case !errors.Is(err, leaderboard.ErrNotRanked):
		h.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, resp)
}
