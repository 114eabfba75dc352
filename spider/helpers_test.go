package spider

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
// the rules can reach: the 104 cards of the rules' two decks, each as
// often as in the ordered deck, across table, stock and completed runs;
// well-formed columns with a face-up top; no completed run left on a
// column; the stock a multiple of ten.
func invariantError(s *State) string {
	var want, got [deckSize]int
	for _, c := range orderedDeck(s.rules.Suits) {
		want[c]++
	}
	n := 0
	add := func(c Card, where string) string {
		if !c.Valid() {
			return fmt.Sprintf("%s holds invalid card %d", where, c)
		}
		got[c]++
		n++
		if got[c] > want[c] {
			return fmt.Sprintf("%s holds %s, which is %d times in play, want %d", where, c, got[c], want[c])
		}
		return ""
	}
	b := &s.b
	for i := range b.cols {
		col := &b.cols[i]
		where := fmt.Sprintf("column %d", i+1)
		if col.n == 0 && col.down != 0 || col.n > 0 && col.down >= col.n {
			return fmt.Sprintf("%s has %d cards, %d face down", where, col.n, col.down)
		}
		if col.down > 5 {
			return fmt.Sprintf("%s has %d face-down cards", where, col.down)
		}
		for j := uint8(0); j < col.n; j++ {
			if why := add(col.cards[j], where); why != "" {
				return why
			}
		}
		if col.n-col.down >= 13 {
			t := *s
			t.complete(&t.b.cols[i])
			if t.b.nDone != s.b.nDone {
				return fmt.Sprintf("%s ends in a completed run", where)
			}
		}
	}
	if b.nStock > stockSize || b.nStock%NumColumns != 0 {
		return fmt.Sprintf("stock holds %d cards", b.nStock)
	}
	for _, c := range b.stock[stockSize-int(b.nStock):] {
		if why := add(c, "stock"); why != "" {
			return why
		}
	}
	if b.nDone > NumRuns {
		return fmt.Sprintf("%d runs completed", b.nDone)
	}
	for _, su := range b.done[:b.nDone] {
		for r := Ace; r <= King; r++ {
			if why := add(NewCard(r, su), "completed runs"); why != "" {
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
// canonical notation, and each single-card move also with "x1".
func allMoveStrings() []string {
	out := []string{"D"}
	for c := 1; c <= NumColumns; c++ {
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
	return engine.RandomPositions(seed, n, maxDepth, func(seed uint64) State { return MustNew(NewDeal(seed, r.Suits), r) })
}

func containsMove(ms []Move, m Move) bool { return slices.Contains(ms, m) }

// position builds a State for a rule example: cols[c] lists column c+1
// bottom first, face-down cards in parentheses ("(5H) (9S) KS QS"); stock
// lists the stock in dealing order; done the suits of completed runs
// ("SH"). The cards need not be a whole game's.
func position(t testing.TB, r Rules, cols [NumColumns]string, stock, done string) State {
	t.Helper()
	s := State{rules: r}
	for c, text := range cols {
		col := &s.b.cols[c]
		for _, f := range strings.Fields(text) {
			down := strings.HasPrefix(f, "(") && strings.HasSuffix(f, ")")
			card, err := ParseCard(strings.Trim(f, "()"))
			if err != nil {
				t.Fatalf("position: %v", err)
			}
			if down {
				if col.down != col.n {
					t.Fatalf("position: column %d has a face-down card over a face-up one", c+1)
				}
				col.down++
			}
			col.cards[col.n] = card
			col.n++
		}
		if col.n > 0 && col.down == col.n {
			t.Fatalf("position: column %d has no face-up card", c+1)
		}
	}
	st := parseCards(t, stock)
	if len(st)%NumColumns != 0 || len(st) > stockSize {
		t.Fatalf("position: a stock of %d cards", len(st))
	}
	copy(s.b.stock[stockSize-len(st):], st)
	s.b.nStock = uint8(len(st))
	for i := range len(done) {
		su, err := ParseSuit(done[i])
		if err != nil {
			t.Fatal(err)
		}
		s.b.done[s.b.nDone] = su
		s.b.nDone++
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

// upText returns the face-up cards of column i of s, space-separated.
func upText(s *State, i int) string {
	c := &s.b.cols[i]
	return cardList(c.cards[c.down:c.n], "")
}
