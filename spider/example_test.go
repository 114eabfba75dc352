package spider_test

import (
	"errors"
	"fmt"

	"github.com/solitaire-race/racer/spider"
)

func ExampleNewDeal() {
	d := spider.NewDeal(42, 2)
	fmt.Println(d[:10], d.Suits())
	// Output:
	// [9H 8H QS JS TH 6H 2H 3H 6H 5S] 2
}

func ExampleParseMove() {
	m, err := spider.ParseMove("10-3x4")
	if err != nil {
		panic(err)
	}
	fmt.Println(m.From(), m.To(), m.N(), m)
	_, err = spider.ParseMove("3-3")
	fmt.Println(err)
	// Output:
	// 9 2 4 10-3x4
	// spider: bad notation: move "3-3": a column cannot move onto itself
}

func ExampleState_Apply() {
	rules, _ := spider.Profile("spider-4")
	s, _ := spider.New(spider.NewDeal(42, 4), rules)
	err := s.Apply(spider.ColumnMove(0, 1, 2))
	var ie *spider.IllegalMoveError
	fmt.Println(errors.As(err, &ie), ie.Reason, s.Actions())
	if err := s.Apply(spider.DealMove()); err == nil {
		fmt.Println("dealt; stock", s.StockLeft(), "actions", s.Actions())
	}
	// Output:
	// true column 1 has only 1 face-up card 0
	// dealt; stock 40 actions 1
}

func ExampleState_View() {
	rules, _ := spider.Profile("spider-1")
	s, _ := spider.New(spider.NewDeal(42, 1), rules)
	_ = s.Apply(spider.ColumnMove(3, 4, 1))
	fmt.Print(s.View())
	// Output:
	// completed 0/8  actions 1
	// stock: 50 cards (5 deals)
	//  1: ?? ?? ?? ?? ?? 8S
	//  2: ?? ?? ?? ?? ?? 5S
	//  3: ?? ?? ?? ?? ?? TS
	//  4: ?? ?? ?? ?? QS
	//  5: ?? ?? ?? ?? 4S 3S
	//  6: ?? ?? ?? ?? TS
	//  7: ?? ?? ?? ?? 4S
	//  8: ?? ?? ?? ?? 5S
	//  9: ?? ?? ?? ?? QS
	// 10: ?? ?? ?? ?? 2S
}

func ExampleState_Moves() {
	rules, _ := spider.Profile("spider-1")
	s, _ := spider.New(spider.NewDeal(42, 1), rules)
	fmt.Println(s.Moves())
	// Output:
	// [D 4-5 4-7 5-2 5-8 7-2 7-8 10-4]
}

func ExampleHint() {
	rules, _ := spider.Profile("spider-1")
	s, _ := spider.New(spider.NewDeal(42, 1), rules)
	m, ok := spider.Hint(&s)
	fmt.Println(m, ok)
	// Output:
	// 4-5 true
}

func ExampleGame_Undo() {
	rules, _ := spider.Profile("spider-2")
	g, _ := spider.NewGame(spider.NewDeal(42, 2), rules)
	_ = g.Apply(spider.DealMove())
	_ = g.Undo()
	s := g.State()
	fmt.Println(s.StockLeft(), s.Actions(), g.CanRedo())
	// Output:
	// 50 0 true
}
