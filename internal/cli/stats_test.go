package cli

import (
	"strings"
	"testing"
	"time"
)

func TestParseStats(t *testing.T) {
	for _, tc := range []struct {
		args    []string
		code    int
		ok      bool
		lo, hi  uint64
		problem string
	}{
		{[]string{"--seeds", "3-9"}, 0, true, 3, 9, ""},
		{[]string{"--seeds", "3-9", "--rules", "two"}, 2, false, 0, 0, "demo stats: --rules: no such profile"},
		{[]string{"--seeds", "9-3"}, 2, false, 0, 0, "demo stats: --seeds: want A ≤ B"},
		{nil, 2, false, 0, 0, "demo stats: --seeds: want A-B"},
		{[]string{"-h"}, 0, false, 0, 0, "usage: demo stats"},
	} {
		var errOut strings.Builder
		a := NewApp("demo")
		fs := a.FlagSet("stats", &errOut, "usage: demo stats")
		f := toy.StatsFlags(fs, StatsFlags{Timeout: time.Second, MemoryMiB: 8})
		rules, code, ok := toy.ParseStats(a, fs, f, tc.args)
		if code != tc.code || ok != tc.ok || (ok && (rules != 1 || f.Lo != tc.lo || f.Hi != tc.hi)) {
			t.Errorf("%q: got rules %d, seeds %d-%d, %d, %v; want 1, %d-%d, %d, %v", tc.args, rules, f.Lo, f.Hi, code, ok, tc.lo, tc.hi, tc.code, tc.ok)
		}
		if !strings.Contains(errOut.String(), tc.problem) {
			t.Errorf("%q: stderr %q lacks %q", tc.args, errOut.String(), tc.problem)
		}
		if f.Timeout != time.Second || f.MemoryMiB != 8 || f.Workers != 1 {
			t.Errorf("%q: defaults %v, %d MiB, %d workers; want 1s, 8 MiB, 1", tc.args, f.Timeout, f.MemoryMiB, f.Workers)
		}
	}
}
