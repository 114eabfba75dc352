package web

import (
	"context"
	"errors"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	cdpwebauthn "github.com/chromedp/cdproto/webauthn"
	"github.com/chromedp/chromedp"

	"github.com/solitaire-race/racer/internal/account"
)

// testAccounts is the accounts as the hub asks them (cmd/racer's
// hubAccounts).
type testAccounts struct{ s *account.Service }

func (a testAccounts) Ticket(ctx context.Context, ticket string) (string, string, bool, error) {
	p, n, err := a.s.VerifyTicket(ctx, ticket)
	if errors.Is(err, account.ErrBadTicket) {
		return "", "", false, nil
	}
	return p, n, err == nil, err
}

func (a testAccounts) Claimed(ctx context.Context, player string) (bool, error) {
	return a.s.Claimed(ctx, player)
}

func (a testAccounts) Linked(ctx context.Context, player string) ([]string, error) {
	return a.s.Linked(ctx, player)
}

// passkeyAuthenticator gives the tab Chromium's virtual authenticator:
// a platform authenticator (CTAP2, internal) with resident keys and user
// verification that always succeeds.
func (tb *tab) passkeyAuthenticator() {
	tb.t.Helper()
	tb.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := cdp.Call(ctx, tg, cdpwebauthn.Enable, cdpwebauthn.EnableParams{}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, tg, cdpwebauthn.AddVirtualAuthenticator, cdpwebauthn.AddVirtualAuthenticatorParams{
			Options: &cdpwebauthn.VirtualAuthenticatorOptions{Protocol: cdpwebauthn.AuthenticatorProtocolCtap2,
				Transport: cdpwebauthn.AuthenticatorTransportInternal, HasResidentKey: true, HasUserVerification: true,
				IsUserVerified: true, AutomaticPresenceSimulation: true}})
		return err
	}))
}

func (tb *tab) typeInto(sel, text string) {
	tb.t.Helper()
	tb.do(chromedp.SendKeys(chromedp.CSS(sel), text))
}

