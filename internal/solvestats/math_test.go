package solvestats

import (
	"math"
	"testing"
	"time"
)

func TestWilson(t *testing.T) {
	for _, tc := range []struct {
		k, n   int
		lo, hi float64
	}{
		// Reference values computed by the textbook formula.
		{8195, 10000, 0.81184, 0.82691},
		{0, 10, 0, 0.27753},
		{10, 10, 0.72247, 1},
		{50, 100, 0.40383, 0.59617},
		{0, 0, 0, 1},
	} {
		lo, hi := Wilson(tc.k, tc.n)
		if math.Abs(lo-tc.lo) > 5e-5 || math.Abs(hi-tc.hi) > 5e-5 {
			t.Errorf("Wilson(%d, %d): got %.5f – %.5f, want %.5f – %.5f", tc.k, tc.n, lo, hi, tc.lo, tc.hi)
		}
	}
}

func TestPercentile(t *testing.T) {
	var ds []time.Duration
	for i := 1; i <= 100; i++ {
		ds = append(ds, time.Duration(i))
	}
	for _, tc := range []struct {
		q    float64
		want time.Duration
	}{{0, 1}, {0.5, 50}, {0.9, 90}, {0.99, 99}, {1, 100}} {
		if got := Percentile(ds, tc.q); got != tc.want {
			t.Errorf("Percentile(%v): got %v, want %v", tc.q, got, tc.want)
		}
	}
	if got := Percentile(nil, 0.5); got != 0 {
		t.Errorf("Percentile(nil): got %v, want 0", got)
	}
}

func TestFormatDuration(t *testing.T) {
	for _, tc := range []struct {
		d    time.Duration
		want string
	}{
		{123456 * time.Nanosecond, "0.123ms"},
		{12345 * time.Microsecond, "12.3ms"},
		{1234 * time.Millisecond, "1.23s"},
	} {
		if got := FormatDuration(tc.d); got != tc.want {
			t.Errorf("FormatDuration(%v): got %q, want %q", tc.d, got, tc.want)
		}
	}
}
