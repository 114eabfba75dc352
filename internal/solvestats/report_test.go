package solvestats

import (
	"bytes"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func TestRun(t *testing.T) {
	var calls atomic.Int64
	var out bytes.Buffer // not a terminal: no progress bar
	got := Run(50, 3, &out, func(i int) Outcome {
		calls.Add(1)
		return Outcome{Verdict: []string{Won, Lost, Unknown}[i%3], Nodes: int64(i)}
	})
	if calls.Load() != 50 || len(got) != 50 {
		t.Fatalf("got %d calls and %d outcomes, want 50 and 50", calls.Load(), len(got))
	}
	for i, o := range got {
		if o.Nodes != int64(i) {
			t.Errorf("outcome %d: got nodes %d, want %d", i, o.Nodes, i)
		}
	}
	if out.Len() != 0 {
		t.Errorf("progress on a buffer: got %q, want nothing", out.String())
	}
}

func TestReportWrite(t *testing.T) {
	ms := time.Millisecond
	outcomes := []Outcome{
		{Won, 2 * ms, 10}, {Lost, 5 * ms, 20}, {Unknown, 3 * ms, 30}, {Won, 1 * ms, 40},
	}
	for _, tc := range []struct {
		name string
		r    Report
		want string
	}{
		{"plain", Report{Rules: "r", Lo: 7, Hi: 10, Outcomes: outcomes, Workers: 2, Timeout: time.Second, Wall: 11 * ms}, `rules: r
seeds: 7-10 (4 deals), timeout 1s per deal, 2 worker(s)
won: 2  lost: 1  unknown: 1
win rate: 66.667 % of decided deals (Wilson 95 %: 20.766 % – 93.851 %)
win rate bounds with unknowns: 50.000 % (all lost) – 75.000 % (all won)
time per deal: median 2.0ms  p90 5.0ms  p99 5.0ms  max 5.0ms  mean 2.8ms
nodes: 100 in all; wall time 11ms
`},
		{"every option", Report{Rules: "r", Lo: 7, Hi: 10, Outcomes: outcomes, Workers: 1, Timeout: time.Second, Wall: 11 * ms,
			ListSeeds: 1, Notes: []string{"a note"}, NodesPerDeal: true, Slowest: 2}, `rules: r
seeds: 7-10 (4 deals), timeout 1s per deal, 1 worker(s)
won: 2  lost: 1  unknown: 1
win rate: 66.667 % of decided deals (Wilson 95 %: 20.766 % – 93.851 %)
lost seeds: 8
unknown seeds: 9
win rate bounds with unknowns: 50.000 % (all lost) – 75.000 % (all won)
a note
time per deal: median 2.0ms  p90 5.0ms  p99 5.0ms  max 5.0ms  mean 2.8ms
nodes: 100 in all, 25 per deal; wall time 11ms
slowest 2:
  seed 8: lost, 20 nodes, 5.0ms
  seed 9: unknown, 30 nodes, 3.0ms
`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			tc.r.Write(&b)
			if got := b.String(); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}
