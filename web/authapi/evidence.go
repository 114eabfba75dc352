package authapi

import (
	"net"
	"net/http"
	"net/netip"
	"strings"

	"github.com/solitaire-race/racer/internal/account"
)

// DeviceCookie names the page's device cookie: a random ID, HttpOnly,
// kept 400 days, that links the accounts signed in from one browser
// (docs/RULES.md, "Fair play"). The page never reads it.
const DeviceCookie = "racer_device"

// deviceMaxAge is the device cookie's lifetime: 400 days, the most
// browsers keep a cookie.
const deviceMaxAge = 400 * 24 * 3600

// ensureDevice returns the request's device ID, setting a new device
// cookie when the request has none.
func (h *Handler) ensureDevice(w http.ResponseWriter, r *http.Request) string {
	if c, err := r.Cookie(DeviceCookie); err == nil && len(c.Value) >= 16 && len(c.Value) <= 128 {
		return c.Value
	}
	id := randomToken()
	http.SetCookie(w, &http.Cookie{Name: DeviceCookie, Value: id, Path: "/", HttpOnly: true, SameSite: http.SameSiteLaxMode,
		Secure: h.secure(r), MaxAge: deviceMaxAge})
	return id
}

// seen records where a signed-in account's request came from (its
// address and device): the evidence that links accounts. A failure is
// logged, never the request's: the player is signed in either way.
func (h *Handler) seen(w http.ResponseWriter, r *http.Request, player string) {
	x := account.Seen{IP: h.cfg.ClientIP(r), Device: h.ensureDevice(w, r)}
	if err := h.acc.Seen(r.Context(), player, x); err != nil {
		h.log.Warn("recording an account's evidence", "player", player, "err", err)
	}
}

// signedInAs returns the player the request's session cookie is signed
// in as, "" for none.
func (h *Handler) signedInAs(r *http.Request) string {
	c, err := r.Cookie(SessionCookie)
	if err != nil || c.Value == "" {
		return ""
	}
	_, a, err := h.acc.Session(r.Context(), c.Value)
	if err != nil {
		return ""
	}
	return a.Player
}

// signedUp records the evidence of an account just made: where it came
// from, its sign-up counted against the address's limit, and a link to
// the account the browser was signed in as (prev), if any.
func (h *Handler) signedUp(w http.ResponseWriter, r *http.Request, player, prev string) {
	h.seen(w, r, player)
	if prev != "" {
		if err := h.acc.LinkSignUp(r.Context(), prev, player); err != nil {
			h.log.Warn("linking an account to the one it was signed up from", "player", player, "err", err)
		}
	}
}

// ClientIP returns the address a request comes from: the host of
// RemoteAddr, unless that is one of trusted (the operator's proxies):
// then the rightmost address of X-Forwarded-For that is not one of
// trusted. With no trusted proxies X-Forwarded-For is never read: any
// client can write it.
func ClientIP(r *http.Request, trusted []netip.Prefix) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	if len(trusted) == 0 || !inAny(host, trusted) {
		return host
	}
	hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
	for i := len(hops) - 1; i >= 0; i-- {
		hop := strings.TrimSpace(hops[i])
		if _, err := netip.ParseAddr(hop); err != nil {
			return host // a malformed hop: trust nothing further left
		}
		if !inAny(hop, trusted) {
			return hop
		}
	}
	return host
}

func inAny(ip string, ps []netip.Prefix) bool {
	a, err := netip.ParseAddr(ip)
	if err != nil {
		return false
	}
	a = a.Unmap().WithZone("")
	for _, p := range ps {
		if p.Contains(a) {
			return true
		}
	}
	return false
}
