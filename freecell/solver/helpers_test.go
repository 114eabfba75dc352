package solver

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/solitaire-race/racer/freecell"
	"github.com/solitaire-race/racer/internal/enginetest"
)

// mustProfile returns the named profile.
func mustProfile(t testing.TB, name string) freecell.Rules {
	t.Helper()
	return enginetest.Named(t, name, freecell.Profile)
}

// deal returns the position at the deal of seed under the named profile.
func deal(t testing.TB, profile string, seed uint64) freecell.State {
	t.Helper()
	return freecell.MustNew(freecell.NewDeal(seed), mustProfile(t, profile))
}

// replays reports whether line, played from s through the engine, wins.
func replays(s freecell.State, line []freecell.Move) bool {
	for _, m := range line {
		if s.Apply(m) != nil {
			return false
		}
	}
	return s.Won()
}

// endgame returns a random position of a whole game with few cards left:
// each foundation holds a random number of cards from lo up; the other
// cards lie in a random order, dealt round the cascades so that as many
// as possible hold a card, each cascade sorted with its lowest card at
// the bottom when buried is set (the cards a suit needs next lie under
// higher ones), and the first cells of the rules hold the last cards.
// Such positions are small enough for the reference search, and buried
// ones with few free cells often lost.
func endgame(rng *rand.Rand, rules freecell.Rules, lo int, buried bool, cells int) freecell.State {
	for {
		var home [freecell.NumSuits]int
		var rest []freecell.Card
		for su := range freecell.Suit(freecell.NumSuits) {
			home[su] = lo + rng.IntN(14-lo)
			for r := home[su] + 1; r <= 13; r++ {
				rest = append(rest, freecell.NewCard(freecell.Rank(r), su))
			}
		}
		rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
		inCells := rest[:min(cells, rules.Cells, len(rest))]
		rest = rest[len(inCells):]
		var cols [freecell.NumCascades][]freecell.Card
		for i, c := range rest {
			cols[i%freecell.NumCascades] = append(cols[i%freecell.NumCascades], c)
		}
		if buried {
			for _, col := range cols {
				slices.SortFunc(col, func(a, b freecell.Card) int { return int(a.Rank()) - int(b.Rank()) })
			}
		}
		s, err := freecell.NewPosition(rules, cols, inCells, home)
		if err == nil && !s.Won() {
			return s
		}
	}
}
