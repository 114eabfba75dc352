package authapi

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"net/netip"
	"strings"
	"time"

	"github.com/solitaire-race/racer/internal/account"
)

// Cookie and header names.
const (
	SessionCookie = "racer_session"
	CSRFCookie    = "racer_csrf"
	CSRFHeader    = "X-Racer-CSRF"
)

// Paths are the path patterns the Handler serves (web.Config's
// AccountPaths).
var Paths = []string{"/api/account", "/api/account/"}

// Config configures a Handler. Accounts is required; the zero value of
// every other field means its default.
type Config struct {
	// Accounts is the accounts' service.
	Accounts *account.Service
	// Origins are the server's public origins ("https://race.example"):
	// the passkeys' relying party is the host of the first, and
	// requests whose Origin is one of them pass the CSRF check.
	// Default: the origin each request was made to (its Host), fine for
	// one host behind no proxy.
	Origins []string
	// Secure marks the cookies Secure even when the request did not come
	// over TLS (a proxy ends TLS). Default: Secure exactly when the
	// request came over TLS.
	Secure bool
	// ClientIP returns the address a request comes from, for the attempt
	// limits and the evidence that links accounts. Default: ClientIP with
	// TrustedProxies.
	ClientIP func(r *http.Request) string
	// TrustedProxies are the operator's proxies: from a request that
	// comes from one, the client's address is read from X-Forwarded-For
	// (ClientIP). Default none: the header is never trusted.
	TrustedProxies []netip.Prefix
	// RPName is the name authenticators show. Default "Solitaire Race".
	RPName string
	// Logger receives server faults (never a password, token or key).
	// Default slog.Default().
	Logger *slog.Logger
}

// Handler serves the accounts' API. It is safe for concurrent use.
type Handler struct {
	cfg Config
	acc *account.Service
	mux *http.ServeMux
	log *slog.Logger
}

// New returns the handler of cfg.
func New(cfg Config) (*Handler, error) {
	if cfg.Accounts == nil {
		return nil, errors.New("authapi: Config.Accounts is required")
	}
	if cfg.ClientIP == nil {
		trusted := cfg.TrustedProxies
		cfg.ClientIP = func(r *http.Request) string { return ClientIP(r, trusted) }
	}
	if cfg.RPName == "" {
		cfg.RPName = "Solitaire Race"
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	h := &Handler{cfg: cfg, acc: cfg.Accounts, mux: http.NewServeMux(), log: cfg.Logger}
	m := h.mux
	m.HandleFunc("GET /api/account", h.serveMe)
	m.HandleFunc("DELETE /api/account", h.csrf(h.serveDelete))
	m.HandleFunc("POST /api/account/signup", h.csrf(h.serveSignUp))
	m.HandleFunc("POST /api/account/signin", h.csrf(h.serveSignIn))
	m.HandleFunc("POST /api/account/signout", h.csrf(h.serveSignOut))
	m.HandleFunc("POST /api/account/signout-everywhere", h.csrf(h.serveSignOutEverywhere))
	m.HandleFunc("POST /api/account/password", h.csrf(h.servePassword))
	m.HandleFunc("GET /api/account/ticket", h.csrf(h.serveTicket))
	m.HandleFunc("POST /api/account/passkey/signup/begin", h.csrf(h.servePasskeySignUpBegin))
	m.HandleFunc("POST /api/account/passkey/signup/finish", h.csrf(h.servePasskeySignUpFinish))
	m.HandleFunc("POST /api/account/passkey/signin/begin", h.csrf(h.servePasskeySignInBegin))
	m.HandleFunc("POST /api/account/passkey/signin/finish", h.csrf(h.servePasskeySignInFinish))
	m.HandleFunc("POST /api/account/passkey/add/begin", h.csrf(h.servePasskeyAddBegin))
	m.HandleFunc("POST /api/account/passkey/add/finish", h.csrf(h.servePasskeyAddFinish))
	m.HandleFunc("DELETE /api/account/passkey/{id}", h.csrf(h.servePasskeyDelete))
	m.HandleFunc("/api/account/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "not_found", "no such account path; see the API section of hub/wire/PROTOCOL.md")
	})
	return h, nil
}

