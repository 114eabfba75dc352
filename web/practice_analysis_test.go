package web

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/solitaire-race/racer/match/analysis"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/replay"
)

// thrownMoves are thrownAway's moves: neither won nor stuck at the end.
var thrownMoves = strings.Fields(thrownAway)

func postAnalysis(t *testing.T, ts *httptest.Server, body any) (int, map[string]any) {
	t.Helper()
	b, _ := json.Marshal(body)
	res, err := http.Post(ts.URL+"/api/practice/analysis", "application/json", strings.NewReader(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var m map[string]any
	if err := json.NewDecoder(res.Body).Decode(&m); err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, m
}

func getAnalysis(t *testing.T, ts *httptest.Server, id string) (int, map[string]any) {
	t.Helper()
	res, err := http.Get(ts.URL + "/api/practice/analysis/" + id)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	return res.StatusCode, m
}

// A practice game that ends is analysed by the analysis pool's workers,
// off the request, and its analysis is read back by ID; one in progress
// is refused.
func TestPracticeAnalysis(t *testing.T) {
	pool, err := analysis.New(analysis.Config{Store: replay.NewMemoryStore(), Lookup: games.Lookup})
	if err != nil {
		t.Fatal(err)
	}
	ts := newTestServer(t, Config{AnalyzePractice: pool.EnqueueGame})

	// In progress: no analysis.
	game := map[string]any{"rules": "relaxed-3", "seed": "2", "moves": thrownMoves[:5]}
	if code, m := postAnalysis(t, ts, game); code != 409 || m["code"] != "game_in_progress" {
		t.Errorf("a game in progress: got %d %v, want 409 game_in_progress", code, m)
	}
	// Untrusted input: the practice API's checks.
	for name, body := range map[string]any{
		"illegal move": map[string]any{"rules": "relaxed-3", "seed": "2", "moves": []string{"1-F"}, "stop": true},
		"no seed":      map[string]any{"rules": "relaxed-3", "stop": true},
		"want":         map[string]any{"rules": "relaxed-3", "seed": "2", "stop": true, "want": "hint"},
		"viewsFrom":    map[string]any{"rules": "relaxed-3", "seed": "2", "stop": true, "viewsFrom": 0},
		"unknown":      map[string]any{"rules": "relaxed-3", "seed": "2", "stop": true, "peek": true},
	} {
		if code, m := postAnalysis(t, ts, body); code != 400 {
			t.Errorf("%s: got %d %v, want 400", name, code, m)
		}
	}
	for _, id := range []string{"nope", strings.Repeat("A", 24), strings.Repeat("0", 24)} {
		code, m := getAnalysis(t, ts, id)
		if want := map[bool]int{true: 404, false: 400}[id == strings.Repeat("0", 24)]; code != want {
			t.Errorf("GET %s: got %d %v, want %d", id, code, m, want)
		}
	}

	// Stopped, with an undo on the way: the line played is analysed.
	actions := append(append([]string{}, thrownMoves[:3]...), "undo", "redo")
	actions = append(actions, thrownMoves[3:]...)
	stopped := map[string]any{"rules": "relaxed-3", "seed": "2", "moves": actions, "undo": true, "stop": true}
	code, m := postAnalysis(t, ts, stopped)
	if code != 202 || m["status"] != "pending" {
		t.Fatalf("a stopped game: got %d %v, want 202 pending", code, m)
	}
	id := m["id"].(string)
	if code, m := getAnalysis(t, ts, id); code != 200 || m["status"] != "pending" {
		t.Errorf("before the workers run: got %d %v, want pending", code, m)
	}
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error)
	go func() { done <- pool.Run(ctx) }()
	<-pool.Idle()
	cancel()
	<-done
	code, m = getAnalysis(t, ts, id)
	if code != 200 || m["status"] != "done" || m["first_lost"] != 11.0 || len(m["verdicts"].([]any)) != len(thrownMoves)+1 ||
		len(m["moves"].([]any)) != len(thrownMoves) || m["profile"] != "relaxed-3" || m["seed"] != "2" {
		t.Errorf("analysed: got %d %v, want done, move 11 lost it", code, m)
	}
}

// The server holds at most Config.PracticeAnalyses games: past it, the
// oldest one no longer pending goes; when all are pending, a new one is
// refused. A game the pool's full queue drops says so.
func TestPracticeAnalysisBounded(t *testing.T) {
	game := map[string]any{"rules": "relaxed-3", "seed": "2", "moves": thrownMoves[:2], "stop": true}
	post := func(ts *httptest.Server) string {
		t.Helper()
		code, m := postAnalysis(t, ts, game)
		if code != 202 {
			t.Fatalf("got %d %v, want 202", code, m)
		}
		return m["id"].(string)
	}
	t.Run("Dropped", func(t *testing.T) {
		pool, _ := analysis.New(analysis.Config{Store: replay.NewMemoryStore(), Lookup: games.Lookup, Queue: 1})
		ts := newTestServer(t, Config{AnalyzePractice: pool.EnqueueGame})
		first := post(ts)
		post(ts)
		if _, m := getAnalysis(t, ts, first); m["status"] != "dropped" {
			t.Errorf("the first game, pushed out of a queue of one: got %v, want dropped", m)
		}
	})
	t.Run("Full", func(t *testing.T) {
		pool, _ := analysis.New(analysis.Config{Store: replay.NewMemoryStore(), Lookup: games.Lookup})
		ts := newTestServer(t, Config{AnalyzePractice: pool.EnqueueGame, PracticeAnalyses: 2})
		first := post(ts)
		post(ts)
		if code, m := postAnalysis(t, ts, game); code != 503 || m["code"] != "analysis_busy" {
			t.Errorf("two pending of two: got %d %v, want 503 analysis_busy", code, m)
		}
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan error)
		go func() { done <- pool.Run(ctx) }()
		<-pool.Idle()
		cancel()
		<-done
		post(ts) // the first, analysed, makes room
		if code, _ := getAnalysis(t, ts, first); code != 404 {
			t.Errorf("the oldest analysed game: got %d, want 404 (let go)", code)
		}
		if n := len(ts.Config.Handler.(*Server).analyses.entries); n != 2 {
			t.Errorf("the server holds %d games, want 2", n)
		}
	})
	t.Run("PerClient", func(t *testing.T) {
		// A client with as many games waiting as one may is told to wait,
		// and the server holds nothing for the refused game; another
		// client is not held back.
		pool, _ := analysis.New(analysis.Config{Store: replay.NewMemoryStore(), Lookup: games.Lookup, PerClient: 2})
		client := "198.51.100.7"
		ts := newTestServer(t, Config{AnalyzePractice: pool.EnqueueGame, Client: func(*http.Request) string { return client }})
		post(ts)
		post(ts)
		code, m := postAnalysis(t, ts, game)
		if code != 429 || m["code"] != "too_many_analyses" {
			t.Errorf("a third game of a client allowed two: got %d %v, want 429 too_many_analyses", code, m)
		}
		if n := len(ts.Config.Handler.(*Server).analyses.entries); n != 2 {
			t.Errorf("the server holds %d games, want the two queued", n)
		}
		client = "203.0.113.9"
		post(ts)
	})
}

func TestPracticeAnalysisUnavailable(t *testing.T) {
	ts := newTestServer(t, Config{})
	game := map[string]any{"rules": "relaxed-3", "seed": "2", "stop": true}
	if code, m := postAnalysis(t, ts, game); code != 404 || m["code"] != "analysis_unavailable" {
		t.Errorf("got %d %v, want 404 analysis_unavailable", code, m)
	}
}
