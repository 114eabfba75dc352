package api

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"time"

	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/match/arena"
	"github.com/solitaire-race/racer/match/leaderboard"
	"github.com/solitaire-race/racer/match/rating"
)

// History is what the player and race listings read: the archive of
// finished races and rating changes (archive.Archive).
type History interface {
	PlayerRaces(ctx context.Context, player string, page archive.Page) ([]archive.Entry, error)
	DayRaces(ctx context.Context, profile string, day time.Time, page archive.Page) ([]archive.Entry, error)
	PlayerName(ctx context.Context, player string) (name string, found bool, err error)
	RatingHistory(ctx context.Context, player, profile string, n int) ([]rating.Change, error)
	PlayerArenas(ctx context.Context, player string, page archive.Page) ([]archive.ArenaEntry, error)
	LoadArena(ctx context.Context, id string) (arena.Arena, []arena.Standing, error)
}

// playerRecent is how many races a page of a player's recent races holds.
const playerRecent = 20

// playerPageJSON is a player's page: their ratings and recent races.
type playerPageJSON struct {
	Player  string             `json:"player"`
	Name    string             `json:"name"`
	Ratings []playerRatingJSON `json:"ratings"`
	Recent  []playerRaceJSON   `json:"recent"`
	// Next is the cursor of the page of older races, "" at the end.
	Next string `json:"next,omitempty"`
	// Arenas are the latest public arenas the player took part in that
	// are over, the latest to end first.
	Arenas []playerArenaJSON `json:"arenas"`
}

// playerArenas is how many arenas a player's page lists, and
// arenasScanned how many of the latest finished arenas the arena store
// is searched for the player's when no archive runs.
const (
	playerArenas  = 20
	arenasScanned = 100
)

// playerArenaJSON is a finished arena a player took part in, with their
// final line in its standings.
type playerArenaJSON struct {
	Arena   string `json:"arena"`
	Name    string `json:"name"`
	Profile string `json:"profile"`
	// Schedule is a scheduled arena's period: the page words its name.
	Schedule *wire.ArenaSchedule `json:"schedule,omitempty"`
	Start    time.Time           `json:"start"`
	End      time.Time           `json:"end"`
	Rated    bool                `json:"rated"`
	// Rank is the player's final rank of Players (players equal on
	// points and performance share a rank).
	Rank    int `json:"rank"`
	Players int `json:"players"`
	Points  int `json:"points"`
	Races   int `json:"races"`
	Wins    int `json:"wins"`
}

func playerArena(a arena.Arena, s arena.Standing, n int) playerArenaJSON {
	return playerArenaJSON{Arena: a.ID, Name: a.Name, Profile: a.Profile, Schedule: wire.ScheduleOf(a.Every), Start: a.Start, End: a.End(), Rated: a.Rated,
		Rank: s.Rank, Players: n, Points: s.Points, Races: s.Races, Wins: s.Wins}
}

// arenasOf returns the latest finished public arenas player took part
// in, and the name they played the latest under: from the archive when
// there is one, else from the arena store (the arenasScanned latest to
// end that it still keeps).
func (h *Handler) arenasOf(ctx context.Context, player string) ([]playerArenaJSON, string, error) {
	out := []playerArenaJSON{}
	if h.cfg.History != nil {
		es, err := h.cfg.History.PlayerArenas(ctx, player, archive.Page{Limit: playerArenas})
		if err != nil || len(es) == 0 {
			return out, "", err
		}
		for _, e := range es {
			out = append(out, playerArena(e.Arena, e.Standing, e.Players))
		}
		return out, es[0].Standing.Name, nil
	}
	st := h.cfg.Arenas
	if st == nil {
		return out, "", nil
	}
	now, err := st.Now(ctx)
	if err != nil {
		return nil, "", err
	}
	list, err := st.Finished(ctx, now, 0)
	if err != nil {
		return nil, "", err
	}
	name := ""
	scanned := 0
	for _, a := range list {
		if scanned == arenasScanned || len(out) == playerArenas {
			break
		}
		if a.Private {
			continue
		}
		scanned++
		s, n, err := st.Standing(ctx, a.ID, player)
		if errors.Is(err, arena.ErrNotJoined) || errors.Is(err, arena.ErrNotFound) {
			continue
		}
		if err != nil {
			return nil, "", err
		}
		if name == "" {
			name = s.Name
		}
		out = append(out, playerArena(a, s, n))
	}
	slices.SortStableFunc(out, func(x, y playerArenaJSON) int { return y.End.Compare(x.End) })
	return out, name, nil
}

