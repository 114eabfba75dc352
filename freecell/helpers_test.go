package freecell

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/solitaire-race/racer/internal/enginetest"
)

// engine describes the engine to the shared checks of enginetest.
var engine = enginetest.Engine[State, Move, *State]{
	Moves:       (*State).AppendMoves,
	ParseMove:   ParseMove,
	Invariants:  invariantError,
	IllegalMove: enginetest.AsIllegal(ErrIllegalMove, func(e *IllegalMoveError) (Move, string) { return e.Move, e.Reason }),
	Pick:        randomMove,
}

// allProfiles returns every named profile, sorted by name.
func allProfiles(t testing.TB) []Rules {
	t.Helper()
	return enginetest.Profiles(t, ProfileNames(), Profile)
}

// invariantError says what is wrong with s, or "" when it is a position
// the rules can reach: the 52 cards each once across cascades, free cells
// and foundations; no card in a free cell the rules do not have; no
// cascade longer than its room.
func invariantError(s *State) string {
	var seen [NumCards]bool
	n := 0
	add := func(c Card, where string) string {
		if !c.Valid() {
			return fmt.Sprintf("%s holds invalid card %d", where, c)
		}
		if seen[c] {
			return fmt.Sprintf("%s holds %s, which is already in play", where, c)
		}
		seen[c] = true
		n++
		return ""
	}
	for i := range s.cols {
		col := &s.cols[i]
		if col.n > maxCascade {
			return fmt.Sprintf("cascade %d holds %d cards", i+1, col.n)
		}
		for _, c := range col.cards[:col.n] {
			if why := add(c, fmt.Sprintf("cascade %d", i+1)); why != "" {
				return why
			}
		}
	}
	for i, c := range s.cells {
		if c == NoCard {
			continue
		}
		if i >= s.rules.Cells {
			return fmt.Sprintf("free cell %d of %d holds %s", i+1, s.rules.Cells, c)
		}
		if why := add(c, fmt.Sprintf("free cell %s", CellPlace(i))); why != "" {
			return why
		}
	}
	for su := range Suit(NumSuits) {
		if s.home[su] > uint8(King) {
			return fmt.Sprintf("the %s foundation holds %d cards", su, s.home[su])
		}
		for r := Ace; r <= Rank(s.home[su]); r++ {
			if why := add(NewCard(r, su), "the foundations"); why != "" {
				return why
			}
		}
	}
	if n != NumCards {
		return fmt.Sprintf("%d cards in play, want %d", n, NumCards)
	}
	if s.actions < 0 {
		return fmt.Sprintf("actions %d", s.actions)
	}
	return ""
}

func checkInvariants(t testing.TB, s *State) {
	t.Helper()
	engine.CheckInvariants(t, s)
}

// allMoveStrings returns every string ParseMove accepts: each move in
// canonical notation, and each single-card move between cascades also
// with "x1".
func allMoveStrings() []string {
	var out []string
	places := "12345678abcd"
	for _, f := range places {
		for _, d := range places + "F" {
			if f == d || f >= 'a' && d >= 'a' && d <= 'd' {
				continue
			}
			out = append(out, fmt.Sprintf("%c-%c", f, d))
			if f <= '8' && d <= '8' {
				for n := 1; n <= 13; n++ {
					out = append(out, fmt.Sprintf("%c-%cx%d", f, d, n))
				}
			}
		}
	}
	return out
}

// randomMove picks one legal move of s, preferring the hint now and then
// so that games get somewhere; ok is false when there is none.
func randomMove(rng *rand.Rand, s *State) (Move, bool) {
	var buf [256]Move
	ms := s.AppendMoves(buf[:0])
	if len(ms) == 0 {
		return Move{}, false
	}
	if rng.IntN(2) == 0 {
		if m, ok := Hint(s); ok {
			return m, true
		}
	}
	return ms[rng.IntN(len(ms))], true
}

// playRandom plays up to steps random legal moves from s, calling visit
// with the position before and after each.
func playRandom(rng *rand.Rand, s *State, steps int, visit func(before, after *State, m Move)) {
	engine.PlayRandom(rng, s, steps, visit)
}

// randomPositions returns n positions reached by random play from random
// seeds under r, at random depths up to maxDepth.
func randomPositions(seed uint64, r Rules, n, maxDepth int) []State {
	return engine.RandomPositions(seed, n, maxDepth, func(seed uint64) State { return MustNew(NewDeal(seed), r) })
}

// position builds a State for a rule example: cols[c] lists cascade c+1
// bottom first ("KS QH JC"); cells lists the free cells a … ("7H -- 2C"),
// "--" for an empty one; home is the rank on each suit's foundation
// (clubs, diamonds, hearts, spades). The cards need not be a whole game's.
func position(t testing.TB, r Rules, cols [NumCascades]string, cells string, home [NumSuits]uint8) State {
	t.Helper()
	s := State{rules: r, home: home}
	for i := range s.cells {
		s.cells[i] = NoCard
	}
	for c, text := range cols {
		col := &s.cols[c]
		for _, card := range parseCards(t, text) {
			col.cards[col.n] = card
			col.n++
		}
	}
	for i, f := range strings.Fields(cells) {
		if f == "--" {
			continue
		}
		card, err := ParseCard(f)
		if err != nil {
			t.Fatal(err)
		}
		s.cells[i] = card
	}
	return s
}

// mustProfile returns the named profile.
func mustProfile(t testing.TB, name string) Rules {
	t.Helper()
	return enginetest.Named(t, name, Profile)
}

// parseCards parses space-separated cards.
func parseCards(t testing.TB, text string) []Card {
	t.Helper()
	return enginetest.ParseAll(t, text, ParseCard)
}

// cardList returns cards space-separated.
func cardList(cs []Card) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.String()
	}
	return strings.Join(parts, " ")
}

var fourCells = Rules{Cells: 4}
