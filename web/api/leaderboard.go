package api

import (
	"context"
	"errors"
	"net/http"

	"github.com/solitaire-race/racer/match/leaderboard"
)

// boardJSON is a board's answer.
type boardJSON struct {
	Profile string `json:"profile"`
	Board   string `json:"board"`
	Period  string `json:"period"`
	// Bucket is "all", the day "2026-11-30" or the ISO week "2026-W49".
	Bucket string `json:"bucket"`
	// Total is the number of players on the board.
	Total   int         `json:"total"`
	Entries []entryJSON `json:"entries"`
}

// entryJSON is one line of a board. TimeMs and Actions are set on the
// daily board, whose Score is their packed form.
type entryJSON struct {
	Rank    int     `json:"rank"`
	Player  string  `json:"player"`
	Name    string  `json:"name"`
	Score   float64 `json:"score"`
	TimeMs  *int64  `json:"time_ms,omitempty"`
	Actions *int    `json:"actions,omitempty"`
	// Deviation, Games and Provisional are set on the rating board.
	Deviation   *float64 `json:"deviation,omitempty"`
	Games       *int     `json:"games,omitempty"`
	Provisional *bool    `json:"provisional,omitempty"`
}

// playerJSON is a player's place on a board.
type playerJSON struct {
	boardJSON
	Player entryJSON `json:"player"`
}

func entries(b leaderboard.Board, es []leaderboard.Entry) []entryJSON {
	out := make([]entryJSON, len(es))
	for i, e := range es {
		out[i] = entryJSON{Rank: e.Rank, Player: e.Player, Name: e.Name, Score: e.Score}
		if b.Kind == leaderboard.KindDaily {
			d, a := leaderboard.SplitDailyScore(e.Score)
			ms := d.Milliseconds()
			out[i].TimeMs, out[i].Actions = &ms, &a
		}
	}
	return out
}

// markRatings adds each rating board entry's deviation, games and
// whether it is provisional.
func (h *Handler) markRatings(ctx context.Context, b leaderboard.Board, es []entryJSON) error {
	if b.Kind != leaderboard.KindRating || len(es) == 0 {
		return nil
	}
	ids := make([]string, len(es))
	for i, e := range es {
		ids[i] = e.Player
	}
	rs, err := h.cfg.Boards.Ratings(ctx, b.Profile, ids...)
	if err != nil {
		return err
	}
	for i := range es {
		r, ok := rs[es[i].Player]
		if !ok {
			continue
		}
		d, g, p := r.Deviation, r.Games, r.Provisional()
		es[i].Deviation, es[i].Games, es[i].Provisional = &d, &g, &p
	}
	return nil
}

func header(b leaderboard.Board, total int) boardJSON {
	return boardJSON{Profile: b.Profile, Board: string(b.Kind), Period: string(b.Period), Bucket: b.Bucket(), Total: total}
}

// serveBoard answers GET /api/leaderboard/{profile}/{board}?period=&n=&day=.
func (h *Handler) serveBoard(w http.ResponseWriter, r *http.Request) {
	b, err := h.board(r)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	n, err := count(r, "n", h.cfg.DefaultN, 1, h.cfg.MaxN)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	ctx := r.Context()
	es, err := h.cfg.Boards.Top(ctx, b, n)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	total, err := h.cfg.Boards.Count(ctx, b)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	resp := header(b, total)
	resp.Entries = entries(b, es)
	if err := h.markRatings(ctx, b, resp.Entries); err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, resp)
}

// servePlayer answers GET /api/leaderboard/{profile}/{board}/player/{player}
// with the player's entry and n neighbours on each side (default 5).
func (h *Handler) servePlayer(w http.ResponseWriter, r *http.Request) {
	b, err := h.board(r)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	player, err := playerID(r)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	n, err := count(r, "n", min(5, h.cfg.MaxN), 0, h.cfg.MaxN)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	ctx := r.Context()
	es, err := h.cfg.Boards.Around(ctx, b, player, n)
	if errors.Is(err, leaderboard.ErrNotRanked) {
		err = notFound("not_ranked", "%s is not on the %s %s board of %s", clip(player), b.Kind, b.Bucket(), b.Profile)
	}
	if err != nil {
		h.fail(w, r, err)
		return
	}
	total, err := h.cfg.Boards.Count(ctx, b)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	resp := playerJSON{boardJSON: header(b, total)}
	resp.Entries = entries(b, es)
	if err := h.markRatings(ctx, b, resp.Entries); err != nil {
		h.fail(w, r, err)
		return
	}
	for _, e := range resp.Entries {
		if e.Player == player {
			resp.Player = e
		}
	}
	writeJSON(w, http.StatusOK, resp)
}
