package web

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/solitaire-race/racer/klondike"
	"github.com/solitaire-race/racer/match/game"
)

func TestPracticeSolver(t *testing.T) {
	ts := newTestServer(t, Config{SolverWait: time.Minute}) // the answer, not the wait
	status, body := post(t, ts, `{"rules":"windows-1","seed":"2","want":"hint"}`)
	var r klondikeAnswer
	if err := json.Unmarshal(body, &r); err != nil || status != 200 {
		t.Fatalf("hint: status %d, %v: %s", status, err, body)
	}
	st := klondike.MustNew(klondike.NewDeal(2), func() klondike.Rules { r, _ := klondike.Profile("windows-1"); return r }())
	m, err := klondike.ParseMove(r.Hint)
	if err != nil || !st.Legal(m) || r.Verdict != "won" {
		t.Fatalf("hint %q verdict %q: want a legal move and won", r.Hint, r.Verdict)
	}
	status, body = post(t, ts, `{"rules":"windows-1","seed":"2","want":"solve"}`)
	r = klondikeAnswer{}
	if err := json.Unmarshal(body, &r); err != nil || status != 200 {
		t.Fatalf("solve: status %d, %v: %s", status, err, body)
	}
	for _, s := range r.Solution {
		m, err := klondike.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := st.Apply(m); err != nil {
			t.Fatalf("solution move %s: %v", s, err)
		}
	}
	if !st.Won() {
		t.Errorf("the solution of %d moves does not win", len(r.Solution))
	}
}

func TestPracticeSolverBusy(t *testing.T) {
	s, err := New(Config{Solvers: 1})
	if err != nil {
		t.Fatal(err)
	}
	s.solveSem <- struct{}{} // a search is running
	ts := httptest.NewServer(s)
	defer ts.Close()
	status, body := post(t, ts, `{"rules":"windows-1","seed":"2","want":"hint"}`)
	if status != http.StatusServiceUnavailable || !strings.Contains(string(body), `"solver_busy"`) {
		t.Errorf("status %d body %s, want 503 solver_busy", status, body)
	}
	// Without want, practice does not wait for the solver.
	if status, body := post(t, ts, `{"rules":"windows-1","seed":"2"}`); status != http.StatusOK {
		t.Errorf("plain request: status %d body %s, want 200", status, body)
	}
}

// TestPracticeSolverWorking: a hint whose search outlasts SolverWait
// answers 503 solver_working with Retry-After and no second search; the
// search goes on, holding the solver (others get solver_busy), and the
// same request sent once it is done gets its answer.
func TestPracticeSolverWorking(t *testing.T) {
	s, err := New(Config{Solvers: 1, SolverWait: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	release := make(chan struct{})
	var calls atomic.Int32
	s.solve = func(_ context.Context, _ game.Practice, want string) (string, []string, game.Verdict) {
		calls.Add(1)
		<-release
		return "W-3", nil, game.VerdictWon
	}
	ts := httptest.NewServer(s)
	t.Cleanup(ts.Close)
	t.Cleanup(func() {
		select {
		case <-release:
		default:
			close(release)
		}
	})
	// The client resends the same game; only the playing time differs.
	const hint = `{"rules":"windows-1","seed":"2","want":"hint","elapsedMs":%d}`
	for i := range 2 {
		res, body := postRes(t, ts, fmt.Sprintf(hint, 1000*i))
		if res.StatusCode != http.StatusServiceUnavailable || !strings.Contains(string(body), `"solver_working"`) || res.Header.Get("Retry-After") != "1" {
			t.Fatalf("request %d during the search: got %d %s Retry-After %q, want 503 solver_working, Retry-After 1",
				i+1, res.StatusCode, body, res.Header.Get("Retry-After"))
		}
	}
	if res, body := postRes(t, ts, `{"rules":"windows-1","seed":"3","want":"hint"}`); res.StatusCode != http.StatusServiceUnavailable || !strings.Contains(string(body), `"solver_busy"`) {
		t.Errorf("another game's hint during the search: got %d %s, want 503 solver_busy", res.StatusCode, body)
	}
	close(release)
	s.searches.mu.Lock()
	var done []chan struct{}
	for _, e := range s.searches.m {
		done = append(done, e.done)
	}
	s.searches.mu.Unlock()
	if len(done) != 1 {
		t.Fatalf("got %d searches kept, want 1", len(done))
	}
	<-done[0]
	res, body := postRes(t, ts, fmt.Sprintf(hint, 5000))
	var r klondikeAnswer
	if err := json.Unmarshal(body, &r); err != nil || res.StatusCode != http.StatusOK || r.Hint != "W-3" || r.Verdict != "won" {
		t.Fatalf("the same request after the search: got %d %s, want 200 with hint W-3, won", res.StatusCode, body)
	}
	if n := calls.Load(); n != 1 {
		t.Errorf("got %d searches, want 1", n)
	}
	s.searches.mu.Lock()
	kept := len(s.searches.m)
	s.searches.mu.Unlock()
	if kept != 0 {
		t.Errorf("got %d searches kept after the answer, want 0", kept)
	}
}

// postRes sends body to the practice API and returns the response (its
// body read) and the body.
func postRes(t *testing.T, ts *httptest.Server, body string) (*http.Response, []byte) {
	t.Helper()
	res, err := http.Post(ts.URL+"/api/practice", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, b
}
