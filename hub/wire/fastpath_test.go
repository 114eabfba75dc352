package wire

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"

	"github.com/solitaire-race/racer/match/scoreboard"
)

func TestParseFastAction(t *testing.T) {
	tests := []struct {
		in   string
		ok   bool
		want FastAction
	}{
		{`{"type":"move","race":"ab12","seq":3,"move":"3-5x2"}`, true, FastAction{Type: []byte("move"), Race: []byte("ab12"), Seq: 3, Move: []byte("3-5x2")}},
		{` { "seq" : 7 , "move":"D","race":"r","type":"move" } `, true, FastAction{Type: []byte("move"), Race: []byte("r"), Seq: 7, Move: []byte("D")}},
		{`{"type":"resign","race":"r","seq":2}`, true, FastAction{Type: []byte("resign"), Race: []byte("r"), Seq: 2}},
		{`{"type":"move"}`, true, FastAction{Type: []byte("move")}},
		{`{"type":"ping"}`, false, FastAction{}},
		{`{"type":"move","type":"move"}`, false, FastAction{}},
		{`{"type":"move","race":"a\"b"}`, false, FastAction{}},
		{`{"type":"move","seq":01}`, false, FastAction{}},
		{`{"type":"move","seq":1.5}`, false, FastAction{}},
		{`{"type":"move","seq":-1}`, false, FastAction{}},
		{`{"type":"move","seq":99999999999999999999}`, false, FastAction{}},
		{`{"type":"move","extra":1}`, false, FastAction{}},
		{`{"type":"move",}`, false, FastAction{}},
		{`{"type":"move"} x`, false, FastAction{}},
		{`{"Type":"move"}`, false, FastAction{}},
		{`{"type":"mové"}`, false, FastAction{}},
		{``, false, FastAction{}},
	}
	for _, tc := range tests {
		var f FastAction
		ok := ParseFastAction([]byte(tc.in), &f)
		if ok != tc.ok {
			t.Errorf("%s: ok %v, want %v", tc.in, ok, tc.ok)
			continue
		}
		if ok && (!bytes.Equal(f.Type, tc.want.Type) || !bytes.Equal(f.Race, tc.want.Race) || !bytes.Equal(f.Move, tc.want.Move) || f.Seq != tc.want.Seq) {
			t.Errorf("%s: got %+v, want %+v", tc.in, f, tc.want)
		}
	}
}

// FuzzFastAction checks that whenever the fast path reads a frame, it
// reads what encoding/json reads.
func FuzzFastAction(f *testing.F) {
	f.Add([]byte(`{"type":"move","race":"ab12","seq":3,"move":"3-5x2"}`))
	f.Add([]byte(`{"type":"finish","race":"x","seq":18446744073709551615}`))
	f.Add([]byte(` {"seq":0,"type":"resign"}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var fa FastAction
		if !ParseFastAction(b, &fa) {
			return
		}
		var m ClientMessage
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatalf("fast path read %q, encoding/json refuses it: %v", b, err)
		}
		if m.Type != string(fa.Type) || m.Race != string(fa.Race) || m.Move != string(fa.Move) || m.Seq != fa.Seq {
			t.Fatalf("fast path %+v, encoding/json %+v", fa, m)
		}
	})
}

func TestAppendProgressMatchesJSON(t *testing.T) {
	at := time.Date(2026, 11, 30, 12, 0, 9, 250_000_000, time.UTC)
	for _, p := range []scoreboard.Progress{
		{Racer: "a1b2c3d4e5f60718", Seq: 2, Foundations: [4]int{1, 0, 2, 0}, Foundation: 3, TurnedUp: 2, Actions: 2, Counts: scoreboard.NewCounts(scoreboard.Count{Name: "passes", Value: 1}), Status: scoreboard.StatusPlaying, ReachedAt: at},
		{Racer: "0f1e2d3c4b5a6978", Status: scoreboard.StatusDisconnected, Counts: scoreboard.NewCounts(scoreboard.Count{Name: "passes", Value: 1})},
		{Racer: "0f1e2d3c4b5a6978", Seq: 300, Foundation: 52, Foundations: [4]int{13, 13, 13, 13}, Status: scoreboard.StatusWon, ReachedAt: at.Add(time.Nanosecond)},
		{Racer: "0f1e2d3c4b5a6978", ReachedAt: time.Date(2026, 1, 2, 3, 4, 5, 0, time.FixedZone("x", 3600))},
		{Racer: "0f1e2d3c4b5a6978", Seq: 90, Foundation: 39, Foundations: [4]int{0, 0, 13, 26}, TurnedUp: 40, Actions: 90, Counts: scoreboard.NewCounts(scoreboard.Count{Name: "completed", Value: 3, OmitZero: true}), Status: scoreboard.StatusPlaying, ReachedAt: at},
	} {
		want, _ := json.Marshal(ProgressMessage{Type: TypeProgress, Race: "5f1c0a9e2b7d4c3a81", Progress: p})
		got := AppendProgress(nil, "5f1c0a9e2b7d4c3a81", &p)
		if !bytes.Equal(got, want) {
			t.Errorf("got  %s\nwant %s", got, want)
		}
	}
}

func TestParseUint(t *testing.T) {
	tests := []struct {
		in      string
		i       int
		want    uint64
		wantEnd int
		ok      bool
	}{
		{"0", 0, 0, 1, true},
		{"42,", 0, 42, 2, true},
		{`"s":17}`, 4, 17, 6, true},
		{"18446744073709551615", 0, 18446744073709551615, 20, true},
		{"18446744073709551616", 0, 0, 0, false}, // overflows uint64
		{"007", 0, 0, 0, false},
		{"1.5", 0, 0, 0, false},
		{"1e3", 0, 0, 0, false},
		{"-1", 0, 0, 0, false},
		{"", 0, 0, 0, false},
		{"x", 0, 0, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			n, end, ok := ParseUint([]byte(tt.in), tt.i)
			wantEnd := tt.wantEnd
			if !tt.ok {
				wantEnd = tt.i
			}
			if n != tt.want || end != wantEnd || ok != tt.ok {
				t.Errorf("ParseUint(%q, %d) = %d, %d, %v; want %d, %d, %v", tt.in, tt.i, n, end, ok, tt.want, wantEnd, tt.ok)
			}
		})
	}
	b := []byte(`{"seq":18446744073709551615}`)
	if allocs := testing.AllocsPerRun(100, func() { _, _, _ = ParseUint(b, 7) }); allocs != 0 {
		t.Errorf("ParseUint allocates %v times, want 0", allocs)
	}
}
