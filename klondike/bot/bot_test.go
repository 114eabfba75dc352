package bot

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/solitaire-race/racer/klondike"
)

func profile(t testing.TB, name string) klondike.Rules {
	t.Helper()
	r, err := klondike.Profile(name)
	if err != nil {
		t.Fatalf("Profile(%q): %v", name, err)
	}
	return r
}

// randomPositions returns positions reached by seeded random play.
func randomPositions(t testing.TB, r klondike.Rules, n, maxMoves int) []klondike.State {
	t.Helper()
	rng := rand.New(rand.NewPCG(7, 7))
	var out []klondike.State
	var buf []klondike.Move
	for len(out) < n {
		s := klondike.MustNew(klondike.NewDeal(rng.Uint64()), r)
		for range rng.IntN(maxMoves) {
			buf = s.Moves(buf[:0])
			if len(buf) == 0 {
				break
			}
			if err := s.Apply(buf[rng.IntN(len(buf))]); err != nil {
				t.Fatalf("Apply: %v", err)
			}
		}
		out = append(out, s)
	}
	return out
}

func moveStrings(ms []klondike.Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.String()
	}
	slices.Sort(out)
	return out
}

// TestMovesFromView checks that the moves the bot computes from a view
// alone are exactly the engine's legal moves.
func TestMovesFromView(t *testing.T) {
	for _, name := range []string{"relaxed-3", "classic", "bvs"} {
		r := profile(t, name)
		for i, s := range randomPositions(t, r, 300, 200) {
			v := s.View()
			b := fromView(&v, nil, r.Draw)
			got := b.playMoves(nil, r.FoundationToColumn)
			if b.canDraw() {
				got = append(got, klondike.DrawMove())
			}
			if b.canRecycle() {
				got = append(got, klondike.RecycleMove())
			}
			want := s.Moves(nil)
			if g, w := moveStrings(got), moveStrings(want); !slices.Equal(g, w) {
				t.Fatalf("%s position %d:\n%v\ngot moves %v, want %v", name, i, v, g, w)
			}
		}
	}
}

// maxActions bounds a test's game, as hub/bot.DefaultMaxActions bounds
// an offline one.
const maxActions = 5000

// stuckBudget is a race's stuck detection budget (the match package's
// default): a test's game ends where a race would end it.
const stuckBudget = 20_000

// playDeal plays the deal of seed under r with a bot of cfg, which sees
// only each position's View, for at most n actions, until the game is
// won, stuck (by a race's stuck detection) or the bot has no move left.
// An illegal move is an error.
func playDeal(seed uint64, r klondike.Rules, cfg Config, n int) (won bool, err error) {
	s := klondike.MustNew(klondike.NewDeal(seed), r)
	p := New(ConfigFor(cfg, r))
	for s.Actions() < n && !s.Won() {
		m, ok := p.Next(s.View())
		if !ok {
			break
		}
		if err := s.Apply(m); err != nil {
			return false, fmt.Errorf("seed %d, action %d: %w", seed, s.Actions()+1, err)
		}
		if stuck, sure := s.StuckWithin(stuckBudget); stuck && sure {
			break
		}
	}
	return s.Won(), nil
}

// TestNeverIllegal plays whole games at every level and profile: playDeal
// fails on the first illegal move. With -short it plays the levels for
// tests: TestNeverStopsWhileProgress plays the same first deal at the
// levels for people, move for move, and fails on an illegal move too.
func TestNeverIllegal(t *testing.T) {
	levels := []Level{Relaxed, Steady, Strong, Greedy, Random}
	if testing.Short() {
		levels = []Level{Greedy, Random}
	}
	for _, name := range klondike.ProfileNames() {
		for _, l := range levels {
			t.Run(name+"/"+l.String(), func(t *testing.T) {
				r := profile(t, name)
				games := uint64(6)
				if testing.Short() {
					games = 1 // CI plays all 6
				}
				for seed := uint64(1); seed <= games; seed++ {
					if _, err := playDeal(seed, r, testConfig(l), 300); err != nil {
						t.Fatal(err)
					}
				}
			})
		}
	}
}

