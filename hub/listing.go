package hub

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/daily"
)

// MaxListedRaces is the most live races a listing reaches (GET
// /api/races, the races message, every page together): the newest that
// may be watched. A listing reads twice as many from the store, since
// daily-challenge races are not listed.
const MaxListedRaces = 100

// RacesPage is the most races one listing page (a races frame, an answer
// of GET /api/races) holds, and the default page size. With the largest
// race information the protocol allows (8 racers with 20-character names
// of 4-byte letters, a room) a full page stays under wire.MaxFrame.
const RacesPage = 16

// errBadListing reports a listing request's bad limit or cursor.
var errBadListing = errors.New("hub: bad listing request")

// listing is one page of the live races: oldest first, and next, the
// cursor of the page of older races ("" when there is none).
type listing struct {
	races   []wire.RaceInfo
	next    string
	playing int // people racing in the live races read (playingIn)
}

// liveRaces returns the page of the newest limit live races (RacesPage
// when limit is 0) among those older than the cursor before ("" for the
// newest), oldest first.
func (h *Hub) liveRaces(ctx context.Context, limit int, before string) (listing, error) {
	if limit == 0 {
		limit = RacesPage
	}
	if limit < 0 || limit > RacesPage {
		return listing{}, errBadListing
	}
	var until cursor
	if before != "" {
		var ok bool
		if until, ok = parseCursor(before); !ok {
			return listing{}, errBadListing
		}
	}
	races, err := h.cfg.Store.Live(ctx, 2*MaxListedRaces)
	if err != nil {
		return listing{}, err
	}
	playing := playingIn(races)
	kept := make([]match.Race, 0, min(len(races), MaxListedRaces))
	for _, r := range races {
		if !daily.IsRace(r.ID) { // daily races are not to be watched
			kept = append(kept, r)
		}
	}
	kept = kept[max(0, len(kept)-MaxListedRaces):] // the newest, oldest first
	if before != "" {
		n := 0
		for n < len(kept) && until.after(kept[n]) {
			n++
		}
		kept = kept[:n]
	}
	out := listing{playing: playing}
	if len(kept) > limit {
		kept = kept[len(kept)-limit:]
		out.next = cursorOf(kept[0]).String()
	}
	out.races = make([]wire.RaceInfo, len(kept))
	for i, r := range kept {
		out.races[i] = raceInfo(h.cfg.Games, r)
	}
	return out, nil
}

// playingIn counts the people racing in races: distinct players, bots
// left out.
func playingIn(races []match.Race) int {
	seen := make(map[string]struct{}, 2*len(races))
	for _, r := range races {
		for _, x := range r.Racers {
			if !IsBot(x.ID) {
				seen[x.ID] = struct{}{}
			}
		}
	}
	return len(seen)
}

// cursor is a place in the listing's order (match.Store.Live's: by
// creation time, then ID): a page that ends before it holds the races
// listed before it. It stays valid when its race has ended.
type cursor struct {
	created int64 // unix nanoseconds
	id      string
}

func cursorOf(r match.Race) cursor { return cursor{created: r.CreatedAt.UnixNano(), id: r.ID} }

// String is the cursor as clients see it (opaque to them): the creation
// time in base 36, a dot, the race ID.
func (c cursor) String() string { return strconv.FormatInt(c.created, 36) + "." + c.id }

// after reports whether r lists before c.
func (c cursor) after(r match.Race) bool {
	return cmp.Or(cmp.Compare(r.CreatedAt.UnixNano(), c.created), cmp.Compare(r.ID, c.id)) < 0
}

// maxCursor bounds a cursor's length: 13 base-36 digits, a dot and a race
// ID of up to 50 bytes.
const maxCursor = 64

func parseCursor(s string) (cursor, bool) {
	t, id, ok := strings.Cut(s, ".")
	if !ok || id == "" || len(s) > maxCursor {
		return cursor{}, false
	}
	n, err := strconv.ParseInt(t, 36, 64)
	if err != nil || n < 0 {
		return cursor{}, false
	}
	return cursor{created: n, id: id}, true
}

// serveRaces answers GET /api/races?limit=&before= with a page of the
// live races, {"races":[RaceInfo…],"next":"…"}.
func (h *Hub) serveRaces(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 5*time.Second)
	defer cancel()
	w.Header().Set("Content-Type", "application/json")
	limit := 0
	if v := r.URL.Query().Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			n = -1
		}
		limit = n
	}
	page, err := h.liveRaces(ctx, limit, r.URL.Query().Get("before"))
	switch {
	case errors.Is(err, errBadListing):
		w.WriteHeader(http.StatusBadRequest)
		_ = json.NewEncoder(w).Encode(map[string]string{"code": wire.CodeBadRequest,
			"message": "limit must be a whole number from 1 to " + strconv.Itoa(RacesPage) + ", before a listing's next cursor"})
		return
	case err != nil:
		h.log.Warn("listing races", "err", err)
		w.WriteHeader(http.StatusServiceUnavailable)
		_ = json.NewEncoder(w).Encode(map[string]string{"code": wire.CodeUnavailable, "message": "storage unavailable, retry"})
		return
	}
	_ = json.NewEncoder(w).Encode(wire.Races{Type: wire.TypeRaces, Races: page.races, Next: page.next, Playing: page.playing})
}
