package modapi

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/solitaire-race/racer/internal/account"
	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/web/authapi"
)

// Paths are the path patterns the Handler serves (web.Config's
// Moderation).
var Paths = []string{"/api/mod/", RouteReport}

// RouteReport is a player's report of a race.
const RouteReport = "POST /api/races/{id}/report"

// Archive is what the review reads and writes in the archive
// (*archive.SQL is one).
type Archive interface {
	FlaggedPlayers(ctx context.Context, page archive.Page) ([]archive.Flagged, error)
	FlaggedSignals(ctx context.Context, page archive.Page) ([]archive.Signals, error)
	PlayerSignals(ctx context.Context, player string, page archive.Page) ([]archive.Signals, error)
	RaceSignals(ctx context.Context, race string) ([]archive.Signals, error)
	Reports(ctx context.Context, page archive.Page) ([]archive.Report, error)
	SaveReport(ctx context.Context, r archive.Report, now time.Time) (archive.Report, error)
	PlayerName(ctx context.Context, player string) (string, bool, error)
	IsAnnulled(ctx context.Context, player string) (bool, error)
}

var _ Archive = (*archive.SQL)(nil)

// Config configures a Handler. Accounts, Archive and Annul are required;
// the zero value of every other field means its default.
type Config struct {
	// Accounts is the accounts' service: sessions and the moderator role.
	Accounts *account.Service
	// Archive holds the signals, reports and annulments.
	Archive Archive
	// Annul marks player for cheating on moderator's word and rebuilds
	// the ratings and leaderboards without their rated races
	// (archive.SQL.Annul with the node's boards).
	Annul func(ctx context.Context, player, moderator, note string) (archive.Annulled, error)
	// Origins are the server's public origins, as authapi.Config's: a
	// state-changing request whose Origin is not one of them is refused.
	// Default: the origin each request was made to.
	Origins []string
	// ReportBurst and ReportEvery bound one account's reports: ReportBurst
	// at once, then one every ReportEvery. Defaults 5 and 10 minutes.
	ReportBurst int
	ReportEvery time.Duration
	// Now is the clock. Default time.Now.
	Now func() time.Time
	// Logger receives one line per report and annulment (player IDs
	// only) and the server's faults. Default slog.Default().
	Logger *slog.Logger
	// Registerer receives racer_fairplay_reports_total and
	// racer_fairplay_annulments_total. Default: none.
	Registerer prometheus.Registerer
}

// Handler serves the fair-play API. It is safe for concurrent use.
type Handler struct {
	cfg     Config
	mux     *http.ServeMux
	reports *limiter
	log     *slog.Logger
	// reported counts the reports taken, annulled the accounts marked.
	reported, annulled prometheus.Counter
}

// New returns the Handler of cfg.
func New(cfg Config) (*Handler, error) {
	if cfg.Accounts == nil || cfg.Archive == nil || cfg.Annul == nil {
		return nil, errors.New("modapi: Config needs Accounts, Archive and Annul")
	}
	if cfg.ReportBurst <= 0 {
		cfg.ReportBurst = 5
	}
	if cfg.ReportEvery <= 0 {
		cfg.ReportEvery = 10 * time.Minute
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	h := &Handler{cfg: cfg, mux: http.NewServeMux(), reports: newLimiter(cfg.ReportBurst, cfg.ReportEvery), log: cfg.Logger,
		reported: prometheus.NewCounter(prometheus.CounterOpts{Name: "racer_fairplay_reports_total",
			Help: "Reports of races by players that this node took."}),
		annulled: prometheus.NewCounter(prometheus.CounterOpts{Name: "racer_fairplay_annulments_total",
			Help: "Accounts moderators marked for cheating on this node (rated results annulled, boards rebuilt)."}),
	}
	if cfg.Registerer != nil {
		for _, c := range []prometheus.Collector{h.reported, h.annulled} {
			if err := cfg.Registerer.Register(c); err != nil {
				return nil, err
			}
		}
	}
	h.mux.HandleFunc("GET /api/mod/flags", h.moderator(h.serveFlags))
	h.mux.HandleFunc("GET /api/mod/reports", h.moderator(h.serveReports))
	h.mux.HandleFunc("GET /api/mod/players/{player}", h.moderator(h.servePlayer))
	h.mux.HandleFunc("POST /api/mod/players/{player}/annul", h.csrf(h.moderator(h.serveAnnul)))
	h.mux.HandleFunc(RouteReport, h.csrf(h.serveReport))
	h.mux.HandleFunc("/api/mod/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "not_found", "no such review path; see \"Fair play\" in hub/wire/PROTOCOL.md")
	})
	return h, nil
}

