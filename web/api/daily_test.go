package api_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/solitaire-race/racer/match/daily"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/leaderboard"
	"github.com/solitaire-race/racer/web/api"
)

// TestDailyNeverWaitsForTheSearch: on a fresh API whose daily search is
// slow (blocked until the test releases it), GET /api/daily/{profile}
// answers at once, 503 daily_preparing with Retry-After, and 200 once the
// search it started in the background is done.
func TestDailyNeverWaitsForTheSearch(t *testing.T) {
	started := make(chan string, 16)
	release := make(chan struct{})
	boards := leaderboard.NewMemoryStore()
	d, err := daily.New(daily.Config{Games: games.All, Secret: []byte("a test secret of at least 16 bytes"), Store: boards, Clock: clock,
		Checker: func(ctx context.Context, _ uint64, profile string) (bool, error) {
			started <- profile
			select {
			case <-release:
				return true, nil
			case <-ctx.Done():
				return false, ctx.Err()
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	h, err := api.New(api.Config{Boards: boards, Daily: d, Clock: clock})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	t.Cleanup(func() {
		select {
		case <-release:
		default:
			close(release) // a failed test's search ends with it
		}
	})

	for _, p := range []string{"spider-4-std", "bvs"} {
		for i := range 2 {
			status, code, retry := getDaily(t, srv, p)
			if status != http.StatusServiceUnavailable || code != "daily_preparing" || retry != "1" {
				t.Fatalf("%s, request %d during the search: got %d %q Retry-After %q, want 503 daily_preparing Retry-After 1", p, i+1, status, code, retry)
			}
		}
	}
	<-started // one search runs, the other waits its turn
	close(release)
	for _, p := range []string{"spider-4-std", "bvs"} {
		if _, err := d.Challenge(t.Context(), p, "2026-11-30"); err != nil { // waits for the search
			t.Fatal(err)
		}
		status, code, _ := getDaily(t, srv, p)
		if status != http.StatusOK {
			t.Errorf("%s once searched: got %d %q, want 200", p, status, code)
		}
	}
	if n := len(started); n != 1 { // the second profile's; the first's was read above
		t.Errorf("got %d more searches, want 1: one per profile and day however often asked", n)
	}
}

// getDaily GETs /api/daily/{profile} and returns its status, the error
// code of its body and its Retry-After; it fails the test when no answer
// comes within 5 s, as it would if the request waited for the search.
func getDaily(t *testing.T, srv *httptest.Server, profile string) (status int, code, retryAfter string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, "GET", srv.URL+"/api/daily/"+profile, nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatalf("GET /api/daily/%s: %v (the request waited for the search)", profile, err)
	}
	defer resp.Body.Close()
	var body struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
		t.Fatalf("GET /api/daily/%s: %v", profile, err)
	}
	if resp.StatusCode != http.StatusOK && body.Message == "" {
		t.Errorf("GET /api/daily/%s: got %d with no message", profile, resp.StatusCode)
	}
	return resp.StatusCode, body.Code, resp.Header.Get("Retry-After")
}
