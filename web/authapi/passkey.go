package authapi

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"time"
	"unicode/utf8"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"

	"github.com/solitaire-race/racer/internal/account"
)

// ceremonyTTL is how long a passkey ceremony may take.
const ceremonyTTL = 5 * time.Minute

// ceremony is what the server keeps of a passkey ceremony between its
// begin and its finish (account.Store's challenges, taken once).
type ceremony struct {
	// Kind is "signup", "signin" or "add".
	Kind    string               `json:"kind"`
	Session webauthn.SessionData `json:"session"`
	// Account is the account a sign-up creates (account.Service.Prepare).
	Account *account.Account `json:"account,omitempty"`
	// Player is the account that adds a passkey.
	Player string `json:"player,omitempty"`
}

// user is an account as the WebAuthn library sees it.
type user struct {
	a     account.Account
	creds []webauthn.Credential
}

func (u *user) WebAuthnID() []byte                         { return u.a.Handle }
func (u *user) WebAuthnName() string                       { return u.a.Username }
func (u *user) WebAuthnDisplayName() string                { return u.a.Username }
func (u *user) WebAuthnCredentials() []webauthn.Credential { return u.creds }

// relyingParty returns the WebAuthn relying party for r: the configured
// origins, or the origin r was made to.
func (h *Handler) relyingParty(r *http.Request) (*webauthn.WebAuthn, error) {
	origins := h.cfg.Origins
	if len(origins) == 0 {
		origins = []string{ownOrigin(r)}
	}
	u, err := url.Parse(origins[0])
	if err != nil || u.Hostname() == "" {
		return nil, errors.New("authapi: bad origin " + origins[0])
	}
	rp, err := webauthn.New(&webauthn.Config{RPID: u.Hostname(), RPDisplayName: h.cfg.RPName, RPOrigins: origins})
	if err != nil {
		return nil, fmt.Errorf("%w: %w", errNoPasskeys, err)
	}
	return rp, nil
}

// errNoPasskeys is a relying party that cannot be: the server is reached
// by an IP address (passkeys need a domain name; localhost is one).
var errNoPasskeys = errors.New("authapi: passkeys need a domain name")

// credentials loads the account's passkeys as the library's credentials.
func (h *Handler) loadUser(ctx context.Context, a account.Account) (*user, error) {
	pks, err := h.acc.Store().Passkeys(ctx, a.Player)
	if err != nil {
		return nil, err
	}
	u := &user{a: a}
	for _, p := range pks {
		var c webauthn.Credential
		if err := json.Unmarshal(p.Credential, &c); err != nil {
			return nil, err
		}
		u.creds = append(u.creds, c)
	}
	return u, nil
}

// begin stores a ceremony and answers its options with the ID to finish
// it with.
func (h *Handler) begin(w http.ResponseWriter, r *http.Request, c ceremony, options any) {
	b, err := json.Marshal(c)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	id := randomToken()
	if err := h.acc.Store().PutChallenge(r.Context(), id, b, time.Now().Add(ceremonyTTL)); err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"challenge": id, "options": options})
}

// take returns the ceremony named by the request's challenge parameter,
// once, of the kind wanted; else it answers passkey_failed.
func (h *Handler) take(w http.ResponseWriter, r *http.Request, kind string) (ceremony, bool) {
	var c ceremony
	id := r.URL.Query().Get("challenge")
	b, err := h.acc.Store().TakeChallenge(r.Context(), id, time.Now())
	if err == nil {
		err = json.Unmarshal(b, &c)
	}
	if err != nil || c.Kind != kind {
		if err != nil && !errors.Is(err, account.ErrNotFound) && account.Code(err) == "" {
			h.fail(w, r, err)
			return c, false
		}
		writeError(w, http.StatusBadRequest, "passkey_failed", "the passkey ceremony is unknown, used or expired: begin again")
		return c, false
	}
	return c, true
}

func passkeyFailed(w http.ResponseWriter) {
	writeError(w, http.StatusBadRequest, "passkey_failed", "the passkey did not verify")
}

func (h *Handler) servePasskeySignUpBegin(w http.ResponseWriter, r *http.Request) {
	var req credentials
	if !decode(w, r, &req) {
		return
	}
	a, err := h.acc.Prepare(r.Context(), account.SignUp{Username: req.Username, GuestToken: req.GuestToken, IP: h.cfg.ClientIP(r)}, false)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	rp, err := h.relyingParty(r)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	opts, sess, err := rp.BeginRegistration(&user{a: a},
		webauthn.WithResidentKeyRequirement(protocol.ResidentKeyRequirementRequired),
		webauthn.WithAuthenticatorSelection(protocol.AuthenticatorSelection{
			ResidentKey: protocol.ResidentKeyRequirementRequired, UserVerification: protocol.VerificationPreferred}))
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.begin(w, r, ceremony{Kind: "signup", Session: *sess, Account: &a}, opts)
}

