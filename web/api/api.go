package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/arena"
	"github.com/solitaire-race/racer/match/daily"
	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/leaderboard"
	"github.com/solitaire-race/racer/match/rating"
	"github.com/solitaire-race/racer/match/replay"
)

// Config configures a Handler.
type Config struct {
	// Boards holds the ratings and leaderboards. Required.
	Boards leaderboard.Store
	// Games are the games whose profiles the API knows. Default:
	// match/game/games.All, every registered game (cmd/racer gives it).
	Games *game.Registry
	// Replays holds the replays of finished races. Nil: the replay
	// endpoint answers 404 replays_unavailable.
	Replays replay.Store
	// Races, when set, serves the replay of a finished race whose replay
	// was not saved (a node died between the end and the save) from the
	// race's hot state, and saves it to Replays.
	Races match.Store
	// Analyses holds the analyses of finished races' games (the replay
	// store, beside Replays). Nil: the analysis endpoint answers 404
	// analysis_unavailable.
	Analyses replay.AnalysisStore
	// Reanalyze, when set, is asked for the games of the players whose
	// analysis is still missing ReanalyzeAfter after their race finished
	// (analysis.Pool.Request: a node that analyses the games asked for
	// queues them; one that analyses every race's at its end queues a
	// game dropped from its full queue, or one that failed, again),
	// with the asking client (Client). It must not block; it may
	// decline, and the client asks again when it looks again.
	Reanalyze func(client string, rp replay.Replay, players []string) bool
	// Client names the client a request comes from, for the bound on
	// the analyses one client may have waiting (analysis.Config.PerClient):
	// cmd/racer gives its address (an IPv6 address's /64). Nil, or "":
	// no bound.
	Client func(*http.Request) string
	// ReanalyzeAfter is how long after a race's end its games are left
	// to an analysis queued at the end before Reanalyze is asked; 0 asks
	// at once.
	ReanalyzeAfter time.Duration
	// History is the archive of finished races and rating changes, for
	// the players' pages and the races of a day. Nil: a player's page
	// shows ratings only, and the history and day listings answer 404
	// history_unavailable.
	History History
	// Daily deals the daily challenges. Nil: the daily endpoint answers
	// 404 daily_unavailable.
	Daily *daily.Service
	// Arenas keeps the arenas. Nil: the arena endpoints answer 404
	// arenas_unavailable.
	Arenas arena.Store
	// Rating gives the rating shown for a player never rated. The zero
	// value means lichess's (package rating).
	Rating rating.Config
	// DefaultN is the number of entries a board shows without n.
	// Default 10.
	DefaultN int
	// MaxN is the largest n accepted. Default 100.
	MaxN int
	// Timeout bounds each request's store calls: past it the answer is
	// 503 timeout with Retry-After, never a longer wait. Default 1 s.
	Timeout time.Duration
	// Clock picks the current day and week. Default time.Now.
	Clock func(ctx context.Context) (time.Time, error)
	// Logger receives one line per server-side error. Default
	// slog.Default().
	Logger *slog.Logger
}

// Paths are the routes (net/http ServeMux patterns) a Handler serves;
// web mounts it at each, and answers the paths none of them serves.
var Paths = []string{
	routeBoard, routePlayer, routeRating, routeRatings, routeDaily, routeReplay, routeAnalysis, routeArenas, routeArena,
	routePlayerPage, routeHistory, RouteRaces,
}

// The routes of Paths.
const (
	routeBoard      = "GET /api/leaderboard/{profile}/{board}"
	routePlayer     = "GET /api/leaderboard/{profile}/{board}/player/{player}"
	routeRating     = "GET /api/rating/{profile}/{player}"
	routeRatings    = "GET /api/ratings/{profile}"
	routeDaily      = "GET /api/daily/{profile}"
	routeReplay     = "GET /api/replay/{race}"
	routeAnalysis   = "GET /api/analysis/{race}"
	routePlayerPage = "GET /api/players/{player}"
	routeHistory    = "GET /api/players/{player}/history/{profile}"
	routeArenas     = "GET /api/arenas"
	routeArena      = "GET /api/arenas/{id}"
)

// RouteRaces lists the archived races of a profile on a day when the
// request names a profile (IsDayRaces); the hub's listing of live races
// shares the path, and web sends each request to its handler.
const RouteRaces = "GET /api/races"

// IsDayRaces reports whether a request to /api/races asks for the
// archived races of a day (it names a profile or a day) rather than the
// live races.
func IsDayRaces(r *http.Request) bool {
	q := r.URL.Query()
	return q.Has("profile") || q.Has("day")
}

