package api

import (
	"encoding/hex"
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/daily"
	"github.com/solitaire-race/racer/match/leaderboard"
)

// dailyJSON is a daily challenge. Seed and Nonce are only present once
// the day is over (Revealed).
type dailyJSON struct {
	Profile       string    `json:"profile"`
	Day           string    `json:"day"`
	Commitment    string    `json:"commitment"`
	SolverChecked bool      `json:"solver_checked"`
	StartsAt      time.Time `json:"starts_at"`
	EndsAt        time.Time `json:"ends_at"`
	Revealed      bool      `json:"revealed"`
	Seed          string    `json:"seed,omitempty"`
	Nonce         string    `json:"nonce,omitempty"`
	// Players is the number of wins on the day's board.
	Players int `json:"players"`
}

// dailyRetryAfter is the Retry-After, in seconds, of a challenge being
// prepared: a search takes a second or a few.
const dailyRetryAfter = "1"

// serveDaily answers GET /api/daily/{profile}?day=. It never waits for
// the challenge's search: until it is done the answer is 503
// daily_preparing, and the search goes on in the background.
func (h *Handler) serveDaily(w http.ResponseWriter, r *http.Request) {
	if h.cfg.Daily == nil {
		writeError(w, notFound("daily_unavailable", "this server has no daily challenge"))
		return
	}
	p, err := h.profile(r)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	ctx := r.Context()
	now, err := h.cfg.Daily.Now(ctx)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	at, err := day(r, now)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	c, err := h.cfg.Daily.Peek(ctx, p, leaderboard.DayOf(at))
	switch {
	case errors.Is(err, daily.ErrPreparing):
		w.Header().Set("Retry-After", dailyRetryAfter)
		err = &apiError{http.StatusServiceUnavailable, "daily_preparing", "the daily challenge is being prepared (its deal searched); retry in a moment"}
	case errors.Is(err, daily.ErrBusy):
		w.Header().Set("Retry-After", dailyRetryAfter)
		err = &apiError{http.StatusServiceUnavailable, "busy", "too many daily challenges are being prepared; retry in a moment"}
	case errors.Is(err, daily.ErrBadDay):
		err = badRequest("bad_day", "there is no challenge for that day")
	case errors.Is(err, match.ErrUnknownProfile):
		err = notFound("unknown_profile", "there is no daily challenge of that rule profile")
	}
	if err != nil {
		h.fail(w, r, err)
		return
	}
	players, err := h.cfg.Boards.Count(ctx, leaderboard.Board{Profile: p, Kind: leaderboard.KindDaily, Period: leaderboard.Day, At: at})
	if err != nil {
		h.fail(w, r, err)
		return
	}
	resp := dailyJSON{
		Profile: p, Day: c.Day, Commitment: c.Commitment, SolverChecked: c.SolverChecked,
		StartsAt: c.Starts(), EndsAt: c.Ends(), Players: players,
	}
	if !now.Before(c.Ends()) {
		resp.Revealed = true
		resp.Seed = strconv.FormatUint(c.Seed, 10)
		resp.Nonce = hex.EncodeToString(c.Nonce)
	}
	writeJSON(w, http.StatusOK, resp)
}
