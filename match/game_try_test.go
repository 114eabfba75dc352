package match

import (
	"errors"
	"testing"

	"github.com/solitaire-race/racer/klondike"
	"github.com/solitaire-race/racer/spider"
)

func TestTryMove(t *testing.T) {
	rules, err := klondike.Profile("relaxed-1")
	if err != nil {
		t.Fatal(err)
	}
	s := klondike.MustNew(klondike.NewDeal(9), rules)
	before := s
	var next klondike.State
	st, err := tryMove(&next, &s, "D", 1000, klondike.ParseMove)
	if err != nil || st != StatusPlaying || next.Actions() != 1 {
		t.Errorf("D: got %s, %v, %d actions; want playing, nil, 1", st, err, next.Actions())
	}
	if s != before {
		t.Error("D changed the position it was tried on")
	}
	if _, err := tryMove(&next, &s, "zz", 1000, klondike.ParseMove); !errors.Is(err, ErrBadAction) {
		t.Errorf("zz: got %v, want ErrBadAction", err)
	}
	if _, err := tryMove(&next, &s, "R", 1000, klondike.ParseMove); err == nil || errors.Is(err, ErrBadAction) {
		t.Errorf("R on a full stock: got %v, want the engine's illegal move", err)
	}

	srules, err := spider.Profile("spider-1")
	if err != nil {
		t.Fatal(err)
	}
	sp := spider.MustNew(spider.NewDeal(3, srules.Suits), srules)
	nextSp := new(spider.State)
	if st, err := tryMove(nextSp, &sp, "D", 1000, spider.ParseMove); err != nil || st != StatusPlaying || sp.Actions() != 0 || nextSp.Actions() != 1 {
		t.Errorf("spider D: got %s, %v, %d and %d actions; want playing, nil, 0 and 1", st, err, sp.Actions(), nextSp.Actions())
	}
}

// klondikeTry is tryMove written out for the server's hot path; it must
// agree with tryMove and allocate nothing for a legal move whose stuck
// check is settled without a search (through the generic call the copy
// went to the heap: 280 bytes a move).
func TestKlondikeTryAllocatesNothing(t *testing.T) {
	rules, err := klondike.Profile("relaxed-3")
	if err != nil {
		t.Fatal(err)
	}
	s := klondike.MustNew(klondike.NewDeal(9), rules)
	for _, mv := range []string{"D", "zz", "R", "W-F"} {
		got, gerr := klondikeTry(&s, mv, 1000)
		var next klondike.State
		want, werr := tryMove(&next, &s, mv, 1000, klondike.ParseMove)
		if (gerr == nil) != (werr == nil) || (gerr == nil && (got.status != want || got.klondike != next)) {
			t.Errorf("%s: klondikeTry gave %s, %v; tryMove %s, %v", mv, got.status, gerr, want, werr)
		}
	}
	if n := testing.AllocsPerRun(100, func() {
		if _, err := klondikeTry(&s, "D", 1000); err != nil {
			t.Fatal(err)
		}
	}); n != 0 {
		t.Errorf("klondikeTry(D) allocates %.1f times a call, want 0", n)
	}
}