// subtrees are the prefixes of Paths: the Handler itself answers the
// paths under them that no route serves, for a mux that mounts it at
// the prefixes.
var subtrees = []string{"/api/leaderboard/", "/api/rating/", "/api/ratings/", "/api/daily/", "/api/replay/", "/api/analysis/", "/api/arenas/", "/api/players/"}

// Handler serves the HTTP JSON API of leaderboards, ratings, the daily
// challenge and replays. It is safe for concurrent use.
type Handler struct {
	cfg Config
	mux *http.ServeMux
}

// New returns a Handler for cfg.
func New(cfg Config) (*Handler, error) {
	if cfg.Boards == nil {
		return nil, errors.New("api: Config.Boards is nil")
	}
	if cfg.Games == nil {
		cfg.Games = games.All
	}
	if cfg.DefaultN <= 0 {
		cfg.DefaultN = 10
	}
	if cfg.MaxN <= 0 {
		cfg.MaxN = 100
	}
	cfg.DefaultN = min(cfg.DefaultN, cfg.MaxN)
	if cfg.Timeout <= 0 {
		cfg.Timeout = time.Second
	}
	if cfg.Clock == nil {
		cfg.Clock = func(context.Context) (time.Time, error) { return time.Now(), nil }
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	h := &Handler{cfg: cfg, mux: http.NewServeMux()}
	h.mux.HandleFunc(routeBoard, h.serveBoard)
	h.mux.HandleFunc(routePlayer, h.servePlayer)
	h.mux.HandleFunc(routeRating, h.serveRating)
	h.mux.HandleFunc(routeRatings, h.serveRatings)
	h.mux.HandleFunc(routeDaily, h.serveDaily)
	h.mux.HandleFunc(routeReplay, h.serveReplay)
	h.mux.HandleFunc(routeAnalysis, h.serveAnalysis)
	h.mux.HandleFunc(routeArenas, h.serveArenas)
	h.mux.HandleFunc(routeArena, h.serveArena)
	h.mux.HandleFunc(routePlayerPage, h.servePlayerPage)
	h.mux.HandleFunc(routeHistory, h.serveHistory)
	h.mux.HandleFunc(RouteRaces, h.serveDayRaces)
	for _, p := range subtrees {
		h.mux.HandleFunc(p, func(w http.ResponseWriter, r *http.Request) {
			if r.Method != http.MethodGet && r.Method != http.MethodHead {
				w.Header().Set("Allow", "GET, HEAD")
				writeError(w, &apiError{http.StatusMethodNotAllowed, "method_not_allowed", "this API only answers GET"})
				return
			}
			writeError(w, &apiError{http.StatusNotFound, "not_found", "no such API path; see the HTTP API section of hub/wire/PROTOCOL.md"})
		})
	}
	return h, nil
}

// ServeHTTP implements http.Handler. A request's store calls end at
// Config.Timeout.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), h.cfg.Timeout)
	defer cancel()
	h.mux.ServeHTTP(w, r.WithContext(ctx))
}

// apiError is the one error shape clients see, with its HTTP status.
type apiError struct {
	status  int
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (e *apiError) Error() string { return e.Code + ": " + e.Message }

func badRequest(code, format string, args ...any) *apiError {
	return &apiError{http.StatusBadRequest, code, fmt.Sprintf(format, args...)}
}

func notFound(code, format string, args ...any) *apiError {
	return &apiError{http.StatusNotFound, code, fmt.Sprintf(format, args...)}
}

// fail answers err: an *apiError as it is, a store's error as 503
// unavailable (logged).
func (h *Handler) fail(w http.ResponseWriter, r *http.Request, err error) {
	var ae *apiError
	if !errors.As(err, &ae) {
		h.cfg.Logger.Error("api: store error", "path", r.URL.Path, "err", err)
		ae = &apiError{http.StatusServiceUnavailable, "unavailable", "the store cannot be reached; retry"}
		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			ae = &apiError{http.StatusServiceUnavailable, "timeout", "the request was cancelled or timed out; retry"}
		}
		w.Header().Set("Retry-After", "1")
	}
	writeError(w, ae)
}

func writeError(w http.ResponseWriter, e *apiError) {
	writeJSON(w, e.status, e)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		status = http.StatusInternalServerError
		buf.Reset()
		buf.WriteString(`{"code":"internal","message":"cannot encode the answer"}` + "\n")
	}
	hd := w.Header()
	hd.Set("Content-Type", "application/json; charset=utf-8")
	hd.Set("Cache-Control", "no-store")
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Content-Length", strconv.Itoa(buf.Len()))
	w.WriteHeader(status)
	w.Write(buf.Bytes())
}

// now returns the clock in UTC.
func (h *Handler) now(ctx context.Context) (time.Time, error) {
	t, err := h.cfg.Clock(ctx)
	return t.UTC(), err
}
