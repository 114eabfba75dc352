package solver

import (
	"context"
	"testing"

	"github.com/solitaire-race/racer/klondike"
)

// BenchmarkSolve solves a few deals that are won quickly; it reports
// nodes per second. A search allocates its transposition table and its
// stack of positions once.
func BenchmarkSolve(b *testing.B) {
	rules := mustProfile(b, "relaxed-3")
	var states []klondike.State
	for _, seed := range []uint64{3, 7, 9, 10, 16} {
		states = append(states, klondike.MustNew(klondike.NewDeal(seed), rules))
	}
	b.ReportAllocs()
	var nodes int64
	for i := 0; b.Loop(); i++ {
		res := Solve(context.Background(), states[i%len(states)], Config{MaxNodes: 200_000})
		nodes += res.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
