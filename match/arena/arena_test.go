package arena

import (
	"errors"
	"testing"
	"time"
)

func known(p string) bool { return p == "bvs" || p == "spider-1" }

func TestArenaValidate(t *testing.T) {
	ok := Arena{ID: "a-1", Name: "Evening", Profile: "bvs", Start: t0, Duration: time.Hour, RaceSize: 2}
	if err := ok.Validate(MinDuration, known); err != nil {
		t.Fatalf("valid arena: %v", err)
	}
	for name, mut := range map[string]func(*Arena){
		"short":     func(a *Arena) { a.Duration = 9 * time.Minute },
		"long":      func(a *Arena) { a.Duration = 121 * time.Minute },
		"size 1":    func(a *Arena) { a.RaceSize = 1 },
		"size 5":    func(a *Arena) { a.RaceSize = 5 },
		"profile":   func(a *Arena) { a.Profile = "poker" },
		"id":        func(a *Arena) { a.ID = "a/b" },
		"name":      func(a *Arena) { a.Name = "" },
		"long name": func(a *Arena) { a.Name = "0123456789012345678901234567890123456789x" },
		"no start":  func(a *Arena) { a.Start = time.Time{} },
	} {
		a := ok
		mut(&a)
		if err := a.Validate(MinDuration, known); !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: got %v, want ErrInvalid", name, err)
		}
	}
	short := ok
	short.Duration = 30 * time.Second
	if err := short.Validate(time.Second, known); err != nil {
		t.Errorf("a test's short arena: %v", err)
	}
}

func TestArenaPhase(t *testing.T) {
	a := Arena{Start: t0, Duration: time.Hour}
	for _, c := range []struct {
		at   time.Time
		want string
	}{{t0.Add(-time.Second), PhaseUpcoming}, {t0, PhaseRunning}, {t0.Add(time.Hour - 1), PhaseRunning}, {t0.Add(time.Hour), PhaseFinished}} {
		if got := a.Phase(c.at); got != c.want {
			t.Errorf("at %v: got %s, want %s", c.at.Sub(t0), got, c.want)
		}
	}
}

func TestArenaSchedule(t *testing.T) {
	s, err := ParseSchedule(DefaultScheduleText, MinDuration, known)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 12, 2, 18, 20, 0, 0, time.UTC)
	due := s.Due(now)
	var got []string
	for _, a := range due {
		got = append(got, a.ID+" "+a.Start.Format("15:04")+" "+a.Duration.String()+" every "+a.Every.String())
	}
	want := []string{
		"bvs-60m-" + unix(2026, 12, 2, 18) + " 18:00 50m0s every 1h0m0s",
		"bvs-60m-" + unix(2026, 12, 2, 19) + " 19:00 50m0s every 1h0m0s",
		"spider-1-1440m-" + unix(2026, 12, 2, 18) + " 18:00 1h0m0s every 24h0m0s",
		"spider-1-1440m-" + unix(2026, 12, 3, 18) + " 18:00 1h0m0s every 24h0m0s",
	}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("got %s, want %s", got[i], want[i])
		}
	}
	for _, a := range due {
		if err := a.Validate(MinDuration, known); err != nil {
			t.Errorf("%s: %v", a.ID, err)
		}
	}
	// After the hourly arena's 50 minutes only the next one is due.
	if due := s[:1].Due(now.Add(35 * time.Minute)); len(due) != 1 || due[0].Start.Hour() != 19 {
		t.Errorf("at 18:55 got %v, want only the 19:00 arena", due)
	}
	for _, bad := range []string{"bvs/1h", "bvs/1h/5m", "bvs/1h/2h", "poker/1h/30m", "bvs/1h/30m/5", "bvs/1h/30m/@2h", "bvs/x/30m"} {
		if _, err := ParseSchedule(bad, MinDuration, known); err == nil {
			t.Errorf("%q: got no error", bad)
		}
	}
	if s, err := ParseSchedule("off", MinDuration, known); err != nil || s != nil {
		t.Errorf("off: got %v %v, want no schedule", s, err)
	}
	if s, _ := ParseSchedule("bvs/2m/40s/4/unrated", time.Second, known); len(s) != 1 || s[0].RaceSize != 4 || s[0].Rated {
		t.Errorf("got %+v, want a short unrated arena of 4", s)
	}
}

func unix(y int, m time.Month, d, h int) string {
	return itoa(time.Date(y, m, d, h, 0, 0, 0, time.UTC).Unix())
}

func itoa(x int64) string {
	if x == 0 {
		return "0"
	}
	var b []byte
	for x > 0 {
		b = append([]byte{byte('0' + x%10)}, b...)
		x /= 10
	}
	return string(b)
}
