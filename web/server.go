package web

import (
	"context"
	"embed"
	"io/fs"
	"log/slog"
	"net/http"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/solitaire-race/racer/internal/perkey"
	"github.com/solitaire-race/racer/match/analysis"
	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/web/api"
)

//go:embed static
var staticFS embed.FS

// preparedAssets are the embedded client's files as the server sends
// them, prepared once a process: they never change while it runs, and
// compressing them is most of the cost of New.
type preparedAssets struct {
	shell *asset            // index.html with its module preloads
	files map[string]*asset // everything under static/
}

var embeddedAssets = sync.OnceValues(func() (preparedAssets, error) {
	index, err := staticFS.ReadFile("static/index.html")
	if err != nil {
		return preparedAssets{}, err
	}
	sub, err := fs.Sub(staticFS, "static")
	if err != nil {
		return preparedAssets{}, err
	}
	if index, err = preloadModules(index, sub); err != nil {
		return preparedAssets{}, err
	}
	start := time.Now()
	shell, err := newAsset("index.html", index, start)
	if err != nil {
		return preparedAssets{}, err
	}
	files, err := loadAssets(sub, start)
	if err != nil {
		return preparedAssets{}, err
	}
	return preparedAssets{shell: shell, files: files}, nil
})

// Config configures a Server. The zero value serves the client and the
// practice API with no hub.
type Config struct {
	// Games are the games the page offers: practice, the how-to pages and
	// GET /api/web/config. Default: match/game/games.All, every
	// registered game (cmd/racer gives it).
	Games *game.Registry
	// Hub handles the race server's paths (WebSockets and the hub's JSON
	// API), mounted at HubPaths. Nil means no hub: the race pages say the
	// server has no race hub, practice works.
	Hub http.Handler
	// HubPaths are the path patterns (net/http ServeMux syntax) routed to
	// Hub. Default: "/ws" and "GET /api/races". Any other path under
	// /api/ that no pattern serves is answered here with the JSON error
	// {code, message}: 404 not_found, or 405 method_not_allowed with
	// Allow when the path exists for other methods.
	HubPaths []string
	// API serves the JSON API of leaderboards, ratings, the daily
	// challenge and replays (package web/api), mounted at APIPaths. Nil
	// means none: those pages say so.
	API http.Handler
	// APIPaths are the path patterns routed to API. Default: api.Paths.
	APIPaths []string
	// Logger receives one line per server error. Default: slog.Default().
	Logger *slog.Logger
	// MaxBody is the largest practice request body accepted, in bytes.
	// Default 64 KiB.
	MaxBody int64
	// MaxMoves is the longest list of moves a practice request may hold.
	// Default 4000.
	MaxMoves int
	// Replays is the number of practice requests replayed at once (each
	// costs up to MaxMoves moves and a stuck search); more get 503 busy.
	// Default 4 × GOMAXPROCS.
	Replays int
	// Solvers is the number of hint or auto-complete searches that may run
	// at once; more get 503 solver_busy. Default 1.
	Solvers int
	// SolverWait is how long a hint or auto-complete request waits for
	// its search: past it the answer is 503 solver_working with
	// Retry-After, the search goes on (within its own budget, up to 3 s),
	// and the same request sent again gets the answer. Default 500 ms.
	SolverWait time.Duration
	// StuckBudget is the number of positions the practice API may explore
	// to tell whether a game is stuck. Default 20000.
	StuckBudget int
	// NoBots tells the page that its quick races never seat a bot (a
	// node started with -bot-after 0): it offers no bot level.
	NoBots bool
	// AnalyzePractice queues an ended practice game for the analysis
	// workers (analysis.Pool.EnqueueGame); it must not block. It returns
	// false when it declines the game because its client (Game.Client)
	// has as many waiting as one may: POST /api/practice/analysis then
	// answers 429 too_many_analyses. Nil: it answers 404
	// analysis_unavailable.
	AnalyzePractice func(analysis.Game) bool
	// Client names the client a request comes from, for the bounds on
	// the analyses one client may have waiting and the practice requests
	// it may have replayed at once (half of Replays): cmd/racer gives its
	// address (an IPv6 address's /64). Nil, or "": no bound.
	Client func(*http.Request) string
	// PracticeAnalyses is the most practice games the server holds for
	// analysis, pending or done; each is kept an hour. Default 256.
	PracticeAnalyses int
	// DealPractice deals a new practice game under profile: a seed, and
	// whether a solver proved its deal winnable (the seed pools races
	// are dealt from, say). It must answer within a second and be safe
	// for concurrent use. Nil, or an error, deals a random seed, not
	// checked (GET /api/practice/deal).
	DealPractice func(ctx context.Context, profile string) (seed uint64, checked bool, err error)
	// Accounts serves the accounts' API under /api/account (package
	// web/authapi). Nil means the server has no accounts: every path
	// there answers 404 accounts_unavailable, and the pages say so.
	Accounts http.Handler
	// Moderation serves the fair-play API: the moderators' review under
	// /api/mod/ and players' reports (POST /api/races/{id}/report),
	// package web/modapi. Nil: those paths answer 404
	// fairplay_unavailable.
	Moderation http.Handler
}

