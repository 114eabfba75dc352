package spidergame

import (
	"fmt"

	"github.com/solitaire-race/racer/internal/botlevel"
	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/spider"
	sbot "github.com/solitaire-race/racer/spider/bot"
)

var _ game.Botter = Variant{}

// NewBot returns a spider/bot Player at level for the variant's group
// rule.
func (v Variant) NewBot(level string, seed uint64) (game.Bot, error) {
	l, err := botlevel.Parse(level)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", game.ErrBotLevel, err)
	}
	return player{sbot.New(sbot.ConfigFor(sbot.Config{Level: l, Seed: seed}, v.SpiderRules()))}, nil
}

// player is a spider/bot Player behind the game contract.
type player struct{ p *sbot.Player }

func (p player) NextView(view []byte) (game.BotMove, bool) {
	v, err := ParseView(view)
	if err != nil {
		return game.BotMove{}, false
	}
	return p.next(v)
}

func (p player) NextBoard(b game.Board) (game.BotMove, bool) {
	sb, ok := b.(*Board)
	if !ok {
		return game.BotMove{}, false
	}
	s := sb.State()
	return p.next(s.View())
}

func (p player) next(v spider.View) (game.BotMove, bool) {
	m, ok := p.p.Next(v)
	return game.BotMove{Move: m.String(), Stock: m.IsDeal()}, ok
}
