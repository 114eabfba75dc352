package klondike

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// update rewrites the golden files in testdata instead of comparing.
var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// allProfiles returns every named profile, sorted by name.
func allProfiles(t testing.TB) []Rules {
	t.Helper()
	var rs []Rules
	for _, n := range ProfileNames() {
		r, err := Profile(n)
		if err != nil {
			t.Fatalf("Profile(%q): %v", n, err)
		}
		rs = append(rs, r)
	}
	return rs
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
		where := fmt.Sprintf("column %d", i+1)
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
	if why := invariantError(s); why != "" {
		t.Fatalf("broken position: %s\n%s", why, s)
	}
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
	for range steps {
		m, ok := randomMove(rng, s)
		if !ok {
			return
		}
		before := *s
		if err := s.Apply(m); err != nil {
			panic(fmt.Sprintf("legal move %s refused: %v", m, err))
		}
		if visit != nil {
			visit(&before, s, m)
		}
	}
}

// randomPositions returns n positions reached by random play from random
// seeds under r, at random depths up to maxDepth.
func randomPositions(seed uint64, r Rules, n, maxDepth int) []State {
	rng := rand.New(rand.NewPCG(seed, 7))
	out := make([]State, 0, n)
	for len(out) < n {
		s := MustNew(NewDeal(rng.Uint64()), r)
		playRandom(rng, &s, rng.IntN(maxDepth+1), nil)
		out = append(out, s)
	}
	return out
}

func containsMove(ms []Move, m Move) bool { return slices.Contains(ms, m) }
