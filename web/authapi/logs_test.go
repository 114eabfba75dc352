package authapi_test

import (
	"bytes"
	"log/slog"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/solitaire-race/racer/internal/account"
	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/web/authapi"
)

// syncBuffer is a log sink for concurrent handlers.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// No password, hash, session cookie, CSRF token or ticket reaches the
// logs, at the most verbose level, whatever the requests.
func TestAuthNoSecretsInLogs(t *testing.T) {
	var logs syncBuffer
	log := slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	arch, err := archive.OpenSQLite(t.Context(), filepath.Join(t.TempDir(), "archive.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer arch.Close()
	store, err := account.OpenStore(t.Context(), arch.DB(), arch.Dialect())
	if err != nil {
		t.Fatal(err)
	}
	svc, err := account.New(account.Config{Store: store, Argon2: account.Argon2{Memory: 1024, Time: 1}, Logger: log})
	if err != nil {
		t.Fatal(err)
	}
	h, err := authapi.New(authapi.Config{Accounts: svc, Logger: log})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	f := &fixture{t: t, srv: srv, svc: svc, base: strings.Replace(srv.URL, "127.0.0.1", "localhost", 1)}
	b := f.browser()
	pw := "sekrit-passw0rd"
	signup := b.do("POST", "/api/account/signup", map[string]string{"username": "Ann", "password": pw}, nil)
	signup.want(t, 201, "")
	session := cookie(signup, authapi.SessionCookie).Value
	ticket := b.do("GET", "/api/account/ticket", nil, nil).body["ticket"].(string)
	b.do("POST", "/api/account/signin", map[string]string{"username": "Ann", "password": "wrong " + pw}, nil)
	b.do("POST", "/api/account/password", map[string]string{"old": pw, "new": pw + "2"}, nil)
	b.do("POST", "/api/account/passkey/signup/begin", map[string]string{"username": "Bob"}, nil)
	b.do("POST", "/api/account/signout-everywhere", nil, nil)
	b.do("POST", "/api/account/signin", map[string]string{"username": "Ann", "password": pw + "2"}, nil)
	b.do("DELETE", "/api/account", map[string]string{"username": "Ann"}, nil)
	out := logs.String()
	if !strings.Contains(out, "account created") || !strings.Contains(out, "account deleted") {
		t.Fatalf("the logs lack the account's events: %s", out)
	}
	for name, secret := range map[string]string{"password": pw, "ticket": ticket, "csrf": b.csrf, "argon2 hash": "$argon2id$", "session": session} {
		if strings.Contains(out, secret) {
			t.Errorf("the logs hold the %s", name)
		}
	}
	for _, c := range b.c.Jar.Cookies(mustURL(f.base)) {
		if c.Value != "" && strings.Contains(out, c.Value) {
			t.Errorf("the logs hold the cookie %s", c.Name)
		}
	}
}
