package klondike

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/solitaire-race/racer/internal/enginetest"
)

// gamePositions returns every position of games of random play under r,
// one after each move, each game ending where it is won or stuck (as a
// server ends a racer's board) or after maxMoves moves.
func gamePositions(tb testing.TB, seed uint64, r Rules, games, maxMoves int) []State {
	tb.Helper()
	rng := rand.New(rand.NewPCG(seed, 3))
	var out []State
	for range games {
		s := MustNew(NewDeal(rng.Uint64()), r)
		for range maxMoves {
			m, ok := randomMove(rng, &s)
			if !ok {
				break
			}
			if err := s.Apply(m); err != nil {
				tb.Fatalf("legal move %s refused: %v", m, err)
			}
			out = append(out, s)
			if stuck, _ := s.searchStuck(20_000); stuck || s.Won() {
				break
			}
		}
	}
	return out
}

// TestProgressNearAgreesWithSearch checks the fast path of StuckWithin on
// many positions of every profile, from random play at random depths and
// along whole games: whenever progressNear finds progress, the full
// search must find the position not stuck (the search, when sure, is
// compared with the reference in TestStuckMatchesReference). It also
// checks that both answers of progressNear occur, so that the comparison
// means something.
func TestProgressNearAgreesWithSearch(t *testing.T) {
	perProfile, games := 150, 6
	if testing.Short() {
		perProfile, games = 40, 2
	}
	var near, far, farStuck int
	for _, r := range allProfiles(t) {
		ps := randomPositions(uint64(len(r.Name))*7919, r, perProfile, 400)
		ps = append(ps, gamePositions(t, uint64(len(r.Name)), r, games, 300)...)
		for i := range ps {
			s := &ps[i]
			stuck, sure := s.searchStuck(DefaultStuckBudget)
			if !s.progressNear() {
				far++
				if stuck {
					farStuck++
				}
				continue
			}
			near++
			if stuck || !sure {
				t.Fatalf("%s: progressNear found progress, the search says stuck %v (sure %v)\n%s", r.Name, stuck, sure, s)
			}
			if got, gotSure := s.StuckWithin(DefaultStuckBudget); got || !gotSure {
				t.Fatalf("%s: StuckWithin = %v (sure %v) where progressNear found progress, want false (sure)\n%s", r.Name, got, gotSure, s)
			}
		}
	}
	t.Logf("progress near %d; searched %d, of them stuck %d", near, far, farStuck)
	if near < 100 || far < 50 || far == farStuck {
		t.Errorf("too few cases of each kind: near %d, searched %d (stuck %d)", near, far, farStuck)
	}
}

