package bot_test

import (
	"context"
	"io"
	"log/slog"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/hub/bot"
	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/internal/testenv"
	"github.com/solitaire-race/racer/match"
)

// newHub serves a hub on loopback with a fixed deal and no countdown to
// speak of; it returns the WebSocket URL.
func newHub(t *testing.T, seed uint64) string {
	t.Helper()
	h, err := hub.New(hub.Config{
		Dealer:    match.FixedDealer{Seed: seed},
		Countdown: 50 * time.Millisecond,
		RateLimit: 10000, RateBurst: 10000,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h.Handler())
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = h.Shutdown(ctx)
		srv.Close()
	})
	return "ws" + strings.TrimPrefix(srv.URL, "http") + "/ws"
}

// queueBot connects a new player named name and queues it for profile.
func queueBot(ctx context.Context, t *testing.T, url, name, profile string) *client.Client {
	t.Helper()
	c, err := client.Dial(ctx, url, client.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Drop() })
	if _, err := c.Hello(ctx, name, ""); err != nil {
		t.Fatal(err)
	}
	if err := c.Send(ctx, wire.ClientMessage{Type: wire.TypeQueue, Profile: profile}); err != nil {
		t.Fatal(err)
	}
	return c
}

// TestBotsRace lets two bots of different levels race on real sockets:
// each plays its game to an end (won or stuck, resigned at the greedy
// level, or the race is over) with every move acknowledged and none
// refused as illegal; the strong bot never resigns. It races two deals,
// one with -short and under the race detector.
func TestBotsRace(t *testing.T) {
	t.Parallel()
	seeds := []uint64{3, 7}
	if bot.Small() {
		seeds = seeds[:1]
	}
	for _, seed := range seeds {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		url := newHub(t, seed)
		levels := []bot.Level{bot.Strong, bot.Greedy}
		clients := make([]*client.Client, len(levels))
		for i := range levels {
			clients[i] = queueBot(ctx, t, url, "Bot "+levels[i].String(), "relaxed-3")
		}
		var wg sync.WaitGroup
		results := make([]bot.RaceResult, len(levels))
		errs := make([]error, len(levels))
		refusals := make([][]string, len(levels))
		acks := make([]int, len(levels))
		for i, l := range levels {
			wg.Go(func() {
				rm, err := clients[i].WaitRace(ctx)
				if err != nil {
					errs[i] = err
					return
				}
				results[i], errs[i] = bot.Race(ctx, clients[i], rm, bot.RaceConfig{
					Bot:       bot.Config{Level: l},
					OnRefused: func(code string) { refusals[i] = append(refusals[i], code) },
					OnAck:     func(uint64, time.Time, time.Time) { acks[i]++ },
				})
			})
		}
		wg.Wait()
		for i, l := range levels {
			if errs[i] != nil {
				t.Fatalf("seed %d, %s bot: %v", seed, l, errs[i])
			}
			r := results[i]
			t.Logf("seed %d, %s bot: %s after %d actions, refusals %v", seed, l, r.Status, r.Actions, refusals[i])
			if r.Actions == 0 || acks[i] != r.Actions {
				t.Errorf("seed %d, %s bot: %d actions, %d acks, want the same non-zero number", seed, l, r.Actions, acks[i])
			}
			for _, code := range refusals[i] {
				if code == wire.CodeIllegalMove || code == wire.CodeBadMove || code == wire.CodeOutOfSequence {
					t.Errorf("seed %d, %s bot: refused with %s", seed, l, code)
				}
			}
			if r.Status == match.StatusPlaying && !r.Stopped && !raceOver(refusals) {
				t.Errorf("seed %d, %s bot: still playing after %d actions, and the race is not over", seed, l, r.Actions)
			}
			if l != bot.Greedy && r.Status == match.StatusResigned {
				t.Errorf("seed %d, %s bot: resigned after %d actions; a bot for people never does", seed, l, r.Actions)
			}
		}
	}
}

// raceOver reports whether a bot was told the race had finished.
func raceOver(refusals [][]string) bool {
	for _, rs := range refusals {
		for _, c := range rs {
			if c == wire.CodeRaceFinished || c == wire.CodeGameOver {
				return true
			}
		}
	}
	return false
}

