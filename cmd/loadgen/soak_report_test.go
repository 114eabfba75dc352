package main

import (
	"strings"
	"testing"
	"time"
)

// TestSoakReportFails checks each of the soak's failure rules on spells
// built by hand, and that spells within every bound pass.
func TestSoakReportFails(t *testing.T) {
	idle := func(cpu float64, rss, gor, finished, keys int64) idleSample {
		return idleSample{soakSample: soakSample{RSSKB: rss, Goroutines: gor, Finished: finished, Keys: keys}, CPU: cpu}
	}
	good := []soakSpell{
		{N: 1, Settle: time.Second, Idle: idle(0.004, 40000, 30, 100, 1000)},
		{N: 2, Settle: time.Second, Idle: idle(0.005, 41000, 32, 200, 2000)},
	}
	tests := []struct {
		name string
		edit func([]soakSpell, *probe)
		want string // in the first failure; "" passes
	}{
		{"within bounds", func([]soakSpell, *probe) {}, ""},
		{"busy when idle", func(s []soakSpell, _ *probe) { s[1].Idle.CPU = 0.02 }, "idle after spell 2"},
		{"never settled", func(s []soakSpell, _ *probe) { s[0].Settle = time.Minute }, "did not settle"},
		{"client failures", func(s []soakSpell, _ *probe) { s[0].Failures, s[0].LastErr = 2, "dial: refused" }, "client failures"},
		{"late race", func(_ []soakSpell, p *probe) { p.late["r1"] = 40 * time.Second }, "past their deadline"},
		{"goroutines grow", func(s []soakSpell, _ *probe) { s[1].Idle.Goroutines = 200 }, "goroutines"},
		{"memory grows", func(s []soakSpell, _ *probe) { s[1].Idle.RSSKB = 200000 }, "RSS"},
		{"keys per race grow", func(s []soakSpell, _ *probe) { s[1].Idle.Keys = 5000 }, "keys per finished race"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := newProbe(soakConfig{idleCPU: 0.01, settleMax: time.Minute, grace: 5 * time.Second, redisAddr: "127.0.0.1:1"})
			spells := append([]soakSpell(nil), good...)
			tt.edit(spells, p)
			r := p.report(idle(0.003, 30000, 25, 0, 0), spells)
			switch {
			case tt.want == "" && len(r.Failed) > 0:
				t.Errorf("got failures %q, want none", r.Failed)
			case tt.want != "" && (len(r.Failed) != 1 || !strings.Contains(r.Failed[0], tt.want)):
				t.Errorf("got failures %q, want one about %q", r.Failed, tt.want)
			}
		})
	}
}
