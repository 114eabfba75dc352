package arena

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

var t0 = time.Unix(1_800_000_000, 0)

func ids(g []Waiting) []string {
	var out []string
	for _, w := range g {
		out = append(out, w.Player)
	}
	slices.Sort(out)
	return out
}

func TestArenaPairTwo(t *testing.T) {
	pool := []Waiting{{Player: "a", Since: t0}, {Player: "b", Since: t0.Add(time.Second)}}
	got := Pair(pool, PairConfig{Size: 2}, t0.Add(time.Second))
	if len(got) != 1 || !slices.Equal(ids(got[0]), []string{"a", "b"}) {
		t.Fatalf("got %v, want one race of a and b", got)
	}
	if got := Pair(pool[:1], PairConfig{Size: 2}, t0.Add(time.Hour)); len(got) != 0 {
		t.Fatalf("one player: got %v, want no race", got)
	}
}

func TestArenaPairSimilarScores(t *testing.T) {
	pool := []Waiting{
		{Player: "a", Points: 10, Since: t0},
		{Player: "b", Points: 0, Since: t0.Add(time.Second)},
		{Player: "c", Points: 11, Since: t0.Add(2 * time.Second)},
		{Player: "d", Points: 1, Since: t0.Add(3 * time.Second)},
	}
	got := Pair(pool, PairConfig{Size: 2}, t0.Add(5*time.Second))
	if len(got) != 2 || !slices.Equal(ids(got[0]), []string{"a", "c"}) || !slices.Equal(ids(got[1]), []string{"b", "d"}) {
		t.Fatalf("got %v, want a-c and b-d", got)
	}
}

func TestArenaPairNoImmediateRepeat(t *testing.T) {
	pool := []Waiting{
		{Player: "a", Since: t0, Last: []string{"b"}},
		{Player: "b", Since: t0, Last: []string{"a"}},
		{Player: "c", Since: t0, Last: []string{"d"}},
		{Player: "d", Since: t0, Last: []string{"c"}},
	}
	got := Pair(pool, PairConfig{Size: 2}, t0)
	if len(got) != 2 {
		t.Fatalf("got %v, want two races", got)
	}
	for _, g := range got {
		if p := ids(g); slices.Equal(p, []string{"a", "b"}) || slices.Equal(p, []string{"c", "d"}) {
			t.Errorf("got race %v: a repeat while others were free", p)
		}
	}
	// Only the two who just raced: they wait RepeatAfter, then race.
	two := pool[:2]
	if got := Pair(two, PairConfig{Size: 2, RepeatAfter: 15 * time.Second}, t0.Add(14*time.Second)); len(got) != 0 {
		t.Fatalf("got %v before RepeatAfter, want none", got)
	}
	if got := Pair(two, PairConfig{Size: 2, RepeatAfter: 15 * time.Second}, t0.Add(15*time.Second)); len(got) != 1 {
		t.Fatalf("got %v after RepeatAfter, want one race", got)
	}
}

func TestArenaPairSmallRaces(t *testing.T) {
	pool := []Waiting{{Player: "a", Since: t0}, {Player: "b", Since: t0}, {Player: "c", Since: t0}}
	cfg := PairConfig{Size: 4, SmallAfter: 10 * time.Second}
	if got := Pair(pool, cfg, t0.Add(9*time.Second)); len(got) != 0 {
		t.Fatalf("got %v, want a wait for a fourth", got)
	}
	got := Pair(pool, cfg, t0.Add(10*time.Second))
	if len(got) != 1 || len(got[0]) != 3 {
		t.Fatalf("got %v, want one race of three", got)
	}
	pool = append(pool, Waiting{Player: "d", Since: t0.Add(time.Second)}, Waiting{Player: "e", Since: t0.Add(2 * time.Second)})
	got = Pair(pool, cfg, t0.Add(3*time.Second))
	if len(got) != 1 || len(got[0]) != 4 || slices.Contains(ids(got[0]), "e") {
		t.Fatalf("got %v, want the four longest waiters", got)
	}
}

func TestArenaPairBotsOnlyWithPeople(t *testing.T) {
	pool := []Waiting{{Player: "bot:1", Bot: true, Since: t0}, {Player: "bot:2", Bot: true, Since: t0}, {Player: "a", Since: t0.Add(time.Second)}}
	got := Pair(pool, PairConfig{Size: 2}, t0.Add(time.Minute))
	if len(got) != 1 || !slices.Contains(ids(got[0]), "a") {
		t.Fatalf("got %v, want one race with a", got)
	}
}

// TestArenaPairSimulation runs an arena of many players through Pair
// with random race lengths: never a player in two races, never a repeat
// opponent before RepeatAfter, and waits bounded.
func TestArenaPairSimulation(t *testing.T) {
	for _, size := range []int{2, 3, 4} {
		t.Run(fmt.Sprint(size), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, uint64(size)))
			const n = 23
			cfg := PairConfig{Size: size}
			type st struct {
				w      Waiting
				busy   bool
				doneAt time.Time
				group  []string
			}
			ps := make([]*st, n)
			for i := range ps {
				ps[i] = &st{w: Waiting{Player: fmt.Sprintf("p%02d", i), Since: t0}}
			}
			now := t0
			var maxWait time.Duration
			for step := 0; step < 2000; step++ {
				now = now.Add(time.Second)
				for _, p := range ps {
					if p.busy && !now.Before(p.doneAt) {
						p.busy = false
						p.w.Since = now
						p.w.Last = slices.DeleteFunc(slices.Clone(p.group), func(s string) bool { return s == p.w.Player })
						p.w.Points += rng.IntN(3)
					}
				}
				var pool []Waiting
				for _, p := range ps {
					if !p.busy {
						pool = append(pool, p.w)
					}
				}
				groups := Pair(pool, cfg, now)
				seen := map[string]bool{}
				for _, g := range groups {
					if len(g) < 2 || len(g) > size {
						t.Fatalf("group of %d in an arena of %d", len(g), size)
					}
					names := ids(g)
					end := now.Add(time.Duration(20+rng.IntN(120)) * time.Second)
					for _, w := range g {
						if seen[w.Player] {
							t.Fatalf("step %d: %s in two races", step, w.Player)
						}
						seen[w.Player] = true
					}
					for _, w := range g {
						var p *st
						for _, q := range ps {
							if q.w.Player == w.Player {
								p = q
							}
						}
						if p.busy {
							t.Fatalf("step %d: %s paired while racing", step, w.Player)
						}
						if repeats(w, without(g, w.Player)) && now.Sub(w.Since) < 15*time.Second {
							t.Fatalf("step %d: %s meets a last opponent after %v", step, w.Player, now.Sub(w.Since))
						}
						maxWait = max(maxWait, now.Sub(w.Since))
						p.busy, p.doneAt, p.group = true, end, names
					}
				}
			}
			// Races last 20s to 140s: a player waits for at most a few
			// other races to end.
			if maxWait > 60*time.Second {
				t.Errorf("longest wait %v, want at most 60s", maxWait)
			}
		})
	}
}

func without(g []Waiting, player string) []Waiting {
	return slices.DeleteFunc(slices.Clone(g), func(w Waiting) bool { return w.Player == player })
}
