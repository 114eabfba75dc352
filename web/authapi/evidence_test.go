package authapi_test

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/netip"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/solitaire-race/racer/internal/account"
	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/web/authapi"
)

// linkFixture is the accounts' API behind a proxy the operator trusts
// (the loopback): each browser says where it comes from in
// X-Forwarded-For.
type linkFixture struct {
	*fixture
}

func newLinkFixture(t *testing.T) *linkFixture {
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
	svc, err := account.New(account.Config{Store: store, Secret: []byte("secret"), Argon2: account.Argon2{Memory: 1024, Time: 1}, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	h, err := authapi.New(authapi.Config{Accounts: svc, Logger: quiet,
		TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return &linkFixture{fixture: &fixture{t: t, srv: srv, svc: svc, base: strings.Replace(srv.URL, "127.0.0.1", "localhost", 1)}}
}

// fromIP sends every request as forwarded for ip.
type fromIP struct {
	ip   string
	base http.RoundTripper
}

func (f fromIP) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("X-Forwarded-For", f.ip)
	return f.base.RoundTrip(r)
}

// browserAt is a new browser (its own cookies) at the address ip.
func (f *linkFixture) browserAt(ip string) *browser {
	jar, _ := cookiejar.New(nil)
	b := &browser{f: f.fixture, c: &http.Client{Transport: fromIP{ip, f.srv.Client().Transport}, Jar: jar}}
	resp := b.do("GET", "/api/account", nil, nil)
	if c := cookie(resp, authapi.CSRFCookie); c != nil {
		b.csrf = c.Value
	}
	return b
}

// signUp signs up name in b and returns its player ID and the answer's
// body.
func signUpIn(t *testing.T, b *browser, name string) (string, answer) {
	t.Helper()
	r := b.do("POST", "/api/account/signup", map[string]string{"username": name, "password": "correct horse"}, nil)
	r.want(t, 201, "")
	return r.body["player"].(string), r
}

func (f *linkFixture) wantLinked(player string, want ...string) {
	f.t.Helper()
	got, err := f.svc.Linked(f.t.Context(), player)
	if err != nil {
		f.t.Fatal(err)
	}
	slices.Sort(want)
	if !slices.Equal(got, want) && !(len(got) == 0 && len(want) == 0) {
		f.t.Fatalf("Linked(%s) = %v, want %v", player, got, want)
	}
}

// noReason fails when an answer tells anything of links or evidence.
func noReason(t *testing.T, rs ...answer) {
	t.Helper()
	for _, r := range rs {
		for k, v := range r.body {
			s := strings.ToLower(k + " " + toString(v))
			for _, w := range []string{"link", "evidence", "device", "addr", "same ip", "shared"} {
				if strings.Contains(s, w) {
					t.Fatalf("%s %s answered %v: it speaks of %q", r.Request.Method, r.Request.URL.Path, r.body, w)
				}
			}
		}
	}
}

func toString(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	return ""
}

// The device cookie is random, HttpOnly, SameSite=Lax, long-lived, set
// once.
func TestLinkDeviceCookie(t *testing.T) {
	for _, tls := range []bool{false, true} {
		f := newFixture(t, tls, nil)
		b := f.browser()
		var dev *http.Cookie
		jarURL, _ := http.NewRequest("GET", f.base, nil)
		for _, c := range b.c.Jar.Cookies(jarURL.URL) {
			if c.Name == authapi.DeviceCookie {
				dev = c
			}
		}
		if dev == nil || len(dev.Value) < 32 {
			t.Fatalf("TLS %v: GET /api/account set no device cookie", tls)
		}
		if r := b.do("GET", "/api/account", nil, nil); cookie(r, authapi.DeviceCookie) != nil {
			t.Errorf("a second visit set the device cookie again")
		}
		if r := b.do("POST", "/api/account/signup", ann, nil); cookie(r, authapi.DeviceCookie) != nil {
			t.Errorf("sign-up replaced the device cookie of a browser that had one")
		}
		// A request without it (a client that never asked GET
		// /api/account) gets it with its sign-in.
		jar, _ := cookiejar.New(nil)
		raw := &browser{f: f, c: &http.Client{Transport: f.srv.Client().Transport, Jar: jar}, csrf: "0123456789abcdef0123"}
		req, _ := http.NewRequest("POST", f.base+"/api/account/signin", strings.NewReader(`{"username":"Ann","password":"correct horse"}`))
		req.Header.Set(authapi.CSRFHeader, raw.csrf)
		req.AddCookie(&http.Cookie{Name: authapi.CSRFCookie, Value: raw.csrf})
		resp, err := raw.c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		var got *http.Cookie
		for _, c := range resp.Cookies() {
			if c.Name == authapi.DeviceCookie {
				got = c
			}
		}
		if resp.StatusCode != 200 || got == nil || !got.HttpOnly || got.SameSite != http.SameSiteLaxMode || got.Secure != tls || got.MaxAge < 399*24*3600 || got.Path != "/" {
			t.Errorf("TLS %v: sign-in %d set device cookie %+v, want HttpOnly, SameSite=Lax, Secure %v, 400 days", tls, resp.StatusCode, got, tls)
		}
	}
}

func TestLinkByAddressAPI(t *testing.T) {
	f := newLinkFixture(t)
	ann, r1 := signUpIn(t, f.browserAt("203.0.113.10"), "Ann")
	bob, r2 := signUpIn(t, f.browserAt("203.0.113.10"), "Bob")
	cat, r3 := signUpIn(t, f.browserAt("203.0.113.11"), "Cat")
	f.wantLinked(ann, bob)
	f.wantLinked(cat)
	// An IPv6 /64: two addresses of one network, each browser fetching a
	// ticket (every connection of the page does).
	d := f.browserAt("2001:db8:7:7::1")
	dan, _ := signUpIn(t, d, "Dan")
	e := f.browserAt("2001:db8:7:8::1")
	eve, _ := signUpIn(t, e, "Eve")
	f.wantLinked(dan)
	e2 := f.browserAt("2001:db8:7:7:abcd::9")
	e2.do("POST", "/api/account/signin", map[string]string{"username": "Eve", "password": "correct horse"}, nil).want(t, 200, "")
	tk := e2.do("GET", "/api/account/ticket", nil, nil)
	tk.want(t, 200, "")
	f.wantLinked(dan, eve)
	noReason(t, r1, r2, r3, tk, e2.do("GET", "/api/account", nil, nil))
}

func TestLinkByDeviceAPI(t *testing.T) {
	f := newLinkFixture(t)
	b := f.browserAt("203.0.113.20")
	ann, _ := signUpIn(t, b, "Ann")
	b.do("POST", "/api/account/signout", nil, nil).want(t, 204, "")
	// The same browser, moved to another network.
	b.c.Transport = fromIP{"198.51.100.20", f.srv.Client().Transport}
	bob, r := signUpIn(t, b, "Bob")
	f.wantLinked(bob, ann)
	ls, err := f.svc.Links(t.Context(), bob)
	if err != nil || len(ls) != 1 || ls[0].Kind != account.KindDevice {
		t.Fatalf("Links(Bob) = %v, %v, want one device link", ls, err)
	}
	noReason(t, r)
}

func TestLinkBySignUpFromSessionAPI(t *testing.T) {
	f := newLinkFixture(t)
	b := f.browserAt("203.0.113.30")
	ann, _ := signUpIn(t, b, "Ann")
	// Still signed in as Ann, the browser signs up Bob; its device
	// cookie is cleared and it moved: only the sign-up links them.
	u, _ := http.NewRequest("GET", f.base, nil)
	b.c.Jar.SetCookies(u.URL, []*http.Cookie{{Name: authapi.DeviceCookie, Value: "", Path: "/", MaxAge: -1}})
	b.c.Transport = fromIP{"198.51.100.30", f.srv.Client().Transport}
	bob, r := signUpIn(t, b, "Bob")
	f.wantLinked(ann, bob)
	ls, err := f.svc.Links(t.Context(), ann)
	if err != nil || len(ls) != 1 || ls[0].Kind != account.KindSignUp {
		t.Fatalf("Links(Ann) = %v, %v, want one sign-up link", ls, err)
	}
	noReason(t, r)
}

func TestAccountSignUpLimitAPI(t *testing.T) {
	f := newLinkFixture(t)
	for i, name := range []string{"Ann", "Bob", "Cat"} {
		signUpIn(t, f.browserAt("2001:db8:9:9::"+string(rune('1'+i))), name)
	}
	r := f.browserAt("2001:db8:9:9::77").do("POST", "/api/account/signup", map[string]string{"username": "Dan", "password": "correct horse"}, nil)
	r.want(t, 429, "too_many_signups")
	if r.Header.Get("Retry-After") == "" {
		t.Error("too_many_signups without Retry-After")
	}
	// Another network, and a sign-in from the limited one, pass.
	signUpIn(t, f.browserAt("2001:db8:9:a::1"), "Dan")
	f.browserAt("2001:db8:9:9::78").do("POST", "/api/account/signin", map[string]string{"username": "Ann", "password": "correct horse"}, nil).want(t, 200, "")
}

// X-Forwarded-For is read only from the operator's proxies.
func TestLinkClientIPTrustedProxy(t *testing.T) {
	trusted := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("fd00::/8")}
	for _, tc := range []struct {
		remote, xff string
		trusted     []netip.Prefix
		want        string
	}{
		{"203.0.113.5:1234", "198.51.100.1", nil, "203.0.113.5"},
		{"10.1.2.3:1234", "198.51.100.1", nil, "10.1.2.3"},
		{"203.0.113.5:1234", "198.51.100.1", trusted, "203.0.113.5"},
		{"10.1.2.3:1234", "198.51.100.1", trusted, "198.51.100.1"},
		{"10.1.2.3:1234", "6.6.6.6, 198.51.100.1, 10.9.9.9", trusted, "198.51.100.1"},
		{"[fd00::1]:1234", "2001:db8::5", trusted, "2001:db8::5"},
		{"10.1.2.3:1234", "6.6.6.6, nonsense", trusted, "10.1.2.3"},
		{"10.1.2.3:1234", "", trusted, "10.1.2.3"},
	} {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = tc.remote
		if tc.xff != "" {
			r.Header.Set("X-Forwarded-For", tc.xff)
		}
		if got := authapi.ClientIP(r, tc.trusted); got != tc.want {
			t.Errorf("ClientIP(%s, XFF %q, trusted %v) = %s, want %s", tc.remote, tc.xff, tc.trusted, got, tc.want)
		}
	}
}
