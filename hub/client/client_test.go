package client

import (
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"testing"

	"github.com/solitaire-race/racer/hub/wire"
)

// golden returns a frame of the hub's golden files, compact as the hub
// sends it.
func golden(tb testing.TB, name string) []byte {
	tb.Helper()
	b, err := os.ReadFile("../wire/testdata/" + name + ".json")
	if err != nil {
		tb.Fatal(err)
	}
	var out bytes.Buffer
	if err := json.Compact(&out, b); err != nil {
		tb.Fatal(err)
	}
	return out.Bytes()
}

// TestParse checks that parse finds the type encoding/json finds, compact
// or not, and that Decode gives what encoding/json gives, from the value
// decoded on arrival or from the frame.
func TestParse(t *testing.T) {
	for _, name := range []string{"ack", "race", "error", "progress", "race_end", "pong", "welcome", "board"} {
		compact := golden(t, name)
		indented, _ := os.ReadFile("../wire/testdata/" + name + ".json")
		for _, frame := range [][]byte{compact, indented} {
			var head struct {
				Type string `json:"type"`
			}
			if err := json.Unmarshal(frame, &head); err != nil {
				t.Fatal(err)
			}
			m := parse(frame)
			if m.Type != head.Type {
				t.Fatalf("%s: type: got %q, want %q", name, m.Type, head.Type)
			}
			check := func(got, want any) {
				t.Helper()
				if err := m.Decode(got); err != nil {
					t.Fatalf("%s: Decode: %v", name, err)
				}
				if err := json.Unmarshal(frame, want); err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(got, want) {
					t.Errorf("%s: Decode: got %+v, want %+v", name, got, want)
				}
			}
			switch m.Type {
			case wire.TypeAck:
				check(&wire.Ack{}, &wire.Ack{})
			case wire.TypeRace:
				check(&wire.RaceMessage{}, &wire.RaceMessage{})
			case wire.TypeError:
				check(&Error{}, &Error{})
				check(&wire.Error{}, &wire.Error{})
			case wire.TypeProgress:
				check(&wire.ProgressMessage{}, &wire.ProgressMessage{})
			}
		}
	}
}

// TestTypeOf checks the frames typeOf reads without encoding/json and
// those it leaves to it.
func TestTypeOf(t *testing.T) {
	for _, tt := range []struct{ frame, want string }{
		{`{"type":"ack","race":"r"}`, "ack"},
		{`{"type":"rematch_vote"}`, "rematch_vote"},
		{`{"race":"r","type":"ack"}`, "ack"},
		{`{ "type": "ack"}`, "ack"},
		{`{"type":"a\u0063k"}`, "ack"},
		{`{"type":"a\"b"}`, `a"b`},
		{`{"type":"ack`, ""},
		{`not json`, ""},
	} {
		if got := typeOf([]byte(tt.frame)); got != tt.want {
			t.Errorf("typeOf(%s): got %q, want %q", tt.frame, got, tt.want)
		}
	}
}

// BenchmarkAck measures what the client spends on each ack it reads and
// waits for (WaitAck): "thrice" parses it three times (its type, then
// race and seq for the pending list, then the whole ack), "once" decodes
// it once, as the client does.
func BenchmarkAck(b *testing.B) {
	frame := golden(b, "ack")
	b.Run("thrice", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var head struct {
				Type string `json:"type"`
			}
			_ = json.Unmarshal(frame, &head)
			var a struct {
				Race string `json:"race"`
				Seq  uint64 `json:"seq"`
			}
			_ = json.Unmarshal(frame, &a)
			var ack wire.Ack
			if err := json.Unmarshal(frame, &ack); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("once", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			m := parse(frame)
			var ack wire.Ack
			if err := m.Decode(&ack); err != nil || m.Type != wire.TypeAck {
				b.Fatal(err)
			}
		}
	})
}
