package main

import (
	"encoding/json"
	"testing"

	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/leaderboard"
	"github.com/solitaire-race/racer/match/matchtest"
)

func TestRated(t *testing.T) {
	r := &results{isBot: leaderboard.IsBotID}
	ann, bob, bot := match.Racer{ID: "p_ann"}, match.Racer{ID: "p_bob"}, match.Racer{ID: "bot:1"}
	for _, c := range []struct {
		name string
		race match.Race
		want bool
	}{
		{"quick, two humans", match.Race{ID: "r1", Racers: []match.Racer{ann, bob}}, true},
		{"room, humans", match.Race{ID: "r2", Room: "ABCDEF", Racers: []match.Racer{ann, bob}}, true},
		{"quick against a bot", match.Race{ID: "r3", Racers: []match.Racer{ann, bot}}, false},
		{"room with a bot", match.Race{ID: "r4", Room: "ABCDEF", Racers: []match.Racer{ann, bob, bot}}, false},
	} {
		if got := r.rated(c.race); got != c.want {
			t.Errorf("%s: rated %v, want %v", c.name, got, c.want)
		}
	}
}

// TestDailySameOnEveryNode: nodes sharing -secret deal the same daily
// challenge, each from its own memory.
func TestDailySameOnEveryNode(t *testing.T) {
	args := []string{"-secret", "shared-secret-0123456789"}
	var commitments []string
	for range 2 {
		base := startNode(t, args...)
		code, body := get(t, base+"api/daily/bvs")
		if code != 200 {
			t.Fatalf("GET /api/daily/bvs = %d %s", code, body)
		}
		var d struct {
			Commitment string `json:"commitment"`
		}
		if err := json.Unmarshal([]byte(body), &d); err != nil || d.Commitment == "" {
			t.Fatalf("daily %s: %v", body, err)
		}
		commitments = append(commitments, d.Commitment)
	}
	if commitments[0] != commitments[1] {
		t.Errorf("commitments %q, want one challenge on both nodes", commitments)
	}
}

// TestCheckWinnable: the daily challenge's checker proves deals of either
// game with that game's solver.
func TestCheckWinnable(t *testing.T) {
	seed, _ := matchtest.WinnableSpider("spider-1")
	kseed, _ := matchtest.Winnable("bvs")
	for _, tt := range []struct {
		profile string
		seed    uint64
	}{{"spider-1", seed}, {"bvs", kseed}} {
		ok, err := checkWinnable(t.Context(), tt.seed, tt.profile)
		if err != nil || !ok {
			t.Errorf("%s seed %d: got %v, %v; want proven winnable", tt.profile, tt.seed, ok, err)
		}
	}
	if _, err := checkWinnable(t.Context(), 1, "spider-3"); err == nil {
		t.Error("unknown profile: got no error")
	}
}
