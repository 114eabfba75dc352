package bot

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/scoreboard"
)

// RaceConfig configures Race. The zero value plays a Steady bot at full
// speed.
type RaceConfig struct {
	// Bot is the player: the bot of the race's game (game.Botter) at its
	// level, for the race's profile.
	Bot Config
	// Pace paces the actions, for a race a person can follow (Launcher
	// sets the level's); the zero Pace plays at full speed. The pause
	// before an action counts the time the bot spent choosing it.
	Pace Pace
	// BeforeMove, when set, is called before each move; an error ends the
	// race for the bot (the load tool paces moves with it).
	BeforeMove func(ctx context.Context) error
	// OnAck, when set, is called for each acknowledged action with its
	// sequence number, when it was sent and when its acknowledgement came.
	OnAck func(seq uint64, sent, acked time.Time)
	// OnRefused, when set, is called with the code of each refused action.
	OnRefused func(code string)
	// MaxActions bounds the actions the bot sends; default
	// DefaultMaxActions.
	MaxActions int
}

// RaceResult is how a bot's game in a race ended.
type RaceResult struct {
	// Status is the bot's last status: won or stuck, playing when the
	// race ended first or the bot stopped, resigned only at the Greedy
	// and Random levels.
	Status scoreboard.Status
	// Actions counts the actions acknowledged; Refused those refused.
	Actions, Refused int
	// Stopped is true when the bot stopped acting before the end of the
	// race: it had no move left, or the hub refused its moves.
	Stopped bool
}

// maxRefusedInARow is how many refusals in a row make the bot stop.
const maxRefusedInARow = 3

// Race plays the race of rm (the race message the hub sent on c), of any
// game with a bot (by the race's profile), until the bot's game or the
// race is over: it waits out the countdown, sends each move with the
// next sequence number and plays on from the view in the
// acknowledgement.
//
// The bot never resigns. While a draw, a recycle or a deal is legal it
// keeps playing, so its game ends won, stuck (the hub's verdict when no
// card can reach a foundation or turn up any more), or with the race.
// When it has no move left, or the hub refuses three moves in a row, it
// stops acting and waits for the race's end, ranked by the cards it has
// home like any racer still playing. Only the load levels (Greedy,
// Random) end their game then with "finish now" instead, to keep load
// tests' races short. c must have no other reader while Race runs.
func Race(ctx context.Context, c *client.Client, rm wire.RaceMessage, cfg RaceConfig) (RaceResult, error) {
	id := rm.Race.ID
	v, err := games.Lookup(rm.Race.Profile)
	if err != nil {
		return RaceResult{}, err
	}
	p, err := newGamePlayer(v, cfg.Bot)
	if err != nil {
		return RaceResult{}, err
	}
	if cfg.MaxActions <= 0 {
		cfg.MaxActions = DefaultMaxActions
	}
	rng := rand.New(rand.NewPCG(cfg.Bot.Seed, 0x6a09e667f3bcc908))
	res := RaceResult{Status: rm.Status}
	view, seq := rm.View, rm.Seq
	if rm.Phase == string(scoreboard.PhaseCountdown) {
		// The server's clock says when; wait at most a minute.
		if err := sleep(ctx, min(rm.Race.StartAt.Sub(rm.Now), time.Minute)); err != nil {
			return res, err
		}
	}
	refused := 0
	for sent := 0; sent < cfg.MaxActions && res.Status == scoreboard.StatusPlaying; sent++ {
		if cfg.BeforeMove != nil {
			if err := cfg.BeforeMove(ctx); err != nil {
				return res, err
			}
		}
		start := time.Now()
		ch, ok := p.NextView(view.JSON)
		typ, action := wire.TypeMove, ch.Move
		if !ok || refused >= maxRefusedInARow {
			if !cfg.Bot.Level.finishes() {
				res.Stopped = true
				return res, waitEnd(ctx, c, id)
			}
			typ, action = wire.TypeFinish, "finish"
		}
		if err := sleep(ctx, cfg.Pace.pause(ch.Stock, rng.Float64())-time.Since(start)); err != nil {
			return res, err
		}
		t := time.Now()
		msg := wire.ClientMessage{Type: typ, Race: id, Seq: seq + 1, Move: action}
		if err := c.Send(ctx, msg); err != nil {
			return res, err
		}
		ack, err := c.WaitAck(ctx, id, seq+1)
		var ce *client.Error
		if errors.As(err, &ce) {
			res.Refused++
			refused++
			if cfg.OnRefused != nil {
				cfg.OnRefused(ce.Code)
			}
			switch ce.Code {
			case wire.CodeNotStarted:
				if err := sleep(ctx, 50*time.Millisecond); err != nil {
					return res, err
				}
				refused--
			case wire.CodeRateLimited, wire.CodeUnavailable:
				if err := sleep(ctx, time.Duration(refused)*500*time.Millisecond); err != nil {
					return res, err
				}
			case wire.CodeGameOver, wire.CodeRaceFinished, wire.CodeNotInRace, wire.CodeSessionReplaced:
				return res, nil
			}
			continue
		}
		if err != nil {
			return res, err
		}
		refused = 0
		res.Actions++
		if cfg.OnAck != nil {
			cfg.OnAck(ack.Seq, t, time.Now())
		}
		view, seq, res.Status = ack.View, ack.Seq, ack.Status
	}
	return res, nil
}

// finishes reports whether a bot of level l ends its game with "finish
// now" when it has no move left, instead of waiting for the race's end:
// the load levels do, so that load tests' races end soon.
func (l Level) finishes() bool { return l == Greedy || l == Random }

// waitEnd waits for the end of race, keeping the racer's place.
func waitEnd(ctx context.Context, c *client.Client, race string) error {
	if _, err := c.WaitEnd(ctx, race); err != nil {
		return fmt.Errorf("bot: waiting for the race's end: %w", err)
	}
	return nil
}

func sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// JoinConfig configures Join.
type JoinConfig struct {
	// URL is the hub's WebSocket URL, "ws://127.0.0.1:8080/ws".
	URL string
	// Race configures the play.
	Race RaceConfig
	// Timeout bounds the whole game; default 30 minutes.
	Timeout time.Duration
}

// Join connects to a hub as the player of token, whom the hub has seated
// in a race (a bot offered to someone who waited in a quick-race queue),
// and plays that race to its end.
func Join(ctx context.Context, token string, cfg JoinConfig) (RaceResult, error) {
	if cfg.Timeout <= 0 {
		cfg.Timeout = 30 * time.Minute
	}
	ctx, cancel := context.WithTimeout(ctx, cfg.Timeout)
	defer cancel()
	c, err := client.Dial(ctx, cfg.URL, client.Options{Queue: 256})
	if err != nil {
		return RaceResult{}, fmt.Errorf("bot: %w", err)
	}
	defer c.Close()
	if _, err := c.Hello(ctx, "", token); err != nil {
		return RaceResult{}, fmt.Errorf("bot: hello: %w", err)
	}
	rm, err := c.WaitRace(ctx)
	if err != nil {
		return RaceResult{}, fmt.Errorf("bot: waiting for the race: %w", err)
	}
	return Race(ctx, c, rm, cfg.Race)
}
