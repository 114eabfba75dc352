package web

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdpwebauthn "github.com/chromedp/cdproto/webauthn"
	"github.com/chromedp/chromedp"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/internal/account"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/match/leaderboard"
	"github.com/solitaire-race/racer/match/replay"
	"github.com/solitaire-race/racer/match/scoreboard"
	"github.com/solitaire-race/racer/web/api"
	"github.com/solitaire-race/racer/web/authapi"
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

// newAccountServer serves web with accounts (in an SQLite archive) and a
// hub in memory that rates only races of accounts, as cmd/racer does by
// default. Its URL names localhost: passkeys need a domain name.
func newAccountServer(t *testing.T, seed uint64) string {
	t.Helper()
	requireBrowser(t) // before the server: -short skips at once
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	arch, err := archive.OpenSQLite(t.Context(), filepath.Join(t.TempDir(), "archive.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = arch.Close() })
	store, err := account.OpenStore(t.Context(), arch.DB(), arch.Dialect())
	if err != nil {
		t.Fatal(err)
	}
	var h *hub.Hub
	svc, err := account.New(account.Config{Store: store, Secret: []byte("browser test secret"), Argon2: account.Argon2{Memory: 1024, Time: 1}, Logger: quiet,
		Guest: func(tok string) (string, error) { return h.GuestPlayer(tok) }})
	if err != nil {
		t.Fatal(err)
	}
	auth, err := authapi.New(authapi.Config{Accounts: svc, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	rs, broker, lobby := hub.MemoryBackends()
	boards := leaderboard.NewMemoryStore()
	rec, err := leaderboard.NewRecorder(leaderboard.RecorderConfig{Store: boards})
	if err != nil {
		t.Fatal(err)
	}
	h, err = hub.New(hub.Config{
		Store: rs, Broker: broker, Presence: broker, Lobby: lobby, Accounts: testAccounts{svc}, Secret: []byte("browser test secret"),
		OnFinish: func(ctx context.Context, snap match.Snapshot) *scoreboard.Ratings {
			r, applied, err := rec.RecordRatings(ctx, snap.Race, *snap.Result, !snap.Race.Unrated)
			if err != nil || !applied {
				return nil
			}
			return &r
		},
		Dealer: match.FixedDealer{Seed: seed}, Countdown: time.Second, SpectatorDelay: time.Second, StuckBudget: 2000, Logger: quiet,
	})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	go h.Run(ctx)
	apiHandler, err := api.New(api.Config{Boards: boards, Replays: replay.NewMemoryStore(), Races: rs, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(Config{Hub: h.Handler(), API: apiHandler, Accounts: auth, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s)
	t.Cleanup(func() {
		sctx, scancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer scancel()
		_ = h.Shutdown(sctx)
		cancel()
		ts.Close()
	})
	return strings.Replace(ts.URL, "127.0.0.1", "localhost", 1)
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
	base := newAccountServer(t, 1)
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
	base := newAccountServer(t, 1)
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
