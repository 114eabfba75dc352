package replay_test

import (
	"encoding/hex"
	"errors"
	"testing"

	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/fair"
	"github.com/solitaire-race/racer/match/replay"
	"github.com/solitaire-race/racer/match/replay/replaytest"
)

func TestMemoryStore(t *testing.T) {
	replaytest.Suite(t, func(t *testing.T) replay.Store { return replay.NewMemoryStore() })
}

func TestFromSnapshot(t *testing.T) {
	ctx := t.Context()
	st := match.NewMemoryStore(match.MemoryStoreConfig{})
	r := match.Race{ID: "r1", Profile: "bvs", Racers: []match.Racer{{ID: "a", Name: "Ann"}, {ID: "b", Name: "Bob"}}}
	if err := match.DealRace(ctx, match.FixedDealer{Seed: 42}, &r); err != nil {
		t.Fatal(err)
	}
	r, err := st.CreateRace(ctx, r)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range []match.Append{
		{Race: "r1", Racer: "a", Seq: 1, Action: "D"},
		{Race: "r1", Racer: "a", Seq: 2, Action: "D"},
		{Race: "r1", Racer: "b", Seq: 1, Action: match.ActionResign},
	} {
		e, err := st.Join(ctx, a.Race, a.Racer)
		if err != nil {
			t.Fatal(err)
		}
		a.Epoch = e
		if _, err := st.Append(ctx, a); err != nil {
			t.Fatal(err)
		}
	}
	snap, err := st.Load(ctx, "r1")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := replay.FromSnapshot(snap); !errors.Is(err, replay.ErrNotFinished) {
		t.Errorf("got %v for a live race, want ErrNotFinished", err)
	}
	res := match.Result{Race: "r1", Reason: match.EndAllDone, Standings: []match.Standing{{Place: 1, Player: "a"}, {Place: 2, Player: "b"}}}
	if _, _, err := st.Finish(ctx, "r1", res); err != nil {
		t.Fatal(err)
	}
	if snap, err = st.Load(ctx, "r1"); err != nil {
		t.Fatal(err)
	}
	rp, err := replay.FromSnapshot(snap)
	if err != nil {
		t.Fatal(err)
	}
	nonce, err := hex.DecodeString(rp.Nonce)
	if err != nil {
		t.Fatal(err)
	}
	if err := fair.Verify(rp.Commitment, fair.Reveal{Seed: rp.Seed, Profile: rp.Profile, Nonce: nonce}); err != nil {
		t.Errorf("got the replay's reveal not matching its commitment: %v", err)
	}
	if rp.Seed != 42 || len(rp.Actions["a"]) != 2 || len(rp.Actions["b"]) != 1 || rp.Actions["b"][0].Action != "resign" {
		t.Errorf("got seed %d and actions %+v, want 42, two of a's and b's resign", rp.Seed, rp.Actions)
	}
	for _, a := range rp.Actions["a"] {
		if a.Ms != a.At.Sub(r.StartAt).Milliseconds() || a.At.IsZero() {
			t.Errorf("got action %+v, want At set and Ms = At − start %v", a, r.StartAt)
		}
	}
	if rp.Result.FinishedAt.IsZero() || len(rp.Result.Standings) != 2 {
		t.Errorf("got result %+v, want the stored one", rp.Result)
	}
}
