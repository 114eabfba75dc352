package account_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/solitaire-race/racer/hub/session"
	"github.com/solitaire-race/racer/internal/account"
)

// fastCost keeps the tests' hashes cheap; the defaults are checked in
// TestPasswordDefaultCost.
var fastCost = account.Argon2{Memory: 64, Time: 1}

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func newService(t *testing.T, mod func(*account.Config)) (*account.Service, *clock, *session.Signer) {
	t.Helper()
	clk := &clock{t: time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)}
	guests := session.NewSigner([]byte("guest key"))
	cfg := account.Config{Store: sqliteStore(t), Secret: []byte("test secret"), Argon2: fastCost, Now: clk.now,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Guest: func(tok string) (string, error) {
			id, err := guests.Verify(tok)
			return id.Player, err
		}}
	if mod != nil {
		mod(&cfg)
	}
	s, err := account.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s, clk, guests
}

func signUp(t *testing.T, s *account.Service, name string) (account.Account, account.NewSession) {
	t.Helper()
	a, ns, err := s.SignUpPassword(t.Context(), account.SignUp{Username: name, Password: "correct horse", IP: "192.0.2.1"})
	if err != nil {
		t.Fatalf("SignUpPassword(%s): %v", name, err)
	}
	return a, ns
}

func TestAccountUsernames(t *testing.T) {
	for _, tc := range []struct {
		name string
		ok   bool
	}{
		{"Ann", true}, {"Zoë", true}, {"ann_b", true}, {"An", false}, {"", false}, {" Ann", false},
		{"Ａｎｎ", false /* fullwidth: not NFKC */}, {"Ann<b>", false}, {strings.Repeat("a", 21), false},
	} {
		if err := account.ValidateUsername(tc.name); (err == nil) != tc.ok {
			t.Errorf("ValidateUsername(%q) = %v, want ok %v", tc.name, err, tc.ok)
		}
	}
	// Look-alikes share a skeleton.
	for _, pair := range [][2]string{
		{"Ann", "ANN"}, {"Ann", "Аnn"}, {"bob", "b0b"}, {"Bill", "B1ll"}, {"Bill", "BiII"}, {"modern", "rnodern"},
		{"ann.b", "ann_b"}, {"Ann B", "annb"}, {"paypal", "раураl"}, {"Ｂob", "bob"},
	} {
		if a, b := account.Skeleton(pair[0]), account.Skeleton(pair[1]); a != b {
			t.Errorf("Skeleton(%q) = %q, Skeleton(%q) = %q: want equal", pair[0], a, pair[1], b)
		}
	}
	if account.Skeleton("Ann") == account.Skeleton("Ben") {
		t.Error("Ann and Ben share a skeleton")
	}
}

func TestAccountSignUpConfusableRefused(t *testing.T) {
	s, _, _ := newService(t, nil)
	signUp(t, s, "Bill")
	for _, name := range []string{"bill", "B1ll", "BiII", "Вill"} {
		_, _, err := s.SignUpPassword(t.Context(), account.SignUp{Username: name, Password: "correct horse", IP: "192.0.2.2"})
		if !errors.Is(err, account.ErrUsernameTaken) || account.Code(err) != "username_taken" {
			t.Errorf("sign up %q: got %v, want username_taken", name, err)
		}
	}
}

func TestPasswordPolicy(t *testing.T) {
	s, _, _ := newService(t, nil)
	for _, pw := range []string{"short", "Annabelle", strings.Repeat("x", 129)} {
		_, _, err := s.SignUpPassword(t.Context(), account.SignUp{Username: "Annabelle", Password: pw, IP: "192.0.2.1"})
		if account.Code(err) != "weak_password" {
			t.Errorf("password %q: got %v, want weak_password", pw, err)
		}
	}
}

