// Package accounttest is the shared suite of account.Store
// implementations: Run it against each database.
package accounttest

import (
	"bytes"
	"context"
	"errors"
	"testing"
	"time"

	"github.com/solitaire-race/racer/internal/account"
)

// Run runs the suite; newStore returns an empty store for one subtest.
func Run(t *testing.T, newStore func(t *testing.T) account.Store) {
	t.Run("AccountCreateUnique", func(t *testing.T) { testCreateUnique(t, newStore(t)) })
	t.Run("AccountSessions", func(t *testing.T) { testSessions(t, newStore(t)) })
	t.Run("AccountDeleteErases", func(t *testing.T) { testDelete(t, newStore(t)) })
	t.Run("PasskeyStore", func(t *testing.T) { testPasskeys(t, newStore(t)) })
	t.Run("AuthChallengeOnce", func(t *testing.T) { testChallenge(t, newStore(t)) })
	t.Run("AuthNonceOnce", func(t *testing.T) { testNonce(t, newStore(t)) })
}

var now = time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)

func acct(player, name string) account.Account {
	return account.Account{Player: player, Username: name, Skeleton: account.Skeleton(name), Password: "$argon2id$x",
		Generation: 1, Handle: []byte("handle-" + player), CreatedAt: now}
}

func testCreateUnique(t *testing.T, s account.Store) {
	ctx := t.Context()
	a := acct("a1b2c3d4e5f60718", "Ann")
	if err := s.Create(ctx, a); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"ann", "ANN", "Аnn" /* Cyrillic А */} {
		if err := s.Create(ctx, acct("0000000000000001", name)); !errors.Is(err, account.ErrUsernameTaken) {
			t.Errorf("Create %q: got %v, want ErrUsernameTaken", name, err)
		}
	}
	if err := s.Create(ctx, acct(a.Player, "Bob")); !errors.Is(err, account.ErrGuestClaimed) {
		t.Errorf("Create with a taken player: got %v, want ErrGuestClaimed", err)
	}
	for name, get := range map[string]func() (account.Account, error){
		"ByUsername": func() (account.Account, error) { return s.ByUsername(ctx, "ANN") },
		"ByPlayer":   func() (account.Account, error) { return s.ByPlayer(ctx, a.Player) },
		"ByHandle":   func() (account.Account, error) { return s.ByHandle(ctx, a.Handle) },
	} {
		got, err := get()
		if err != nil || got.Player != a.Player || got.Username != "Ann" || got.Password != a.Password || !bytes.Equal(got.Handle, a.Handle) || !got.CreatedAt.Equal(now) {
			t.Errorf("%s: got %+v, %v, want %+v", name, got, err, a)
		}
	}
	if _, err := s.ByUsername(ctx, "nobody"); !errors.Is(err, account.ErrNotFound) {
		t.Errorf("ByUsername of nobody: got %v, want ErrNotFound", err)
	}
	if c, err := s.Claimed(ctx, a.Player); err != nil || !c {
		t.Errorf("Claimed: got %v, %v, want true", c, err)
	}
	if c, err := s.Claimed(ctx, "ffffffffffffffff"); err != nil || c {
		t.Errorf("Claimed of a guest: got %v, %v, want false", c, err)
	}
	if err := s.SetPassword(ctx, a.Player, "$argon2id$y"); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.ByPlayer(ctx, a.Player); got.Password != "$argon2id$y" {
		t.Errorf("after SetPassword: got %q", got.Password)
	}
}

