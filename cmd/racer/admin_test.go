package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/solitaire-race/racer/internal/account"
	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/match/game/games"
)

// TestAccountAdminGrantRevoke: "racer admin grant NAME" and "revoke
// NAME" change the moderator role in the archive the server's -archive
// flag names; "moderators" lists them; an unknown name or a missing one
// is an error that changes nothing.
func TestAccountAdminGrantRevoke(t *testing.T) {
	ctx := t.Context()
	path := filepath.Join(t.TempDir(), "archive.db")
	a, err := archive.Open(ctx, path, games.All)
	if err != nil {
		t.Fatal(err)
	}
	store, err := account.OpenStore(ctx, a.DB(), a.Dialect())
	if err != nil {
		t.Fatal(err)
	}
	svc, err := account.New(account.Config{Store: store, Argon2: account.Argon2{Memory: 1024, Time: 1}})
	if err != nil {
		t.Fatal(err)
	}
	ann, _, err := svc.SignUpPassword(ctx, account.SignUp{Username: "Annie", Password: "correct horse", IP: "192.0.2.1"})
	if err != nil {
		t.Fatal(err)
	}
	_ = a.Close()

	admin := func(args ...string) (string, error) {
		var out, errb bytes.Buffer
		err := run(ctx, append([]string{"admin", "-archive", path}, args...), &out, &errb)
		return out.String(), err
	}
	isMod := func() bool {
		t.Helper()
		a, err := archive.Open(ctx, path, games.All)
		if err != nil {
			t.Fatal(err)
		}
		defer a.Close()
		store, err := account.OpenStore(ctx, a.DB(), a.Dialect())
		if err != nil {
			t.Fatal(err)
		}
		ok, err := store.IsModerator(ctx, ann.Player)
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}
	if out, err := admin("grant", "annie"); err != nil || !strings.Contains(out, "Annie ("+ann.Player+") is now a moderator") {
		t.Fatalf("grant: got %q, %v", out, err)
	}
	if !isMod() {
		t.Fatal("Annie is not a moderator after the grant")
	}
	if out, err := admin("moderators"); err != nil || out != "Annie\t"+ann.Player+"\n" {
		t.Errorf("moderators: got %q, %v, want Annie's line", out, err)
	}
	if _, err := admin("grant", "Nobody"); err == nil || !strings.Contains(err.Error(), `no account is named "Nobody"`) {
		t.Errorf("grant of an unknown name: got %v, want an error naming it", err)
	}
	if _, err := admin("grant"); err == nil {
		t.Error("grant without a name: got no error")
	}
	if _, err := admin(); err == nil {
		t.Error("admin without a verb: got no error")
	}
	if out, err := admin("revoke", "Annie"); err != nil || !strings.Contains(out, "is no longer a moderator") {
		t.Fatalf("revoke: got %q, %v", out, err)
	}
	if isMod() {
		t.Fatal("Annie is still a moderator after the revoke")
	}
	if err := run(ctx, []string{"admin", "-archive", "off", "grant", "Annie"}, &bytes.Buffer{}, &bytes.Buffer{}); err == nil {
		t.Error("admin with -archive off: got no error")
	}
}
