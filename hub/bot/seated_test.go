package bot_test

import (
	"context"
	"io"
	"log/slog"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/hub/bot"
	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/game/games"
)

// TestSeatedBotPlaysEveryGame queues a person alone for each registered
// game's default profile on a hub that offers a bot after a moment: the
// hub seats a bot, a Launcher plays it over a real WebSocket like any
// client, and the person sees in the bot's progress that it puts cards
// home or turns them up. The bot knows each game only through the
// contract: a game added with a bot is raced here with no change.
func TestSeatedBotPlaysEveryGame(t *testing.T) {
	t.Parallel()
	for _, g := range games.All.Games() {
		profile := g.DefaultProfile()
		t.Run(g.Name(), func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			var launcher atomic.Pointer[bot.Launcher]
			launched := make(chan string, 1)
			h, err := hub.New(hub.Config{
				Dealer:    match.FixedDealer{Seed: 1},
				Countdown: 50 * time.Millisecond,
				BotAfter:  20 * time.Millisecond,
				LaunchBot: func(ctx context.Context, token, profile, level string) {
					launched <- profile
					launcher.Load().LaunchBot(ctx, token, profile, level)
				},
				Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
			})
			if err != nil {
				t.Fatal(err)
			}
			srv := httptest.NewServer(h.Handler())
			url := "ws" + strings.TrimPrefix(srv.URL, "http") + "/ws"
			launcher.Store(&bot.Launcher{URL: url, Level: bot.Strong, Think: time.Millisecond,
				Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
			defer func() {
				sctx, scancel := context.WithTimeout(context.Background(), 5*time.Second)
				defer scancel()
				_ = h.Shutdown(sctx)
				srv.Close()
				launcher.Load().Wait()
			}()

			ann := queueBot(ctx, t, url, "Ann", profile)
			rm, err := ann.WaitRace(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if got := <-launched; got != profile {
				t.Errorf("LaunchBot profile %q, want %q", got, profile)
			}
			if len(rm.Race.Racers) != 2 || !hub.IsBot(rm.Race.Racers[1].ID) {
				t.Fatalf("racers %+v, want Ann and a bot", rm.Race.Racers)
			}
			if string(rm.View.Game) != g.Name() {
				t.Errorf("view of %q: want a race of %s", rm.View.Game, g.Name())
			}
			botID := rm.Race.Racers[1].ID
			var last wire.ProgressMessage
			if _, err := ann.Wait(ctx, func(m client.Message) bool {
				var p wire.ProgressMessage
				if m.Type != wire.TypeProgress || m.Decode(&p) != nil || p.Race != rm.Race.ID || p.Progress.Racer != botID {
					return false
				}
				last = p
				return p.Progress.Foundation > 0 || p.Progress.TurnedUp > 0
			}); err != nil {
				t.Fatalf("Ann never saw the bot put a card home or turn one up (last progress %+v): %v", last.Progress, err)
			}
			t.Logf("%s: the bot has %d cards home, %d turned up after %d actions",
				profile, last.Progress.Foundation, last.Progress.TurnedUp, last.Progress.Actions)
		})
	}
}
