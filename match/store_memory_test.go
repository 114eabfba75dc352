package match_test

import (
	"testing"

	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/storetest"
)

func TestMemoryStore(t *testing.T) {
	storetest.StoreSuite(t, func(t *testing.T) match.Store {
		return match.NewMemoryStore(match.MemoryStoreConfig{})
	})
}

func TestMemoryStorePublishes(t *testing.T) {
	var got []string
	s := match.NewMemoryStore(match.MemoryStoreConfig{Publish: func(ch string, ev []byte) {
		got = append(got, ch+"="+string(ev))
	}})
	r, err := s.CreateRace(t.Context(), storetest.NewRace(t, "a", "b"))
	if err != nil {
		t.Fatal(err)
	}
	e, err := s.Join(t.Context(), r.ID, "a")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Append(t.Context(), match.Append{Race: r.ID, Racer: "a", Seq: 1, Epoch: e, Action: "D", Channel: "ch", Event: []byte("x")}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Append(t.Context(), match.Append{Race: r.ID, Racer: "a", Seq: 3, Epoch: e, Action: "D", Channel: "ch", Event: []byte("y")}); err == nil {
		t.Fatal("out-of-sequence append accepted")
	}
	if len(got) != 1 || got[0] != "ch=x" {
		t.Errorf("published %q, want [ch=x]", got)
	}
}
