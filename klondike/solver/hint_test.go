package solver

import (
	"context"
	"errors"
	"testing"

	"github.com/solitaire-race/racer/klondike"
)

func TestHintKeepsWinnable(t *testing.T) {
	s := klondike.MustNew(klondike.NewDeal(10), mustProfile(t, "relaxed-3"))
	cfg := Config{MaxNodes: 50_000}
	// Each hint starts a winning line, so the position stays winnable.
	for i := 0; i < 60 && !s.Won(); i++ {
		m, res, ok := Hint(context.Background(), s, cfg)
		if !ok || res.Verdict != Won {
			t.Fatalf("step %d: got ok=%v verdict %v, want a winning hint", i, ok, res.Verdict)
		}
		if m != res.Moves[0] {
			t.Fatalf("step %d: got hint %v, want the line's first move %v", i, m, res.Moves[0])
		}
		if err := s.Apply(m); err != nil {
			t.Fatalf("step %d: hint %v: %v", i, m, err)
		}
	}
	won := klondike.MustNew(klondike.NewDeal(10), mustProfile(t, "relaxed-3"))
	line, err := AutoComplete(context.Background(), won, cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range line {
		_ = won.Apply(m)
	}
	if _, _, ok := Hint(context.Background(), won, cfg); ok {
		t.Errorf("won game: got a hint, want none")
	}
}

func TestHintBestEffort(t *testing.T) {
	s := klondike.MustNew(klondike.NewDeal(2), mustProfile(t, "relaxed-3"))
	m, res, ok := Hint(context.Background(), s, Config{MaxNodes: 200})
	if !ok {
		t.Fatal("got no hint, want a move")
	}
	if !s.Legal(m) {
		t.Errorf("hint %v (verdict %v) is not legal", m, res.Verdict)
	}
}

func TestAutoComplete(t *testing.T) {
	s := klondike.MustNew(klondike.NewDeal(10), mustProfile(t, "relaxed-3"))
	line, err := AutoComplete(context.Background(), s, Config{MaxNodes: 50_000})
	if err != nil {
		t.Fatal(err)
	}
	replayWins(t, s, Result{Moves: line})

	lostRules := mustProfile(t, "classic")
	for seed := uint64(1); seed < 100; seed++ {
		s := klondike.MustNew(klondike.NewDeal(seed), lostRules)
		if res := Solve(context.Background(), s, Config{MaxNodes: 2000}); res.Verdict != Lost {
			continue
		}
		if _, err := AutoComplete(context.Background(), s, Config{MaxNodes: 2000}); !errors.Is(err, ErrLost) {
			t.Errorf("seed %d: got %v, want ErrLost", seed, err)
		}
		break
	}
	if _, err := AutoComplete(context.Background(), klondike.MustNew(klondike.NewDeal(2), mustProfile(t, "relaxed-3")), Config{MaxNodes: 5}); !errors.Is(err, ErrUnknown) {
		t.Errorf("5 nodes: got %v, want ErrUnknown", err)
	}
}
