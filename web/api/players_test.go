package api_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"

	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/leaderboard"
	"github.com/solitaire-race/racer/match/rating"
	"github.com/solitaire-race/racer/match/replay"
	"github.com/solitaire-race/racer/match/replay/replaytest"
	"github.com/solitaire-race/racer/web/api"
)

// playersFixture is an API on a memory board store and an SQLite
// archive holding 25 races of ann against bob on the day of now, the
// 10 latest rated (ann wins each).
type playersFixture struct {
	srv      *httptest.Server
	races    []string // oldest first
	ann, bob string
	noHist   *httptest.Server
}

func newPlayersFixture(t *testing.T) *playersFixture {
	t.Helper()
	ctx := t.Context()
	a, err := archive.Open(ctx, filepath.Join(t.TempDir(), "archive.db"), games.All)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = a.Close() })
	boards := leaderboard.NewMemoryStore()
	f := &playersFixture{ann: "00000000000000aa", bob: "00000000000000bb"}
	start := now.Add(-3 * time.Hour)
	var cfg rating.Config
	for i := range 25 {
		rp := replaytest.Sample()
		fin := start.Add(time.Duration(i) * time.Minute)
		rp.Result.FinishedAt, rp.Result.Race = fin, rp.Race
		rp.Racers = []match.Racer{{ID: f.ann, Name: "Ann"}, {ID: f.bob, Name: "Bob"}}
		rp.Result.Standings = []match.Standing{
			{Place: 1, Player: f.ann, Name: fmt.Sprintf("Ann %d", i), Status: match.StatusWon, Foundation: 52, Actions: 2},
			{Place: 2, Player: f.bob, Name: "Bob", Status: match.StatusStuck, Foundation: 7, Actions: 1},
		}
		rp.Actions = map[string][]replay.Action{
			f.ann: {{Seq: 1, Action: "d", At: rp.StartAt.Add(time.Second), Ms: 1000}, {Seq: 2, Action: "finish", At: rp.StartAt.Add(90 * time.Second), Ms: 90000}},
			f.bob: {{Seq: 1, Action: "d", At: rp.StartAt.Add(2 * time.Second), Ms: 2000}},
		}
		if _, err := a.Save(ctx, rp); err != nil {
			t.Fatal(err)
		}
		f.races = append(f.races, rp.Race)
		if i < 15 {
			continue
		}
		places := []rating.Placing{{Player: f.ann, Place: 1}, {Player: f.bob, Place: 2}}
		var changes []rating.Change
		u := leaderboard.Update{Profile: "bvs", Race: rp.Race, At: fin, Rated: []string{f.ann, f.bob}, Wins: []string{f.ann},
			Names: map[string]string{f.ann: "Ann", f.bob: "Bob"}}
		if _, err := boards.Apply(ctx, u, func(cur map[string]rating.Rating) map[string]rating.Rating {
			next := cfg.Race(cur, places, fin)
			changes = changes[:0]
			for _, p := range places {
				before, ok := cur[p.Player]
				if !ok {
					before = cfg.New()
				}
				changes = append(changes, rating.Change{Player: p.Player, Profile: "bvs", Race: rp.Race, At: fin, Before: before, After: next[p.Player]})
			}
			return next
		}); err != nil {
			t.Fatal(err)
		}
		if err := a.SaveRatings(ctx, changes); err != nil {
			t.Fatal(err)
		}
	}
	h, err := api.New(api.Config{Boards: boards, History: a, Clock: clock})
	if err != nil {
		t.Fatal(err)
	}
	f.srv = httptest.NewServer(h)
	t.Cleanup(f.srv.Close)
	h2, err := api.New(api.Config{Boards: boards, Clock: clock})
	if err != nil {
		t.Fatal(err)
	}
	f.noHist = httptest.NewServer(h2)
	t.Cleanup(f.noHist.Close)
	return f
}

type playerPage struct {
	Player  string `json:"player"`
	Name    string `json:"name"`
	Ratings []struct {
		Profile     string  `json:"profile"`
		Rating      float64 `json:"rating"`
		Deviation   float64 `json:"deviation"`
		Games       int     `json:"games"`
		Provisional bool    `json:"provisional"`
		GamesToGo   int     `json:"games_to_go"`
	} `json:"ratings"`
	Recent []struct {
		Race         string    `json:"race"`
		Profile      string    `json:"profile"`
		FinishedAt   time.Time `json:"finished_at"`
		Place        int       `json:"place"`
		Tied         bool      `json:"tied"`
		Racers       int       `json:"racers"`
		CardsHome    int       `json:"cards_home"`
		TimeMs       int64     `json:"time_ms"`
		Outcome      string    `json:"outcome"`
		RatingBefore *float64  `json:"rating_before"`
		RatingAfter  *float64  `json:"rating_after"`
	} `json:"recent"`
	Next string `json:"next"`
}