// ServeHTTP implements http.Handler. Every answer is JSON and never
// cached.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	h.mux.ServeHTTP(w, r)
}

// Unavailable answers every account path of a server without accounts:
// 404 accounts_unavailable.
func Unavailable(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	writeError(w, http.StatusNotFound, "accounts_unavailable", "this server has no accounts (it runs without an archive database)")
}

// apiError is every refusal's JSON.
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

// statuses maps account codes to HTTP statuses.
var statuses = map[string]int{
	"bad_username": 400, "weak_password": 400, "bad_guest_token": 400,
	"username_taken": 409, "guest_claimed": 409, "no_password": 409, "last_credential": 409,
	"bad_credentials": 401, "not_signed_in": 401, "bad_ticket": 401,
	"too_many_attempts": 429, "too_many_signups": 429, "passkey_not_found": 404,
}

// fail answers err: an account error with its code, anything else as
// unavailable (logged: the database is down or slow).
func (h *Handler) fail(w http.ResponseWriter, r *http.Request, err error) {
	code := account.Code(err)
	if errors.Is(err, errNoPasskeys) {
		writeError(w, http.StatusBadRequest, "passkeys_unavailable", "passkeys need the server to be reached by a domain name (localhost is one), not an IP address")
		return
	}
	if code == "" {
		if errors.Is(err, context.Canceled) {
			return
		}
		h.log.Error("account request", "path", r.URL.Path, "err", err)
		writeError(w, http.StatusServiceUnavailable, "unavailable", "the accounts cannot be read now; retry")
		return
	}
	switch code {
	case "too_many_attempts":
		w.Header().Set("Retry-After", "60")
	case "too_many_signups":
		w.Header().Set("Retry-After", "3600")
	}
	writeError(w, statuses[code], code, err.Error()[len("account: "):])
}

// secure reports whether cookies set in answer to r are Secure.
func (h *Handler) secure(r *http.Request) bool { return h.cfg.Secure || r.TLS != nil }

// ownOrigin is the origin r was made to.
func ownOrigin(r *http.Request) string {
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}

// originOK reports whether a request's Origin, when it has one, is the
// server's.
func (h *Handler) originOK(r *http.Request) bool {
	o := r.Header.Get("Origin")
	if o == "" {
		return true // not a browser's cross-site request: those carry Origin
	}
	if len(h.cfg.Origins) == 0 {
		return o == ownOrigin(r)
	}
	for _, x := range h.cfg.Origins {
		if strings.EqualFold(o, x) {
			return true
		}
	}
	return false
}

// csrf wraps a state-changing handler with the CSRF rule: the header
// X-Racer-CSRF equal to the cookie racer_csrf (constant time), and an
// Origin of the server's own.
func (h *Handler) csrf(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		c, err := r.Cookie(CSRFCookie)
		hdr := r.Header.Get(CSRFHeader)
		if err != nil || len(c.Value) < 16 || hdr == "" || subtle.ConstantTimeCompare([]byte(c.Value), []byte(hdr)) != 1 || !h.originOK(r) {
			writeError(w, http.StatusForbidden, "bad_csrf", "send the header X-Racer-CSRF with the value of the racer_csrf cookie (GET /api/account sets it), from the server's own pages")
			return
		}
		next(w, r)
	}
}

