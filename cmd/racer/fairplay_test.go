package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/internal/redistest"
	"github.com/solitaire-race/racer/match/daily"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/leaderboard"
	"github.com/solitaire-race/racer/match/matchtest"
	"github.com/solitaire-race/racer/match/results"
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

// TestFairPlayAnnulNodeCasual: on a node with accounts, a moderator
// marks Cat through the review's API after a rated race: her open
// connection is told at once (casual_only), her next welcome says
// casual_only, her rated queue is the casual one (Ann, in the rated
// queue, never meets her) and her next race is unrated; Ann's welcome
// is as before.
func TestFairPlayAnnulNodeCasual(t *testing.T) {
	seed, line := winLine()
	file := archiveFile(t)
	base := startNode(t, "-seed", itoa(seed), "-countdown", "1ns", "-rate", "10000", "-burst", "10000",
		"-archive", file, "-rated", "accounts")
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	mod, cat, ann := signUpWeb(t, base, "Moddy"), signUpWeb(t, base, "Cat"), signUpWeb(t, base, "Ann")
	tick := func(u *webUser) string {
		_, out := u.do("GET", "api/account/ticket", nil)
		return out["ticket"].(string)
	}
	var stdout, stderr bytes.Buffer
	if err := run(ctx, []string{"admin", "-archive", file, "grant", "Moddy"}, &stdout, &stderr); err != nil {
		t.Fatalf("admin grant: %v (%s)", err, stderr.String())
	}
	c, wc := dialTicket(t, ctx, base, tick(cat))
	a, _ := dialTicket(t, ctx, base, tick(ann))
	if wc.CasualOnly {
		t.Fatal("Cat's welcome says casual_only before any mark")
	}
	ra, _ := raceToWin(t, ctx, c, a, line)
	if !ra.Race.Rated {
		t.Fatal("the race of two accounts is unrated")
	}
	// Moderators mark players the archive knows: the race reaches it.
	var code int
	var out map[string]any
	for deadline := time.Now().Add(20 * time.Second); ; {
		if code, out = mod.do("GET", "api/mod/players/"+wc.Player, nil); code != 404 || time.Now().After(deadline) {
			break
		}
		time.Sleep(50 * time.Millisecond) // bounded by deadline
	}
	if code != 200 {
		t.Fatalf("Cat's review: %d %v, want 200", code, out)
	}
	if code, out := mod.do("POST", "api/mod/players/"+wc.Player+"/annul", map[string]string{"note": "engine"}); code != 200 {
		t.Fatalf("annul: %d %v, want 200", code, out)
	}
	if _, err := c.WaitType(ctx, wire.TypeCasualOnly); err != nil {
		t.Fatalf("Cat's open connection: %v, want casual_only", err)
	}
	c2, wc2 := dialTicket(t, ctx, base, tick(cat))
	a2, wa2 := dialTicket(t, ctx, base, tick(ann))
	if !wc2.CasualOnly || wa2.CasualOnly {
		t.Fatalf("welcome casual_only: Cat's %v, Ann's %v; want true, false", wc2.CasualOnly, wa2.CasualOnly)
	}
	for _, x := range []*client.Client{c2, a2} {
		if err := x.Send(ctx, wire.ClientMessage{Type: wire.TypeQueue}); err != nil {
			t.Fatal(err)
		}
		if _, err := x.WaitType(ctx, wire.TypeQueued); err != nil {
			t.Fatal(err)
		}
	}
	// Ann waits alone in the rated queue; asking for the casual one, she
	// meets Cat there.
	if err := a2.Send(ctx, wire.ClientMessage{Type: wire.TypeUnqueue}); err != nil {
		t.Fatal(err)
	}
	if _, err := a2.WaitType(ctx, wire.TypeUnqueued); err != nil {
		t.Fatal(err)
	}
	if err := a2.Send(ctx, wire.ClientMessage{Type: wire.TypeQueue, Casual: true}); err != nil {
		t.Fatal(err)
	}
	r, err := c2.WaitRace(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if r.Race.Rated || len(r.Race.Racers) != 2 {
		t.Fatalf("Cat's race after the mark: rated %v, %d racers; want unrated, Cat and Ann", r.Race.Rated, len(r.Race.Racers))
	}
}

// TestFairPlayAnnulNodeDailyBoard: on a node on Redis with accounts,
// Cat and Ann win today's daily challenge and both are on its board;
// a moderator marks Cat through the review's API, and the board lists
// Ann alone.
func TestFairPlayAnnulNodeDailyBoard(t *testing.T) {
	skipWholeNodeIfShort(t)
	srv := redistest.Start(t, redistest.Options{}) // skips without redis-server, fails under CI=true
	const secret = "fair-play-daily-secret-0123456789"
	file := archiveFile(t)
	base := startNode(t, "-redis", "redis://"+srv.Addr+"/0", "-secret", secret, "-countdown", "1ns", "-rate", "10000", "-burst", "10000",
		"-archive", file, "-rated", "accounts")
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	mod, cat, ann := signUpWeb(t, base, "Moddy"), signUpWeb(t, base, "Cat"), signUpWeb(t, base, "Ann")
	var stdout, stderr bytes.Buffer
	if err := run(ctx, []string{"admin", "-archive", file, "grant", "Moddy"}, &stdout, &stderr); err != nil {
		t.Fatalf("admin grant: %v (%s)", err, stderr.String())
	}
	tick := func(u *webUser) string {
		_, out := u.do("GET", "api/account/ticket", nil)
		return out["ticket"].(string)
	}
	c, wc := dialTicket(t, ctx, base, tick(cat))
	a, _ := dialTicket(t, ctx, base, tick(ann))
	var races []wire.RaceMessage
	for _, x := range []*client.Client{c, a} {
		if err := x.Send(ctx, wire.ClientMessage{Type: wire.TypeDaily, Profile: "bvs"}); err != nil {
			t.Fatal(err)
		}
		r, err := x.WaitRace(ctx)
		if err != nil {
			t.Fatal(err)
		}
		races = append(races, r)
	}
	_, day, ok := daily.ParseRaceID(races[0].Race.ID)
	if !ok {
		t.Fatalf("Cat's daily race %s: not a daily challenge's", races[0].Race.ID)
	}
	// The day's deal, as the node dealt it: the same secret reads the
	// candidate the node claimed in Redis (no search of its own).
	boards, err := leaderboard.NewRedisStore(leaderboard.RedisConfig{Client: srv.Client(t)})
	if err != nil {
		t.Fatal(err)
	}
	rs, err := results.New(results.Config{Games: games.All, Boards: boards, Secret: []byte(secret),
		Checker: func(context.Context, uint64, string) (bool, error) {
			return false, errors.New("the node claimed the deal already")
		}})
	if err != nil {
		t.Fatal(err)
	}
	ch, err := rs.Daily().Challenge(ctx, "bvs", day)
	if err != nil || ch.Commitment != races[0].Race.Commitment {
		t.Fatalf("the day's challenge: %+v, %v; want the commitment %s of Cat's race", ch, err, races[0].Race.Commitment)
	}
	line := matchtest.Solve(games.All, "bvs", ch.Seed, 2_000_000)
	if line == nil {
		t.Fatalf("no win found for the daily deal %d", ch.Seed)
	}
	for i, x := range []*client.Client{c, a} {
		id := races[i].Race.ID
		for _, mv := range line {
			seq, err := x.Move(ctx, id, mv.String())
			if err != nil {
				t.Fatalf("move %s: %v", mv, err)
			}
			if _, err := x.WaitAck(ctx, id, seq); err != nil {
				t.Fatalf("ack of %s: %v", mv, err)
			}
		}
		// The node writes the board before it announces the end.
		if _, err := x.WaitEnd(ctx, id); err != nil {
			t.Fatal(err)
		}
	}
	board := func() string {
		t.Helper()
		code, body := get(t, base+"api/leaderboard/bvs/daily?day="+day)
		var b struct {
			Entries []struct{ Name string } `json:"entries"`
		}
		if err := json.Unmarshal([]byte(body), &b); code != 200 || err != nil {
			t.Fatalf("the daily board: %d %s", code, body)
		}
		var names []string
		for _, e := range b.Entries {
			names = append(names, e.Name)
		}
		slices.Sort(names)
		return strings.Join(names, " ")
	}
	if got := board(); got != "Ann Cat" {
		t.Fatalf("the daily board lists %q, want Ann and Cat", got)
	}
	// Moderators mark players the archive knows: the race reaches it.
	var code int
	var out map[string]any
	for deadline := time.Now().Add(20 * time.Second); ; {
		if code, out = mod.do("GET", "api/mod/players/"+wc.Player, nil); code != 404 || time.Now().After(deadline) {
			break
		}
		time.Sleep(50 * time.Millisecond) // bounded by deadline
	}
	if code != 200 {
		t.Fatalf("Cat's review: %d %v, want 200", code, out)
	}
	if code, out := mod.do("POST", "api/mod/players/"+wc.Player+"/annul", map[string]string{"note": "engine"}); code != 200 {
		t.Fatalf("annul: %d %v, want 200", code, out)
	}
	if got := board(); got != "Ann" {
		t.Errorf("the daily board lists %q after Cat's mark, want Ann alone", got)
	}
}
