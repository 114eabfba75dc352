package web

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"testing"
)

// GET /api/practice/deal deals a proven seed when DealPractice has one,
// and a random one, not checked, when it has none, fails or is missing.
func TestPracticeDeal(t *testing.T) {
	proven := func(ctx context.Context, profile string) (uint64, bool, error) {
		if profile == "spider-4" {
			return 0, false, nil // none ready
		}
		if profile == "classic" {
			return 0, false, errors.New("pool unreachable")
		}
		return 77, true, nil
	}
	for _, tt := range []struct {
		name    string
		deal    func(context.Context, string) (uint64, bool, error)
		rules   string
		checked bool
		seed    string // "" for any
	}{
		{"proven", proven, "bvs", true, "77"},
		{"none ready", proven, "spider-4", false, ""},
		{"pool error", proven, "classic", false, ""},
		{"no pool", nil, "spider-1", false, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ts := newTestServer(t, Config{DealPractice: tt.deal})
			a := do(t, "GET", ts.URL+"/api/practice/deal?rules="+tt.rules)
			if a.status != http.StatusOK {
				t.Fatalf("status %d (%s), want 200", a.status, a.body)
			}
			var d practiceDeal
			if err := json.Unmarshal(a.body, &d); err != nil {
				t.Fatal(err)
			}
			if d.Rules != tt.rules || d.Checked != tt.checked || d.Seed == "" || (tt.seed != "" && d.Seed != tt.seed) {
				t.Errorf("got %+v, want rules %s, checked %v, seed %q", d, tt.rules, tt.checked, tt.seed)
			}
		})
	}
	ts := newTestServer(t, Config{})
	for _, q := range []string{"", "?rules=nope"} {
		if a := do(t, "GET", ts.URL+"/api/practice/deal"+q); a.status != http.StatusBadRequest || !json.Valid(a.body) {
			t.Errorf("%q: status %d (%s), want 400 bad_rules", q, a.status, a.body)
		}
	}
	if a := do(t, "POST", ts.URL+"/api/practice/deal?rules=bvs"); a.status != http.StatusMethodNotAllowed {
		t.Errorf("POST: status %d, want 405", a.status)
	}
}
