package bot

import (
	"github.com/solitaire-race/racer/match/game/spidergame"
	"github.com/solitaire-race/racer/spider"
)

// PlaySpiderDeal plays the Spider deal of seed under r with a bot of cfg,
// giving the bot only each position's View and applying its move with
// State.Apply, for at most maxActions moves (DefaultMaxActions when 0).
// Outcome.Foundation counts the cards of the completed runs. An illegal
// move is an error: the bot must never make one.
func PlaySpiderDeal(seed uint64, r spider.Rules, cfg SpiderConfig, maxActions int) (Outcome, error) {
	s, err := spider.New(spider.NewDeal(seed, r.Suits), r)
	if err != nil {
		return Outcome{}, err
	}
	cfg = SpiderConfigFor(cfg, r)
	if cfg.Seed == 0 {
		cfg.Seed = seed
	}
	return play(spidergame.NewBoard(s), spiderBot{NewSpider(cfg)}, seed, maxActions, cfg.Level.Pace())
}
