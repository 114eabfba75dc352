package hub_test

import (
	"context"
	"testing"
	"time"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/hub/client"
)

// TestBotSeated: a player alone in the queue for BotAfter gets a race
// against a bot, whose token LaunchBot receives and which resumes the race
// with it.
func TestBotSeated(t *testing.T) {
	tokens := make(chan string, 1)
	s := newServer(t, hub.Config{BotAfter: 50 * time.Millisecond, LaunchBot: func(ctx context.Context, token, profile string) {
		if profile != "bvs" {
			t.Errorf("LaunchBot profile %q, want bvs", profile)
		}
		tokens <- token
	}})
	a, wa := s.dial(t, "Ann", client.Options{})
	_ = a.Send(ctxT(t), hub.ClientMessage{Type: hub.TypeQueue})
	r, err := a.WaitRace(ctxT(t))
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Race.Racers) != 2 || r.Race.Racers[0].ID != wa.Player || !hub.IsBot(r.Race.Racers[1].ID) {
		t.Fatalf("racers %+v, want Ann and a bot", r.Race.Racers)
	}
	var token string
	select {
	case token = <-tokens:
	case <-ctxT(t).Done():
		t.Fatal("LaunchBot not called")
	}
	b, wb := s.redial(t, token, client.Options{})
	if wb.Player != r.Race.Racers[1].ID {
		t.Errorf("bot token is %s's, want %s", wb.Player, r.Race.Racers[1].ID)
	}
	rb, err := b.WaitRace(ctxT(t))
	if err != nil || rb.Race.ID != r.Race.ID {
		t.Fatalf("the bot resumed %q (%v), want race %s", rb.Race.ID, err, r.Race.ID)
	}
}
