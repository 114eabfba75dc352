package api

import (
	"net/http"
	"strings"
)

// MaxRatings is how many players one GET /api/ratings/{profile} names at
// most: the racers of a race, or a page of names.
const MaxRatings = 16

// ratingsJSON answers GET /api/ratings/{profile}: one line per player
// asked, in the order asked.
type ratingsJSON struct {
	Profile string            `json:"profile"`
	Ratings []shortRatingJSON `json:"ratings"`
}

// shortRatingJSON is a player's rating as shown beside their name.
type shortRatingJSON struct {
	Player      string  `json:"player"`
	Rating      float64 `json:"rating"`
	Deviation   float64 `json:"deviation"`
	Provisional bool    `json:"provisional"`
	// Rated is false for a player never rated: the rest is the start.
	Rated bool `json:"rated"`
	Games int  `json:"games"`
}

// serveRatings answers GET /api/ratings/{profile}?players=a,b: the
// ratings of up to MaxRatings players under one profile.
func (h *Handler) serveRatings(w http.ResponseWriter, r *http.Request) {
	p, err := h.profile(r)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	raw := r.URL.Query().Get("players")
	if raw == "" {
		h.fail(w, r, badRequest("bad_player", "players must list 1 to %d player IDs separated by commas", MaxRatings))
		return
	}
	ids := strings.Split(raw, ",")
	if len(ids) > MaxRatings {
		h.fail(w, r, badRequest("bad_player", "players lists %d player IDs, at most %d", len(ids), MaxRatings))
		return
	}
	for _, id := range ids {
		if _, err := checkPlayer(id); err != nil {
			h.fail(w, r, err)
			return
		}
	}
	rs, err := h.cfg.Boards.Ratings(r.Context(), p, ids...)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	resp := ratingsJSON{Profile: p, Ratings: make([]shortRatingJSON, len(ids))}
	for i, id := range ids {
		rt, rated := rs[id]
		if !rated {
			rt = h.cfg.Rating.New()
		}
		resp.Ratings[i] = shortRatingJSON{Player: id, Rating: rt.Rating, Deviation: rt.Deviation,
			Provisional: rt.Provisional(), Rated: rated, Games: rt.Games}
	}
	writeJSON(w, http.StatusOK, resp)
}
