package freecell_test

import (
	"errors"
	"fmt"

	"github.com/solitaire-race/racer/freecell"
)

func ExampleNewDeal() {
	d := freecell.NewDeal(1) // Microsoft's deal 1
	fmt.Println(d[:8])
	fmt.Println(d[8:16])
	// Output:
	// [JD 2D 9H JC 5D 7H 7C 5H]
	// [KD KC 9S 5S AD QC KH 3H]
}

func ExampleParseMove() {
	for _, text := range []string{"3-5x4", "3-a", "a-F", "a-b"} {
		m, err := freecell.ParseMove(text)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(m, m.From(), m.To(), m.N())
	}
	// Output:
	// 3-5x4 3 5 4
	// 3-a 3 a 1
	// a-F a F 1
	// freecell: bad notation: move "a-b": a card in a free cell goes to a cascade or to F
}

func ExampleState_Apply() {
	rules, _ := freecell.Profile("freecell")
	s, _ := freecell.New(freecell.NewDeal(1), rules)
	err := s.Apply(freecell.NewMove(freecell.CascadePlace(5), freecell.Foundation, 1))
	var ie *freecell.IllegalMoveError
	fmt.Println(errors.As(err, &ie), ie.Reason)
	for _, text := range []string{"6-a", "6-b", "6-F"} {
		m, _ := freecell.ParseMove(text)
		if err := s.Apply(m); err != nil {
			fmt.Println(err)
		}
	}
	fmt.Println("home", s.Home(), "actions", s.Actions())
	// Output:
	// true 3D does not go on the diamonds foundation: it takes AD next
	// home 1 actions 3
}

func ExampleState_View() {
	rules, _ := freecell.Profile("freecell-3")
	s, _ := freecell.New(freecell.NewDeal(617), rules)
	m, _ := freecell.ParseMove("4-b")
	_ = s.Apply(m)
	fmt.Print(s.View())
	// Output:
	// home 0/52  actions 1
	// cells: -- 4H --
	// foundations: -- -- -- --
	// 1: 7D TD TH KD 4C 4S JD
	// 2: AD 7S QC 5H QS TS KS
	// 3: 5C QD 3H 9S 9C 2H KC
	// 4: 3S AC 9D 3C 9H 5D
	// 5: 5S 6D 6S 8S 7C JC
	// 6: 8C 8H 8D 7H 6H 6C
	// 7: 2D AS 3D 4D 2C JH
	// 8: AH KH TC JS 2S QH
}

func ExampleState_SafeMoves() {
	rules, _ := freecell.Profile("freecell")
	s, _ := freecell.New(freecell.NewDeal(1), rules)
	for _, text := range []string{"6-a", "6-b"} {
		m, _ := freecell.ParseMove(text)
		_ = s.Apply(m)
	}
	// A page that plays safe moves by itself asks again after each.
	for ms := s.SafeMoves(); len(ms) > 0; ms = s.SafeMoves() {
		fmt.Println("auto", ms[0])
		_ = s.Apply(ms[0])
	}
	fmt.Println("home", s.Home())
	// Output:
	// auto 6-F
	// auto 6-F
	// auto b-F
	// home 3
}

func ExampleState_Moves() {
	rules, _ := freecell.Profile("freecell-2")
	s, _ := freecell.New(freecell.NewDeal(617), rules)
	fmt.Println(s.Moves())
	// Output:
	// [1-a 1-b 2-a 2-b 3-a 3-b 4-a 4-b 5-8 5-a 5-b 6-a 6-b 7-a 7-b 8-2 8-3 8-a 8-b]
}

func ExampleHint() {
	rules, _ := freecell.Profile("freecell")
	s, _ := freecell.New(freecell.NewDeal(1), rules)
	m, ok := freecell.Hint(&s)
	fmt.Println(m, ok)
	// Output:
	// 6-a true
}

func ExampleGame_Undo() {
	rules, _ := freecell.Profile("freecell")
	g, _ := freecell.NewGame(freecell.NewDeal(1), rules)
	m, _ := freecell.ParseMove("1-a")
	_ = g.Apply(m)
	_ = g.Undo()
	s := g.State()
	fmt.Println(s.FreeCells(), s.Actions(), g.CanRedo())
	// Output:
	// 4 0 true
}
