package klondike_test

import (
	"errors"
	"fmt"

	"github.com/solitaire-race/racer/klondike"
)

func ExampleNewDeal() {
	fmt.Println(klondike.NewDeal(42))
	// Output:
	// JS 5C 6D 3S 4S AC TC 6C KS 2H QD TS JD 7S 8H 9S 7C QC 5S KC 9D 3H 3D 7H QH 7D 6S 6H 4H 9H 3C 5H TD TH 5D 4C 8C KD AS 8S 8D QS AH 2D JH JC 2S 2C 4D AD 9C KH
}

func ExampleParseMove() {
	m, err := klondike.ParseMove("3-5x4")
	if err != nil {
		panic(err)
	}
	fmt.Println(m.Kind == klondike.ColumnToColumn, m.From, m.To, m.N, m)
	_, err = klondike.ParseMove("3-3")
	fmt.Println(err)
	// Output:
	// true 2 4 4 3-5x4
	// klondike: bad notation: move "3-3": a column cannot move onto itself
}

func ExampleState_Apply() {
	rules, _ := klondike.Profile("bvs")
	s, _ := klondike.New(klondike.NewDeal(42), rules)
	err := s.Apply(klondike.RecycleMove())
	var ie *klondike.IllegalMoveError
	fmt.Println(errors.As(err, &ie), ie.Reason, s.Actions())
	if err := s.Apply(klondike.DrawMove()); err == nil {
		fmt.Println("drew", s.WasteLen(), "cards; actions", s.Actions())
	}
	// Output:
	// true the stock is not empty yet 0
	// drew 3 cards; actions 1
}

func ExampleState_View() {
	rules, _ := klondike.Profile("bvs")
	s, _ := klondike.New(klondike.NewDeal(42), rules)
	_ = s.Apply(klondike.DrawMove())
	fmt.Print(s.View())
	// Output:
	// foundations: C:-- D:-- H:-- S:--
	// pass 1 (2 left)  actions 1  score 0
	// stock: 21 cards
	// waste: 4H 9H 3C
	// 1: JS
	// 2: ?? 6C
	// 3: ?? ?? 7S
	// 4: ?? ?? ?? 5S
	// 5: ?? ?? ?? ?? 3D
	// 6: ?? ?? ?? ?? ?? 7D
	// 7: ?? ?? ?? ?? ?? ?? 6H
}

func ExampleState_Moves() {
	rules, _ := klondike.Profile("classic")
	s, _ := klondike.New(klondike.NewDeal(1), rules)
	var buf [64]klondike.Move
	fmt.Println(s.Moves(buf[:0]))
	// Output:
	// [D 1-5 6-F 7-5]
}

func ExampleGame_Undo() {
	rules, _ := klondike.Profile("relaxed-1")
	g, _ := klondike.NewGame(klondike.NewDeal(42), rules)
	_ = g.Apply(klondike.DrawMove())
	_ = g.Undo()
	fmt.Println(g.StockLen(), g.WasteLen(), g.Actions())
	// Output:
	// 24 0 0
}
