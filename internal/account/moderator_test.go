package account_test

import (
	"errors"
	"testing"

	"github.com/solitaire-race/racer/internal/account"
)

// TestAccountModeratorRole: the role is granted and revoked by username
// (one that reads alike finds the account), reported by IsModerator and
// listed; an unknown name is ErrNotFound; a deleted account loses it.
func TestAccountModeratorRole(t *testing.T) {
	linkStores(t, func(t *testing.T, s *account.Service, _ *clock) {
		ctx := t.Context()
		mod := signUpFrom(t, s, "Moddy", "192.0.2.10")
		other := signUpFrom(t, s, "Player", "192.0.2.11")
		if ok, err := s.IsModerator(ctx, mod.Player); err != nil || ok {
			t.Fatalf("got IsModerator %v, %v before the grant, want false", ok, err)
		}
		a, changed, err := s.SetModerator(ctx, "moddy", true)
		if err != nil || !changed || a.Player != mod.Player {
			t.Fatalf("got %v, %v, %v granting, want Moddy's account changed", a.Player, changed, err)
		}
		if _, changed, err := s.SetModerator(ctx, "Moddy", true); err != nil || changed {
			t.Errorf("got %v, %v granting again, want nothing changed", changed, err)
		}
		for p, want := range map[string]bool{mod.Player: true, other.Player: false} {
			if ok, err := s.IsModerator(ctx, p); err != nil || ok != want {
				t.Errorf("IsModerator(%s): got %v, %v, want %v", p, ok, err, want)
			}
		}
		ms, err := s.Moderators(ctx)
		if err != nil || len(ms) != 1 || ms[0].Player != mod.Player {
			t.Errorf("got moderators %v, %v, want Moddy alone", ms, err)
		}
		if _, _, err := s.SetModerator(ctx, "Nobody", true); !errors.Is(err, account.ErrNotFound) {
			t.Errorf("got %v granting an unknown name, want ErrNotFound", err)
		}
		if _, changed, err := s.SetModerator(ctx, "Moddy", false); err != nil || !changed {
			t.Errorf("got %v, %v revoking, want changed", changed, err)
		}
		if ok, err := s.IsModerator(ctx, mod.Player); err != nil || ok {
			t.Errorf("got IsModerator %v, %v after the revoke, want false", ok, err)
		}
		if _, _, err := s.SetModerator(ctx, "Player", true); err != nil {
			t.Fatal(err)
		}
		if err := s.Delete(ctx, other.Player); err != nil {
			t.Fatal(err)
		}
		if ok, err := s.IsModerator(ctx, other.Player); err != nil || ok {
			t.Errorf("got IsModerator %v, %v of a deleted account, want false", ok, err)
		}
	})
}
