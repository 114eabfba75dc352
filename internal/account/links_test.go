package account_test

import (
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/solitaire-race/racer/internal/account"
	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/match/archive/archivetest"
)

// linkStores runs a test on the accounts in SQLite and, without -short,
// in PostgreSQL.
func linkStores(t *testing.T, test func(t *testing.T, s *account.Service, clk *clock)) {
	t.Run("sqlite", func(t *testing.T) {
		s, clk, _ := newService(t, nil)
		test(t, s, clk)
	})
	t.Run("postgres", func(t *testing.T) {
		if testing.Short() {
			t.Skip("-short: PostgreSQL")
		}
		a, err := archive.OpenPostgres(t.Context(), archivetest.PostgresURL(t))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = a.Close() })
		store, err := account.OpenStore(t.Context(), a.DB(), a.Dialect())
		if err != nil {
			t.Fatal(err)
		}
		s, clk, _ := newService(t, func(c *account.Config) { c.Store = store })
		test(t, s, clk)
	})
}

// signUpFrom makes an account from ip.
func signUpFrom(t *testing.T, s *account.Service, name, ip string) account.Account {
	t.Helper()
	a, _, err := s.SignUpPassword(t.Context(), account.SignUp{Username: name, Password: "correct horse", IP: ip})
	if err != nil {
		t.Fatalf("SignUpPassword(%s): %v", name, err)
	}
	return a
}

func seen(t *testing.T, s *account.Service, player string, x account.Seen) {
	t.Helper()
	if err := s.Seen(t.Context(), player, x); err != nil {
		t.Fatalf("Seen: %v", err)
	}
}

func linked(t *testing.T, s *account.Service, player string) []string {
	t.Helper()
	ids, err := s.Linked(t.Context(), player)
	if err != nil {
		t.Fatalf("Linked: %v", err)
	}
	return ids
}

func wantLinked(t *testing.T, s *account.Service, player string, want ...string) {
	t.Helper()
	slices.Sort(want)
	if got := linked(t, s, player); !slices.Equal(got, want) && !(len(got) == 0 && len(want) == 0) {
		t.Fatalf("Linked(%s) = %v, want %v", player, got, want)
	}
}

func TestLinkByAddress(t *testing.T) {
	linkStores(t, func(t *testing.T, s *account.Service, clk *clock) {
		a := signUpFrom(t, s, "alice", "198.51.100.1")
		b := signUpFrom(t, s, "bob", "198.51.100.2")
		c := signUpFrom(t, s, "carol", "198.51.100.3")
		seen(t, s, a.Player, account.Seen{IP: "203.0.113.7"})
		seen(t, s, c.Player, account.Seen{IP: "203.0.113.8"})
		wantLinked(t, s, a.Player)
		clk.add(3 * 24 * time.Hour)
		seen(t, s, b.Player, account.Seen{IP: "::ffff:203.0.113.7"})
		wantLinked(t, s, a.Player, b.Player)
		wantLinked(t, s, b.Player, a.Player)
		wantLinked(t, s, c.Player)
		// Past the window since a last used it, the address links no more.
		clk.add(5 * 24 * time.Hour)
		wantLinked(t, s, b.Player)
		seen(t, s, a.Player, account.Seen{IP: "203.0.113.7"})
		wantLinked(t, s, b.Player, a.Player)
	})
}

func TestLinkByIPv6Net64(t *testing.T) {
	linkStores(t, func(t *testing.T, s *account.Service, _ *clock) {
		a := signUpFrom(t, s, "alice", "2001:db8:1:1::10")
		b := signUpFrom(t, s, "bob", "2001:db8:2:1::10")
		c := signUpFrom(t, s, "carol", "2001:db8:3:1::10")
		seen(t, s, a.Player, account.Seen{IP: "2001:db8:aa:bb::1"})
		seen(t, s, b.Player, account.Seen{IP: "2001:db8:aa:bb:ffff:1:2:3"})
		seen(t, s, c.Player, account.Seen{IP: "2001:db8:aa:bc::1"})
		wantLinked(t, s, a.Player, b.Player)
		wantLinked(t, s, c.Player)
	})
}