func getJSON(t *testing.T, url string, v any) int {
	t.Helper()
	code, body := getBody(t, url)
	if code == 200 {
		if err := json.Unmarshal(body, v); err != nil {
			t.Fatalf("%s: %v in %s", url, err, body)
		}
	}
	return code
}

func TestPlayerPage(t *testing.T) {
	f := newPlayersFixture(t)
	var p playerPage
	if code := getJSON(t, f.srv.URL+"/api/players/"+f.ann, &p); code != 200 {
		t.Fatalf("got %d, want 200", code)
	}
	if p.Player != f.ann || p.Name != "Ann 24" {
		t.Errorf("got player %q named %q, want %s named Ann 24 (the latest)", p.Player, p.Name, f.ann)
	}
	if len(p.Ratings) != 1 || p.Ratings[0].Profile != "bvs" || p.Ratings[0].Games != 10 || p.Ratings[0].Rating <= 1500 {
		t.Errorf("got ratings %+v, want bvs after 10 won games", p.Ratings)
	}
	if r := p.Ratings[0]; r.Provisional != (r.Deviation >= rating.ProvisionalDeviation) || r.Provisional != (r.GamesToGo > 0) {
		t.Errorf("got %+v, want provisional exactly while the deviation is at least 110, with games to go", r)
	}
	if len(p.Recent) != 20 || p.Next == "" {
		t.Fatalf("got %d races, next %q, want the first page of 20 and a cursor", len(p.Recent), p.Next)
	}
	for i, r := range p.Recent {
		k := 24 - i
		rated := k >= 15
		if r.Race != f.races[k] || r.Place != 1 || r.Tied || r.Racers != 2 || r.CardsHome != 52 || r.TimeMs != 90000 ||
			r.Outcome != "won" || r.Profile != "bvs" || (r.RatingBefore != nil) != rated || (r.RatingAfter != nil) != rated {
			t.Errorf("race %d: got %+v, want %s, 1st of 2, 52 cards, 90 s, won, rated %v", i, r, f.races[k], rated)
		}
		if rated && *r.RatingAfter <= *r.RatingBefore {
			t.Errorf("race %d: got %v → %v, want a win to raise the rating", i, *r.RatingBefore, *r.RatingAfter)
		}
	}
	if *p.Recent[0].RatingAfter != p.Ratings[0].Rating {
		t.Errorf("got latest rating_after %v, want the current rating %v", *p.Recent[0].RatingAfter, p.Ratings[0].Rating)
	}
	var older playerPage
	if code := getJSON(t, f.srv.URL+"/api/players/"+f.ann+"?cursor="+p.Next, &older); code != 200 {
		t.Fatalf("got %d for the next page", code)
	}
	if len(older.Recent) != 5 || older.Recent[0].Race != f.races[4] || older.Recent[4].Race != f.races[0] || older.Next != "" {
		t.Errorf("got %d races, next %q, want the 5 oldest and no cursor", len(older.Recent), older.Next)
	}

	// Without an archive: ratings only.
	var bare playerPage
	if code := getJSON(t, f.noHist.URL+"/api/players/"+f.bob, &bare); code != 200 || len(bare.Ratings) != 1 || len(bare.Recent) != 0 {
		t.Errorf("got %d %+v, want bob's rating and no races", code, bare)
	}
}

