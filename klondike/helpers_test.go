package klondike

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/solitaire-race/racer/internal/enginetest"
)

// engine describes the engine to the shared checks of enginetest.
var engine = enginetest.Engine[State, Move, *State]{
	Moves:       (*State).Moves,
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
// the rules can reach: 52 cards once each, well-formed columns with a
// face-up top, face-up runs descending in alternating colours, passes in
// range, a score never below 0.
func invariantError(s *State) string {
	var seen [NumCards]bool
	n := 0
	add := func(c Card, where string) string {
		if !c.Valid() {
			return fmt.Sprintf("%s holds invalid card %d", where, c)
		}
		if seen[c] {
			return fmt.Sprintf("%s holds %s a second time", where, c)
		}
		seen[c] = true
		n++
		return ""
	}
	b := &s.b
	for i := range b.cols {
		col := &b.cols[i]
		where := "column " + string(rune('1'+i))
		if col.n > maxColumn {
			return fmt.Sprintf("%s has %d cards", where, col.n)
		}
		if col.n == 0 && col.down != 0 || col.n > 0 && col.down >= col.n {
			return fmt.Sprintf("%s has %d cards, %d face down", where, col.n, col.down)
		}
		for j := uint8(0); j < col.n; j++ {
			if why := add(col.cards[j], where); why != "" {
				return why
			}
			if j > col.down {
				lo, hi := col.cards[j], col.cards[j-1]
				if !lo.Valid() || !hi.Valid() || hi.Rank() != lo.Rank()+1 || hi.Red() == lo.Red() {
					return fmt.Sprintf("%s has %s on %s", where, lo, hi)
				}
			}
		}
	}
	if int(b.nStock)+int(b.nWaste) > stockSize {
		return fmt.Sprintf("stock %d + waste %d > %d", b.nStock, b.nWaste, stockSize)
	}
	for i := uint8(0); i < b.nStock; i++ {
		if why := add(b.stock[i], "stock"); why != "" {
			return why
		}
	}
	for i := uint8(0); i < b.nWaste; i++ {
		if why := add(b.waste[i], "waste"); why != "" {
			return why
		}
	}
	for su := Suit(0); su < NumSuits; su++ {
		if b.found[su] > 13 {
			return fmt.Sprintf("%s foundation holds %d", su, b.found[su])
		}
		for r := Rank(1); r <= Rank(b.found[su]); r++ {
			if why := add(NewCard(r, su), "foundation"); why != "" {
				return why
			}
		}
	}
	if n != NumCards {
		return fmt.Sprintf("%d cards in play, want 52", n)
	}
	if b.passes < 1 {
		return fmt.Sprintf("passes used %d < 1", b.passes)
	}
	if s.rules.Passes != Unlimited && int(b.passes) > s.rules.Passes {
		return fmt.Sprintf("passes used %d > limit %d", b.passes, s.rules.Passes)
	}
	if s.score < 0 || s.actions < 0 {
		return fmt.Sprintf("score %d, actions %d", s.score, s.actions)
	}
	return ""
}

func checkInvariants(t testing.TB, s *State) {
	t.Helper()
	engine.CheckInvariants(t, s)
}

// allMoveStrings returns every string ParseMove accepts: each move in
// canonical notation, and each single-card column move also with "x1".
func allMoveStrings() []string {
	out := []string{"D", "R", "W-F"}
	for c := 1; c <= NumColumns; c++ {
		out = append(out, fmt.Sprintf("W-%d", c), fmt.Sprintf("%d-F", c))
		for _, su := range "CDHS" {
			out = append(out, fmt.Sprintf("F%c-%d", su, c))
		}
		for d := 1; d <= NumColumns; d++ {
			if d == c {
				continue
			}
			out = append(out, fmt.Sprintf("%d-%d", c, d))
			for n := 1; n <= 13; n++ {
				out = append(out, fmt.Sprintf("%d-%dx%d", c, d, n))
			}
		}
	}
	return out
}

// randomMove picks one legal move of s, preferring progress a little so
// that games get somewhere; ok is false when there is none.
func randomMove(rng *rand.Rand, s *State) (Move, bool) {
	var buf [64]Move
	ms := s.Moves(buf[:0])
	if len(ms) == 0 {
		return Move{}, false
	}
	if rng.IntN(3) == 0 {
		for _, m := range ms {
			if m.Kind == ColumnToFoundation || m.Kind == WasteToFoundation {
				return m, true
			}
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

func containsMove(ms []Move, m Move) bool { return slices.Contains(ms, m) }

// dealPos returns the deck position dealt to column c (0-based) as its
// card j from the bottom (0-based): row j deals columns j … 6.
func dealPos(c, j int) int { return j*NumColumns - j*(j-1)/2 + c - j }

// layoutDeal builds a deal, written out as text and parsed back, that puts
// the cards of cols[c] (bottom first) on top of column c+1 and the cards
// of stock first in the stock, in draw order. The other cards fill the
// rest in descending order.
func layoutDeal(t testing.TB, cols [NumColumns]string, stock string) Deal {
	t.Helper()
	var slots [NumCards]string
	used := map[string]bool{}
	put := func(pos int, card string) {
		if _, err := ParseCard(card); err != nil {
			t.Fatalf("layoutDeal: %v", err)
		}
		if used[card] {
			t.Fatalf("layoutDeal: %s twice", card)
		}
		used[card] = true
		slots[pos] = card
	}
	for c, text := range cols {
		cards := strings.Fields(text)
		if len(cards) > c+1 {
			t.Fatalf("layoutDeal: column %d holds %d cards, not %d", c+1, c+1, len(cards))
		}
		for k, card := range cards {
			put(dealPos(c, c+1-len(cards)+k), card)
		}
	}
	for k, card := range strings.Fields(stock) {
		put(28+k, card)
	}
	next := Card(NumCards - 1)
	for i := range slots {
		for slots[i] == "" {
			if c := next.String(); !used[c] {
				put(i, c)
			}
			next--
		}
	}
	d, err := ParseDeal(strings.Join(slots[:], " "))
	if err != nil {
		t.Fatalf("layoutDeal: %v", err)
	}
	return d
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
