// Package authapi is the HTTP JSON API of accounts under /api/account:
// sign-up and sign-in by password or passkey (WebAuthn, with
// github.com/go-webauthn/webauthn), sign-out (here or everywhere),
// password change, passkeys, deletion, and the ticket a signed-in page
// sends in its WebSocket hello. The accounts themselves are package
// account's.
//
// A session is a cookie, racer_session: HttpOnly, SameSite=Lax, Secure
// when served over TLS, a new random token at each sign-in (so a token
// planted before never becomes a session). Every request that changes
// state (every method but GET and HEAD) and the ticket must carry the
// header X-Racer-CSRF equal to the cookie racer_csrf (double submit,
// compared in constant time), and an Origin, when the browser sends
// one, of the server itself; else 403 bad_csrf. GET /api/account sets
// racer_csrf when it is missing.
//
//	h, _ := authapi.New(authapi.Config{Accounts: svc})
//	web.New(web.Config{Accounts: h, ...})
package authapi
