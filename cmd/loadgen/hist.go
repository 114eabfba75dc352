package main

import (
	"math/bits"
	"sync/atomic"
	"time"
)

// histBuckets is the number of buckets of a Hist: 64 per power of two of
// nanoseconds, from 1 ns to beyond an hour.
const histBuckets = 64 * 40

// Hist is a latency histogram with a relative error under 1/64 (1.6 %),
// safe for concurrent use: Record is a few atomic adds.
type Hist struct {
	counts [histBuckets]atomic.Uint64
	n      atomic.Uint64
	max    atomic.Int64
}

func bucketOf(ns int64) int {
	if ns < 64 {
		return int(max(ns, 0))
	}
	e := bits.Len64(uint64(ns)) - 7 // ns>>e is in 64 … 127
	i := (e+1)*64 + int(uint64(ns)>>e) - 64
	return min(i, histBuckets-1)
}

// bucketValue returns the largest value of bucket i.
func bucketValue(i int) int64 {
	if i < 64 {
		return int64(i)
	}
	e := i/64 - 1
	m := int64(i%64 + 64)
	return (m+1)<<e - 1
}

// Record adds one latency.
func (h *Hist) Record(d time.Duration) {
	ns := int64(d)
	h.counts[bucketOf(ns)].Add(1)
	h.n.Add(1)
	for {
		m := h.max.Load()
		if ns <= m || h.max.CompareAndSwap(m, ns) {
			return
		}
	}
}

// Count returns the number of latencies recorded.
func (h *Hist) Count() uint64 { return h.n.Load() }

// Quantile returns the q-quantile (0 … 1), rounded up to its bucket's
// top; the maximum is exact.
func (h *Hist) Quantile(q float64) time.Duration {
	n := h.n.Load()
	if n == 0 {
		return 0
	}
	if q >= 1 {
		return time.Duration(h.max.Load())
	}
	rank := uint64(q*float64(n)) + 1
	var seen uint64
	for i := range h.counts {
		seen += h.counts[i].Load()
		if seen >= rank {
			return time.Duration(min(bucketValue(i), h.max.Load()))
		}
	}
	return time.Duration(h.max.Load())
}

// Merge adds o's counts to h.
func (h *Hist) Merge(o *Hist) {
	for i := range o.counts {
		if c := o.counts[i].Load(); c != 0 {
			h.counts[i].Add(c)
		}
	}
	h.n.Add(o.n.Load())
	for {
		m, om := h.max.Load(), o.max.Load()
		if om <= m || h.max.CompareAndSwap(m, om) {
			return
		}
	}
}

// HistJSON is a Hist on the wire between worker processes: the non-zero
// buckets by index.
type HistJSON struct {
	Buckets map[int]uint64 `json:"buckets"`
	Max     int64          `json:"max_ns"`
}

// Export returns h's counts for JSON.
func (h *Hist) Export() *HistJSON {
	j := &HistJSON{Buckets: map[int]uint64{}, Max: h.max.Load()}
	for i := range h.counts {
		if c := h.counts[i].Load(); c != 0 {
			j.Buckets[i] = c
		}
	}
	return j
}

// Import adds the counts of j to h.
func (h *Hist) Import(j *HistJSON) {
	if j == nil {
		return
	}
	var o Hist
	for i, c := range j.Buckets {
		if i >= 0 && i < histBuckets {
			o.counts[i].Store(c)
			o.n.Add(c)
		}
	}
	o.max.Store(j.Max)
	h.Merge(&o)
}

// Latency is the summary of a Hist in milliseconds.
type Latency struct {
	Count uint64  `json:"count"`
	P50   float64 `json:"p50_ms"`
	P90   float64 `json:"p90_ms"`
	P99   float64 `json:"p99_ms"`
	Max   float64 `json:"max_ms"`
}

// Summary returns h's percentiles.
func (h *Hist) Summary() Latency {
	ms := func(d time.Duration) float64 { return float64(d) / 1e6 }
	return Latency{
		Count: h.Count(),
		P50:   ms(h.Quantile(0.50)),
		P90:   ms(h.Quantile(0.90)),
		P99:   ms(h.Quantile(0.99)),
		Max:   ms(h.Quantile(1)),
	}
}