// TestLauncher seats a bot player in a race the way a hub would (here by
// queueing it, then dropping its connection), launches the bot with the
// player's token and checks it plays the race to its end against a
// person who resigns once the bot has moved. The bot plays the default
// level, or with -short the greedy one, which thinks far less over a
// whole game. Under the race detector the race is of relaxed-3, where
// the default level imagines no deals: on bvs its whole game, ten times
// slower there, outlasted the test's minute beside the other tests.
func TestLauncher(t *testing.T) {
	t.Parallel()
	var level bot.Level // the default
	if testing.Short() {
		level = bot.Greedy
	}
	profile := "bvs"
	if testenv.RaceDetector {
		profile = "relaxed-3"
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	url := newHub(t, 5)
	ann := queueBot(ctx, t, url, "Ann", profile)
	seat, err := client.Dial(ctx, url, client.Options{})
	if err != nil {
		t.Fatal(err)
	}
	w, err := seat.Hello(ctx, "Bot", "")
	if err != nil {
		t.Fatal(err)
	}
	if err := seat.Send(ctx, wire.ClientMessage{Type: wire.TypeQueue, Profile: profile}); err != nil {
		t.Fatal(err)
	}
	if _, err := seat.WaitRace(ctx); err != nil {
		t.Fatal(err)
	}
	seat.Drop()
	rm, err := ann.WaitRace(ctx)
	if err != nil {
		t.Fatal(err)
	}

	l := &bot.Launcher{URL: url, Level: level, Think: time.Millisecond, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	l.LaunchBot(ctx, w.Token, profile, "")
	// The bot's first move tells the countdown is over.
	if _, err := ann.Wait(ctx, func(m client.Message) bool {
		var p wire.ProgressMessage
		return m.Type == wire.TypeProgress && m.Decode(&p) == nil && p.Race == rm.Race.ID &&
			p.Progress.Racer == w.Player && p.Progress.Actions > 0
	}); err != nil {
		t.Fatalf("the bot never moved: %v", err)
	}
	if err := ann.Send(ctx, wire.ClientMessage{Type: wire.TypeResign, Race: rm.Race.ID, Seq: 1}); err != nil {
		t.Fatal(err)
	}
	if _, err := ann.WaitAck(ctx, rm.Race.ID, 1); err != nil {
		t.Fatalf("resign: %v", err)
	}
	end, err := ann.WaitEnd(ctx, rm.Race.ID)
	if err != nil {
		t.Fatal(err)
	}
	l.Wait()
	found := false
	for _, s := range end.Result.Standings {
		if s.Player == w.Player {
			found = true
			if s.Actions == 0 || s.Status == match.StatusPlaying {
				t.Errorf("bot standing %+v: want a game played to its end", s)
			}
		}
	}
	if !found {
		t.Errorf("standings %+v: the bot %s is missing", end.Result.Standings, w.Player)
	}
}

// TestRacePace races a steady bot paced at 40 ms an action against a
// greedy one at full speed: the steady bot's actions are sent at least
// 30 ms apart (the pause counts the time spent choosing, so never much
// more than 54 ms on an idle machine), and it never resigns. Each bot
// plays at most 40 actions, 12 with -short.
func TestRacePace(t *testing.T) {
	t.Parallel()
	maxActions := 40
	if testing.Short() {
		maxActions = 12
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	url := newHub(t, 3)
	paced := queueBot(ctx, t, url, "Bot paced", "relaxed-3")
	other := queueBot(ctx, t, url, "Bot other", "relaxed-3")
	var wg sync.WaitGroup
	var sent []time.Time
	var res bot.RaceResult
	var errs [2]error
	for i, c := range []*client.Client{paced, other} {
		wg.Go(func() {
			rm, err := c.WaitRace(ctx)
			if err != nil {
				errs[i] = err
				return
			}
			cfg := bot.RaceConfig{Bot: bot.Config{Level: bot.Greedy}, MaxActions: maxActions}
			if i == 0 {
				cfg = bot.RaceConfig{Bot: bot.Config{Level: bot.Steady}, MaxActions: maxActions,
					Pace:  bot.Pace{Play: 40 * time.Millisecond, Stock: 40 * time.Millisecond},
					OnAck: func(_ uint64, at, _ time.Time) { sent = append(sent, at) }}
			}
			r, err := bot.Race(ctx, c, rm, cfg)
			errs[i] = err
			if i == 0 {
				res = r
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(sent) < 5 {
		t.Fatalf("the paced bot sent %d actions, want at least 5", len(sent))
	}
	for i := 1; i < len(sent); i++ {
		if gap := sent[i].Sub(sent[i-1]); gap < 30*time.Millisecond {
			t.Errorf("actions %d and %d sent %v apart, want at least 30ms", i, i+1, gap)
		}
	}
	if res.Status == match.StatusResigned {
		t.Errorf("the steady bot resigned after %d actions", res.Actions)
	}
}
