package scoreboard

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"
)

// TestProgressJSON: a progress's counts go between "actions" and
// "status", those that OmitZero leaves out while 0, and read back in
// order.
func TestProgressJSON(t *testing.T) {
	at := time.Date(2026, 11, 30, 12, 0, 9, 250_000_000, time.UTC)
	for _, tt := range []struct {
		p    Progress
		want string
	}{
		{Progress{Racer: "a1", Seq: 2, Foundations: [4]int{1, 0, 2, 0}, Foundation: 3, TurnedUp: 2, Actions: 2,
			Counts: NewCounts(Count{Name: "passes", Value: 1}), Status: StatusPlaying, ReachedAt: at},
			`{"racer":"a1","seq":2,"foundations":[1,0,2,0],"foundation":3,"turned_up":2,"actions":2,"passes":1,"status":"playing","reached_at":"2026-11-30T12:00:09.25Z"}`},
		{Progress{Racer: "b2", Counts: NewCounts(Count{Name: "completed", OmitZero: true}), Status: StatusDisconnected},
			`{"racer":"b2","seq":0,"foundations":[0,0,0,0],"foundation":0,"turned_up":0,"actions":0,"status":"disconnected"}`},
		{Progress{Racer: `q"<&é`, Counts: NewCounts(Count{Name: "completed", Value: 3, OmitZero: true}, Count{Name: "x", Value: -1}), Status: StatusWon},
			`{"racer":"q\"<&é","seq":0,"foundations":[0,0,0,0],"foundation":0,"turned_up":0,"actions":0,"completed":3,"x":-1,"status":"won"}`},
	} {
		got := string(tt.p.AppendJSON(nil))
		if got != tt.want {
			t.Errorf("got  %s\nwant %s", got, tt.want)
		}
		var back Progress
		if err := json.Unmarshal([]byte(got), &back); err != nil {
			t.Fatal(err)
		}
		if again := string(back.AppendJSON(nil)); again != got {
			t.Errorf("read back and written again: %s, want %s", again, got)
		}
		if back.Counts.Get("completed") != tt.p.Counts.Get("completed") || back.Racer != tt.p.Racer || !back.ReachedAt.Equal(tt.p.ReachedAt) {
			t.Errorf("read back %+v, want %+v", back, tt.p)
		}
	}
	if allocs := testing.AllocsPerRun(10, func() {
		p := Progress{Racer: "a1b2", Counts: NewCounts(Count{Name: "passes", Value: 1}), Status: StatusPlaying}
		var buf [256]byte
		_ = p.AppendJSON(buf[:0])
	}); allocs != 0 {
		t.Errorf("AppendJSON allocates %.1f times, want 0", allocs)
	}
	var full Counts
	for i := range 5 {
		full.Add(Count{Name: "n", Value: i})
	}
	if full.Len() != len(full.at) {
		t.Errorf("%d counts kept of 5, want the most a game has (%d)", full.Len(), len(full.at))
	}
}

// TestStandingJSON: a standing's counts go between "foundation" and
// "reached_at", and read back.
func TestStandingJSON(t *testing.T) {
	at := time.Date(2026, 11, 30, 12, 0, 59, 250_000_000, time.UTC)
	s := Standing{Place: 1, Player: "a1", Name: "Ann <3", Status: StatusWon, Foundation: 104,
		Counts: NewCounts(Count{Name: "completed", Value: 8, OmitZero: true}), ReachedAt: at, EndedAt: at, Actions: 113}
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"place":1,"player":"a1","name":"Ann \u003c3","status":"won","foundation":104,"completed":8,"reached_at":"2026-11-30T12:00:59.25Z","ended_at":"2026-11-30T12:00:59.25Z","actions":113}`
	if string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
	var back Standing
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	back.Counts = NewCounts(Count{Name: "completed", Value: back.Counts.Get("completed"), OmitZero: true})
	if !reflect.DeepEqual(back, s) {
		t.Errorf("read back %+v, want %+v", back, s)
	}
	plain, _ := json.Marshal(Standing{Place: 2, Player: "b", Name: "Bob", Status: StatusResigned})
	if want := `{"place":2,"player":"b","name":"Bob","status":"resigned","foundation":0,"actions":0}`; string(plain) != want {
		t.Errorf("got  %s\nwant %s", plain, want)
	}
}
