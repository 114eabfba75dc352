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
	st, err := klondikeTry(&s, "D", 1000)
	if err != nil || st.status != StatusPlaying || st.klondike.Actions() != 1 {
		t.Errorf("D: got %s, %v, %d actions; want playing, nil, 1", st.status, err, st.klondike.Actions())
	}
	if s != before {
		t.Error("D changed the position it was tried on")
	}
	if _, err := klondikeTry(&s, "zz", 1000); !errors.Is(err, ErrBadAction) {
		t.Errorf("zz: got %v, want ErrBadAction", err)
	}
	if _, err := klondikeTry(&s, "R", 1000); err == nil || errors.Is(err, ErrBadAction) {
		t.Errorf("R on a full stock: got %v, want the engine's illegal move", err)
	}

	srules, err := spider.Profile("spider-1")
	if err != nil {
		t.Fatal(err)
	}
	sp := spider.MustNew(spider.NewDeal(3, srules.Suits), srules)
	if st, err := spiderTry(&sp, "D", 1000); err != nil || st.status != StatusPlaying || sp.Actions() != 0 || st.spider.Actions() != 1 {
		t.Errorf("spider D: got %s, %v, %d and %d actions; want playing, nil, 0 and 1", st.status, err, sp.Actions(), st.spider.Actions())
	}
	if _, err := spiderTry(&sp, "zz", 1000); !errors.Is(err, ErrBadAction) {
		t.Errorf("spider zz: got %v, want ErrBadAction", err)
	}
}

// klondikeTry allocates nothing for a legal move whose stuck check is
// settled without a search (the trial board went to the heap before:
// 280 bytes a move).
func TestKlondikeTryAllocatesNothing(t *testing.T) {
	rules, err := klondike.Profile("relaxed-3")
	if err != nil {
		t.Fatal(err)
	}
	s := klondike.MustNew(klondike.NewDeal(9), rules)
	if n := testing.AllocsPerRun(100, func() {
		if _, err := klondikeTry(&s, "D", 1000); err != nil {
			t.Fatal(err)
		}
	}); n != 0 {
		t.Errorf("klondikeTry(D) allocates %.1f times a call, want 0", n)
	}
}