// TestProgressNear checks each certificate of progressNear on a position
// laid out by hand (cards not named are elsewhere: they play no part), and
// positions where none applies. Where it finds progress, so must the
// search.
func TestProgressNear(t *testing.T) {
	// Black tops only, so nothing fits anywhere, and no ace.
	base := [NumColumns]string{
		"KS",
		"(2C) 9C",
		"(2D) (3D) 9S",
		"(2H) (3H) (4H) 7C",
		"(2S) (3S) (4S) (4D) 5C",
		"(3C) (4C) (5D) (6D) (6H) 7S",
		"(5H) (5S) (6C) (6S) (8D) (8C) JC",
	}
	with := func(cols ...string) [NumColumns]string { // column number, text, …
		out := base
		for i := 0; i < len(cols); i += 2 {
			out[cols[i][0]-'1'] = cols[i+1]
		}
		return out
	}
	hearts8 := [NumSuits]uint8{Hearts: 8}
	redNines := with("2", "(2C) 9D", "3", "(2D) (3D) 9H") // no black 9 to follow a red 10
	tests := []struct {
		name    string
		profile string
		cols    [NumColumns]string
		found   [NumSuits]uint8
		stock   string // in draw order
		waste   string // bottom first
		passes  uint8
		want    bool
	}{
		{"nothing near", "classic", base, [NumSuits]uint8{}, "7D 9H", "", 1, false},
		{"column top to its foundation", "classic", with("1", "AS"), [NumSuits]uint8{}, "", "", 1, true},
		{"ace face down", "classic", with("1", "(AS) KH"), [NumSuits]uint8{}, "", "", 1, false},
		{"card under a run that moves, to its foundation", "classic", with("1", "(QH) 9H 8S", "2", "(2C) 9D"), hearts8, "", "", 1, true},
		{"card under a run that cannot move", "classic", with("1", "(QH) 9H 8S"), hearts8, "", "", 1, false},
		{"run onto another column turns a card up", "classic", with("1", "(QH) 8H"), [NumSuits]uint8{}, "", "", 1, true},
		{"king onto an empty column turns a card up", "classic", with("1", "", "5", "(2S) (3S) (4S) (4D) KH"), [NumSuits]uint8{}, "", "", 1, true},
		{"king, no empty column", "classic", with("5", "(2S) (3S) (4S) (4D) KH"), [NumSuits]uint8{}, "", "", 1, false},
		{"king with nothing under it, empty column", "classic", with("1", "", "2", "KH"), [NumSuits]uint8{}, "", "", 1, false},
		{"waste top to its foundation", "classic", base, [NumSuits]uint8{}, "", "7D AD", 1, true},
		{"ace drawn later", "classic", base, [NumSuits]uint8{}, "7D 8H AD", "", 1, true},
		{"ace under the waste top, one pass", "classic", base, [NumSuits]uint8{}, "", "AD 7D", 1, false},
		{"ace under a draw-3 top, shown after a recycle", "classic-3", base, [NumSuits]uint8{}, "AD 9D JH", "7D 9H", 1, true},
		{"ace under a draw-3 top, no pass left", "classic-3", base, [NumSuits]uint8{}, "AD 9D JH", "7D 9H", 3, false},
		{"ace under a draw-3 top, unlimited passes", "relaxed-3", base, [NumSuits]uint8{}, "AD 9D JH", "7D 9H", 3, true},
		{"ace third of three drawn", "classic-3", base, [NumSuits]uint8{}, "7D 8H AD", "", 3, true},
		{"ace second of three drawn, never on top", "classic-3", base, [NumSuits]uint8{}, "7D AD 9H", "", 1, false},
		{"waste top onto a column, a run follows it", "classic", base, [NumSuits]uint8{}, "", "7D 8H", 1, true},
		{"waste top onto a column, the card under it to its foundation", "classic", redNines, [NumSuits]uint8{}, "", "AS TD", 1, true},
		{"waste top onto a column, nothing follows", "classic", redNines, [NumSuits]uint8{}, "", "7D TD", 1, false},
		{"two waste cards onto columns, then an ace", "classic", redNines, [NumSuits]uint8{}, "", "AS 9C TD", 1, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := handPosition(t, mustProfile(t, tt.profile), tt.cols, tt.found, tt.stock, tt.waste, tt.passes)
			if got := s.progressNear(); got != tt.want {
				t.Errorf("progressNear: got %v, want %v\n%s", got, tt.want, &s)
			}
			if stuck, sure := s.searchStuck(DefaultStuckBudget); tt.want && (stuck || !sure) {
				t.Errorf("search: stuck %v (sure %v) where progress is near\n%s", stuck, sure, &s)
			}
		})
	}
}

// handPosition lays out a position: columns bottom first, face-down cards
// in brackets, the foundations' counts, the stock in draw order and the
// waste bottom first.
func handPosition(t *testing.T, r Rules, cols [NumColumns]string, found [NumSuits]uint8, stock, waste string, passes uint8) State {
	t.Helper()
	s := State{rules: r}
	b := &s.b
	for i, text := range cols {
		c := &b.cols[i]
		for _, f := range strings.Fields(text) {
			if strings.HasPrefix(f, "(") {
				f = strings.Trim(f, "()")
				c.down++
			}
			c.cards[c.n] = parseCards(t, f)[0]
			c.n++
		}
	}
	st := parseCards(t, stock)
	for i, c := range st {
		b.stock[len(st)-1-i] = c
	}
	b.nStock = uint8(len(st))
	for _, c := range parseCards(t, waste) {
		b.waste[b.nWaste] = c
		b.nWaste++
	}
	b.found = found
	b.passes = passes
	return s
}

// BenchmarkStuckAlongGames runs stuck detection on every position of
// games of random play, as a server does after each move (one op is one
// position): "search" is the full search alone, "near" is StuckWithin,
// which settles most positions before the search with progressNear.
func BenchmarkStuckAlongGames(b *testing.B) {
	for _, name := range []string{"bvs", "classic", "relaxed-3", "windows-1"} {
		ps := gamePositions(b, 5, profiles[name], 12, 300)
		for _, path := range []struct {
			name string
			fn   func(*State, int) (bool, bool)
		}{
			{"search", (*State).searchStuck},
			{"near", (*State).StuckWithin},
		} {
			b.Run(name+"/"+path.name, func(b *testing.B) {
				b.ReportAllocs()
				done := enginetest.CPUTimer(b)
				for i := 0; b.Loop(); i++ {
					path.fn(&ps[i%len(ps)], 20_000)
				}
				done()
			})
		}
	}
}