// Server is the browser client's HTTP handler. It is safe for concurrent
// use.
type Server struct {
	cfg   Config
	mux   *http.ServeMux
	index *asset // the page shell, its module preloads added
	// solveSem holds one token per solver search running, replaySem one
	// per practice request being replayed.
	solveSem  chan struct{}
	replaySem chan struct{}
	// replayClients counts each client's replays running (Config.Client).
	replayClients perkey.Counter
	// analyses holds the practice games sent for analysis.
	analyses *practiceAnalyses
	// searches holds the hint and auto-complete searches; solve runs one
	// (solveWant).
	searches solverSearches
	solve    func(ctx context.Context, p game.Practice, want string) (hint string, solution []string, v game.Verdict)
}

// pagePaths are the client's pages; each serves the HTML shell, and the
// module app.js picks the page from the path.
var pagePaths = []string{
	"GET /{$}",
	"GET /practice",
	"GET /race/{id}",
	"GET /room/{code}",
	"GET /watch",
	"GET /watch/{id}",
	"GET /replay/{id}",
	"GET /leaderboards",
	"GET /player/{id}",
	"GET /how/{game}",
	"GET /arenas",
	"GET /arena/{id}",
	"GET /account",
	"GET /signin",
	"GET /signup",
	"GET /review",
}

// New returns a Server for cfg.
func New(cfg Config) (*Server, error) {
	if cfg.Games == nil {
		cfg.Games = games.All
	}
	if cfg.HubPaths == nil {
		cfg.HubPaths = []string{"/ws", "GET /api/races"}
	}
	if cfg.APIPaths == nil {
		cfg.APIPaths = api.Paths
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.MaxBody <= 0 {
		cfg.MaxBody = 64 << 10
	}
	if cfg.MaxMoves <= 0 {
		cfg.MaxMoves = 4000
	}
	if cfg.Replays <= 0 {
		cfg.Replays = 4 * runtime.GOMAXPROCS(0)
	}
	if cfg.Solvers <= 0 {
		cfg.Solvers = 1
	}
	if cfg.SolverWait <= 0 {
		cfg.SolverWait = 500 * time.Millisecond
	}
	if cfg.StuckBudget <= 0 {
		cfg.StuckBudget = 20000
	}
	if cfg.PracticeAnalyses <= 0 {
		cfg.PracticeAnalyses = 256
	}
	st, err := embeddedAssets()
	if err != nil {
		return nil, err
	}
	shell, files := st.shell, st.files
	s := &Server{cfg: cfg, mux: http.NewServeMux(), index: shell, solveSem: make(chan struct{}, cfg.Solvers), replaySem: make(chan struct{}, cfg.Replays),
		replayClients: perkey.Counter{Max: max(1, cfg.Replays/2)},
		analyses:      newPracticeAnalyses(cfg.PracticeAnalyses, time.Hour), solve: solveWant}
	s.mux.Handle("GET /static/", http.StripPrefix("/static/", staticHandler(files)))
	for _, p := range pagePaths {
		s.mux.HandleFunc(p, s.servePage)
	}
	s.mux.HandleFunc("/", s.serveNotFound)
	s.mux.HandleFunc("POST /api/practice", s.servePractice)
	s.mux.HandleFunc("/api/practice", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Allow", "POST")
		writeError(w, http.StatusMethodNotAllowed, "method_not_allowed", "use POST with a JSON body")
	})
	s.mux.HandleFunc("GET /api/practice/deal", s.servePracticeDeal)
	s.mux.HandleFunc("POST /api/practice/analysis", s.servePracticeAnalysis)
	s.mux.HandleFunc("GET /api/practice/analysis/{id}", s.servePracticeAnalysisGet)
	s.mux.HandleFunc(apiRoot, s.serveNoAPI)
	s.mux.HandleFunc("GET /api/web/config", s.serveConfig)
	s.mountAccounts()
	s.mountModeration()
	hubPaths := map[string]bool{}
	if cfg.Hub != nil {
		for _, p := range cfg.HubPaths {
			hubPaths[p] = true
			if p == api.RouteRaces && cfg.API != nil && slices.Contains(cfg.APIPaths, p) {
				continue
			}
			s.mux.Handle(p, cfg.Hub)
		}
	}
	if cfg.API != nil {
		for _, p := range cfg.APIPaths {
			if p == api.RouteRaces && hubPaths[p] {
				// One path, two listings: the archived races of a day
				// (API) and the live races (hub).
				s.mux.HandleFunc(p, func(w http.ResponseWriter, r *http.Request) {
					if api.IsDayRaces(r) {
						cfg.API.ServeHTTP(w, r)
						return
					}
					cfg.Hub.ServeHTTP(w, r)
				})
				continue
			}
			s.mux.Handle(p, cfg.API)
		}
	}
	return s, nil
}