func TestLinkByDevice(t *testing.T) {
	linkStores(t, func(t *testing.T, s *account.Service, clk *clock) {
		a := signUpFrom(t, s, "alice", "198.51.100.1")
		b := signUpFrom(t, s, "bob", "198.51.100.2")
		c := signUpFrom(t, s, "carol", "198.51.100.3")
		seen(t, s, a.Player, account.Seen{IP: "203.0.113.1", Device: "device-one-0123456789"})
		clk.add(30 * 24 * time.Hour)
		seen(t, s, b.Player, account.Seen{IP: "203.0.113.2", Device: "device-one-0123456789"})
		seen(t, s, c.Player, account.Seen{IP: "203.0.113.3", Device: "device-two-0123456789"})
		wantLinked(t, s, b.Player, a.Player)
		wantLinked(t, s, c.Player)
		ls, err := s.Links(t.Context(), b.Player)
		if err != nil || len(ls) != 1 || ls[0].Kind != account.KindDevice {
			t.Fatalf("Links = %v, %v, want one device link", ls, err)
		}
		// Past the device window (90 days), the cookie is purged. (a's
		// address went when b was seen: Seen purges once an hour.)
		clk.add(61 * 24 * time.Hour)
		if n, err := s.PurgeEvidence(t.Context()); err != nil || n != 3 {
			t.Fatalf("PurgeEvidence = %d, %v, want 3 rows (a's device, b's and c's addresses)", n, err)
		}
		wantLinked(t, s, b.Player)
	})
}

func TestLinkBySignUpFromSession(t *testing.T) {
	linkStores(t, func(t *testing.T, s *account.Service, clk *clock) {
		a := signUpFrom(t, s, "alice", "198.51.100.1")
		b := signUpFrom(t, s, "bob", "198.51.100.2")
		if err := s.LinkSignUp(t.Context(), a.Player, b.Player); err != nil {
			t.Fatal(err)
		}
		clk.add(365 * 24 * time.Hour)
		wantLinked(t, s, a.Player, b.Player)
		wantLinked(t, s, b.Player, a.Player)
		// Deleting an account deletes its links.
		if err := s.Delete(t.Context(), b.Player); err != nil {
			t.Fatal(err)
		}
		wantLinked(t, s, a.Player)
	})
}

// The evidence holds no address or cookie, only keyed hashes.
func TestLinkEvidenceHashed(t *testing.T) {
	ar, err := archive.OpenSQLite(t.Context(), archivetest.SQLiteFile(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ar.Close() })
	store, err := account.OpenStore(t.Context(), ar.DB(), ar.Dialect())
	if err != nil {
		t.Fatal(err)
	}
	s, _, _ := newService(t, func(c *account.Config) { c.Store = store })
	a := signUpFrom(t, s, "alice", "198.51.100.1")
	seen(t, s, a.Player, account.Seen{IP: "203.0.113.77", Device: "the-device-cookie-value"})
	db := ar.DB()
	rows, err := db.QueryContext(t.Context(), `SELECT kind, value FROM account_evidence`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var k, v string
		if err := rows.Scan(&k, &v); err != nil {
			t.Fatal(err)
		}
		n++
		if v == "203.0.113.77" || v == "the-device-cookie-value" || len(v) != 32 {
			t.Fatalf("evidence %s stored as %q, want a 32-digit hash", k, v)
		}
	}
	if n != 2 {
		t.Fatalf("%d evidence rows, want 2", n)
	}
}

func TestAccountSignUpLimitPerIP(t *testing.T) {
	s, clk, _ := newService(t, nil)
	for i, name := range []string{"one", "two", "three"} {
		signUpFrom(t, s, name, fmt.Sprintf("2001:db8:5:5::%d", i+1))
	}
	_, _, err := s.SignUpPassword(t.Context(), account.SignUp{Username: "four", Password: "correct horse", IP: "2001:db8:5:5::99"})
	if !errors.Is(err, account.ErrTooManySignUps) || account.Code(err) != "too_many_signups" {
		t.Fatalf("fourth sign-up from one /64: %v (code %q), want too_many_signups", err, account.Code(err))
	}
	// Another network signs up; a refused or failed sign-up spends nothing.
	signUpFrom(t, s, "four", "2001:db8:5:6::1")
	if _, _, err := s.SignUpPassword(t.Context(), account.SignUp{Username: "four", Password: "correct horse", IP: "198.51.100.9"}); !errors.Is(err, account.ErrUsernameTaken) {
		t.Fatalf("taken username: %v", err)
	}
	for _, name := range []string{"five", "six", "seven"} {
		signUpFrom(t, s, name, "198.51.100.9")
	}
	// One more every 8 hours.
	clk.add(8 * time.Hour)
	signUpFrom(t, s, "eight", "2001:db8:5:5::1")
	if _, err := s.Prepare(t.Context(), account.SignUp{Username: "nine", Password: "correct horse", IP: "2001:db8:5:5::1"}, true); !errors.Is(err, account.ErrTooManySignUps) {
		t.Fatalf("after the hourly one: %v, want too_many_signups", err)
	}
}