// playerRatingJSON is a player's rating under one profile they were
// rated in.
type playerRatingJSON struct {
	Profile     string  `json:"profile"`
	Rating      float64 `json:"rating"`
	Deviation   float64 `json:"deviation"`
	Games       int     `json:"games"`
	Provisional bool    `json:"provisional"`
	// GamesToGo estimates the rated games left before the rating stops
	// being provisional (rating.Config.GamesToGo); 0 when it is not.
	GamesToGo int `json:"games_to_go"`
}

// playerRaceJSON is one of a player's races, as they finished it.
type playerRaceJSON struct {
	Race       string    `json:"race"`
	Profile    string    `json:"profile"`
	FinishedAt time.Time `json:"finished_at"`
	// Place is the player's place of Racers; Tied is true when they
	// shared it with another racer.
	Place     int   `json:"place"`
	Tied      bool  `json:"tied"`
	Racers    int   `json:"racers"`
	CardsHome int   `json:"cards_home"`
	TimeMs    int64 `json:"time_ms"`
	// Outcome is the player's status at the end: won, stuck, resigned,
	// disconnected.
	Outcome string `json:"outcome"`
	// RatingBefore and RatingAfter are null for a race not rated.
	RatingBefore *float64 `json:"rating_before"`
	RatingAfter  *float64 `json:"rating_after"`
}

// cursor reads the cursor parameter.
func cursor(r *http.Request) (archive.Cursor, error) {
	v := r.URL.Query().Get("cursor")
	c, err := archive.ParseCursor(v)
	if err != nil {
		return c, badRequest("bad_cursor", "cursor must be the next of a previous page, not %q", clip(v))
	}
	return c, nil
}

// servePlayerPage answers GET /api/players/{player}.
func (h *Handler) servePlayerPage(w http.ResponseWriter, r *http.Request) {
	player, err := playerID(r)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	after, err := cursor(r)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	ctx := r.Context()
	resp := playerPageJSON{Player: player, Ratings: []playerRatingJSON{}, Recent: []playerRaceJSON{}}
	profiles := h.cfg.Games.Profiles()
	for _, p := range profiles {
		rs, err := h.cfg.Boards.Ratings(ctx, p, player)
		if err != nil {
			h.fail(w, r, err)
			return
		}
		if rt, ok := rs[player]; ok {
			resp.Ratings = append(resp.Ratings, playerRatingJSON{Profile: p, Rating: rt.Rating, Deviation: rt.Deviation,
				Games: rt.Games, Provisional: rt.Provisional(), GamesToGo: h.cfg.Rating.GamesToGo(rt)})
		}
	}
	found := len(resp.Ratings) > 0
	arenaName := ""
	if resp.Arenas, arenaName, err = h.arenasOf(ctx, player); err != nil {
		h.fail(w, r, err)
		return
	}
	found = found || len(resp.Arenas) > 0
	if h.cfg.History != nil {
		name, raced, err := h.cfg.History.PlayerName(ctx, player)
		if err != nil {
			h.fail(w, r, err)
			return
		}
		resp.Name, found = name, found || raced
		es, err := h.cfg.History.PlayerRaces(ctx, player, archive.Page{Limit: playerRecent, After: after})
		if err != nil {
			h.fail(w, r, err)
			return
		}
		for _, e := range es {
			pr := playerRaceJSON{Race: e.Race, Profile: e.Profile, FinishedAt: e.FinishedAt, Place: e.Place, Tied: e.Tied, Racers: e.Racers,
				CardsHome: e.CardsHome, TimeMs: e.Time.Milliseconds(), Outcome: string(e.Status)}
			if e.Rated {
				pr.RatingBefore, pr.RatingAfter = &e.RatingBefore, &e.RatingAfter
			}
			resp.Recent = append(resp.Recent, pr)
		}
		if len(es) == playerRecent {
			resp.Next = es[len(es)-1].Cursor().String()
		}
	}
	if resp.Name == "" && found {
		// A player rated but not in the archive: the rating board knows
		// names.
		for _, rt := range resp.Ratings {
			e, err := h.cfg.Boards.Rank(ctx, leaderboard.Board{Profile: rt.Profile, Kind: leaderboard.KindRating, Period: leaderboard.All}, player)
			if err == nil {
				resp.Name = e.Name
				break
			}
			if !errors.Is(err, leaderboard.ErrNotRanked) {
				h.fail(w, r, err)
				return
			}
		}
	}
	if resp.Name == "" {
		resp.Name = arenaName
	}
	if !found {
		writeError(w, notFound("unknown_player", "no player %s: never rated, no race archived", player))
		return
	}
	writeJSON(w, http.StatusOK, resp)
}