// TestBrowserAccountPasskeyAndPassword: a guest signs up with a passkey
// (Chromium's virtual authenticator) and keeps their guest player; another
// player signs up with a password; signed in, they race, the race page
// says it is rated before the start and the result shows the rating
// change. Then the passkey signs in again. The pages pass the axe audit.
func TestBrowserAccountPasskeyAndPassword(t *testing.T) {
	requireBrowser(t)
	base := newServer(t, serverOptions{seed: 1, accounts: true}).URL
	a := newTab(t, "passkey", laptopW, laptopH)
	b := newTab(t, "password", phoneW, phoneH)
	a.passkeyAuthenticator()

	// A is a guest first: the header offers to sign in.
	a.open(base + "/")
	a.wait(`!!(window.__hub && window.__hub.me && window.__hub.me.player)`, "the guest's welcome")
	guest := eval[string](a, `window.__hub.me.player`)
	a.wait(`!document.querySelector('.account-link').hidden && document.querySelector('.account-link').textContent === 'Sign in'`, "the header's Sign in link")
	a.shot("account-guest-home")

	a.open(base + "/signup")
	a.wait(`document.querySelector('#acc-user') !== null`, "the sign-up page")
	a.audit("sign-up")
	a.shot("account-signup")
	a.typeInto("#acc-user", "Annie")
	a.click("#acc-passkey")
	a.waitAcross(`location.pathname === '/' && document.querySelector('.account-link').textContent === 'Annie'`, "signed up with a passkey")
	a.wait(`!!(window.__hub && window.__hub.me && window.__hub.me.account === true)`, "the hello with a ticket")
	if got := eval[string](a, `window.__hub.me.player`); got != guest {
		t.Errorf("the account's player is %s, want the guest's %s", got, guest)
	}
	if eval[bool](a, `localStorage.getItem('racer.token') !== null`) {
		t.Error("the guest token is still kept after the sign-up")
	}
	if eval[bool](a, `document.cookie.includes('racer_session')`) {
		t.Error("the session cookie is readable by scripts")
	}

	b.open(base + "/signup")
	b.wait(`document.querySelector('#acc-user') !== null`, "the sign-up page")
	b.typeInto("#acc-user", "Bobby")
	b.typeInto("#acc-pass", "correct horse battery")
	b.shot("account-signup-password")
	b.click("#acc-submit")
	b.waitAcross(`location.pathname === '/' && document.querySelector('.account-link').textContent === 'Bobby'`, "signed up with a password")
	b.wait(`!!(window.__hub && window.__hub.me && window.__hub.me.account === true)`, "the hello with a ticket")
	b.shot("account-home-signed-in")

	// Signed in, they race: rated.
	for _, tb := range []*tab{a, b} {
		tb.wait(`document.querySelector('[data-queue="bvs"]') !== null`, "the quick-race buttons")
		tb.click(`[data-queue="bvs"]`)
	}
	for _, tb := range []*tab{a, b} {
		tb.wait(`document.querySelector('.race') !== null`, "the race page")
		tb.wait(`/Rated/.test(document.querySelector('#r-rated').textContent)`, "the race said rated before the start")
	}
	a.shot("account-race-rated")
	for _, tb := range []*tab{a, b} {
		tb.wait(`!document.querySelector('#r-board').classList.contains('passive')`, "the start")
	}
	for _, tb := range []*tab{b, a} {
		eval[bool](tb, `(window.confirm = () => true, true)`)
		tb.do(chromedp.KeyEvent("Q", chromedp.KeyModifiers(chromedp.ModifierShift)))
		tb.wait(`document.querySelector('.race').dataset.status === 'resigned'`, "the resignation")
	}
	for _, tb := range []*tab{a, b} {
		tb.wait(`!document.querySelector('#r-result').hidden`, "the result view")
		tb.wait(`/→/.test(document.querySelector('#res-rating').textContent)`, "the rating change of a rated race")
		tb.shot("account-result-rated")
	}

	// The account page; sign out, and in again with the passkey.
	a.open(base + "/account")
	a.wait(`document.querySelector('#acc-signout') !== null && document.querySelectorAll('#acc-keys [data-del]').length === 1`, "the account page with one passkey")
	a.audit("account")
	a.shot("account-settings")
	a.click("#acc-signout")
	a.waitAcross(`location.pathname === '/' && document.querySelector('.account-link').textContent === 'Sign in'`, "signed out")
	a.open(base + "/signin")
	a.wait(`document.querySelector('#acc-passkey') !== null`, "the sign-in page")
	a.audit("sign-in")
	a.shot("account-signin")
	a.click("#acc-passkey")
	a.waitAcross(`location.pathname === '/' && document.querySelector('.account-link').textContent === 'Annie'`, "signed in with the passkey")

	// A wrong password is told, in the page's words.
	b.open(base + "/account")
	b.wait(`document.querySelector('#acc-signout') !== null`, "the account page")
	b.click("#acc-signout")
	b.waitAcross(`document.querySelector('.account-link').textContent === 'Sign in'`, "signed out")
	b.open(base + "/signin")
	b.wait(`document.querySelector('#acc-user') !== null`, "the sign-in page")
	b.typeInto("#acc-user", "Bobby")
	b.typeInto("#acc-pass", "wrong horse")
	b.click("#acc-submit")
	b.wait(`/Wrong username or password/.test(document.querySelector('#acc-msg').textContent)`, "the refusal")
	b.shot("account-signin-refused")
}

// TestBrowserAccountGuestCasual: a guest's race is casual, and the race
// page says so before the start.
func TestBrowserAccountGuestCasual(t *testing.T) {
	requireBrowser(t)
	base := newServer(t, serverOptions{seed: 1, accounts: true}).URL
	a := newTab(t, "guest A", laptopW, laptopH)
	b := newTab(t, "guest B", phoneW, phoneH)
	for _, tb := range []*tab{a, b} {
		tb.open(base + "/")
		tb.wait(`document.querySelector('[data-queue="bvs"]') !== null`, "the quick-race buttons")
		tb.click(`[data-queue="bvs"]`)
	}
	for _, tb := range []*tab{a, b} {
		tb.wait(`document.querySelector('.race') !== null`, "the race page")
		tb.wait(`/Casual — sign in to play rated/.test(document.querySelector('#r-rated').textContent)`, "the race said casual")
		tb.shot("account-race-casual")
	}
}

// TestBrowserAccountUnavailable: a server without accounts says so on
// the sign-in page, and the header offers no sign-in.
func TestBrowserAccountUnavailable(t *testing.T) {
	requireBrowser(t)
	ts := newTestServer(t, Config{})
	a := newTab(t, "no accounts", laptopW, laptopH)
	a.open(ts.URL + "/signin")
	a.wait(`/no accounts/.test(document.querySelector('main').textContent)`, "the page saying there are no accounts")
	if !eval[bool](a, `document.querySelector('.account-link').hidden`) {
		t.Error("the header offers to sign in on a server without accounts")
	}
	a.audit("no accounts")
	a.shot("account-unavailable")
}
