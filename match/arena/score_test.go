package arena

import (
	"testing"
	"time"
)

func TestArenaPoints(t *testing.T) {
	for _, c := range []struct {
		place, n int
		resigned bool
		want     int
	}{
		{1, 2, false, 2}, {2, 2, false, 1},
		{1, 3, false, 3}, {2, 3, false, 2}, {3, 3, false, 1},
		{1, 4, false, 4}, {4, 4, false, 1},
		{2, 2, true, 0}, {1, 2, true, 0},
		{0, 2, false, 0}, {3, 2, false, 0},
	} {
		if got := Points(c.place, c.n, c.resigned); got != c.want {
			t.Errorf("Points(%d, %d, %v) = %d, want %d", c.place, c.n, c.resigned, got, c.want)
		}
	}
}

func TestArenaStreak(t *testing.T) {
	var s Score
	win, loss := Outcome{Place: 1, Cards: 52}, Outcome{Place: 2, Cards: 20}
	steps := []struct {
		o          Outcome
		want, pts  int
		fireBefore bool
	}{
		{win, 2, 2, false},  // first win
		{win, 2, 4, false},  // second win: not yet double
		{win, 4, 8, true},   // on fire: double
		{win, 4, 12, true},  // still on fire
		{loss, 1, 13, true}, // a loss ends the streak
		{win, 2, 15, false}, // a win after a loss is single
		{Outcome{Place: 1, Resigned: true}, 0, 15, false}, // resigning is a loss
	}
	for i, st := range steps {
		if s.OnFire() != st.fireBefore {
			t.Fatalf("step %d: on fire %v, want %v", i, s.OnFire(), st.fireBefore)
		}
		if got := s.Add(st.o, 2); got != st.want {
			t.Fatalf("step %d: got %d points, want %d", i, got, st.want)
		}
		if s.Points != st.pts {
			t.Fatalf("step %d: total %d, want %d", i, s.Points, st.pts)
		}
	}
	if s.Races != 7 || s.Wins != 5 || s.Streak != 0 {
		t.Errorf("got races %d wins %d streak %d, want 7 5 0", s.Races, s.Wins, s.Streak)
	}
}

func TestArenaTieBreak(t *testing.T) {
	st := []Standing{
		{Player: "a", Score: Score{Points: 4, Races: 2, Cards: 60}},
		{Player: "b", Score: Score{Points: 4, Races: 2, Cards: 80}},
		{Player: "c", Score: Score{Points: 6, Races: 4, Cards: 10}},
		{Player: "d", Score: Score{Points: 4, Races: 2, Cards: 80}},
	}
	Rank(st)
	want := []struct {
		p    string
		rank int
	}{{"c", 1}, {"b", 2}, {"d", 2}, {"a", 4}}
	for i, w := range want {
		if st[i].Player != w.p || st[i].Rank != w.rank {
			t.Errorf("line %d: got %s rank %d, want %s rank %d", i, st[i].Player, st[i].Rank, w.p, w.rank)
		}
	}
	if st[1].Perf != 400 {
		t.Errorf("got performance %d, want 400 (40 cards a race)", st[1].Perf)
	}
}

func TestArenaRecompute(t *testing.T) {
	t0 := time.Unix(1000, 0)
	players := []Entrant{{ID: "a"}, {ID: "b"}, {ID: "c"}}
	res := []RaceResult{
		// Out of order on purpose: Recompute orders by end.
		{Race: "r3", FinishedAt: t0.Add(3 * time.Minute), Outcomes: []Outcome{{Player: "a", Place: 1}, {Player: "c", Place: 2}}},
		{Race: "r1", FinishedAt: t0.Add(time.Minute), Outcomes: []Outcome{{Player: "a", Place: 1}, {Player: "b", Place: 2}}},
		{Race: "r2", FinishedAt: t0.Add(2 * time.Minute), Outcomes: []Outcome{{Player: "a", Place: 1}, {Player: "b", Place: 2}}},
	}
	st := Recompute(players, res)
	if st[0].Player != "a" || st[0].Points != 8 || !st[0].Fire {
		t.Errorf("got %+v, want a first with 2+2+4 points, on fire", st[0])
	}
	if st[1].Player != "b" || st[1].Points != 2 || st[2].Points != 1 {
		t.Errorf("got %+v %+v, want b 2, c 1", st[1], st[2])
	}
}
