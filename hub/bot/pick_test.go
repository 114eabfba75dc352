package bot_test

import (
	"context"
	"io"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/hub/bot"
	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/match"
)

// TestLevelsAreWire: the levels a player may ask for in queue are the
// levels people pick, by name, weakest first.
func TestLevelsAreWire(t *testing.T) {
	var names []string
	for _, l := range bot.PlayerLevels() {
		names = append(names, l.String())
	}
	if strings.Join(names, ",") != strings.Join(wire.BotLevels, ",") {
		t.Errorf("wire.BotLevels %v, want the player levels %v", wire.BotLevels, names)
	}
}

// TestPickedLevelPlays: a node whose bots are Strong seats, for a player
// who queued with "bot":"relaxed", a bot named relaxed in the roster,
// which the launcher plays at the Relaxed level and which moves; a
// player who asks for none gets the node's level.
func TestPickedLevelPlays(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	launched := make(chan bot.Level, 2)
	l := &bot.Launcher{Level: bot.Strong, Think: time.Millisecond, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	l.OnLaunch(func(lv bot.Level) { launched <- lv })
	h, err := hub.New(hub.Config{
		Dealer:    match.FixedDealer{Seed: 1},
		Countdown: 50 * time.Millisecond,
		BotAfter:  20 * time.Millisecond,
		BotLevel:  bot.Strong.String(),
		LaunchBot: l.LaunchBot,
		Logger:    slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h.Handler())
	l.URL = "ws" + strings.TrimPrefix(srv.URL, "http") + "/ws"
	defer func() {
		sctx, scancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer scancel()
		_ = h.Shutdown(sctx)
		srv.Close()
		l.Wait()
	}()

	for _, tc := range []struct {
		ask  string
		want bot.Level
	}{{"relaxed", bot.Relaxed}, {"", bot.Strong}} {
		c, err := client.Dial(ctx, l.URL, client.Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer c.Drop()
		if _, err := c.Hello(ctx, "Ann", ""); err != nil {
			t.Fatal(err)
		}
		if err := c.Send(ctx, wire.ClientMessage{Type: wire.TypeQueue, Profile: "bvs", Bot: tc.ask}); err != nil {
			t.Fatal(err)
		}
		rm, err := c.WaitRace(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(rm.Race.Racers) != 2 || !hub.IsBot(rm.Race.Racers[1].ID) || rm.Race.Racers[1].Bot != tc.want.String() {
			t.Fatalf("asked %q: racers %+v, want Ann and a %s bot", tc.ask, rm.Race.Racers, tc.want)
		}
		select {
		case got := <-launched:
			if got != tc.want {
				t.Errorf("asked %q: the launcher played %s, want %s", tc.ask, got, tc.want)
			}
		case <-ctx.Done():
			t.Fatal("no bot launched")
		}
		botID := rm.Race.Racers[1].ID
		if _, err := c.Wait(ctx, func(m client.Message) bool {
			var p wire.ProgressMessage
			return m.Type == wire.TypeProgress && m.Decode(&p) == nil && p.Race == rm.Race.ID &&
				p.Progress.Racer == botID && p.Progress.Actions > 0
		}); err != nil {
			t.Fatalf("asked %q: the bot never moved: %v", tc.ask, err)
		}
		c.Drop()
	}
}
