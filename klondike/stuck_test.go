package klondike

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// stuckCases returns positions for the stuck tests: random play under
// every profile at many depths, from openings to late games where the
// play favoured the foundations, so that the searches stay small.
func stuckCases(t *testing.T, perProfile int) []State {
	t.Helper()
	var out []State
	for _, r := range allProfiles(t) {
		rng := rand.New(rand.NewPCG(21, uint64(len(r.Name))))
		for range perProfile {
			s := MustNew(NewDeal(rng.Uint64()), r)
			playRandom(rng, &s, rng.IntN(400), nil)
			out = append(out, s)
		}
	}
	return out
}

// TestStuckMatchesReference compares StuckWithin with the plain search
// of the definition on many positions: they must agree whenever the
// reference is sure, and StuckWithin must then be sure too.
func TestStuckMatchesReference(t *testing.T) {
	budget := 20_000
	if testing.Short() {
		budget = 2_000
	}
	var nStuck, nFree, nDeep, nUnsure int
	for i, s := range stuckCases(t, 60) {
		want, sure := stuckReference(&s, budget)
		if !sure {
			nUnsure++
			continue
		}
		got, gotSure := s.StuckWithin(DefaultStuckBudget)
		if !gotSure || got != want {
			t.Fatalf("case %d (%s): StuckWithin = %v (sure %v), reference %v\n%s", i, s.rules.Name, got, gotSure, want, &s)
		}
		if got {
			nStuck++
			continue
		}
		nFree++
		if !progressInOne(&s) {
			nDeep++
		}
	}
	t.Logf("stuck %d, not stuck %d (%d of them needing more than one move), reference unsure %d", nStuck, nFree, nDeep, nUnsure)
	if nStuck < 20 || nFree < 20 || nDeep < 5 {
		t.Errorf("too few cases of each kind: stuck %d, not stuck %d, deep %d", nStuck, nFree, nDeep)
	}
}

// progressInOne reports whether one legal move makes progress.
func progressInOne(s *State) bool {
	for _, m := range s.Moves(nil) {
		t := *s
		if err := t.Apply(m); err != nil {
			panic(err)
		}
		if t.FoundationCards() > s.FoundationCards() || t.FaceDownCount() < s.FaceDownCount() {
			return true
		}
	}
	return false
}

// TestStuckPassesDominance checks the rule that a board seen with more
// passes used is explored again when reached with fewer, and not when
// reached with as many or more.
func TestStuckPassesDominance(t *testing.T) {
	s := MustNew(NewDeal(5), mustProfile(t, "bvs"))
	var ss stuckSearch
	ss.init(&s)
	ss.seen = map[stuckKey]uint8{}
	more := s
	more.b.passes = 2
	for _, tt := range []struct {
		from   State
		passes uint8
		queued int
	}{
		{more, 2, 1}, // new
		{s, 1, 2},    // fewer passes: explore again
		{more, 1, 2}, // more passes: nothing new
		{s, 1, 2},    // seen
	} {
		if done, _ := ss.visit(&tt.from, DrawMove(), 1000); done {
			t.Fatal("a draw counted as progress")
		}
		if len(ss.queues[0]) != tt.queued || len(ss.seen) != 1 || ss.queues[0][len(ss.queues[0])-1].passes != tt.passes {
			t.Fatalf("queued %d (last %+v), seen %d; want %d, passes %d, 1", len(ss.queues[0]), ss.queues[0][len(ss.queues[0])-1], len(ss.seen), tt.queued, tt.passes)
		}
	}
}

// TestStuckKeyRoundTrip checks that decoding a key rebuilds the position
// up to the order of columns without face-down cards and, under unlimited
// passes, the position in the stock's cycle.
func TestStuckKeyRoundTrip(t *testing.T) {
	for _, s := range stuckCases(t, 20) {
		var ss stuckSearch
		ss.init(&s)
		n := ss.node(&s)
		var back State
		ss.decode(n, &back)
		if why := invariantError(&back); why != "" {
			t.Fatalf("decoded position broken: %s\n%s", why, &back)
		}
		if ss.node(&back) != n {
			t.Fatalf("key of the decoded position differs\n%s\n%s", &s, &back)
		}
		if back.FoundationCards() != s.FoundationCards() || back.FaceDownCount() != s.FaceDownCount() || back.StockLen()+back.WasteLen() != s.StockLen()+s.WasteLen() {
			t.Fatalf("decoded position differs in counts\n%s\n%s", &s, &back)
		}
		if s.rules.Passes != Unlimited {
			if !slices.Equal(back.Stock(), s.Stock()) || !slices.Equal(back.Waste(), s.Waste()) || back.PassesUsed() != s.PassesUsed() {
				t.Fatalf("decoded talon differs\n%s\n%s", &s, &back)
			}
		}
	}
}

// TestStuckTwins checks that positions differing only in what lies on two
// twins (8D and 8H here) share a key when neither twin can reach its
// foundation, and not otherwise.
func TestStuckTwins(t *testing.T) {
	tests := []struct {
		name    string
		profile string
		col7    string // six face-down cards and a top card
		same    bool
	}{
		{"classic: foundations never drop", "classic", "2C 3C 4C 5C 6C 9C KC", true},
		{"bvs: aces face down", "bvs", "AD AH 4C 5C 6C 9C KC", true},
		{"bvs: aces free", "bvs", "2C 3C 4C 5C 6C 9C KC", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cols := [NumColumns]string{2: "8D", 3: "7C", 4: "8H", 5: "7S", 6: tt.col7}
			s1 := MustNew(layoutDeal(t, cols, ""), mustProfile(t, tt.profile))
			cols[3], cols[5] = "7S", "7C"
			s2 := MustNew(layoutDeal(t, cols, ""), mustProfile(t, tt.profile))
			engine.Play(t, &s1, "4-3 6-5")
			engine.Play(t, &s2, "4-3 6-5")
			if s1.b == s2.b {
				t.Fatal("the two positions are the same")
			}
			var ss stuckSearch
			ss.init(&s1)
			if same := ss.node(&s1) == ss.node(&s2); same != tt.same {
				t.Errorf("same key: got %v, want %v\n%s\n%s", same, tt.same, &s1, &s2)
			}
		})
	}
}
