package bot_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/solitaire-race/racer/hub/bot"
	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/match"
)

// TestSpiderBotsRace lets a strong and a greedy bot race a spider-1 deal
// on real sockets: each plays its game to an end with every move
// acknowledged and none refused as illegal.
func TestSpiderBotsRace(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	url := newHub(t, 4)
	levels := []bot.Level{bot.Strong, bot.Greedy}
	clients := make([]*client.Client, len(levels))
	for i := range levels {
		clients[i] = queueBot(ctx, t, url, "Bot "+levels[i].String(), "spider-1")
	}
	var wg sync.WaitGroup
	results := make([]bot.RaceResult, len(levels))
	errs := make([]error, len(levels))
	refusals := make([][]string, len(levels))
	for i, l := range levels {
		wg.Go(func() {
			rm, err := clients[i].WaitRace(ctx)
			if err != nil {
				errs[i] = err
				return
			}
			if rm.Race.Game != match.GameSpider || rm.View.Game != match.GameSpider {
				t.Errorf("race game %q, view of %q: want a Spider race", rm.Race.Game, rm.View.Game)
			}
			results[i], errs[i] = bot.Race(ctx, clients[i], rm, bot.RaceConfig{
				Bot:       bot.Config{Level: l},
				OnRefused: func(code string) { refusals[i] = append(refusals[i], code) },
			})
		})
	}
	wg.Wait()
	for i, l := range levels {
		if errs[i] != nil {
			t.Fatalf("%s bot: %v", l, errs[i])
		}
		r := results[i]
		t.Logf("%s bot: %s after %d actions, refusals %v", l, r.Status, r.Actions, refusals[i])
		if r.Actions == 0 {
			t.Errorf("%s bot: no action acknowledged", l)
		}
		for _, code := range refusals[i] {
			if code == wire.CodeIllegalMove || code == wire.CodeBadMove || code == wire.CodeOutOfSequence {
				t.Errorf("%s bot: refused with %s", l, code)
			}
		}
		if r.Status == match.StatusPlaying && !raceOver(refusals) {
			t.Errorf("%s bot: still playing after %d actions, and the race is not over", l, r.Actions)
		}
	}
}
