package main

import (
	"log/slog"
	"net"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/hub/bot"
)

// newLauncher returns the bot launcher of o (nil when -bot-after is 0)
// and sets cfg to offer its bots. Its URL is set once the listener is
// open (setBotURL).
func newLauncher(o options, cfg *hub.Config, log *slog.Logger) (*bot.Launcher, error) {
	if o.botAfter <= 0 {
		return nil, nil
	}
	level, err := bot.ParseLevel(o.botLevel)
	if err != nil {
		return nil, err
	}
	l := &bot.Launcher{Level: level, Think: o.botThink, Logger: log}
	cfg.BotAfter, cfg.LaunchBot, cfg.BotLevel = o.botAfter, l.LaunchBot, level.String()
	return l, nil
}

// botURL is the WebSocket URL bots dial to reach this node's listener at
// a: loopback for a wildcard address.
func botURL(a net.Addr) string {
	host, port, err := net.SplitHostPort(a.String())
	if err != nil {
		return "ws://" + a.String() + "/ws"
	}
	if ip := net.ParseIP(host); ip == nil || ip.IsUnspecified() {
		host = "127.0.0.1"
	}
	return "ws://" + net.JoinHostPort(host, port) + "/ws"
}