func TestRatingHistoryAPI(t *testing.T) {
	f := newPlayersFixture(t)
	var h struct {
		Player, Profile string
		Points          []struct {
			At        time.Time `json:"at"`
			Rating    float64   `json:"rating"`
			Deviation float64   `json:"deviation"`
			Race      string    `json:"race"`
		} `json:"points"`
	}
	if code := getJSON(t, f.srv.URL+"/api/players/"+f.bob+"/history/bvs", &h); code != 200 {
		t.Fatalf("got %d, want 200", code)
	}
	if h.Player != f.bob || h.Profile != "bvs" || len(h.Points) != 10 {
		t.Fatalf("got %+v, want bob's 10 points under bvs", h)
	}
	for i, pt := range h.Points {
		if pt.Race != f.races[15+i] || (i > 0 && pt.Rating >= h.Points[i-1].Rating) {
			t.Errorf("point %d: got %+v, want race %s, oldest first, each loss lower", i, pt, f.races[15+i])
		}
	}
	var none struct{ Points []any }
	if code := getJSON(t, f.srv.URL+"/api/players/"+f.bob+"/history/spider-1", &none); code != 200 || none.Points == nil || len(none.Points) != 0 {
		t.Errorf("got %d %+v, want 200 and no points under a profile never played", code, none)
	}
}

func TestDayRacesAPI(t *testing.T) {
	f := newPlayersFixture(t)
	var seen []string
	url := f.srv.URL + "/api/races?profile=bvs&day=" + now.Format(time.DateOnly) + "&n=10"
	next := ""
	for range 5 {
		var page struct {
			Profile, Day string
			Races        []struct {
				Race       string    `json:"race"`
				FinishedAt time.Time `json:"finished_at"`
				Racers     int       `json:"racers"`
			} `json:"races"`
			Next string `json:"next"`
		}
		u := url
		if next != "" {
			u += "&cursor=" + next
		}
		if code := getJSON(t, u, &page); code != 200 {
			t.Fatalf("got %d, want 200", code)
		}
		for _, r := range page.Races {
			seen = append(seen, r.Race)
			if r.Racers != 2 {
				t.Errorf("got %+v, want 2 racers", r)
			}
		}
		if next = page.Next; next == "" {
			break
		}
	}
	if len(seen) != 25 || seen[0] != f.races[24] || seen[24] != f.races[0] {
		t.Errorf("got %d races (%v…), want all 25, most recent first", len(seen), seen[:min(len(seen), 2)])
	}
	var empty struct{ Races []any }
	if code := getJSON(t, f.srv.URL+"/api/races?profile=spider-1", &empty); code != 200 || empty.Races == nil || len(empty.Races) != 0 {
		t.Errorf("got %d %+v, want 200 and no races", code, empty)
	}
}

// Bad input gets the API's error and changes nothing.
func TestPlayersErrors(t *testing.T) {
	f := newPlayersFixture(t)
	for _, tc := range []struct {
		srv    *httptest.Server
		path   string
		status int
		code   string
	}{
		{f.srv, "/api/players/Ann", 400, "bad_player"},
		{f.srv, "/api/players/00000000000000AA", 400, "bad_player"},
		{f.srv, "/api/players/00000000000000cc", 404, "unknown_player"},
		{f.noHist, "/api/players/00000000000000cc", 404, "unknown_player"},
		{f.srv, "/api/players/00000000000000aa?cursor=zz", 400, "bad_cursor"},
		{f.srv, "/api/players/00000000000000aa?cursor=MTIz", 400, "bad_cursor"},
		{f.srv, "/api/players/00000000000000aa/history/nope", 404, "unknown_profile"},
		{f.srv, "/api/players/x/history/bvs", 400, "bad_player"},
		{f.noHist, "/api/players/00000000000000aa/history/bvs", 404, "history_unavailable"},
		{f.srv, "/api/players/00000000000000aa/x", 404, "not_found"},
		{f.srv, "/api/races?profile=nope", 400, "bad_profile"},
		{f.srv, "/api/races?profile=bvs&day=2026-13-01", 400, "bad_day"},
		{f.srv, "/api/races?profile=bvs&day=2099-01-01", 400, "bad_day"},
		{f.srv, "/api/races?profile=bvs&n=0", 400, "bad_n"},
		{f.srv, "/api/races?profile=bvs&cursor=%21", 400, "bad_cursor"},
		{f.noHist, "/api/races?profile=bvs", 404, "history_unavailable"},
	} {
		code, body := getBody(t, tc.srv.URL+tc.path)
		var e struct{ Code, Message string }
		if err := json.Unmarshal(body, &e); err != nil || code != tc.status || e.Code != tc.code || e.Message == "" {
			t.Errorf("%s: got %d %s, want %d %s", tc.path, code, body, tc.status, tc.code)
		}
	}
}

// getBody GETs url and returns the status and body.
func getBody(t *testing.T, url string) (int, []byte) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, b
}
