package web

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/match/leaderboard"
	"github.com/solitaire-race/racer/web/api"
)

// apiAnswer is what a test reads of an HTTP answer.
type apiAnswer struct {
	status int
	header http.Header
	body   []byte
}

func do(t *testing.T, method, url string) apiAnswer {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), method, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	c := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return apiAnswer{res.StatusCode, res.Header, body}
}

// TestUnknownAPIPaths: every path under /api/ that no route serves gets
// the API's JSON error, 404 or 405 with Allow, with or without a hub and
// an API mounted; other paths keep Go's answers.
func TestUnknownAPIPaths(t *testing.T) {
	h, err := hub.New(hub.Config{Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	a, err := api.New(api.Config{Boards: leaderboard.NewMemoryStore(), Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		method, path string
		status       int
		code, allow  string
	}{
		{"GET", "/api/nothing", 404, "not_found", ""},
		{"GET", "/api/", 404, "not_found", ""},
		{"GET", "/api/leaderboard", 404, "not_found", ""},
		{"GET", "/api/leaderboard/", 404, "not_found", ""},
		{"GET", "/api/leaderboard/bvs", 404, "not_found", ""},
		{"GET", "/api/rating/bvs", 404, "not_found", ""},
		{"GET", "/api/rating/bvs/0123456789abcdef/x", 404, "not_found", ""},
		{"GET", "/api/daily", 404, "not_found", ""},
		{"GET", "/api/races/x", 404, "not_found", ""},
		{"GET", "/api/web", 404, "not_found", ""},
		{"POST", "/api/nothing", 404, "not_found", ""},
		{"POST", "/api/races", 405, "method_not_allowed", "GET, HEAD"},
		{"DELETE", "/api/races", 405, "method_not_allowed", "GET, HEAD"},
		{"PUT", "/api/leaderboard/bvs/wins", 405, "method_not_allowed", "GET, HEAD"},
		{"POST", "/api/rating/bvs/0123456789abcdef", 405, "method_not_allowed", "GET, HEAD"},
		{"DELETE", "/api/replay/r1", 405, "method_not_allowed", "GET, HEAD"},
		{"POST", "/api/daily/bvs", 405, "method_not_allowed", "GET, HEAD"},
		{"POST", "/api/web/config", 405, "method_not_allowed", "GET, HEAD"},
		{"GET", "/api/practice", 405, "method_not_allowed", "POST"},
		{"GET", "/api/rating/bvs/%3Cb%3E", 400, "bad_player", ""},
	}
	for _, cfg := range []struct {
		name string
		cfg  Config
	}{{"mounted", Config{Hub: h.Handler(), API: a}}, {"alone", Config{}}} {
		ts := newTestServer(t, cfg.cfg)
		for _, tt := range tests {
			status, code, allow := tt.status, tt.code, tt.allow
			if cfg.cfg.API == nil && (strings.HasPrefix(tt.path, "/api/races") || tt.code == "bad_player" ||
				strings.HasPrefix(tt.path, "/api/leaderboard/") || strings.HasPrefix(tt.path, "/api/rating/") ||
				strings.HasPrefix(tt.path, "/api/replay/") || strings.HasPrefix(tt.path, "/api/daily/")) {
				status, code, allow = 404, "not_found", "" // neither hub nor API: none of their routes exist
			}
			got := do(t, tt.method, ts.URL+tt.path)
			var e struct{ Code, Message string }
			if err := json.Unmarshal(got.body, &e); err != nil || got.status != status || e.Code != code || e.Message == "" {
				t.Errorf("%s %s %s: got %d %q, want %d with the JSON error %s", cfg.name, tt.method, tt.path, got.status, got.body, status, code)
			}
			if ct := got.header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
				t.Errorf("%s %s %s: got Content-Type %q, want JSON", cfg.name, tt.method, tt.path, ct)
			}
			if a := got.header.Get("Allow"); a != allow {
				t.Errorf("%s %s %s: got Allow %q, want %q", cfg.name, tt.method, tt.path, a, allow)
			}
		}
	}

	// Outside /api/, Go's answers stay.
	ts := newTestServer(t, Config{Hub: h.Handler(), API: a})
	for _, tt := range []struct {
		method, path string
		status       int
	}{{"GET", "/nothing", 404}, {"GET", "/apix", 404}, {"POST", "/", 405}} {
		if got := do(t, tt.method, ts.URL+tt.path); got.status != tt.status || strings.HasPrefix(got.header.Get("Content-Type"), "application/json") {
			t.Errorf("%s %s: got %d %q, want %d as before", tt.method, tt.path, got.status, got.header.Get("Content-Type"), tt.status)
		}
	}
	if got := do(t, "GET", ts.URL+"/api/races"); got.status != 200 || !strings.HasPrefix(got.header.Get("Content-Type"), "application/json") {
		t.Errorf("GET /api/races: got %d %q, want the hub's listing", got.status, got.body)
	}
	// Naming a profile asks the API for the archived races of a day.
	if got := do(t, "GET", ts.URL+"/api/races?profile=nope"); got.status != 400 || !strings.Contains(string(got.body), `"bad_profile"`) {
		t.Errorf("GET /api/races?profile=nope: got %d %q, want the API's 400 bad_profile", got.status, got.body)
	}
}

// TestPageNotFound: a GET of a path that is no page gets the page shell
// with status 404 (the client shows "page not found" and the way home);
// the how-to pages exist for the server's games only; /api/ keeps its
// JSON 404.
func TestPageNotFound(t *testing.T) {
	ts := newTestServer(t, Config{})
	for _, tt := range []struct {
		path   string
		status int
	}{
		{"/nothing", 404},
		{"/practice/x", 404},
		{"/how/klondike", 200},
		{"/how/spider", 200},
		{"/how/chess", 404},
		{"/how/", 404},
		{"/", 200},
	} {
		got := do(t, "GET", ts.URL+tt.path)
		if got.status != tt.status || !strings.HasPrefix(got.header.Get("Content-Type"), "text/html") || !strings.Contains(string(got.body), `src="/static/app.js"`) {
			t.Errorf("GET %s: got %d %q, want %d and the page shell", tt.path, got.status, got.header.Get("Content-Type"), tt.status)
		}
		if got.header.Get("Content-Security-Policy") == "" {
			t.Errorf("GET %s: no Content-Security-Policy", tt.path)
		}
	}
	if got := do(t, "HEAD", ts.URL+"/nothing"); got.status != 404 || len(got.body) != 0 {
		t.Errorf("HEAD /nothing: got %d with %d bytes, want 404 and no body", got.status, len(got.body))
	}
	got := do(t, "GET", ts.URL+"/api/nothing")
	var e struct{ Code string }
	if err := json.Unmarshal(got.body, &e); err != nil || got.status != 404 || e.Code != "not_found" {
		t.Errorf("GET /api/nothing: got %d %q, want the JSON not_found", got.status, got.body)
	}
}
