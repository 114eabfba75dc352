package hub_test

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/hub/bot"
	"github.com/solitaire-race/racer/hub/broker"
	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/hub/lobby"
	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/match"
)

// TestBotSeated: a player alone in the queue for BotAfter gets a race
// against a bot, whose token LaunchBot receives and which resumes the race
// with it.
func TestBotSeated(t *testing.T) {
	t.Parallel()
	tokens := make(chan string, 1)
	s := newServer(t, hub.Config{BotAfter: 50 * time.Millisecond, LaunchBot: func(ctx context.Context, token, profile, level string) {
		if profile != "bvs" {
			t.Errorf("LaunchBot profile %q, want bvs", profile)
		}
		tokens <- token
	}})
	a, wa := s.dial(t, "Ann", client.Options{})
	_ = a.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeQueue})
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

// TestBotOfferedAfterLobbyFailure: when the lobby fails at the bot time,
// the offer is tried again a BotAfter later, and the player gets a bot.
func TestBotOfferedAfterLobbyFailure(t *testing.T) {
	t.Parallel()
	lobby := &failingLobby{Lobby: lobby.NewMemory()}
	lobby.dequeueFails.Store(2)
	s := newServer(t, hub.Config{Lobby: lobby, BotAfter: 50 * time.Millisecond,
		LaunchBot: func(ctx context.Context, token, profile, level string) {}})
	a, wa := s.dial(t, "Ann", client.Options{})
	_ = a.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeQueue})
	r, err := a.WaitRace(ctxT(t))
	if err != nil {
		t.Fatalf("no race after the lobby failed at the bot time twice: %v", err)
	}
	if len(r.Race.Racers) != 2 || r.Race.Racers[0].ID != wa.Player || !hub.IsBot(r.Race.Racers[1].ID) {
		t.Fatalf("racers %+v, want Ann and a bot", r.Race.Racers)
	}
}

// failingLobby is a real Lobby whose Dequeue fails, as an unreachable
// Redis does, while dequeueFails is positive.
type failingLobby struct {
	lobby.Lobby
	dequeueFails atomic.Int32
}

func (l *failingLobby) Dequeue(ctx context.Context, profile, player string) (bool, error) {
	if l.dequeueFails.Add(-1) >= 0 {
		return false, fmt.Errorf("%w: dequeue: test outage", broker.ErrUnavailable)
	}
	return l.Lobby.Dequeue(ctx, profile, player)
}

// TestSpiderBotSeated: a player alone in a spider-1 queue is offered a
// labelled bot after BotAfter, and the bot (hub/bot's Launcher, playing
// over a socket like anyone) turns cards up that the player sees in its
// progress.
func TestSpiderBotSeated(t *testing.T) {
	t.Parallel()
	var launcher atomic.Pointer[bot.Launcher]
	t.Cleanup(func() {
		if l := launcher.Load(); l != nil {
			l.Wait() // after the hub's shutdown (cleanups run last first) ended the bot
		}
	})
	s := newServer(t, hub.Config{Dealer: match.FixedDealer{Seed: 4}, BotAfter: 50 * time.Millisecond,
		LaunchBot: func(ctx context.Context, token, profile, level string) {
			if profile != "spider-1" {
				t.Errorf("LaunchBot profile %q, want spider-1", profile)
			}
			launcher.Load().LaunchBot(ctx, token, profile, level)
		}})
	launcher.Store(&bot.Launcher{URL: s.url, Think: time.Millisecond, Logger: discardLogger()})
	a, wa := s.dial(t, "Ann", client.Options{})
	_ = a.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeQueue, Profile: "spider-1"})
	r, err := a.WaitRace(ctxT(t))
	if err != nil {
		t.Fatal(err)
	}
	if r.Race.Game != match.GameSpider || r.Race.Profile != "spider-1" {
		t.Errorf("race game %q profile %q, want a spider-1 race", r.Race.Game, r.Race.Profile)
	}
	if len(r.Race.Racers) != 2 || r.Race.Racers[0].ID != wa.Player || !hub.IsBot(r.Race.Racers[1].ID) ||
		!strings.HasPrefix(r.Race.Racers[1].Name, "Bot ") {
		t.Fatalf("racers %+v, want Ann and a bot", r.Race.Racers)
	}
	botID := r.Race.Racers[1].ID
	if _, err := a.Wait(ctxT(t), func(m client.Message) bool {
		var p wire.ProgressMessage
		return m.Type == wire.TypeProgress && m.Decode(&p) == nil && p.Race == r.Race.ID &&
			p.Progress.Racer == botID && p.Progress.TurnedUp > 0
	}); err != nil {
		t.Fatalf("Ann never saw the bot turn a card up: %v", err)
	}
}
