package web

import (
	"encoding/json"
	"testing"

	"github.com/solitaire-race/racer/klondike"
)

func TestPracticeSolver(t *testing.T) {
	ts := newTestServer(t, Config{})
	status, body := post(t, ts, `{"rules":"windows-1","seed":"2","want":"hint"}`)
	var r practiceResponse
	if err := json.Unmarshal(body, &r); err != nil || status != 200 {
		t.Fatalf("hint: status %d, %v: %s", status, err, body)
	}
	st := klondike.MustNew(klondike.NewDeal(2), func() klondike.Rules { r, _ := klondike.Profile("windows-1"); return r }())
	m, err := klondike.ParseMove(r.Hint)
	if err != nil || !st.Legal(m) || r.Verdict != "won" {
		t.Fatalf("hint %q verdict %q: want a legal move and won", r.Hint, r.Verdict)
	}
	status, body = post(t, ts, `{"rules":"windows-1","seed":"2","want":"solve"}`)
	r = practiceResponse{}
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
