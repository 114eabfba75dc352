package solver_test

import (
	"context"
	"fmt"
	"time"

	"github.com/solitaire-race/racer/spider"
	"github.com/solitaire-race/racer/spider/solver"
)

func ExampleSolve() {
	rules, _ := spider.Profile("spider-1")
	s := spider.MustNew(spider.NewDeal(5, rules.Suits), rules)
	res := solver.Solve(context.Background(), s, solver.Config{Timeout: 10 * time.Second})
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
