package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/hub/wire"
)

// signUpTicket signs name up on the node at base with a password (and
// the guest's token, when given) and returns a ticket for the hello.
func signUpTicket(t *testing.T, base, name, guestToken string) string {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, Timeout: 10 * time.Second}
	resp, err := c.Get(base + "api/account")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	u, _ := url.Parse(base)
	csrf := ""
	for _, ck := range jar.Cookies(u) {
		if ck.Name == "racer_csrf" {
			csrf = ck.Value
		}
	}
	do := func(method, path string, body any) map[string]any {
		var b []byte
		if body != nil {
			b, _ = json.Marshal(body)
		}
		req, _ := http.NewRequest(method, base+path, bytes.NewReader(b))
		req.Header.Set("X-Racer-CSRF", csrf)
		resp, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var out map[string]any
		_ = json.NewDecoder(resp.Body).Decode(&out)
		if resp.StatusCode >= 300 {
			t.Fatalf("%s %s: %d %v", method, path, resp.StatusCode, out)
		}
		return out
	}
	do("POST", "api/account/signup", map[string]string{"username": name, "password": "correct horse " + name, "guest_token": guestToken})
	return do("GET", "api/account/ticket", nil)["ticket"].(string)
}

func dialTicket(t *testing.T, ctx context.Context, base, ticket string) (*client.Client, wire.Welcome) {
	t.Helper()
	c, err := client.Dial(ctx, "ws"+strings.TrimPrefix(base, "http")+"ws", client.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Drop)
	w, err := c.HelloTicket(ctx, ticket)
	if err != nil {
		t.Fatal(err)
	}
	return c, w
}

// On a node's defaults (-rated accounts), a race of guests is casual and
// a race between two accounts is rated; a guest who signs up keeps their
// player and so their history.
func TestAccountsRateOnlyAccounts(t *testing.T) {
	seed, line := winLine()
	base := startNode(t, "-seed", itoa(seed), "-countdown", "1ns", "-rate", "10000", "-burst", "10000",
		"-archive", archiveFile(t), "-rated", "accounts")
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()

	// Ann races as a guest first: casual.
	g, wg := dialNode(t, ctx, base, "Ann")
	cy, _ := dialNode(t, ctx, base, "Cy")
	ra, _ := raceToWin(t, ctx, g, cy, line)
	if ra.Race.Rated {
		t.Error("a race of guests is rated")
	}
	g.Drop()
	bob, _ := dialTicket(t, ctx, base, signUpTicket(t, base, "Bobby", ""))

	// Ann signs up with her guest token: her account is her guest player.
	ann, wa := dialTicket(t, ctx, base, signUpTicket(t, base, "Annie", wg.Token))
	if !wa.Account || wa.Player != wg.Player || wa.Token != "" {
		t.Fatalf("welcome %+v, want the account of guest %s", wa, wg.Player)
	}
	ra, _ = raceToWin(t, ctx, ann, bob, line)
	if !ra.Race.Rated {
		t.Error("a race of two accounts is not rated")
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		code, body := get(t, base+"api/rating/bvs/"+wa.Player)
		if code == 200 && strings.Contains(body, `"rated":true`) && strings.Contains(body, `"games":1`) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("rating of Annie: %d %s, want rated after one game", code, body)
		}
		time.Sleep(50 * time.Millisecond)
	}
	// Her old guest token is refused now.
	c, err := client.Dial(ctx, "ws"+strings.TrimPrefix(base, "http")+"ws", client.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Drop()
	var e *client.Error
	if _, err := c.Hello(ctx, "", wg.Token); !asClientError(err, &e) || e.Code != wire.CodeAccountPlayer {
		t.Errorf("hello with the guest token of an account: got %v, want account_player", err)
	}
}

// A node without an archive has no accounts: the API says so.
func TestAccountsUnavailableWithoutArchive(t *testing.T) {
	base := startNode(t, "-archive", "off", "-rated", "accounts")
	code, body := get(t, base+"api/account")
	if code != 404 || !strings.Contains(body, `"code":"accounts_unavailable"`) {
		t.Errorf("GET /api/account without an archive: %d %s, want 404 accounts_unavailable", code, body)
	}
}

func asClientError(err error, target **client.Error) bool { return errors.As(err, target) }
