package main

import (
	"encoding/json"
	"testing"
	"time"
)

func TestBuckets(t *testing.T) {
	for _, ns := range []int64{0, 1, 63, 64, 65, 127, 128, 1000, 1e6, 123456789, 1e12} {
		i := bucketOf(ns)
		if top := bucketValue(i); top < ns {
			t.Errorf("bucket %d of %d ns tops at %d, below the value", i, ns, top)
		}
		if i > 0 && bucketValue(i-1) >= ns {
			t.Errorf("bucket %d of %d ns: the bucket below tops at %d", i, ns, bucketValue(i-1))
		}
		if top := bucketValue(i); ns >= 64 && float64(top-ns) > float64(ns)/64 {
			t.Errorf("%d ns: bucket top %d is more than 1/64 above", ns, top)
		}
	}
}

func TestQuantiles(t *testing.T) {
	var h Hist
	for i := 1; i <= 1000; i++ {
		h.Record(time.Duration(i) * time.Microsecond)
	}
	tests := []struct {
		q    float64
		want time.Duration
	}{
		{0.5, 501 * time.Microsecond},
		{0.9, 901 * time.Microsecond},
		{0.99, 991 * time.Microsecond},
		{1, 1000 * time.Microsecond},
	}
	for _, tt := range tests {
		got := h.Quantile(tt.q)
		if got < tt.want || float64(got-tt.want) > float64(tt.want)/64 {
			t.Errorf("Quantile(%v) = %v, want %v within 1/64", tt.q, got, tt.want)
		}
	}
}

func TestExportImport(t *testing.T) {
	var a, b, want Hist
	for i := 1; i <= 100; i++ {
		a.Record(time.Duration(i) * time.Millisecond)
		want.Record(time.Duration(i) * time.Millisecond)
		b.Record(time.Duration(i) * time.Microsecond)
		want.Record(time.Duration(i) * time.Microsecond)
	}
	data, err := json.Marshal(a.Export())
	if err != nil {
		t.Fatal(err)
	}
	var j HistJSON
	if err := json.Unmarshal(data, &j); err != nil {
		t.Fatal(err)
	}
	b.Import(&j)
	if got, w := b.Summary(), want.Summary(); got != w {
		t.Errorf("merged summary %+v, want %+v", got, w)
	}
}
