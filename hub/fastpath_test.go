package hub

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"

	"github.com/solitaire-race/racer/match"
)

func TestParseFastAction(t *testing.T) {
	tests := []struct {
		in   string
		ok   bool
		want fastAction
	}{
		{`{"type":"move","race":"ab12","seq":3,"move":"3-5x2"}`, true, fastAction{typ: []byte("move"), race: []byte("ab12"), seq: 3, move: []byte("3-5x2")}},
		{` { "seq" : 7 , "move":"D","race":"r","type":"move" } `, true, fastAction{typ: []byte("move"), race: []byte("r"), seq: 7, move: []byte("D")}},
		{`{"type":"resign","race":"r","seq":2}`, true, fastAction{typ: []byte("resign"), race: []byte("r"), seq: 2}},
		{`{"type":"move"}`, true, fastAction{typ: []byte("move")}},
		{`{"type":"ping"}`, false, fastAction{}},
		{`{"type":"move","type":"move"}`, false, fastAction{}},
		{`{"type":"move","race":"a\"b"}`, false, fastAction{}},
		{`{"type":"move","seq":01}`, false, fastAction{}},
		{`{"type":"move","seq":1.5}`, false, fastAction{}},
		{`{"type":"move","seq":-1}`, false, fastAction{}},
		{`{"type":"move","seq":99999999999999999999}`, false, fastAction{}},
		{`{"type":"move","extra":1}`, false, fastAction{}},
		{`{"type":"move",}`, false, fastAction{}},
		{`{"type":"move"} x`, false, fastAction{}},
		{`{"Type":"move"}`, false, fastAction{}},
		{`{"type":"mové"}`, false, fastAction{}},
		{``, false, fastAction{}},
	}
	for _, tc := range tests {
		var f fastAction
		ok := parseFastAction([]byte(tc.in), &f)
		if ok != tc.ok {
			t.Errorf("%s: ok %v, want %v", tc.in, ok, tc.ok)
			continue
		}
		if ok && (!bytes.Equal(f.typ, tc.want.typ) || !bytes.Equal(f.race, tc.want.race) || !bytes.Equal(f.move, tc.want.move) || f.seq != tc.want.seq) {
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
		var fa fastAction
		if !parseFastAction(b, &fa) {
			return
		}
		var m ClientMessage
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatalf("fast path read %q, encoding/json refuses it: %v", b, err)
		}
		if m.Type != string(fa.typ) || m.Race != string(fa.race) || m.Move != string(fa.move) || m.Seq != fa.seq {
			t.Fatalf("fast path %+v, encoding/json %+v", fa, m)
		}
	})
}

func TestAppendProgressMatchesJSON(t *testing.T) {
	at := time.Date(2026, 11, 30, 12, 0, 9, 250_000_000, time.UTC)
	for _, p := range []match.Progress{
		{Racer: "a1b2c3d4e5f60718", Seq: 2, Foundations: [4]int{1, 0, 2, 0}, Foundation: 3, TurnedUp: 2, Actions: 2, Passes: 1, Status: match.StatusPlaying, ReachedAt: at},
		{Racer: "0f1e2d3c4b5a6978", Status: match.StatusDisconnected, Passes: 1},
		{Racer: "0f1e2d3c4b5a6978", Seq: 300, Foundation: 52, Foundations: [4]int{13, 13, 13, 13}, Status: match.StatusWon, ReachedAt: at.Add(time.Nanosecond)},
		{Racer: "0f1e2d3c4b5a6978", ReachedAt: time.Date(2026, 1, 2, 3, 4, 5, 0, time.FixedZone("x", 3600))},
		{Racer: "0f1e2d3c4b5a6978", Seq: 90, Foundation: 39, Foundations: [4]int{0, 0, 13, 26}, TurnedUp: 40, Actions: 90, Completed: 3, Status: match.StatusPlaying, ReachedAt: at},
	} {
		want, _ := json.Marshal(ProgressMessage{Type: TypeProgress, Race: "5f1c0a9e2b7d4c3a81", Progress: p})
		got := appendProgress(nil, "5f1c0a9e2b7d4c3a81", &p)
		if !bytes.Equal(got, want) {
			t.Errorf("got  %s\nwant %s", got, want)
		}
	}
}

func TestInternKnowsEveryMove(t *testing.T) {
	for _, s := range []string{"D", "R", "W-F", "W-3", "3-F", "3-5", "3-5x13", "FH-3", "resign", "finish", "10-1x12", "8-10", "9-3x4"} {
		if got := intern([]byte(s)); got != s {
			t.Errorf("intern(%q) = %q", s, got)
		}
		if n := testing.AllocsPerRun(10, func() { _ = intern([]byte(s)) }); n != 0 {
			t.Errorf("intern(%q) allocates %v times", s, n)
		}
	}
}
