package client

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unsafe"

	"github.com/solitaire-race/racer/hub/wire"
)

// goldenFrames returns every frame of type typ among the hub's golden
// files (both games), indented as stored and compact as sent.
func goldenFrames(tb testing.TB, typ string) map[string][]byte {
	tb.Helper()
	files, err := filepath.Glob("../wire/testdata/*.json")
	if err != nil {
		tb.Fatal(err)
	}
	out := map[string][]byte{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		var head struct {
			Type string `json:"type"`
		}
		if json.Unmarshal(b, &head) != nil || head.Type != typ {
			continue
		}
		var c bytes.Buffer
		if err := json.Compact(&c, b); err != nil {
			tb.Fatal(err)
		}
		name := filepath.Base(f)
		out[name] = b
		out[name+" compact"] = c.Bytes()
	}
	return out
}

// fastAck and fastProgress run the hand-written decoders alone, without
// the fall-back to encoding/json.
func fastAck(b []byte) (wire.Ack, bool) {
	var a wire.Ack
	d := decoder{b: b}
	return a, d.ack(&a) && d.end()
}

func fastProgress(b []byte) (wire.ProgressMessage, bool) {
	var p wire.ProgressMessage
	d := decoder{b: b}
	return p, d.progressMessage(&p) && d.end()
}

// TestDecodeGolden checks that the hand-written decoders read every ack
// and progress frame of the golden files themselves, to what
// encoding/json makes of them.
func TestDecodeGolden(t *testing.T) {
	for _, tc := range []struct {
		typ  string
		fast func([]byte) (any, bool)
		json func([]byte) (any, error)
	}{
		{wire.TypeAck,
			func(b []byte) (any, bool) { a, ok := fastAck(b); return a, ok },
			func(b []byte) (any, error) { var a wire.Ack; err := json.Unmarshal(b, &a); return a, err }},
		{wire.TypeProgress,
			func(b []byte) (any, bool) { p, ok := fastProgress(b); return p, ok },
			func(b []byte) (any, error) { var p wire.ProgressMessage; err := json.Unmarshal(b, &p); return p, err }},
	} {
		frames := goldenFrames(t, tc.typ)
		var spider bool
		for name, b := range frames {
			spider = spider || strings.HasPrefix(name, "spider_")
			got, ok := tc.fast(b)
			if !ok {
				t.Errorf("%s: the hand-written decoder left it to encoding/json", name)
				continue
			}
			want, err := tc.json(b)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s: got %+v, want %+v", name, got, want)
			}
		}
		if len(frames) < 4 || !spider {
			t.Errorf("%s: %d golden frames, want both games' (at least 4)", tc.typ, len(frames))
		}
	}
}

// TestDecodeFallsBack checks frames outside the subset the decoders read:
// each gives what encoding/json gives, value or error.
func TestDecodeFallsBack(t *testing.T) {
	ack := string(goldenFrames(t, wire.TypeAck)["ack.json compact"])
	prog := string(goldenFrames(t, wire.TypeProgress)["progress.json compact"])
	sack := string(goldenFrames(t, wire.TypeAck)["spider_ack.json compact"])
	// A view is kept as raw JSON whichever game's it is (the race says
	// which): any view within the subset is read by hand.
	tests := []struct {
		name, frame string
		fast        bool // the hand-written decoder reads it
	}{
		{"ack", ack, true},
		{"unknown key", strings.Replace(ack, `"seq":`, `"extra":[1,{"a":null}],"seq":`, 1), false},
		{"key in capitals", strings.Replace(ack, `"seq":`, `"Seq":`, 1), false},
		{"escaped race", strings.Replace(ack, `"race":"5f`, `"race":"\u0035f`, 1), false},
		{"non-ASCII race", strings.Replace(ack, `"race":"5f`, `"race":"é5f`, 1), false},
		{"null view", ack[:strings.Index(ack, `"view":`)] + `"view":null}`, false},
		{"float seq", strings.Replace(ack, `"seq":2`, `"seq":2.0`, 1), false},
		{"negative seq", strings.Replace(ack, `"seq":2`, `"seq":-2`, 1), false},
		{"leading zero", strings.Replace(ack, `"seq":2`, `"seq":02`, 1), false},
		{"sign apart", strings.Replace(ack, `"down":1`, `"down":- 1`, 1), false},
		{"negative down", strings.Replace(ack, `"down":1`, `"down":-1`, 1), true},
		{"duplicate", strings.Replace(ack, `"status"`, `"duplicate":true,"status"`, 1), true},
		{"six columns", strings.Replace(ack, `{"down":0,"up":["JS"]},`, ``, 1), true},
		{"no up", strings.Replace(ack, `"up":["JS"]`, `"x":1`, 1), true},
		{"bad card", strings.Replace(ack, `"JS"`, `"ZZ"`, 1), true},
		{"empty waste", strings.Replace(ack, `"waste":["5H","TD","TH"]`, `"waste":[]`, 1), true},
		{"trailing data", ack + `x`, false},
		{"two objects", ack + ack, false},
		{"truncated", ack[:len(ack)-2], false},
		{"white space", " \n" + strings.ReplaceAll(ack, ",", " ,\t") + "\r\n", true},
		{"spider ack", sack, true},
		{"spider view, Klondike key", strings.Replace(sack, `"stock":`, `"waste_size":3,"stock":`, 1), true},
		{"spaced completed", strings.Replace(sack, `"completed":`, `"completed" :`, 1), true},
		{"progress", prog, true},
		{"bad time", strings.Replace(prog, `2026-11-30T`, `2026-13-30T`, 1), false},
		{"three foundations", strings.Replace(prog, `[1,0,2,0]`, `[1,0,2]`, 1), false},
		{"not json", `{"type":"ack",`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if golden := tt.name == "ack" || tt.name == "spider ack" || tt.name == "progress"; !golden &&
				(tt.frame == ack || tt.frame == sack || tt.frame == prog) {
				t.Fatal("the frame is a golden one unchanged: its replacement found nothing (golden file changed?)")
			}
			b := []byte(tt.frame)
			if strings.Contains(tt.frame, `"type":"progress"`) {
				_, fast := fastProgress(b)
				var got, want wire.ProgressMessage
				gerr := DecodeProgress(b, &got)
				werr := json.Unmarshal(b, &want)
				compare(t, fast, tt.fast, got, want, gerr, werr)
				return
			}
			_, fast := fastAck(b)
			var got, want wire.Ack
			gerr := DecodeAck(b, &got)
			werr := json.Unmarshal(b, &want)
			compare(t, fast, tt.fast, got, want, gerr, werr)
		})
	}
}