func TestPasswordSignIn(t *testing.T) {
	s, _, _ := newService(t, nil)
	a, first := signUp(t, s, "Ann")
	if want := fmt.Sprintf("$argon2id$v=19$m=%d,t=%d,p=1$", fastCost.Memory, fastCost.Time); !strings.HasPrefix(a.Password, want) {
		t.Errorf("stored hash %q, want an argon2id PHC string", a.Password)
	}
	got, ns, err := s.SignInPassword(t.Context(), "ann", "correct horse", "192.0.2.1")
	if err != nil || got.Player != a.Player {
		t.Fatalf("SignInPassword: got %+v, %v", got, err)
	}
	// Session fixation: every sign-in makes a new token.
	if ns.Token == first.Token || ns.ID == first.ID || len(ns.Token) < 40 {
		t.Errorf("sign-in reused a session token")
	}
	if _, _, err := s.SignInPassword(t.Context(), "Ann", "wrong horse", "192.0.2.1"); !errors.Is(err, account.ErrBadCredentials) {
		t.Errorf("wrong password: got %v, want ErrBadCredentials", err)
	}
}

// An unknown username and a wrong password get one answer, after one
// hash's work: the answer's time does not tell which. The hash (8 MiB,
// two passes; one pass of 4 MiB under -short) outweighs the rest of a
// sign-in many times over.
func TestAuthNoEnumerationBySignIn(t *testing.T) {
	cost := account.Argon2{Memory: 8192, Time: 2}
	if testing.Short() {
		cost = account.Argon2{Memory: 4096, Time: 1}
	}
	s, _, _ := newService(t, func(c *account.Config) {
		c.Argon2 = cost
		c.IPLimit = account.Limit{Burst: 1000, Every: time.Millisecond}
		c.NetworkLimit = c.IPLimit
		c.AccountLimit = c.IPLimit
	})
	signUp(t, s, "Ann")
	// Interleaved, the fastest of 9 each: a loaded machine slows some
	// runs, never speeds one up.
	known, unknown := time.Hour, time.Hour
	var errKnown, errUnknown error
	for range 9 {
		t0 := time.Now()
		_, _, errKnown = s.SignInPassword(t.Context(), "Ann", "wrong horse", "192.0.2.1")
		known = min(known, time.Since(t0))
		t0 = time.Now()
		_, _, errUnknown = s.SignInPassword(t.Context(), "Nobody", "wrong horse", "192.0.2.1")
		unknown = min(unknown, time.Since(t0))
	}
	if errKnown.Error() != errUnknown.Error() || account.Code(errKnown) != "bad_credentials" {
		t.Errorf("answers differ: known %v, unknown %v", errKnown, errUnknown)
	}
	if r := float64(unknown) / float64(known); r < 0.4 || r > 2.5 {
		t.Errorf("unknown user took %v, wrong password %v: want within a factor of 2.5", unknown, known)
	}
}

func TestPasswordAttemptsLimitedPerAccount(t *testing.T) {
	s, clk, _ := newService(t, func(c *account.Config) { c.AccountLimit = account.Limit{Burst: 3, Every: time.Minute} })
	signUp(t, s, "Ann")
	for i := range 3 {
		if _, _, err := s.SignInPassword(t.Context(), "Ann", "wrong", "192.0.2.10"); !errors.Is(err, account.ErrBadCredentials) {
			t.Fatalf("attempt %d: got %v", i, err)
		}
	}
	// From another address, even with the right password: the account
	// is resting.
	if _, _, err := s.SignInPassword(t.Context(), "Ann", "correct horse", "198.51.100.7"); account.Code(err) != "too_many_attempts" {
		t.Errorf("after 3 failures: got %v, want too_many_attempts", err)
	}
	// An unknown name rests the same way: the limit tells nothing.
	for range 3 {
		_, _, _ = s.SignInPassword(t.Context(), "Nobody", "wrong", "192.0.2.11")
	}
	if _, _, err := s.SignInPassword(t.Context(), "Nobody", "wrong", "192.0.2.12"); account.Code(err) != "too_many_attempts" {
		t.Errorf("unknown name after 3 failures: got %v, want too_many_attempts", err)
	}
	clk.add(time.Minute)
	if _, _, err := s.SignInPassword(t.Context(), "Ann", "correct horse", "198.51.100.7"); err != nil {
		t.Errorf("a minute later: %v", err)
	}
}

