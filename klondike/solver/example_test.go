package solver_test

import (
	"context"
	"fmt"

	"github.com/solitaire-race/racer/klondike"
	"github.com/solitaire-race/racer/klondike/solver"
)

func ExampleSolve() {
	rules, _ := klondike.Profile("relaxed-3")
	s := klondike.MustNew(klondike.NewDeal(10), rules)
	res := solver.Solve(context.Background(), s, solver.Config{MaxNodes: 100_000})
	fmt.Println(res.Verdict)
	for _, m := range res.Moves {
		if err := s.Apply(m); err != nil {
			fmt.Println(err)
		}
	}
	fmt.Println(s.Won())
	// Output:
	// won
	// true
}
