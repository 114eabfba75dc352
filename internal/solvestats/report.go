package solvestats

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Report is the table "stats" prints for a range of seeds.
type Report struct {
	// Rules is written after "rules: ".
	Rules string
	// Lo and Hi are the first and last seed; Outcomes[i] is seed Lo+i.
	Lo, Hi   uint64
	Outcomes []Outcome
	// Workers and Timeout are echoed in the "seeds:" line.
	Workers int
	Timeout time.Duration
	// Wall is the time the whole run took.
	Wall time.Duration
	// ListSeeds, when positive, lists up to that many lost seeds and as
	// many unknown seeds by number; 0 lists none.
	ListSeeds int
	// Notes are lines written after the win rate's bounds, before the
	// times.
	Notes []string
	// NodesPerDeal adds the mean nodes per deal to the "nodes:" line.
	NodesPerDeal bool
	// Slowest, when positive, lists that many deals that took longest,
	// slowest first, at the end.
	Slowest int
}

// Counts returns the number of won, lost and unknown outcomes.
func Counts(outcomes []Outcome) (won, lost, unknown int) {
	for _, o := range outcomes {
		switch o.Verdict {
		case Won:
			won++
		case Lost:
			lost++
		default: // Unknown, or anything else
			unknown++
		}
	}
	return won, lost, unknown
}

// Write writes the table to w.
func (r Report) Write(w io.Writer) {
	won, lost, unknown := Counts(r.Outcomes)
	n := len(r.Outcomes)
	times := make([]time.Duration, n)
	var total time.Duration
	var nodes int64
	for i, o := range r.Outcomes {
		times[i] = o.Took
		total += o.Took
		nodes += o.Nodes
	}
	slices.Sort(times)
	fmt.Fprintf(w, "rules: %s\n", r.Rules)
	fmt.Fprintf(w, "seeds: %d-%d (%d deals), timeout %v per deal, %d worker(s)\n", r.Lo, r.Hi, n, r.Timeout, r.Workers)
	fmt.Fprintf(w, "won: %d  lost: %d  unknown: %d\n", won, lost, unknown)
	l, h := Wilson(won, won+lost)
	fmt.Fprintf(w, "win rate: %.3f %% of decided deals (Wilson 95 %%: %.3f %% – %.3f %%)\n",
		100*float64(won)/float64(max(won+lost, 1)), 100*l, 100*h)
	if r.ListSeeds > 0 {
		for _, v := range []string{Lost, Unknown} {
			var list []string
			for i, o := range r.Outcomes {
				if o.Verdict == v && len(list) < r.ListSeeds {
					list = append(list, strconv.FormatUint(r.Lo+uint64(i), 10))
				}
			}
			if len(list) > 0 {
				fmt.Fprintf(w, "%s seeds: %s\n", v, strings.Join(list, " "))
			}
		}
	}
	if unknown > 0 {
		fmt.Fprintf(w, "win rate bounds with unknowns: %.3f %% (all lost) – %.3f %% (all won)\n",
			100*float64(won)/float64(n), 100*float64(won+unknown)/float64(n))
	}
	for _, note := range r.Notes {
		fmt.Fprintln(w, note)
	}
	fmt.Fprintf(w, "time per deal: median %s  p90 %s  p99 %s  max %s  mean %s\n",
		FormatDuration(Percentile(times, 0.5)), FormatDuration(Percentile(times, 0.9)), FormatDuration(Percentile(times, 0.99)),
		FormatDuration(Percentile(times, 1)), FormatDuration(total/time.Duration(max(n, 1))))
	if r.NodesPerDeal {
		fmt.Fprintf(w, "nodes: %d in all, %d per deal; wall time %s\n", nodes, nodes/int64(max(n, 1)), r.Wall.Round(time.Millisecond))
	} else {
		fmt.Fprintf(w, "nodes: %d in all; wall time %s\n", nodes, r.Wall.Round(time.Millisecond))
	}
	r.writeSlowest(w)
}

// writeSlowest lists the r.Slowest deals that took longest, slowest
// first.
func (r Report) writeSlowest(w io.Writer) {
	if r.Slowest <= 0 {
		return
	}
	idx := make([]int, len(r.Outcomes))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(r.Outcomes[b].Took, r.Outcomes[a].Took) })
	k := min(r.Slowest, len(idx))
	fmt.Fprintf(w, "slowest %d:\n", k)
	for _, i := range idx[:k] {
		o := r.Outcomes[i]
		fmt.Fprintf(w, "  seed %d: %s, %d nodes, %s\n", r.Lo+uint64(i), o.Verdict, o.Nodes, FormatDuration(o.Took))
	}
}