func TestPasswordAttemptsLimitedPerIP(t *testing.T) {
	s, _, _ := newService(t, func(c *account.Config) { c.IPLimit = account.Limit{Burst: 4, Every: time.Hour} })
	signUp(t, s, "Ann") // one attempt of 192.0.2.1
	for i := range 3 {
		_, _, _ = s.SignInPassword(t.Context(), "user"+string(rune('a'+i)), "wrong", "192.0.2.1")
	}
	if _, _, err := s.SignInPassword(t.Context(), "Ann", "correct horse", "192.0.2.1"); account.Code(err) != "too_many_attempts" {
		t.Errorf("5th attempt from one address: got %v, want too_many_attempts", err)
	}
	if _, _, err := s.SignInPassword(t.Context(), "Ann", "correct horse", "198.51.100.1"); err != nil {
		t.Errorf("from another network: %v", err)
	}
}

// Credential stuffing from many addresses of one network: the network's
// limit stops it though each address stays under its own.
func TestAuthCredentialStuffingLimitedPerNetwork(t *testing.T) {
	s, _, _ := newService(t, func(c *account.Config) {
		c.IPLimit = account.Limit{Burst: 2, Every: time.Hour}
		c.NetworkLimit = account.Limit{Burst: 10, Every: time.Hour}
	})
	refused := 0
	for i := range 20 {
		ip := fmt.Sprintf("203.0.113.%d", i+1)
		_, _, err := s.SignInPassword(t.Context(), "victim"+ip, "password1", ip)
		if account.Code(err) == "too_many_attempts" {
			refused++
		}
	}
	if refused != 10 {
		t.Errorf("%d of 20 attempts from one /24 refused, want 10", refused)
	}
	// IPv6: one /56 is one network.
	for i := range 12 {
		_, _, _ = s.SignInPassword(t.Context(), "v6", "password1", fmt.Sprintf("2001:db8:0:%x::1", i))
	}
	if _, _, err := s.SignInPassword(t.Context(), "v6", "password1", "2001:db8:0:ff::1"); account.Code(err) != "too_many_attempts" {
		t.Errorf("IPv6 /56: got %v, want too_many_attempts", err)
	}
}

func TestAuthTicketOnceAndBound(t *testing.T) {
	s, clk, _ := newService(t, nil)
	a, ns := signUp(t, s, "Ann")
	ctx := t.Context()
	ticket, err := s.Ticket(ctx, ns.Token)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(ticket, ns.Token) {
		t.Fatal("the ticket carries the session token")
	}
	p, name, err := s.VerifyTicket(ctx, ticket)
	if err != nil || p != a.Player || name != "Ann" {
		t.Fatalf("VerifyTicket: got %s %s %v", p, name, err)
	}
	if _, _, err := s.VerifyTicket(ctx, ticket); account.Code(err) != "bad_ticket" {
		t.Errorf("replayed ticket: got %v, want bad_ticket", err)
	}
	// Expired.
	late, _ := s.Ticket(ctx, ns.Token)
	clk.add(account.TicketTTL + time.Second)
	if _, _, err := s.VerifyTicket(ctx, late); account.Code(err) != "bad_ticket" {
		t.Errorf("expired ticket: got %v, want bad_ticket", err)
	}
	// Forged: another key, a changed payload, garbage.
	other, _, _ := newService(t, func(c *account.Config) { c.Secret = []byte("another secret"); c.Now = clk.now })
	_, ons := signUp(t, other, "Ann")
	forged, _ := other.Ticket(ctx, ons.Token)
	good, _ := s.Ticket(ctx, ns.Token)
	i := strings.LastIndexByte(good, '.')
	for name, bad := range map[string]string{
		"other key": forged, "payload swapped": forged[:strings.LastIndexByte(forged, '.')] + good[i:],
		"no mac": good[:i], "empty": "", "too long": good + strings.Repeat("A", 600), "guest token": "eyJwIjoi.c2ln",
	} {
		if _, _, err := s.VerifyTicket(ctx, bad); account.Code(err) != "bad_ticket" {
			t.Errorf("%s: got %v, want bad_ticket", name, err)
		}
	}
	// Signed out everywhere: a ticket issued before is void.
	pending, _ := s.Ticket(ctx, ns.Token)
	if err := s.SignOutEverywhere(ctx, a.Player); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.VerifyTicket(ctx, pending); account.Code(err) != "bad_ticket" {
		t.Errorf("ticket after sign-out everywhere: got %v, want bad_ticket", err)
	}
	if _, err := s.Ticket(ctx, ns.Token); account.Code(err) != "not_signed_in" {
		t.Errorf("Ticket of an ended session: got %v, want not_signed_in", err)
	}
}

