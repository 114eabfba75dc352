package hub_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/hub/wire"
)

// TestBotLevelPicked: a player who queues with "bot":"relaxed" meets a
// bot the roster names relaxed and LaunchBot plays at that level; a
// level the hub does not know is a bad_request that neither queues the
// player nor changes the queue they are in; a player who asks for no
// level gets the node's, named in the roster, and LaunchBot is told "".
func TestBotLevelPicked(t *testing.T) {
	t.Parallel()
	type launch struct{ token, level string }
	launched := make(chan launch, 2)
	s := newServer(t, hub.Config{BotAfter: 100 * time.Millisecond, BotLevel: "strong",
		LaunchBot: func(_ context.Context, token, _, level string) { launched <- launch{token, level} }})

	ann, _ := s.dial(t, "Ann", client.Options{})
	_ = ann.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeQueue, Bot: "hard"})
	if e := expectError(t, ann, wire.CodeBadRequest); !strings.Contains(e.Message, "relaxed, steady, strong") {
		t.Errorf("error %q does not name the levels", e.Message)
	}
	// Not queued by it: this queue is her first.
	_ = ann.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeQueue, Bot: "relaxed"})
	wantType(t, ann, wire.TypeQueued)
	// Refused again while she waits, her queue and its level unchanged.
	_ = ann.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeQueue, Bot: "Strong"})
	expectError(t, ann, wire.CodeBadRequest)
	r, err := ann.WaitRace(ctxT(t))
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Race.Racers) != 2 || !hub.IsBot(r.Race.Racers[1].ID) || r.Race.Racers[1].Bot != "relaxed" {
		t.Fatalf("racers %+v, want Ann and a relaxed bot", r.Race.Racers)
	}
	if r.Race.Racers[0].Bot != "" {
		t.Errorf("Ann is named a bot level: %+v", r.Race.Racers[0])
	}
	got := <-launched
	if got.level != "relaxed" {
		t.Errorf("LaunchBot level %q, want relaxed", got.level)
	}
	// The bot's own connection sees the same roster.
	b, _ := s.redial(t, got.token, client.Options{})
	rb, err := b.WaitRace(ctxT(t))
	if err != nil || rb.Race.ID != r.Race.ID || rb.Race.Racers[1].Bot != "relaxed" {
		t.Fatalf("the bot resumed %q (%v) with racers %+v, want race %s with a relaxed bot", rb.Race.ID, err, rb.Race.Racers, r.Race.ID)
	}

	bob, _ := s.dial(t, "Bob", client.Options{})
	_ = bob.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeQueue, Profile: "spider-1"})
	rb2, err := bob.WaitRace(ctxT(t))
	if err != nil {
		t.Fatal(err)
	}
	if len(rb2.Race.Racers) != 2 || rb2.Race.Racers[1].Bot != "strong" {
		t.Fatalf("racers %+v, want Bob and the node's strong bot", rb2.Race.Racers)
	}
	if got := <-launched; got.level != "" {
		t.Errorf("LaunchBot level %q for a player who asked for none, want \"\"", got.level)
	}
}
