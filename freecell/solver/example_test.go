package solver_test

import (
	"context"
	"fmt"
	"time"

	"github.com/solitaire-race/racer/freecell"
	"github.com/solitaire-race/racer/freecell/solver"
)

func ExampleSolve() {
	rules, _ := freecell.Profile("freecell")
	for _, seed := range []uint64{1, 11982} {
		s := freecell.MustNew(freecell.NewDeal(seed), rules)
		res := solver.Solve(context.Background(), s, solver.Config{Timeout: time.Minute})
		for _, m := range res.Moves {
			if err := s.Apply(m); err != nil {
				fmt.Println(err)
			}
		}
		fmt.Println(seed, res.Verdict, s.Won())
	}
	// Output:
	// 1 won true
	// 11982 lost false
}

func ExampleHint() {
	rules, _ := freecell.Profile("freecell")
	s := freecell.MustNew(freecell.NewDeal(1), rules)
	m, res, ok := solver.Hint(context.Background(), s, solver.Config{Timeout: time.Minute})
	fmt.Println(m, res.Verdict, ok)
	// Output:
	// 3-a won true
}
