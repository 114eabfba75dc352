package arena

import (
	"slices"
	"testing"
	"time"
)

// Players kept apart (linked accounts) are never grouped: each races
// someone else, and two alone wait, whatever the wait or race size.
func TestFarmArenaPairKeepsLinkedApart(t *testing.T) {
	now := t0.Add(time.Hour)
	pool := []Waiting{
		{Player: "a", Since: t0, Apart: []string{"b"}},
		{Player: "b", Since: t0.Add(time.Second), Apart: []string{"a"}},
		{Player: "c", Since: t0.Add(2 * time.Second)},
		{Player: "d", Since: t0.Add(3 * time.Second)},
	}
	got := Pair(pool, PairConfig{Size: 2}, now)
	if len(got) != 2 || !slices.Equal(ids(got[0]), []string{"a", "c"}) || !slices.Equal(ids(got[1]), []string{"b", "d"}) {
		t.Fatalf("got %v, want a with c and b with d", got)
	}
	// One side's Apart is enough.
	oneSided := []Waiting{{Player: "a", Since: t0}, {Player: "b", Since: t0, Apart: []string{"a"}}}
	if got := Pair(oneSided, PairConfig{Size: 2}, now); len(got) != 0 {
		t.Fatalf("two kept apart: got %v, want no race", got)
	}
	// In races of three, a group takes nobody kept apart from any member.
	three := []Waiting{
		{Player: "a", Since: t0},
		{Player: "b", Since: t0.Add(time.Second)},
		{Player: "c", Since: t0.Add(2 * time.Second), Apart: []string{"b"}},
		{Player: "d", Since: t0.Add(3 * time.Second)},
	}
	got = Pair(three, PairConfig{Size: 3}, now)
	if len(got) != 1 || !slices.Equal(ids(got[0]), []string{"a", "b", "d"}) {
		t.Fatalf("races of three: got %v, want a, b and d", got)
	}
}
