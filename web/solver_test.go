package web

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/solitaire-race/racer/klondike"
)

func TestPracticeSolver(t *testing.T) {
	ts := newTestServer(t, Config{})
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