// historyJSON is a player's rating history under one profile.
type historyJSON struct {
	Player  string             `json:"player"`
	Profile string             `json:"profile"`
	Points  []historyPointJSON `json:"points"`
}

// historyPointJSON is the rating after one rated race.
type historyPointJSON struct {
	At        time.Time `json:"at"`
	Rating    float64   `json:"rating"`
	Deviation float64   `json:"deviation"`
	Race      string    `json:"race"`
}

// serveHistory answers GET /api/players/{player}/history/{profile}: the
// latest archive.MaxHistory points, oldest first.
func (h *Handler) serveHistory(w http.ResponseWriter, r *http.Request) {
	player, err := playerID(r)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	p, err := h.profile(r)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	if h.cfg.History == nil {
		writeError(w, notFound("history_unavailable", "this server keeps no archive of races and ratings"))
		return
	}
	cs, err := h.cfg.History.RatingHistory(r.Context(), player, p, archive.MaxHistory)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	resp := historyJSON{Player: player, Profile: p, Points: make([]historyPointJSON, len(cs))}
	for i, c := range cs {
		resp.Points[i] = historyPointJSON{At: c.At, Rating: c.After.Rating, Deviation: c.After.Deviation, Race: c.Race}
	}
	writeJSON(w, http.StatusOK, resp)
}

// racesJSON is a page of the races of a profile on a day.
type racesJSON struct {
	Profile string        `json:"profile"`
	Day     string        `json:"day"`
	Races   []dayRaceJSON `json:"races"`
	Next    string        `json:"next,omitempty"`
}

// dayRaceJSON is one race of a day's listing.
type dayRaceJSON struct {
	Race       string    `json:"race"`
	FinishedAt time.Time `json:"finished_at"`
	Racers     int       `json:"racers"`
}

// serveDayRaces answers GET /api/races?profile=&day=&cursor=&n=: the
// archived races of profile that finished on day (default today, UTC),
// most recent first.
func (h *Handler) serveDayRaces(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	p := q.Get("profile")
	if _, err := h.cfg.Games.Lookup(p); err != nil || leaderboard.CheckProfile(p) != nil {
		h.fail(w, r, badRequest("bad_profile", "profile must be a rule profile (known: %v), not %q", h.cfg.Games.Profiles(), clip(p)))
		return
	}
	now, err := h.now(r.Context())
	if err != nil {
		h.fail(w, r, err)
		return
	}
	d, err := day(r, now)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	after, err := cursor(r)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	n, err := count(r, "n", archive.DefaultLimit, 1, archive.MaxLimit)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	if h.cfg.History == nil {
		writeError(w, notFound("history_unavailable", "this server keeps no archive of races and ratings"))
		return
	}
	es, err := h.cfg.History.DayRaces(r.Context(), p, d, archive.Page{Limit: n, After: after})
	if err != nil {
		h.fail(w, r, err)
		return
	}
	resp := racesJSON{Profile: p, Day: leaderboard.DayOf(d), Races: make([]dayRaceJSON, len(es))}
	for i, e := range es {
		resp.Races[i] = dayRaceJSON{Race: e.Race, FinishedAt: e.FinishedAt, Racers: e.Racers}
	}
	if len(es) == n {
		resp.Next = es[n-1].Cursor().String()
	}
	writeJSON(w, http.StatusOK, resp)
}