// ServeHTTP implements http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mux.ServeHTTP(w, r)
}

// apiRoot is the pattern of every API path no other pattern serves.
const apiRoot = "/api/"

// probeMethods are the methods some API path answers; serveNoAPI tries
// each to tell a wrong method from an unknown path.
var probeMethods = []string{http.MethodGet, http.MethodPost}

// serveNoAPI answers an API request no route serves with the API's JSON
// error: 405 method_not_allowed and Allow when the path answers other
// methods, else 404 not_found. Go's own answers would be plain text.
func (s *Server) serveNoAPI(w http.ResponseWriter, r *http.Request) {
	var allow []string
	for _, m := range probeMethods {
		if m == r.Method {
			continue
		}
		probe := r.Clone(r.Context())
		probe.Method = m
		if _, pattern := s.mux.Handler(probe); pattern != "" && pattern != apiRoot {
			allow = append(allow, m)
			if m == http.MethodGet {
				allow = append(allow, http.MethodHead)
			}
		}
	}
	if len(allow) > 0 {
		w.Header().Set("Allow", strings.Join(allow, ", "))
		writeError(w, http.StatusMethodNotAllowed, "method_not_allowed", "this path answers "+strings.Join(allow, ", ")+" only")
		return
	}
	writeError(w, http.StatusNotFound, "not_found", "no such API path; see the API section of hub/wire/PROTOCOL.md")
}

// servePage serves the page shell; a how-to page of a game the server
// does not have is not found.
func (s *Server) servePage(w http.ResponseWriter, r *http.Request) {
	if g := r.PathValue("game"); g != "" {
		if _, ok := s.cfg.Games.Game(g); !ok {
			s.serveNotFound(w, r)
			return
		}
	}
	setPageHeaders(w)
	s.index.serve(w, r)
}

// serveNotFound answers a GET of a path that is no page (nor API, nor
// static file) with the page shell and status 404: the client shows its
// own "page not found" with the way back home. Other methods get 405 on
// a page's path, else a plain 404.
func (s *Server) serveNotFound(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		probe := r.Clone(r.Context())
		probe.Method = http.MethodGet
		if _, pattern := s.mux.Handler(probe); pattern != "/" {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "405 method not allowed", http.StatusMethodNotAllowed)
			return
		}
		http.NotFound(w, r)
		return
	}
	setPageHeaders(w)
	body := s.index.pick(w, r)
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusNotFound)
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}

// setPageHeaders sets the headers of the page shell.
func setPageHeaders(w http.ResponseWriter) {
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "same-origin")
	h.Set("Content-Security-Policy", "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; style-src 'self'; style-src-attr 'unsafe-inline'; script-src 'self'; base-uri 'none'; frame-ancestors 'none'")
}

// client names r's client (Config.Client), "" for none.
func (s *Server) client(r *http.Request) string {
	if s.cfg.Client == nil {
		return ""
	}
	return s.cfg.Client(r)
}

// serveConfig tells the client what this server offers
// (hub/wire/PROTOCOL.md, GET /api/web/config).
func (s *Server) serveConfig(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{
		"games":    gameInfos(s.cfg.Games),
		"hub":      s.cfg.Hub != nil,
		"api":      s.cfg.API != nil,
		"solver":   solverAvailable,
		"analysis": s.cfg.AnalyzePractice != nil, // practice games' analysis
		"bots":     !s.cfg.NoBots,                // quick races seat a bot after a wait
		"profiles": profileInfos(s.cfg.Games),
	})
}