func compare(t *testing.T, fast, wantFast bool, got, want any, gerr, werr error) {
	t.Helper()
	if fast != wantFast {
		t.Errorf("read by hand: got %v, want %v", fast, wantFast)
	}
	if (gerr == nil) != (werr == nil) || !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v, %v; want %+v, %v (encoding/json's)", got, gerr, want, werr)
	}
}

// FuzzDecode checks that the decoders agree with encoding/json on any
// frame: go test -fuzz FuzzDecode ./hub/client
func FuzzDecode(f *testing.F) {
	for _, typ := range []string{wire.TypeAck, wire.TypeProgress} {
		for _, b := range goldenFrames(f, typ) {
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var ga, wa wire.Ack
		gerr, werr := DecodeAck(b, &ga), json.Unmarshal(b, &wa)
		if (gerr == nil) != (werr == nil) || (werr == nil && !reflect.DeepEqual(ga, wa)) {
			t.Fatalf("ack %q: got %+v, %v; want %+v, %v", b, ga, gerr, wa, werr)
		}
		var gp, wp wire.ProgressMessage
		gerr, werr = DecodeProgress(b, &gp), json.Unmarshal(b, &wp)
		if (gerr == nil) != (werr == nil) || (werr == nil && !reflect.DeepEqual(gp, wp)) {
			t.Fatalf("progress %q: got %+v, %v; want %+v, %v", b, gp, gerr, wp, werr)
		}
	})
}

// BenchmarkDecodeAck compares the hand-written decoder of acks with
// encoding/json, on both games' golden acks.
func BenchmarkDecodeAck(b *testing.B) {
	for _, name := range []string{"ack", "spider_ack"} {
		frame := golden(b, name)
		b.Run(name+"/json", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				var a wire.Ack
				if err := json.Unmarshal(frame, &a); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(name+"/hand", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				var a wire.Ack
				if err := DecodeAck(frame, &a); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestKnown checks that the hub's types and the statuses come back as
// the package's own strings (the same bytes, not a copy), and anything
// else as itself.
func TestKnown(t *testing.T) {
	for _, s := range hubTypes {
		got := typeName([]byte(s))
		if got != s || unsafe.StringData(got) != unsafe.StringData(s) {
			t.Errorf("typeName(%q) = %q at %p, want the constant at %p", s, got, unsafe.StringData(got), unsafe.StringData(s))
		}
	}
	for _, st := range statuses {
		got := statusString([]byte(st))
		if got != st || unsafe.StringData(string(got)) != unsafe.StringData(string(st)) {
			t.Errorf("statusString(%q) = %q, want the constant", st, got)
		}
	}
	for _, s := range []string{"board-x", ""} {
		if got := typeName([]byte(s)); got != s {
			t.Errorf("typeName(%q) = %q, want %q", s, got, s)
		}
	}
}
