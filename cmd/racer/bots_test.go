package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/hub/wire"
)

// TestBotOffered: one person alone in the queue is raced by a bot after
// -bot-after; the bot is labelled in the race and in the result, the race
// finishes, and nobody is rated.
func TestBotOffered(t *testing.T) {
	t.Parallel() // a node of its own with its own archive file
	seed, line := winLine()
	base := startNode(t, "-bot-after", "300ms", "-seed", itoa(seed), "-countdown", "1ns", "-rate", "10000", "-burst", "10000", "-archive", archiveFile(t))
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	a, wa := dialNode(t, ctx, base, "Ann")
	if err := a.Send(ctx, wire.ClientMessage{Type: wire.TypeQueue}); err != nil {
		t.Fatal(err)
	}
	if _, err := a.WaitType(ctx, wire.TypeQueued); err != nil {
		t.Fatal(err)
	}
	r, err := a.WaitRace(ctx)
	if err != nil {
		t.Fatalf("no race against a bot: %v", err)
	}
	id := r.Race.ID
	var botID string
	for _, p := range r.Race.Racers {
		if p.ID != wa.Player {
			botID = p.ID
			if !hub.IsBot(p.ID) || !strings.HasPrefix(p.Name, "Bot ") {
				t.Errorf("opponent %+v, want a bot: ID bot:…, name Bot …", p)
			}
		}
	}
	if len(r.Race.Racers) != 2 || botID == "" {
		t.Fatalf("racers %+v, want Ann and a bot", r.Race.Racers)
	}
	// The bot connects and plays: its progress reaches Ann.
	if _, err := a.Wait(ctx, func(m client.Message) bool {
		var p wire.ProgressMessage
		return m.Type == wire.TypeProgress && m.Decode(&p) == nil && p.Progress.Racer == botID && p.Progress.Seq >= 1
	}); err != nil {
		t.Fatalf("the bot never moved: %v", err)
	}
	for _, mv := range line {
		seq, err := a.Move(ctx, id, mv)
		if err != nil {
			t.Fatalf("move %s: %v", mv, err)
		}
		if _, err := a.WaitAck(ctx, id, seq); err != nil {
			t.Fatalf("ack of %s: %v", mv, err)
		}
	}
	end, err := a.WaitEnd(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if len(end.Result.Standings) != 2 || end.Result.Standings[0].Player != wa.Player || end.Result.Standings[1].Player != botID {
		t.Errorf("standings %+v, want Ann first, the bot second", end.Result.Standings)
	}
	if code, body := get(t, base+"api/rating/bvs/"+wa.Player); code != 200 || !strings.Contains(body, `"rated":false`) {
		t.Errorf("Ann's rating after a race against a bot: %d %s, want unrated", code, body)
	}
}

// TestSpiderBotOffered: one person alone in a spider-1 queue is raced by
// a labelled bot after -bot-after, and the bot (the node's own launcher)
// turns cards up that the person sees in its progress.
func TestSpiderBotOffered(t *testing.T) {
	t.Parallel() // a node of its own with its own archive file
	base := startNode(t, "-bot-after", "300ms", "-seed", "4", "-countdown", "1ns", "-bot-think", "1ms", "-rate", "10000", "-burst", "10000", "-archive", archiveFile(t))
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	a, wa := dialNode(t, ctx, base, "Ann")
	if err := a.Send(ctx, wire.ClientMessage{Type: wire.TypeQueue, Profile: "spider-1"}); err != nil {
		t.Fatal(err)
	}
	r, err := a.WaitRace(ctx)
	if err != nil {
		t.Fatalf("no race against a bot: %v", err)
	}
	if r.Race.Profile != "spider-1" || len(r.Race.Racers) != 2 || r.Race.Racers[0].ID != wa.Player ||
		!hub.IsBot(r.Race.Racers[1].ID) || !strings.HasPrefix(r.Race.Racers[1].Name, "Bot ") {
		t.Fatalf("race %s racers %+v, want Ann and a bot on spider-1", r.Race.Profile, r.Race.Racers)
	}
	botID := r.Race.Racers[1].ID
	if _, err := a.Wait(ctx, func(m client.Message) bool {
		var p wire.ProgressMessage
		return m.Type == wire.TypeProgress && m.Decode(&p) == nil && p.Progress.Racer == botID && p.Progress.TurnedUp > 0
	}); err != nil {
		t.Fatalf("the bot never turned a card up: %v", err)
	}
	if _, err := a.Move(ctx, r.Race.ID, "resign"); err != nil {
		t.Fatal(err)
	}
	if _, err := a.WaitEnd(ctx, r.Race.ID); err != nil {
		t.Fatalf("the race did not end: %v", err)
	}
}