func TestAccountGuestKeepsPlayer(t *testing.T) {
	s, _, guests := newService(t, nil)
	id, _ := session.New("Ann", time.Now())
	tok := guests.Sign(id)
	a, _, err := s.SignUpPassword(t.Context(), account.SignUp{Username: "Annie", Password: "correct horse", GuestToken: tok, IP: "192.0.2.1"})
	if err != nil || a.Player != id.Player {
		t.Fatalf("sign up with a guest token: got %+v %v, want player %s", a, err, id.Player)
	}
	if c, _ := s.Claimed(t.Context(), id.Player); !c {
		t.Error("the guest's player is not claimed")
	}
	_, _, err = s.SignUpPassword(t.Context(), account.SignUp{Username: "Annie2", Password: "correct horse", GuestToken: tok, IP: "192.0.2.1"})
	if account.Code(err) != "guest_claimed" {
		t.Errorf("a second account of one guest: got %v, want guest_claimed", err)
	}
	_, _, err = s.SignUpPassword(t.Context(), account.SignUp{Username: "Annie3", Password: "correct horse", GuestToken: tok + "x", IP: "192.0.2.1"})
	if account.Code(err) != "bad_guest_token" {
		t.Errorf("a forged guest token: got %v, want bad_guest_token", err)
	}
}

func TestAccountDeleteErases(t *testing.T) {
	var renamed [2]string
	s, _, _ := newService(t, func(c *account.Config) {
		c.Erase = func(_ context.Context, player, name string) error { renamed = [2]string{player, name}; return nil }
	})
	a, ns := signUp(t, s, "Ann")
	if err := s.Delete(t.Context(), a.Player); err != nil {
		t.Fatal(err)
	}
	if renamed != [2]string{a.Player, "Deleted " + a.Player[:4]} {
		t.Errorf("races renamed %v, want %s to Deleted %s", renamed, a.Player, a.Player[:4])
	}
	if _, _, err := s.Session(t.Context(), ns.Token); !errors.Is(err, account.ErrNoSession) {
		t.Errorf("session after delete: %v", err)
	}
	if _, _, err := s.SignInPassword(t.Context(), "Ann", "correct horse", "192.0.2.9"); !errors.Is(err, account.ErrBadCredentials) {
		t.Errorf("sign-in after delete: %v", err)
	}
}

func TestPasswordChange(t *testing.T) {
	s, _, _ := newService(t, nil)
	a, ns := signUp(t, s, "Ann")
	if err := s.ChangePassword(t.Context(), a, "wrong horse", "new password"); !errors.Is(err, account.ErrBadCredentials) {
		t.Errorf("wrong old password: got %v", err)
	}
	if err := s.ChangePassword(t.Context(), a, "correct horse", "new password"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Session(t.Context(), ns.Token); !errors.Is(err, account.ErrNoSession) {
		t.Errorf("old session after a password change: %v, want ended", err)
	}
	if _, _, err := s.SignInPassword(t.Context(), "Ann", "new password", "192.0.2.9"); err != nil {
		t.Errorf("sign in with the new password: %v", err)
	}
}

// The default cost is OWASP's argon2id recommendation.
func TestPasswordDefaultCost(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: a full-cost hash")
	}
	s, err := account.New(account.Config{Store: sqliteStore(t)})
	if err != nil {
		t.Fatal(err)
	}
	a, _, err := s.SignUpPassword(t.Context(), account.SignUp{Username: "Ann", Password: "correct horse", IP: "192.0.2.1"})
	if err != nil || !strings.HasPrefix(a.Password, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Errorf("default hash %q, %v", a.Password, err)
	}
}
