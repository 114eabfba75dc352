package solver

import (
	"context"
	"math/rand/v2"
	"testing"
)

func TestZZDbg(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for i := 0; i < 20; i++ {
		r := randomRef(rng, i%2 == 1)
		seen := map[string]bool{}
		bw, ok := bruteForce(r.clone(), seen, 200_000)
		res, _ := solvePos(context.Background(), r.toPos(), Config{MaxNodes: 200_000})
		t.Logf("%d: brute %v ok %v seen %d; solver %v nodes %d stop %q stock %d", i, bw, ok, len(seen), res.Verdict, res.Nodes, res.Stop, len(r.stock))
	}
}
