package bot

import (
	"context"
	"testing"
)

// winnable returns the first n seeds of profile whose deals the solver
// proves winnable (within 200,000 positions each: the same seeds on
// every machine).
func winnable(t *testing.T, profile string, n int) []uint64 {
	t.Helper()
	seeds, err := WinnableSeeds(context.Background(), profile, 1, n, 200_000, 2)
	if err != nil {
		t.Fatal(err)
	}
	return seeds
}

// medianOff returns the median cards on the foundations of level's
// games of seeds under profile.
func medianOff(t *testing.T, profile string, level Level, seeds []uint64) Stats {
	t.Helper()
	st, err := Evaluate(context.Background(), EvalConfig{Profile: profile, Bot: Config{Level: level}, Seeds: seeds, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s, %d winnable deals, %s: median %.1f cards home, %d won", profile, st.Games, level, st.MedianOff, st.Wins)
	return st
}

// TestDefaultMedian checks that the default level gets a median of at
// least 26 of 52 cards home on proven-winnable windows-1 deals (draw 1,
// unlimited passes), and that the bar can fail: the greedy level, one
// move ahead, stays under it on the same deals. With -short it plays 5
// deals (also under the race detector; 34 and 7 when written), else 60
// (52 and 6 when written).
func TestDefaultMedian(t *testing.T) {
	t.Parallel()
	n := 60
	if Small() {
		n = 5
	}
	seeds := winnable(t, "windows-1", n)
	if st := medianOff(t, "windows-1", Level(0), seeds); st.MedianOff < 26 {
		t.Errorf("default level: median %.1f cards home on %d winnable windows-1 deals, want at least 26", st.MedianOff, st.Games)
	}
	if st := medianOff(t, "windows-1", Greedy, seeds); st.MedianOff >= 26 {
		t.Errorf("greedy level: median %.1f cards home, want under 26: the bar no longer tells a weak bot", st.MedianOff)
	}
}

// TestLevelsOrder checks on proven-winnable relaxed-3 deals that the
// levels for people rank by strength: Relaxed wins fewer than Steady and
// Strong (which plays as Steady does, quicker), and Steady wins no fewer
// than the floor written here (48 of the 100 when written). It plays 100
// deals; -short and the race detector skip it.
func TestLevelsOrder(t *testing.T) {
	if Small() {
		t.Skip("-short and -race: skips 300 games of relaxed-3; CI runs them without -race")
	}
	seeds := winnable(t, "relaxed-3", 100)
	wins := map[Level]int{}
	for _, l := range PlayerLevels() {
		wins[l] = medianOff(t, "relaxed-3", l, seeds).Wins
	}
	if wins[Relaxed] >= wins[Steady] || wins[Relaxed] >= wins[Strong] {
		t.Errorf("wins of 100 relaxed-3 deals: relaxed %d, steady %d, strong %d; want relaxed the fewest", wins[Relaxed], wins[Steady], wins[Strong])
	}
	if floor := 40; wins[Steady] < floor {
		t.Errorf("steady won %d of 100 winnable relaxed-3 deals, want at least %d", wins[Steady], floor)
	}
}
