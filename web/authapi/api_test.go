package authapi_test

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/solitaire-race/racer/internal/account"
	"github.com/solitaire-race/racer/internal/testenv"
	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/web/authapi"
)

func TestMain(m *testing.M) { testenv.Main(m) }

type fixture struct {
	t   *testing.T
	srv *httptest.Server
	svc *account.Service
	// base is the server's URL, by the name localhost without TLS:
	// passkeys need a domain name.
	base string
}

func newFixture(t *testing.T, tls bool, mod func(*account.Config)) *fixture {
	t.Helper()
	arch, err := archive.OpenSQLite(t.Context(), filepath.Join(t.TempDir(), "archive.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = arch.Close() })
	store, err := account.OpenStore(t.Context(), arch.DB(), arch.Dialect())
	if err != nil {
		t.Fatal(err)
	}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	if testing.Verbose() {
		quiet = slog.Default()
	}
	cfg := account.Config{Store: store, Secret: []byte("secret"), Argon2: account.Argon2{Memory: 1024, Time: 1}, Logger: quiet}
	if mod != nil {
		mod(&cfg)
	}
	svc, err := account.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	h, err := authapi.New(authapi.Config{Accounts: svc, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	var srv *httptest.Server
	if tls {
		srv = httptest.NewTLSServer(h)
	} else {
		srv = httptest.NewServer(h)
	}
	t.Cleanup(srv.Close)
	base := srv.URL
	if !tls {
		base = strings.Replace(base, "127.0.0.1", "localhost", 1)
	}
	return &fixture{t: t, srv: srv, svc: svc, base: base}
}

// browser is a client with its own cookies, as one browser.
type browser struct {
	f    *fixture
	c    *http.Client
	csrf string
}

func (f *fixture) browser() *browser {
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Transport: f.srv.Client().Transport, Jar: jar}
	b := &browser{f: f, c: c}
	resp := b.do("GET", "/api/account", nil, nil)
	for _, ck := range resp.Cookies() {
		if ck.Name == authapi.CSRFCookie {
			b.csrf = ck.Value
		}
	}
	if b.csrf == "" {
		f.t.Fatal("GET /api/account set no CSRF cookie")
	}
	return b
}

type answer struct {
	*http.Response
	body map[string]any
}

// do sends a request; hdr nil sends the CSRF header of the browser.
func (b *browser) do(method, path string, body any, hdr map[string]string) answer {
	b.f.t.Helper()
	var rd io.Reader
	if body != nil {
		j, _ := json.Marshal(body)
		rd = bytes.NewReader(j)
	}
	req, _ := http.NewRequest(method, b.f.base+path, rd)
	if hdr == nil {
		hdr = map[string]string{authapi.CSRFHeader: b.csrf}
	}
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	resp, err := b.c.Do(req)
	if err != nil {
		b.f.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	a := answer{Response: resp}
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &a.body); err != nil {
			b.f.t.Fatalf("%s %s: body %q is not a JSON object", method, path, raw)
		}
	}
	return a
}

func (a answer) want(t *testing.T, status int, code string) {
	t.Helper()
	if a.StatusCode != status || (code != "" && a.body["code"] != code) {
		t.Fatalf("%s %s: got %d %v, want %d %s", a.Request.Method, a.Request.URL.Path, a.StatusCode, a.body, status, code)
	}
	if code != "" && (a.Header.Get("Content-Type") != "application/json" || a.body["message"] == "") {
		t.Fatalf("refusal %s is not the JSON error shape: %v", code, a.body)
	}
}

var ann = map[string]string{"username": "Ann", "password": "correct horse"}

func TestAccountSignUpSignInAPI(t *testing.T) {
	f := newFixture(t, false, nil)
	b := f.browser()
	r := b.do("POST", "/api/account/signup", ann, nil)
	r.want(t, 201, "")
	if r.body["username"] != "Ann" || len(r.body["player"].(string)) != 16 {
		t.Errorf("sign-up answered %v", r.body)
	}
	me := b.do("GET", "/api/account", nil, nil)
	if me.body["signed_in"] != true || me.body["username"] != "Ann" || me.body["password"] != true {
		t.Errorf("GET /api/account: %v", me.body)
	}
	b.do("POST", "/api/account/signup", ann, nil).want(t, 409, "username_taken")
	b.do("POST", "/api/account/signout", nil, nil).want(t, 204, "")
	if me := b.do("GET", "/api/account", nil, nil); me.body["signed_in"] != false {
		t.Errorf("after sign-out: %v", me.body)
	}
	b.do("POST", "/api/account/signin", ann, nil).want(t, 200, "")
	b.do("POST", "/api/account/signup", map[string]string{"username": "x", "password": "correct horse"}, nil).want(t, 400, "bad_username")
	b.do("POST", "/api/account/signup", map[string]string{"username": "Bobby", "password": "short"}, nil).want(t, 400, "weak_password")
	b.do("POST", "/api/account/signup", "not an object", nil).want(t, 400, "bad_json")
}

// Every state-changing request needs the CSRF header matching the
// cookie, from the server's own origin.
func TestAuthCSRFRequired(t *testing.T) {
	f := newFixture(t, false, nil)
	b := f.browser()
	b.do("POST", "/api/account/signup", ann, nil).want(t, 201, "")
	for _, tc := range []struct {
		method, path string
	}{
		{"POST", "/api/account/signup"}, {"POST", "/api/account/signin"}, {"POST", "/api/account/signout"},
		{"POST", "/api/account/signout-everywhere"}, {"POST", "/api/account/password"}, {"DELETE", "/api/account"},
		{"GET", "/api/account/ticket"}, {"POST", "/api/account/passkey/signup/begin"}, {"POST", "/api/account/passkey/signin/begin"},
		{"POST", "/api/account/passkey/add/begin"}, {"DELETE", "/api/account/passkey/abc"},
	} {
		for name, hdr := range map[string]map[string]string{
			"no header":      {},
			"wrong header":   {authapi.CSRFHeader: strings.Repeat("x", 43)},
			"foreign origin": {authapi.CSRFHeader: b.csrf, "Origin": "https://evil.example"},
		} {
			a := b.do(tc.method, tc.path, ann, hdr)
			if a.StatusCode != 403 || a.body["code"] != "bad_csrf" {
				t.Errorf("%s %s with %s: got %d %v, want 403 bad_csrf", tc.method, tc.path, name, a.StatusCode, a.body)
			}
		}
	}
	// The same origin passes.
	b.do("GET", "/api/account/ticket", nil, map[string]string{authapi.CSRFHeader: b.csrf, "Origin": f.base}).want(t, 200, "")
}

func cookie(r answer, name string) *http.Cookie {
	for _, c := range r.Cookies() {
		if c.Name == name {
			return c
		}
	}
	return nil
}

func TestAuthCookieFlags(t *testing.T) {
	for _, tls := range []bool{false, true} {
		f := newFixture(t, tls, nil)
		b := f.browser()
		r := b.do("POST", "/api/account/signup", ann, nil)
		c := cookie(r, authapi.SessionCookie)
		if c == nil || !c.HttpOnly || c.SameSite != http.SameSiteLaxMode || c.Secure != tls || c.Path != "/" || c.MaxAge <= 0 {
			t.Errorf("TLS %v: session cookie %+v, want HttpOnly, SameSite=Lax, Secure %v", tls, c, tls)
		}
		me := b.do("GET", "/api/account", nil, nil)
		_ = me
		u, _ := url.Parse(f.base)
		for _, c := range b.c.Jar.Cookies(u) {
			if c.Name == authapi.CSRFCookie && len(c.Value) < 32 {
				t.Errorf("CSRF token %q too short", c.Value)
			}
		}
		if r.Header.Get("Cache-Control") != "no-store" {
			t.Error("an account answer may be cached")
		}
	}
}

// A session token planted in the browser before the sign-in never
// becomes the session: the sign-in sets a new one.
func TestAuthSessionFixation(t *testing.T) {
	f := newFixture(t, false, nil)
	b := f.browser()
	b.do("POST", "/api/account/signup", ann, nil).want(t, 201, "")
	b.do("POST", "/api/account/signout", nil, nil)
	u, _ := url.Parse(f.base)
	planted := "planted-by-an-attacker-0123456789abcdef"
	b.c.Jar.SetCookies(u, []*http.Cookie{{Name: authapi.SessionCookie, Value: planted, Path: "/"}})
	r := b.do("POST", "/api/account/signin", ann, nil)
	r.want(t, 200, "")
	c := cookie(r, authapi.SessionCookie)
	if c == nil || c.Value == planted {
		t.Fatalf("sign-in kept the planted session cookie: %+v", c)
	}
	if _, _, err := f.svc.Session(t.Context(), planted); err == nil {
		t.Error("the planted token is a session")
	}
	// Each sign-in is a new session; the one before ends.
	first := c.Value
	r = b.do("POST", "/api/account/signin", ann, nil)
	if c2 := cookie(r, authapi.SessionCookie); c2 == nil || c2.Value == first {
		t.Error("a second sign-in kept the session token")
	}
	if _, _, err := f.svc.Session(t.Context(), first); err == nil {
		t.Error("the session before the sign-in lives on")
	}
}

// Sign-in answers tell nothing of which usernames exist.
func TestAuthNoEnumerationAPI(t *testing.T) {
	f := newFixture(t, false, nil)
	b := f.browser()
	b.do("POST", "/api/account/signup", ann, nil)
	b.do("POST", "/api/account/signout", nil, nil)
	wrong := b.do("POST", "/api/account/signin", map[string]string{"username": "Ann", "password": "wrong horse"}, nil)
	unknown := b.do("POST", "/api/account/signin", map[string]string{"username": "Nobody", "password": "wrong horse"}, nil)
	if wrong.StatusCode != 401 || unknown.StatusCode != 401 || wrong.body["code"] != "bad_credentials" ||
		wrong.body["code"] != unknown.body["code"] || wrong.body["message"] != unknown.body["message"] {
		t.Errorf("wrong password %d %v, unknown user %d %v: want one answer", wrong.StatusCode, wrong.body, unknown.StatusCode, unknown.body)
	}
}

func TestAuthAttemptLimitAPI(t *testing.T) {
	f := newFixture(t, false, func(c *account.Config) { c.AccountLimit = account.Limit{Burst: 2, Every: time.Hour} })
	b := f.browser()
	b.do("POST", "/api/account/signup", ann, nil)
	for range 2 {
		b.do("POST", "/api/account/signin", map[string]string{"username": "Ann", "password": "wrong horse"}, nil).want(t, 401, "bad_credentials")
	}
	r := b.do("POST", "/api/account/signin", ann, nil)
	r.want(t, 429, "too_many_attempts")
	if r.Header.Get("Retry-After") == "" {
		t.Error("429 without Retry-After")
	}
}

func TestAccountTicketAPI(t *testing.T) {
	f := newFixture(t, false, nil)
	b := f.browser()
	b.do("GET", "/api/account/ticket", nil, nil).want(t, 401, "not_signed_in")
	b.do("POST", "/api/account/signup", ann, nil)
	r := b.do("GET", "/api/account/ticket", nil, nil)
	r.want(t, 200, "")
	ticket, _ := r.body["ticket"].(string)
	if p, name, err := f.svc.VerifyTicket(t.Context(), ticket); err != nil || name != "Ann" || p == "" {
		t.Errorf("the ticket does not verify: %v", err)
	}
	if _, _, err := f.svc.VerifyTicket(t.Context(), ticket); err == nil {
		t.Error("a ticket verified twice")
	}
}

func TestAccountSignOutEverywhereAndDelete(t *testing.T) {
	f := newFixture(t, false, nil)
	b1, b2 := f.browser(), f.browser()
	b1.do("POST", "/api/account/signup", ann, nil).want(t, 201, "")
	b2.do("POST", "/api/account/signin", ann, nil).want(t, 200, "")
	b1.do("POST", "/api/account/signout-everywhere", nil, nil).want(t, 204, "")
	b2.do("GET", "/api/account/ticket", nil, nil).want(t, 401, "not_signed_in")
	b2.do("POST", "/api/account/signin", ann, nil).want(t, 200, "")
	b2.do("POST", "/api/account/password", map[string]string{"old": "correct horse", "new": "battery staple"}, nil).want(t, 204, "")
	b2.do("GET", "/api/account/ticket", nil, nil).want(t, 200, "") // a new session came with the change
	b2.do("DELETE", "/api/account", map[string]string{"username": "Bob"}, nil).want(t, 400, "confirm_username")
	b2.do("DELETE", "/api/account", map[string]string{"username": "Ann"}, nil).want(t, 204, "")
	b2.do("POST", "/api/account/signin", map[string]string{"username": "Ann", "password": "battery staple"}, nil).want(t, 401, "bad_credentials")
	b2.do("DELETE", "/api/account/passkey/AAAA", nil, nil).want(t, 401, "not_signed_in")
}

func TestPasskeyCeremonyOnce(t *testing.T) {
	f := newFixture(t, false, nil)
	b := f.browser()
	r := b.do("POST", "/api/account/passkey/signup/begin", map[string]string{"username": "Ann"}, nil)
	r.want(t, 200, "")
	opts, _ := r.body["options"].(map[string]any)
	pk, _ := opts["publicKey"].(map[string]any)
	if pk["challenge"] == nil || pk["rp"].(map[string]any)["id"] != "localhost" {
		t.Errorf("creation options %v", opts)
	}
	id := r.body["challenge"].(string)
	b.do("POST", "/api/account/passkey/signup/finish?challenge="+id, map[string]string{"id": "forged"}, nil).want(t, 400, "passkey_failed")
	// Used once, even by a failed finish.
	b.do("POST", "/api/account/passkey/signup/finish?challenge="+id, map[string]string{"id": "forged"}, nil).want(t, 400, "passkey_failed")
	r = b.do("POST", "/api/account/passkey/signin/begin", nil, nil)
	r.want(t, 200, "")
	b.do("POST", "/api/account/passkey/signup/finish?challenge="+r.body["challenge"].(string), nil, nil).want(t, 400, "passkey_failed")
}

func TestAccountUnknownPath(t *testing.T) {
	f := newFixture(t, false, nil)
	f.browser().do("GET", "/api/account/nope", nil, nil).want(t, 404, "not_found")
}

func mustURL(s string) *url.URL {
	u, err := url.Parse(s)
	if err != nil {
		panic(err)
	}
	return u
}
