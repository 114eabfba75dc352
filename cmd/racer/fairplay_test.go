package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"testing"
	"time"
)

// webUser is a signed-in browser of a node: its cookie jar and CSRF
// token.
type webUser struct {
	t    *testing.T
	base string
	c    *http.Client
	csrf string
}

// signUpWeb signs name up on the node at base with a password.
func signUpWeb(t *testing.T, base, name string) *webUser {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	u := &webUser{t: t, base: base, c: &http.Client{Jar: jar, Timeout: 30 * time.Second}}
	if code, _ := u.do("GET", "api/account", nil); code != 200 {
		t.Fatalf("GET /api/account: %d", code)
	}
	pu, _ := url.Parse(base)
	for _, ck := range jar.Cookies(pu) {
		if ck.Name == "racer_csrf" {
			u.csrf = ck.Value
		}
	}
	if code, out := u.do("POST", "api/account/signup", map[string]string{"username": name, "password": "correct horse " + name}); code != 201 {
		t.Fatalf("sign-up of %s: %d %v", name, code, out)
	}
	return u
}

func (u *webUser) do(method, path string, body any) (int, map[string]any) {
	u.t.Helper()
	var b []byte
	if body != nil {
		b, _ = json.Marshal(body)
	}
	req, _ := http.NewRequest(method, u.base+path, bytes.NewReader(b))
	req.Header.Set("X-Racer-CSRF", u.csrf)
	resp, err := u.c.Do(req)
	if err != nil {
		u.t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	_ = json.NewDecoder(resp.Body).Decode(&out)
	return resp.StatusCode, out
}

// TestFairPlayNodeReview: on a node with an archive, a race of two
// accounts is archived and gets its signals; a player reports it; "racer
// admin grant" makes an account a moderator, whose review lists the
// race's racers and the report, while the other account is refused.
func TestFairPlayNodeReview(t *testing.T) {
	seed, line := winLine()
	file := archiveFile(t)
	base := startNode(t, "-seed", itoa(seed), "-countdown", "1ns", "-rate", "10000", "-burst", "10000",
		"-archive", file, "-rated", "accounts")
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	mod, player := signUpWeb(t, base, "Moddy"), signUpWeb(t, base, "Player")
	tick := func(u *webUser) string {
		_, out := u.do("GET", "api/account/ticket", nil)
		return out["ticket"].(string)
	}
	a, _ := dialTicket(t, ctx, base, tick(mod))
	b, _ := dialTicket(t, ctx, base, tick(player))
	ra, end := raceToWin(t, ctx, a, b, line)

	// The race reaches the archive, then its signals: the report waits
	// for the first, the review for the second.
	var code int
	var out map[string]any
	for deadline := time.Now().Add(20 * time.Second); ; {
		if code, out = player.do("POST", "api/races/"+ra.Race.ID+"/report", map[string]string{"reason": "too_fast"}); code != 404 || time.Now().After(deadline) {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if code != 201 {
		t.Fatalf("report: %d %v, want 201", code, out)
	}
	if code, out := mod.do("GET", "api/mod/flags", nil); code != 403 || out["code"] != "not_moderator" {
		t.Fatalf("review before the grant: %d %v, want 403 not_moderator", code, out)
	}
	var stdout, stderr bytes.Buffer
	if err := run(ctx, []string{"admin", "-archive", file, "grant", "Moddy"}, &stdout, &stderr); err != nil {
		t.Fatalf("admin grant: %v (%s)", err, stderr.String())
	}
	if code, out := mod.do("GET", "api/mod/reports", nil); code != 200 || !strings.Contains(jsonText(out), ra.Race.ID) {
		t.Errorf("reports: %d %v, want the race", code, out)
	}
	for deadline := time.Now().Add(20 * time.Second); ; {
		code, out = mod.do("GET", "api/mod/players/"+end.Result.Standings[0].Player, nil)
		if races, _ := out["races"].([]any); code == 200 && len(races) == 1 || time.Now().After(deadline) {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if races, _ := out["races"].([]any); code != 200 || len(races) != 1 || races[0].(map[string]any)["actions"].(float64) < float64(len(line)) {
		t.Errorf("the winner's signals: %d %v, want the race with its %d moves", code, out, len(line))
	}
	if code, out := player.do("GET", "api/mod/flags", nil); code != 403 || out["code"] != "not_moderator" {
		t.Errorf("review by a player: %d %v, want 403 not_moderator", code, out)
	}
	if code, body := get(t, base+"review"); code != 200 || !strings.Contains(body, "<main") {
		t.Errorf("GET /review: %d, want the page", code)
	}
}

func jsonText(v any) string { b, _ := json.Marshal(v); return string(b) }