func testSessions(t *testing.T, s account.Store) {
	ctx := t.Context()
	a := acct("a1b2c3d4e5f60718", "Ann")
	if err := s.Create(ctx, a); err != nil {
		t.Fatal(err)
	}
	x := account.Session{ID: "s1", Player: a.Player, Generation: 1, CreatedAt: now, ExpiresAt: now.Add(time.Hour)}
	if err := s.CreateSession(ctx, x); err != nil {
		t.Fatal(err)
	}
	got, ga, err := s.Session(ctx, "s1", now)
	if err != nil || got.Player != a.Player || ga.Username != "Ann" || !got.ExpiresAt.Equal(x.ExpiresAt) {
		t.Fatalf("Session: got %+v %+v %v", got, ga, err)
	}
	if _, _, err := s.Session(ctx, "s1", now.Add(time.Hour)); !errors.Is(err, account.ErrNoSession) {
		t.Errorf("expired session: got %v, want ErrNoSession", err)
	}
	if _, _, err := s.Session(ctx, "nope", now); !errors.Is(err, account.ErrNoSession) {
		t.Errorf("unknown session: got %v, want ErrNoSession", err)
	}
	_ = s.CreateSession(ctx, account.Session{ID: "s2", Player: a.Player, Generation: 1, CreatedAt: now, ExpiresAt: now.Add(time.Hour)})
	g, err := s.NewGeneration(ctx, a.Player)
	if err != nil || g != 2 {
		t.Fatalf("NewGeneration: got %d, %v, want 2", g, err)
	}
	for _, id := range []string{"s1", "s2"} {
		if _, _, err := s.Session(ctx, id, now); !errors.Is(err, account.ErrNoSession) {
			t.Errorf("session %s after NewGeneration: got %v, want ErrNoSession", id, err)
		}
	}
	// A session of an older generation (made while another browser
	// signed out everywhere) is refused too.
	_ = s.CreateSession(ctx, account.Session{ID: "s3", Player: a.Player, Generation: 1, CreatedAt: now, ExpiresAt: now.Add(time.Hour)})
	if _, _, err := s.Session(ctx, "s3", now); !errors.Is(err, account.ErrNoSession) {
		t.Errorf("session of an old generation: got %v, want ErrNoSession", err)
	}
	_ = s.CreateSession(ctx, account.Session{ID: "s4", Player: a.Player, Generation: 2, CreatedAt: now, ExpiresAt: now.Add(time.Hour)})
	if err := s.DeleteSession(ctx, "s4"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Session(ctx, "s4", now); !errors.Is(err, account.ErrNoSession) {
		t.Errorf("deleted session: got %v, want ErrNoSession", err)
	}
}

func testDelete(t *testing.T, s account.Store) {
	ctx := t.Context()
	a := acct("a1b2c3d4e5f60718", "Ann")
	if err := s.Create(ctx, a); err != nil {
		t.Fatal(err)
	}
	_ = s.CreateSession(ctx, account.Session{ID: "s1", Player: a.Player, Generation: 1, CreatedAt: now, ExpiresAt: now.Add(time.Hour)})
	_ = s.AddPasskey(ctx, account.Passkey{ID: []byte("k1"), Player: a.Player, Name: "phone", Credential: []byte("{}"), CreatedAt: now, UsedAt: now})
	if err := s.Delete(ctx, a.Player, now); err != nil {
		t.Fatal(err)
	}
	if _, err := s.ByPlayer(ctx, a.Player); !errors.Is(err, account.ErrNotFound) {
		t.Errorf("ByPlayer after Delete: got %v, want ErrNotFound", err)
	}
	if _, _, err := s.Session(ctx, "s1", now); !errors.Is(err, account.ErrNoSession) {
		t.Errorf("session after Delete: got %v", err)
	}
	if _, err := s.PasskeyByID(ctx, []byte("k1")); !errors.Is(err, account.ErrPasskeyNotFound) {
		t.Errorf("passkey after Delete: got %v", err)
	}
	if c, _ := s.Claimed(ctx, a.Player); !c {
		t.Error("a deleted account's player is not claimed: its guest token would take it back")
	}
	if err := s.Create(ctx, acct(a.Player, "Ann2")); !errors.Is(err, account.ErrGuestClaimed) {
		t.Errorf("Create on an erased player: got %v, want ErrGuestClaimed", err)
	}
	// The username is free again.
	if err := s.Create(ctx, acct("0000000000000002", "Ann")); err != nil {
		t.Errorf("Create Ann again after Delete: %v", err)
	}
	if err := s.Delete(ctx, "ffffffffffffffff", now); !errors.Is(err, account.ErrNotFound) {
		t.Errorf("Delete of nobody: got %v, want ErrNotFound", err)
	}
}

func testPasskeys(t *testing.T, s account.Store) {
	ctx := t.Context()
	a := acct("a1b2c3d4e5f60718", "Ann")
	if err := s.Create(ctx, a); err != nil {
		t.Fatal(err)
	}
	for i, id := range []string{"k1", "k2"} {
		p := account.Passkey{ID: []byte(id), Player: a.Player, Name: "key " + id, Credential: []byte(`{"id":"` + id + `"}`),
			CreatedAt: now.Add(time.Duration(i) * time.Second), UsedAt: now}
		if err := s.AddPasskey(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	pks, err := s.Passkeys(ctx, a.Player)
	if err != nil || len(pks) != 2 || string(pks[0].ID) != "k1" || pks[1].Name != "key k2" {
		t.Fatalf("Passkeys: got %+v, %v", pks, err)
	}
	if err := s.UsePasskey(ctx, []byte("k1"), []byte(`{"n":2}`), now.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	p, err := s.PasskeyByID(ctx, []byte("k1"))
	if err != nil || string(p.Credential) != `{"n":2}` || !p.UsedAt.Equal(now.Add(time.Minute)) || p.Player != a.Player {
		t.Errorf("PasskeyByID after use: got %+v, %v", p, err)
	}
	if err := s.DeletePasskey(ctx, "0000000000000009", []byte("k1")); !errors.Is(err, account.ErrPasskeyNotFound) {
		t.Errorf("DeletePasskey of another account's key: got %v, want ErrPasskeyNotFound", err)
	}
	if err := s.DeletePasskey(ctx, a.Player, []byte("k1")); err != nil {
		t.Fatal(err)
	}
	if pks, _ := s.Passkeys(ctx, a.Player); len(pks) != 1 {
		t.Errorf("after DeletePasskey: %d passkeys, want 1", len(pks))
	}
}

func testChallenge(t *testing.T, s account.Store) {
	ctx := t.Context()
	if err := s.PutChallenge(ctx, "c1", []byte("data"), now.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if got, err := s.TakeChallenge(ctx, "c1", now); err != nil || string(got) != "data" {
		t.Fatalf("TakeChallenge: got %q, %v", got, err)
	}
	if _, err := s.TakeChallenge(ctx, "c1", now); !errors.Is(err, account.ErrNotFound) {
		t.Errorf("TakeChallenge twice: got %v, want ErrNotFound", err)
	}
	_ = s.PutChallenge(ctx, "c2", []byte("data"), now.Add(time.Minute))
	if _, err := s.TakeChallenge(ctx, "c2", now.Add(time.Minute)); !errors.Is(err, account.ErrNotFound) {
		t.Errorf("TakeChallenge expired: got %v, want ErrNotFound", err)
	}
}

func testNonce(t *testing.T, s account.Store) {
	ctx := t.Context()
	first, err := s.UseNonce(ctx, "n1", now.Add(time.Minute), now)
	if err != nil || !first {
		t.Fatalf("UseNonce: got %v, %v, want first", first, err)
	}
	if again, err := s.UseNonce(ctx, "n1", now.Add(time.Minute), now); err != nil || again {
		t.Errorf("UseNonce again: got %v, %v, want a replay", again, err)
	}
	_ = context.Background
}