func randomToken() string {
	var b [32]byte
	_, _ = rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// ensureCSRF sets the CSRF cookie when the request has none.
func (h *Handler) ensureCSRF(w http.ResponseWriter, r *http.Request) {
	if c, err := r.Cookie(CSRFCookie); err == nil && len(c.Value) >= 16 {
		return
	}
	http.SetCookie(w, &http.Cookie{Name: CSRFCookie, Value: randomToken(), Path: "/", SameSite: http.SameSiteStrictMode,
		Secure: h.secure(r), MaxAge: 400 * 24 * 3600})
}

// setSession sets the session cookie of ns, ending the session the
// request came with, if any: each sign-in is a new session.
func (h *Handler) setSession(w http.ResponseWriter, r *http.Request, ns account.NewSession) {
	if c, err := r.Cookie(SessionCookie); err == nil && c.Value != "" {
		_ = h.acc.SignOut(r.Context(), c.Value)
	}
	http.SetCookie(w, &http.Cookie{Name: SessionCookie, Value: ns.Token, Path: "/", HttpOnly: true, SameSite: http.SameSiteLaxMode,
		Secure: h.secure(r), Expires: ns.ExpiresAt, MaxAge: int(time.Until(ns.ExpiresAt).Seconds())})
}

func (h *Handler) clearSession(w http.ResponseWriter, r *http.Request) {
	http.SetCookie(w, &http.Cookie{Name: SessionCookie, Value: "", Path: "/", HttpOnly: true, SameSite: http.SameSiteLaxMode,
		Secure: h.secure(r), MaxAge: -1})
}

// session returns the request's session and account, or answers
// not_signed_in.
func (h *Handler) session(w http.ResponseWriter, r *http.Request) (string, account.Account, bool) {
	c, err := r.Cookie(SessionCookie)
	if err != nil {
		h.fail(w, r, account.ErrNoSession)
		return "", account.Account{}, false
	}
	_, a, err := h.acc.Session(r.Context(), c.Value)
	if err != nil {
		h.fail(w, r, err)
		return "", account.Account{}, false
	}
	return c.Value, a, true
}

// decode reads a JSON body of at most 64 KiB into v, or answers
// bad_json.
func decode(w http.ResponseWriter, r *http.Request, v any) bool {
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 64<<10)).Decode(v); err != nil {
		writeError(w, http.StatusBadRequest, "bad_json", "the body is not the JSON object this path takes")
		return false
	}
	return true
}

// me is GET /api/account's answer.
type me struct {
	SignedIn bool          `json:"signed_in"`
	Player   string        `json:"player,omitempty"`
	Username string        `json:"username,omitempty"`
	Password bool          `json:"password,omitempty"`
	Passkeys []passkeyInfo `json:"passkeys,omitempty"`
}

type passkeyInfo struct {
	ID        string    `json:"id"`
	Name      string    `json:"name"`
	CreatedAt time.Time `json:"created_at"`
	UsedAt    time.Time `json:"used_at"`
}

