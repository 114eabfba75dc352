package api

import (
	"errors"
	"net/http"
	"time"

	"github.com/solitaire-race/racer/hub/arenarun"
	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/match/arena"
)

// arenaInfoJSON is an arena's setup, as the WebSocket's arena message
// gives it (wire.ArenaInfo), with its phase and its number of players.
type arenaInfoJSON struct {
	wire.ArenaInfo
	Phase   string `json:"phase"`
	Players int    `json:"players"`
}

func arenaInfo(a arena.Arena, now time.Time, players int) arenaInfoJSON {
	return arenaInfoJSON{ArenaInfo: arenarun.Info(a), Phase: a.Phase(now), Players: players}
}

// arenaListed is how long after its end an arena stays in the list.
const arenaListed = 24 * time.Hour

// serveArenas answers GET /api/arenas: the public arenas upcoming,
// running and finished in the last day, by start.
func (h *Handler) serveArenas(w http.ResponseWriter, r *http.Request) {
	st := h.cfg.Arenas
	if st == nil {
		writeError(w, notFound("arenas_unavailable", "this server runs no arenas"))
		return
	}
	ctx := r.Context()
	now, err := st.Now(ctx)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	list, err := st.List(ctx, now.Add(-arenaListed), 0)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	out := struct {
		ServerTime time.Time       `json:"server_time"`
		Arenas     []arenaInfoJSON `json:"arenas"`
	}{ServerTime: now, Arenas: []arenaInfoJSON{}}
	for _, a := range list {
		if a.Private {
			continue
		}
		ps, err := st.Players(ctx, a.ID)
		if err != nil {
			h.fail(w, r, err)
			return
		}
		out.Arenas = append(out.Arenas, arenaInfo(a, now, len(ps)))
		if len(out.Arenas) == 100 {
			break
		}
	}
	writeJSON(w, http.StatusOK, out)
}

// serveArena answers GET /api/arenas/{id}: the arena, its standings
// (every player, best first), its live races (the featured one first)
// and, once it is over, its podium.
func (h *Handler) serveArena(w http.ResponseWriter, r *http.Request) {
	st := h.cfg.Arenas
	if st == nil {
		writeError(w, notFound("arenas_unavailable", "this server runs no arenas"))
		return
	}
	id := r.PathValue("id")
	if id == "" || len(id) > 64 {
		writeError(w, badRequest("bad_arena", "an arena ID is 1 to 64 characters"))
		return
	}
	ctx := r.Context()
	a, err := st.Get(ctx, id)
	if errors.Is(err, arena.ErrNotFound) {
		h.serveArchivedArena(w, r, id)
		return
	}
	if err != nil {
		h.fail(w, r, err)
		return
	}
	now, err := st.Now(ctx)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	ps, err := st.Players(ctx, id)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, arenaPage(a, now, arena.Standings(ps), arena.LiveRaces(ps)))
}

// arenaPageJSON is an arena's page: GET /api/arenas/{id}.
type arenaPageJSON struct {
	ServerTime time.Time        `json:"server_time"`
	Arena      arenaInfoJSON    `json:"arena"`
	Standings  []arena.Standing `json:"standings"`
	Races      []arena.LiveRace `json:"races"`
	Podium     []arena.Standing `json:"podium,omitempty"`
	// Archived marks an arena read from the archive: the arena store
	// keeps it no more.
	Archived bool `json:"archived,omitempty"`
}

func arenaPage(a arena.Arena, now time.Time, st []arena.Standing, races []arena.LiveRace) arenaPageJSON {
	out := arenaPageJSON{ServerTime: now, Arena: arenaInfo(a, now, len(st)), Standings: st, Races: races}
	if out.Standings == nil {
		out.Standings = []arena.Standing{}
	}
	if out.Races == nil {
		out.Races = []arena.LiveRace{}
	}
	if out.Arena.Phase == arena.PhaseFinished && len(out.Races) == 0 {
		for _, s := range out.Standings {
			if s.Rank <= 3 && s.Races > 0 {
				out.Podium = append(out.Podium, s)
			}
		}
	}
	return out
}

// serveArchivedArena answers GET /api/arenas/{id} for an arena the
// arena store keeps no more, from the archive.
func (h *Handler) serveArchivedArena(w http.ResponseWriter, r *http.Request, id string) {
	if h.cfg.History == nil {
		writeError(w, notFound("arena_not_found", "no arena %q", id))
		return
	}
	a, st, err := h.cfg.History.LoadArena(r.Context(), id)
	if errors.Is(err, archive.ErrNotFound) {
		writeError(w, notFound("arena_not_found", "no arena %q", id))
		return
	}
	if err != nil {
		h.fail(w, r, err)
		return
	}
	now, err := h.cfg.Arenas.Now(r.Context())
	if err != nil {
		h.fail(w, r, err)
		return
	}
	out := arenaPage(a, now, st, nil)
	out.Archived = true
	writeJSON(w, http.StatusOK, out)
}