// ServeHTTP implements http.Handler. Every answer is JSON and never
// cached.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	h.mux.ServeHTTP(w, r)
}

// Unavailable answers every path of a server without the review (no
// accounts): 404 fairplay_unavailable.
func Unavailable(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	writeError(w, http.StatusNotFound, "fairplay_unavailable", "this server has no accounts, so no reports and no review")
}

type apiError struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, status int, code, msg string) {
	writeJSON(w, status, apiError{Code: code, Message: msg})
}

// fault answers a server fault: 503 unavailable, logged.
func (h *Handler) fault(w http.ResponseWriter, r *http.Request, err error) {
	if errors.Is(err, context.Canceled) {
		return
	}
	h.log.Error("fair-play request", "path", r.URL.Path, "err", err)
	writeError(w, http.StatusServiceUnavailable, "unavailable", "the archive cannot be read now; retry")
}

// csrf wraps a state-changing handler with the accounts' CSRF rule
// (web/authapi): the header X-Racer-CSRF equal to the cookie racer_csrf,
// compared in constant time, and an Origin, when sent, of the server's.
func (h *Handler) csrf(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		c, err := r.Cookie(authapi.CSRFCookie)
		hdr := r.Header.Get(authapi.CSRFHeader)
		if err != nil || len(c.Value) < 16 || hdr == "" || subtle.ConstantTimeCompare([]byte(c.Value), []byte(hdr)) != 1 || !h.originOK(r) {
			writeError(w, http.StatusForbidden, "bad_csrf", "send the header X-Racer-CSRF with the value of the racer_csrf cookie (GET /api/account sets it), from the server's own pages")
			return
		}
		next(w, r)
	}
}

func (h *Handler) originOK(r *http.Request) bool {
	o := r.Header.Get("Origin")
	if o == "" {
		return true
	}
	if len(h.cfg.Origins) == 0 {
		scheme := "http"
		if r.TLS != nil {
			scheme = "https"
		}
		return o == scheme+"://"+r.Host
	}
	for _, x := range h.cfg.Origins {
		if strings.EqualFold(o, x) {
			return true
		}
	}
	return false
}

// signedIn returns the request's account, or answers 401 not_signed_in.
func (h *Handler) signedIn(w http.ResponseWriter, r *http.Request) (account.Account, bool) {
	c, err := r.Cookie(authapi.SessionCookie)
	if err == nil && c.Value != "" {
		_, a, err := h.cfg.Accounts.Session(r.Context(), c.Value)
		if err == nil {
			return a, true
		}
		if !errors.Is(err, account.ErrNoSession) && !errors.Is(err, account.ErrNotFound) {
			h.fault(w, r, err)
			return account.Account{}, false
		}
	}
	writeError(w, http.StatusUnauthorized, "not_signed_in", "sign in with an account first")
	return account.Account{}, false
}

// moderatorKey carries the moderator's account in a request's context.
type moderatorKey struct{}

// moderator wraps a review handler: signed in (401 not_signed_in) as a
// moderator (403 not_moderator).
func (h *Handler) moderator(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		a, ok := h.signedIn(w, r)
		if !ok {
			return
		}
		mod, err := h.cfg.Accounts.IsModerator(r.Context(), a.Player)
		if err != nil {
			h.fault(w, r, err)
			return
		}
		if !mod {
			writeError(w, http.StatusForbidden, "not_moderator", "the review is for moderators")
			return
		}
		next(w, r.WithContext(context.WithValue(r.Context(), moderatorKey{}, a)))
	}
}

// page reads limit and offset, or answers 400 bad_page.
func page(w http.ResponseWriter, r *http.Request) (archive.Page, bool) {
	var p archive.Page
	q := r.URL.Query()
	for _, f := range []struct {
		name string
		dst  *int
	}{{"limit", &p.Limit}, {"offset", &p.Offset}} {
		if s := q.Get(f.name); s != "" {
			n, err := strconv.Atoi(s)
			if err != nil || n < 0 || n > 1_000_000 {
				writeError(w, http.StatusBadRequest, "bad_page", "limit and offset are whole numbers")
				return p, false
			}
			*f.dst = n
		}
	}
	return p, true
}

// decode reads a JSON body of at most 4 KiB into v, or answers bad_json.
func decode(w http.ResponseWriter, r *http.Request, v any) bool {
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 4<<10)).Decode(v); err != nil {
		writeError(w, http.StatusBadRequest, "bad_json", "the body is not the JSON object this path takes")
		return false
	}
	return true
}