func (h *Handler) servePasskeySignUpFinish(w http.ResponseWriter, r *http.Request) {
	c, ok := h.take(w, r, "signup")
	if !ok || c.Account == nil {
		return
	}
	rp, err := h.relyingParty(r)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	cred, err := rp.FinishRegistration(&user{a: *c.Account}, c.Session, r)
	if err != nil {
		passkeyFailed(w)
		return
	}
	pk, err := passkeyOf(cred, r.URL.Query().Get("name"))
	if err != nil {
		h.fail(w, r, err)
		return
	}
	prev := h.signedInAs(r)
	ns, err := h.acc.Create(r.Context(), *c.Account, &pk)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.acc.SignedUp(h.cfg.ClientIP(r))
	h.signedUp(w, r, c.Account.Player, prev)
	h.setSession(w, r, ns)
	out, err := h.meOf(r.Context(), *c.Account)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, out)
}

// passkeyOf is the stored passkey of a credential just registered.
func passkeyOf(cred *webauthn.Credential, name string) (account.Passkey, error) {
	b, err := json.Marshal(cred)
	if err != nil {
		return account.Passkey{}, err
	}
	if name == "" || utf8.RuneCountInString(name) > 40 || !utf8.ValidString(name) {
		name = "Passkey"
	}
	now := time.Now().UTC()
	return account.Passkey{ID: cred.ID, Name: name, Credential: b, CreatedAt: now, UsedAt: now}, nil
}

func (h *Handler) servePasskeySignInBegin(w http.ResponseWriter, r *http.Request) {
	if err := h.acc.Attempt(h.cfg.ClientIP(r)); err != nil {
		h.fail(w, r, err)
		return
	}
	rp, err := h.relyingParty(r)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	opts, sess, err := rp.BeginDiscoverableLogin(webauthn.WithUserVerification(protocol.VerificationPreferred))
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.begin(w, r, ceremony{Kind: "signin", Session: *sess}, opts)
}

func (h *Handler) servePasskeySignInFinish(w http.ResponseWriter, r *http.Request) {
	c, ok := h.take(w, r, "signin")
	if !ok {
		return
	}
	rp, err := h.relyingParty(r)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	var found *user
	u, cred, err := rp.FinishPasskeyLogin(func(_, handle []byte) (webauthn.User, error) {
		a, err := h.acc.Store().ByHandle(r.Context(), handle)
		if err != nil {
			return nil, err
		}
		found, err = h.loadUser(r.Context(), a)
		return found, err
	}, c.Session, r)
	if err != nil || u == nil || found == nil {
		passkeyFailed(w)
		return
	}
	if b, err := json.Marshal(cred); err == nil {
		_ = h.acc.Store().UsePasskey(r.Context(), cred.ID, b, time.Now().UTC())
	}
	ns, err := h.acc.StartSession(r.Context(), found.a)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.seen(w, r, found.a.Player)
	h.setSession(w, r, ns)
	out, err := h.meOf(r.Context(), found.a)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

func (h *Handler) servePasskeyAddBegin(w http.ResponseWriter, r *http.Request) {
	_, a, ok := h.session(w, r)
	if !ok {
		return
	}
	u, err := h.loadUser(r.Context(), a)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	rp, err := h.relyingParty(r)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	var exclude []protocol.CredentialDescriptor
	for _, c := range u.creds {
		exclude = append(exclude, c.Descriptor())
	}
	opts, sess, err := rp.BeginRegistration(u, webauthn.WithExclusions(exclude),
		webauthn.WithResidentKeyRequirement(protocol.ResidentKeyRequirementRequired))
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.begin(w, r, ceremony{Kind: "add", Session: *sess, Player: a.Player}, opts)
}

func (h *Handler) servePasskeyAddFinish(w http.ResponseWriter, r *http.Request) {
	_, a, ok := h.session(w, r)
	if !ok {
		return
	}
	c, ok := h.take(w, r, "add")
	if !ok {
		return
	}
	if c.Player != a.Player {
		passkeyFailed(w)
		return
	}
	u, err := h.loadUser(r.Context(), a)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	rp, err := h.relyingParty(r)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	cred, err := rp.FinishRegistration(u, c.Session, r)
	if err != nil {
		passkeyFailed(w)
		return
	}
	pk, err := passkeyOf(cred, r.URL.Query().Get("name"))
	if err != nil {
		h.fail(w, r, err)
		return
	}
	pk.Player = a.Player
	if err := h.acc.Store().AddPasskey(r.Context(), pk); err != nil {
		h.fail(w, r, err)
		return
	}
	out, err := h.meOf(r.Context(), a)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, out)
}

func (h *Handler) servePasskeyDelete(w http.ResponseWriter, r *http.Request) {
	_, a, ok := h.session(w, r)
	if !ok {
		return
	}
	id, err := base64.RawURLEncoding.DecodeString(r.PathValue("id"))
	if err != nil {
		h.fail(w, r, account.ErrPasskeyNotFound)
		return
	}
	if err := h.acc.RemovePasskey(r.Context(), a, id); err != nil {
		h.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