func (h *Handler) serveMe(w http.ResponseWriter, r *http.Request) {
	h.ensureCSRF(w, r)
	h.ensureDevice(w, r)
	c, err := r.Cookie(SessionCookie)
	if err != nil {
		writeJSON(w, http.StatusOK, me{})
		return
	}
	_, a, err := h.acc.Session(r.Context(), c.Value)
	if errors.Is(err, account.ErrNoSession) {
		h.clearSession(w, r)
		writeJSON(w, http.StatusOK, me{})
		return
	}
	if err != nil {
		h.fail(w, r, err)
		return
	}
	out, err := h.meOf(r.Context(), a)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

func (h *Handler) meOf(ctx context.Context, a account.Account) (me, error) {
	pks, err := h.acc.Store().Passkeys(ctx, a.Player)
	if err != nil {
		return me{}, err
	}
	out := me{SignedIn: true, Player: a.Player, Username: a.Username, Password: a.Password != "", Passkeys: []passkeyInfo{}}
	for _, p := range pks {
		out.Passkeys = append(out.Passkeys, passkeyInfo{ID: base64.RawURLEncoding.EncodeToString(p.ID), Name: p.Name, CreatedAt: p.CreatedAt, UsedAt: p.UsedAt})
	}
	return out, nil
}

type credentials struct {
	Username   string `json:"username"`
	Password   string `json:"password"`
	GuestToken string `json:"guest_token"`
}

func (h *Handler) serveSignUp(w http.ResponseWriter, r *http.Request) {
	var req credentials
	if !decode(w, r, &req) {
		return
	}
	prev := h.signedInAs(r)
	a, ns, err := h.acc.SignUpPassword(r.Context(), account.SignUp{Username: req.Username, Password: req.Password, GuestToken: req.GuestToken, IP: h.cfg.ClientIP(r)})
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.signedUp(w, r, a.Player, prev)
	h.setSession(w, r, ns)
	writeJSON(w, http.StatusCreated, me{SignedIn: true, Player: a.Player, Username: a.Username, Password: true, Passkeys: []passkeyInfo{}})
}

func (h *Handler) serveSignIn(w http.ResponseWriter, r *http.Request) {
	var req credentials
	if !decode(w, r, &req) {
		return
	}
	a, ns, err := h.acc.SignInPassword(r.Context(), req.Username, req.Password, h.cfg.ClientIP(r))
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.seen(w, r, a.Player)
	h.setSession(w, r, ns)
	out, err := h.meOf(r.Context(), a)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

func (h *Handler) serveSignOut(w http.ResponseWriter, r *http.Request) {
	if c, err := r.Cookie(SessionCookie); err == nil {
		if err := h.acc.SignOut(r.Context(), c.Value); err != nil {
			h.fail(w, r, err)
			return
		}
	}
	h.clearSession(w, r)
	w.WriteHeader(http.StatusNoContent)
}

func (h *Handler) serveSignOutEverywhere(w http.ResponseWriter, r *http.Request) {
	_, a, ok := h.session(w, r)
	if !ok {
		return
	}
	if err := h.acc.SignOutEverywhere(r.Context(), a.Player); err != nil {
		h.fail(w, r, err)
		return
	}
	h.clearSession(w, r)
	w.WriteHeader(http.StatusNoContent)
}

func (h *Handler) servePassword(w http.ResponseWriter, r *http.Request) {
	_, a, ok := h.session(w, r)
	if !ok {
		return
	}
	var req struct {
		Old string `json:"old"`
		New string `json:"new"`
	}
	if !decode(w, r, &req) {
		return
	}
	if err := h.acc.ChangePassword(r.Context(), a, req.Old, req.New); err != nil {
		h.fail(w, r, err)
		return
	}
	a.Generation++ // ChangePassword started a new generation
	ns, err := h.acc.StartSession(r.Context(), a)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.setSession(w, r, ns)
	w.WriteHeader(http.StatusNoContent)
}

func (h *Handler) serveDelete(w http.ResponseWriter, r *http.Request) {
	_, a, ok := h.session(w, r)
	if !ok {
		return
	}
	var req struct {
		Username string `json:"username"`
	}
	if !decode(w, r, &req) {
		return
	}
	if req.Username != a.Username {
		writeError(w, http.StatusBadRequest, "confirm_username", "type the account's username to delete it")
		return
	}
	if err := h.acc.Delete(r.Context(), a.Player); err != nil {
		h.fail(w, r, err)
		return
	}
	h.clearSession(w, r)
	w.WriteHeader(http.StatusNoContent)
}

func (h *Handler) serveTicket(w http.ResponseWriter, r *http.Request) {
	c, err := r.Cookie(SessionCookie)
	if err != nil {
		h.fail(w, r, account.ErrNoSession)
		return
	}
	_, a, err := h.acc.Session(r.Context(), c.Value)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	t, err := h.acc.Ticket(r.Context(), c.Value)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.seen(w, r, a.Player)
	writeJSON(w, http.StatusOK, map[string]any{"ticket": t, "expires_in_ms": account.TicketTTL.Milliseconds()})
}
