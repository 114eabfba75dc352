package hub

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/solitaire-race/racer/hub/lobby"
	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/game/games"
)

// goldenField returns field of the golden message file name of package
// wire, compacted.
func goldenField(t *testing.T, name, field string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("wire", "testdata", name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := json.Compact(&out, m[field]); err != nil {
		t.Fatalf("%s.json has no %s: %v", name, field, err)
	}
	return out.Bytes()
}

// TestFramesMatchGolden checks that the race information and room the
// hub builds from match's and lobby's values are those of the protocol's
// golden files.
func TestFramesMatchGolden(t *testing.T) {
	t.Parallel()
	r := match.Race{
		ID: "5f1c0a9e2b7d4c3a81", Profile: "bvs", Seed: 42, Nonce: bytes.Repeat([]byte{0xab}, 32),
		Commitment: "624aec8209360fb0422ffb9989f480bd70b78a7034abaa1523b6e29f1932bd21",
		Racers:     []match.Racer{{ID: "a1b2c3d4e5f60718", Name: "Ann"}, {ID: "0f1e2d3c4b5a6978", Name: "Bob"}},
		Countdown:  3 * time.Second, TimeLimit: 15 * time.Minute, SpectatorDelay: 20 * time.Second,
		CreatedAt: time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC), StartAt: time.Date(2026, 11, 30, 12, 0, 3, 0, time.UTC),
		// Two guests: the hub makes their race casual (decideRated), so
		// its information has no "rated".
		Unrated: true,
	}
	spider := r
	spider.Profile, spider.Seed = "spider-1", 1
	spider.Commitment = "0c5e4b1f4a7d2e9b8c3a6f1d0e2b4c6a8d9f1e3b5a7c9d2e4f6a8b0c1d3e5f7a"
	room := lobby.Room{Code: "K7QX2M", Host: "a1b2c3d4e5f60718", Profile: "classic", Members: r.Racers, Max: 4, TimeLimit: 10 * time.Minute, SpectatorDelay: 20 * time.Second}
	tests := []struct {
		file, field string
		v           any
	}{
		{"race", "race", raceInfo(games.All, r)},
		{"watching", "race", raceInfo(games.All, r)},
		{"spider_race", "race", raceInfo(games.All, spider)},
		{"room", "room", wireRoom(room)},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			got, err := json.Marshal(tc.v)
			if err != nil {
				t.Fatal(err)
			}
			if want := goldenField(t, tc.file, tc.field); !bytes.Equal(got, want) {
				t.Errorf("got  %s\nwant %s", got, want)
			}
		})
	}
}

// TestDefaultGame checks that the game a race's information leaves out
// is the one the protocol reads for an absent game.
func TestDefaultGame(t *testing.T) {
	t.Parallel()
	if got, want := match.Game(games.All.Default().Name()), wire.DefaultGame; got != want {
		t.Errorf("match.Game(games.All.Default().Name()) = %q, wire.DefaultGame = %q", got, want)
	}
}

// TestWelcomeProfilesMatchGolden checks that the profiles the hub offers
// in welcome are those of the golden welcome.
func TestWelcomeProfilesMatchGolden(t *testing.T) {
	t.Parallel()
	got, err := json.Marshal(games.Profiles())
	if err != nil {
		t.Fatal(err)
	}
	if want := goldenField(t, "welcome", "profiles"); !bytes.Equal(got, want) {
		t.Errorf("games.Profiles() %s, want the golden welcome's %s", got, want)
	}
}
