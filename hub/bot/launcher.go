package bot

import (
	"context"
	"log/slog"
	"sync"
	"time"
)

// Launcher starts bot racers on a hub, each in the background: the hub
// seats a bot player in a race (for a player nobody joined in the
// quick-race queue) and hands the bot player's session token to
// LaunchBot. The bot connects back through the hub's WebSocket endpoint,
// like any client. A Launcher is safe for concurrent use; its zero value
// is not usable (URL is required).
type Launcher struct {
	// URL is the hub's own WebSocket URL, "ws://127.0.0.1:8080/ws".
	URL string
	// Level is the bots' strength and pace; default Steady.
	Level Level
	// Think, when set, is a bot's median pause before a move, in place
	// of its level's (Level.Pace); draws take proportionally less.
	Think time.Duration
	// Logger receives one line per bot game; default slog.Default().
	Logger *slog.Logger

	wg       sync.WaitGroup
	launched func(Level) // tests: the level of each bot launched
}

// LaunchBot plays, in the background, as the player of token in the race
// the hub seated it in, until the game or the race ends or ctx does. level
// is the bot's level, as a player asked for it (wire.BotLevels; see
// ParseLevel): "" or a name ParseLevel does not know plays the
// Launcher's Level.
func (l *Launcher) LaunchBot(ctx context.Context, token, profile, level string) {
	log := l.Logger
	if log == nil {
		log = slog.Default()
	}
	lv := l.Level
	if level != "" {
		if x, err := ParseLevel(level); err == nil {
			lv = x
		} else {
			log.Warn("bot racer: unknown level, playing the node's", "level", level, "node", l.Level.String())
		}
	}
	pace := lv.Pace()
	if l.Think > 0 {
		pace = pace.Scaled(l.Think)
	}
	cfg := RaceConfig{Bot: Config{Level: lv, Seed: uint64(time.Now().UnixNano())}, Pace: pace}
	if l.launched != nil {
		l.launched(lv)
	}
	l.wg.Go(func() {
		res, err := Join(ctx, token, JoinConfig{URL: l.URL, Race: cfg})
		if err != nil && ctx.Err() == nil {
			log.Warn("bot racer", "profile", profile, "level", lv.String(), "err", err)
			return
		}
		log.Info("bot racer done", "profile", profile, "level", lv.String(), "status", res.Status,
			"actions", res.Actions, "stopped", res.Stopped)
	})
}

// Wait waits for every bot launched to finish (call it after cancelling
// their context, at shutdown).
func (l *Launcher) Wait() { l.wg.Wait() }