// swapFaceDown returns the deal of seed with the cards of two face-down
// deck positions (column 2's and column 3's bottom cards) exchanged:
// a different game with the same opening view.
func swapFaceDown(seed uint64) klondike.Deal {
	d := klondike.NewDeal(seed)
	d[1], d[2] = d[2], d[1]
	return d
}

// TestSeesOnlyTheView plays two games whose face-down cards differ with
// two bots of the same seed, at each level for people, drawing three
// (where the bot imagines the cards it cannot see) and one: as long as
// the views are the same, so must the moves be.
func TestSeesOnlyTheView(t *testing.T) {
	seeds, levels := uint64(20), playerLevels
	if testing.Short() {
		seeds, levels = 3, shortLevels(levels)
	}
	for _, name := range []string{"relaxed-3", "bvs", "classic"} {
		r := profile(t, name)
		for _, l := range levels {
			for seed := uint64(1); seed <= seeds; seed++ {
				a := klondike.MustNew(klondike.NewDeal(seed), r)
				b := klondike.MustNew(swapFaceDown(seed), r)
				cfg := testConfig(l)
				cfg.Seed = seed
				pa, pb := New(ConfigFor(cfg, r)), New(ConfigFor(cfg, r))
				for range 1000 {
					va, vb := a.View(), b.View()
					if !reflect.DeepEqual(va, vb) {
						break
					}
					ma, oka := pa.Next(va)
					mb, okb := pb.Next(vb)
					if ma != mb || oka != okb {
						t.Fatalf("%s, %s, seed %d action %d: same view, got moves %v/%v and %v/%v", name, l, seed, a.Actions(), ma, oka, mb, okb)
					}
					if !oka {
						break
					}
					if err := a.Apply(ma); err != nil {
						t.Fatal(err)
					}
					if err := b.Apply(mb); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
	}
}

// testConfig is the bot of level l for a test of its rules, not of its
// strength: at Steady and Strong it imagines 2 deals a decision, not
// its level's 24, which only makes it weaker and quicker (whole games at
// 24 take minutes under -race). BenchmarkActionCPU plays the level's.
func testConfig(l Level) Config {
	cfg := Config{Level: l}
	if l == Steady || l == Strong {
		cfg.Samples = 2
	}
	return cfg
}

// BenchmarkEvaluate plays relaxed-3 deals with the default bot and
// reports its win rate; run with -benchtime=1000x for the figure over
// 1,000 deals (seeds 1 … 1000).
func BenchmarkEvaluate(b *testing.B) {
	r := profile(b, "relaxed-3")
	wins := 0
	seed := uint64(0)
	for b.Loop() {
		seed++
		won, err := playDeal(seed, r, Config{}, maxActions)
		if err != nil {
			b.Fatal(err)
		}
		if won {
			wins++
		}
	}
	b.ReportMetric(float64(wins)/float64(b.N), "wins/op")
}

// BenchmarkNext measures one move choice of the default bot.
func BenchmarkNext(b *testing.B) {
	r := profile(b, "relaxed-3")
	ps := randomPositions(b, r, 256, 60)
	vs := make([]klondike.View, len(ps))
	for i := range ps {
		vs[i] = ps[i].View()
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		p := New(ConfigFor(Config{}, r))
		p.Next(vs[i%len(vs)])
	}
}

// shortLevels leaves Strong out of levels for -short: it chooses the
// moves Steady does (only its driver's pace differs), and CI plays both.
func shortLevels(levels []Level) []Level {
	return slices.DeleteFunc(slices.Clone(levels), func(l Level) bool { return l == Strong })
}

// shortProfiles leaves out of names for -short each profile whose rules
// of play (draw, passes, foundation to column) an earlier one has: the
// bot plays the same game on both, move for move (windows-1 and
// relaxed-1 differ in scoring, undo and hints only), and CI plays all.
func shortProfiles(t testing.TB, names []string) []string {
	t.Helper()
	type play struct {
		draw, passes int
		f2c          bool
	}
	seen := map[play]bool{}
	return slices.DeleteFunc(slices.Clone(names), func(name string) bool {
		r := profile(t, name)
		k := play{r.Draw, r.Passes, r.FoundationToColumn}
		dup := seen[k]
		seen[k] = true
		return dup
	})
}
