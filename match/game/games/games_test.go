package games_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/solitaire-race/racer/klondike"
	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/match/game/freecellgame"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/spider"
)

func TestLookup(t *testing.T) {
	for _, tt := range []struct{ profile, game string }{
		{"bvs", "klondike"}, {"relaxed-1", "klondike"}, {"spider-1", "spider"}, {"spider-4", "spider"},
		{"freecell", "freecell"}, {"freecell-2", "freecell"},
	} {
		v, err := games.Lookup(tt.profile)
		if err != nil || v.Game().Name() != tt.game || v.Profile() != tt.profile {
			t.Errorf("Lookup(%q): got %v, %v; want a %s variant", tt.profile, v, err, tt.game)
		}
	}
	_, err := games.Lookup("spider-3")
	for _, target := range []error{game.ErrUnknownProfile, klondike.ErrUnknownProfile, spider.ErrUnknownProfile} {
		if !errors.Is(err, target) {
			t.Errorf("Lookup(spider-3): got %v, want it to be %v", err, target)
		}
	}
}

func TestProfiles(t *testing.T) {
	want := slices.Concat(klondike.ProfileNames(), spider.ProfileNames(), freecellgame.Game{}.Profiles())
	if got := games.Profiles(); !slices.Equal(got, want) {
		t.Errorf("Profiles: got %v, want %v", got, want)
	}
	var names []string
	for _, g := range games.All.Games() {
		names = append(names, g.Name())
	}
	if !slices.Equal(names, []string{"klondike", "spider", "freecell"}) {
		t.Errorf("Games: got %v, want klondike, spider and freecell", names)
	}
}

func TestParseDeal(t *testing.T) {
	for _, profile := range []string{"bvs", "spider-2", "freecell-3"} {
		v, err := games.Lookup(profile)
		if err != nil {
			t.Fatal(err)
		}
		text := v.Deal(7)
		if d, err := v.Game().ParseDeal(text); err != nil || d != text {
			t.Errorf("%s: ParseDeal of its deal: got %q, %v; want the same text", profile, d, err)
		}
		if _, err := v.Game().ParseDeal("AS AS"); !errors.Is(err, game.ErrNotation) {
			t.Errorf("%s: ParseDeal(AS AS): got %v, want game.ErrNotation", profile, err)
		}
	}
}

func TestReplay(t *testing.T) {
	v, err := games.Lookup("relaxed-1")
	if err != nil {
		t.Fatal(err)
	}
	b, err := game.Replay(v, 9, []string{"D", "D", "D"})
	if err != nil || b.Counts().Actions != 3 {
		t.Fatalf("Replay of three draws: got %v; want 3 actions", err)
	}
	if _, err := game.Replay(v, 9, []string{"D", "zz"}); !errors.Is(err, game.ErrNotation) {
		t.Errorf("Replay with zz: got %v, want game.ErrNotation", err)
	}
}

// TestFeaturedProfiles checks that each game features some of its own
// profiles, its default first, and that every game's together fit a
// home page's eight quick-race choices.
func TestFeaturedProfiles(t *testing.T) {
	total := 0
	for _, g := range games.All.Games() {
		f := game.FeaturedProfiles(g)
		if len(f) == 0 || f[0] != g.DefaultProfile() {
			t.Errorf("%s: featured %v, want its default %s first", g.Name(), f, g.DefaultProfile())
		}
		for _, p := range f {
			if !slices.Contains(g.Profiles(), p) {
				t.Errorf("%s: featured %q is not one of its profiles", g.Name(), p)
			}
		}
		total += len(f)
	}
	if total > 8 {
		t.Errorf("featured profiles: got %d over every game, want at most 8", total)
	}
}

// TestCounters: each game declares at most game.MaxCounters counts of its
// own, at most one kept in results, each named by a key a progress frame
// has for nothing else.
func TestCounters(t *testing.T) {
	taken := map[string]bool{"racer": true, "seq": true, "foundations": true, "foundation": true, "turned_up": true,
		"actions": true, "status": true, "reached_at": true, "place": true, "player": true, "name": true, "ended_at": true}
	for _, g := range games.All.Games() {
		cs := g.Counters()
		finals := 0
		seen := map[string]bool{}
		for _, c := range cs {
			if c.Final {
				finals++
			}
			if c.Name == "" || taken[c.Name] || seen[c.Name] {
				t.Errorf("%s: counter %q: empty, taken or twice", g.Name(), c.Name)
			}
			seen[c.Name] = true
		}
		if len(cs) > game.MaxCounters || finals > 1 {
			t.Errorf("%s: %d counters, %d final; want at most %d and 1", g.Name(), len(cs), finals, game.MaxCounters)
		}
	}
}
