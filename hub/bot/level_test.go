package bot

import (
	"strings"
	"testing"
	"time"
)

func TestParseLevel(t *testing.T) {
	tests := []struct {
		in      string
		want    Level
		wantErr bool
	}{
		{"relaxed", Relaxed, false},
		{"steady", Steady, false},
		{"strong", Strong, false},
		{"greedy", Greedy, false},
		{"random", Random, false},
		{"", Steady, false},
		{"expert", Strong, false},
		{"Strong", 0, true},
		{"hard", 0, true},
	}
	for _, tt := range tests {
		got, err := ParseLevel(tt.in)
		if (err != nil) != tt.wantErr || got != tt.want {
			t.Errorf("ParseLevel(%q) = %v, %v; want %v, error %v", tt.in, got, err, tt.want, tt.wantErr)
		}
		if err == nil && tt.in != "" && tt.in != "expert" && got.String() != tt.in {
			t.Errorf("Level(%d).String() = %q, want %q", got, got.String(), tt.in)
		}
	}
	if l := Level(0); l != Steady {
		t.Errorf("the zero Level is %v, want steady", l)
	}
}

// TestPlayerLevels checks the levels offered to people: weakest first,
// each labelled by its name for people, the default among them.
func TestPlayerLevels(t *testing.T) {
	got := PlayerLevels()
	want := []Level{Relaxed, Steady, Strong}
	if len(got) != len(want) {
		t.Fatalf("PlayerLevels() = %v, want %v", got, want)
	}
	seen := map[string]bool{}
	for i, l := range got {
		if l != want[i] {
			t.Errorf("PlayerLevels()[%d] = %v, want %v", i, l, want[i])
		}
		label := l.Label()
		name := strings.ToUpper(l.String()[:1]) + l.String()[1:]
		if !strings.HasPrefix(label, name+": ") || seen[label] {
			t.Errorf("%v.Label() = %q, want %q and a word for people, unlike the others", l, label, name+": …")
		}
		seen[label] = true
		if p, err := ParseLevel(l.String()); err != nil || p != l {
			t.Errorf("ParseLevel(%q) = %v, %v; want %v", l.String(), p, err, l)
		}
	}
	if Level(99).Label() != "Level(99)" {
		t.Errorf("Level(99).Label() = %q, want Level(99)", Level(99).Label())
	}
}

// TestPace checks that the levels for people pause as a person does
// (about 0.4 … 4 s an action), stronger levels quicker, and that the
// load levels do not pause.
func TestPace(t *testing.T) {
	prev := time.Duration(1 << 62)
	for _, l := range []Level{Relaxed, Steady, Strong} {
		p := l.Pace()
		for _, stock := range []bool{false, true} {
			lo, hi := p.pause(stock, 0), p.pause(stock, 0.999)
			if lo < 300*time.Millisecond || hi > 4*time.Second || lo >= hi {
				t.Errorf("%v pauses %v … %v (stock %v), want within 0.3 … 4 s", l, lo, hi, stock)
			}
		}
		if p.Play >= prev {
			t.Errorf("%v pauses %v before a move, want less than the weaker level's %v", l, p.Play, prev)
		}
		prev = p.Play
	}
	for _, l := range []Level{Greedy, Random} {
		if d := l.Pace().pause(false, 0.5); d != 0 {
			t.Errorf("%v pauses %v, want 0", l, d)
		}
	}
	if got := Steady.Pace().Scaled(2 * time.Second); got.Play != 2*time.Second || got.Stock != time.Second {
		t.Errorf("Steady.Pace().Scaled(2s) = %+v, want 2s and 1s", got)
	}
}
