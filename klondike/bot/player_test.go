package bot

import (
	"testing"

	"github.com/solitaire-race/racer/klondike"
)

// playerLevels are the levels for people, weakest first.
var playerLevels = []Level{Relaxed, Steady, Strong}

// TestNeverStopsWhileProgress plays whole games on the engine alone, with
// no stuck detection to end them, at the levels for people, under every
// profile: the bot stops only in a stuck position (no sequence of legal
// moves brings a card home or turns one up, docs/RULES.md), so it never
// gives up a game a person could still take further; until then each of
// its moves is legal, draws and recycles included.
func TestNeverStopsWhileProgress(t *testing.T) {
	games, levels, names := uint64(4), playerLevels, klondike.ProfileNames()
	if testing.Short() {
		games, levels, names = 1, shortLevels(levels), shortProfiles(t, names)
	}
	for _, name := range names {
		r := profile(t, name)
		for _, l := range levels {
			for seed := uint64(1); seed <= games; seed++ {
				s := klondike.MustNew(klondike.NewDeal(seed), r)
				p := New(ConfigFor(testConfig(l), r))
				for !s.Won() {
					m, ok := p.Next(s.View())
					if !ok {
						if !s.Stuck() {
							t.Fatalf("%s, %s, seed %d: the bot stopped after %d actions in a position that is not stuck:\n%v",
								name, l, seed, s.Actions(), s.View())
						}
						break
					}
					if err := s.Apply(m); err != nil {
						t.Fatalf("%s, %s, seed %d: %v", name, l, seed, err)
					}
					if s.Actions() > 3*maxActions {
						t.Fatalf("%s, %s, seed %d: still playing after %d actions", name, l, seed, s.Actions())
					}
				}
			}
		}
	}
}
