package bot

import (
	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/klondike"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/spider"
)

// racePlayer is a bot of one game as Race drives it: the next action's
// notation from a view on the wire, or false when it sees no way forward.
type racePlayer interface {
	next(w hub.WireView) (string, bool)
}

// newRacePlayer returns the player of the race's game under its profile.
func newRacePlayer(rm hub.RaceMessage, cfg Config) (racePlayer, error) {
	if rm.Race.Game == match.GameSpider || spider.IsProfile(rm.Race.Profile) {
		r, err := spider.Profile(rm.Race.Profile)
		if err != nil {
			return nil, err
		}
		return spiderRacer{NewSpider(SpiderConfigFor(SpiderConfig{Level: cfg.Level, Seed: cfg.Seed}, r))}, nil
	}
	r, err := klondike.Profile(rm.Race.Profile)
	if err != nil {
		return nil, err
	}
	return klondikeRacer{New(ConfigFor(cfg, r))}, nil
}

type klondikeRacer struct{ p *Player }

func (k klondikeRacer) next(w hub.WireView) (string, bool) {
	m, ok := k.p.Next(ViewOf(w))
	if !ok {
		return "", false
	}
	return m.String(), true
}

type spiderRacer struct{ p *SpiderPlayer }

// next resigns (false) on a view that is not Spider's, which a hub never
// sends in a Spider race.
func (s spiderRacer) next(w hub.WireView) (string, bool) {
	if w.Spider == nil {
		return "", false
	}
	m, ok := s.p.Next(SpiderViewOf(w.Spider))
	if !ok {
		return "", false
	}
	return m.String(), true
}
