package klondikegame

import (
	"fmt"

	"github.com/solitaire-race/racer/internal/botlevel"
	"github.com/solitaire-race/racer/klondike"
	kbot "github.com/solitaire-race/racer/klondike/bot"
	"github.com/solitaire-race/racer/match/game"
)

var _ game.Botter = Variant{}

// NewBot returns a klondike/bot Player at level for the variant's rules
// (its draw and whether cards come back from the foundations).
func (v Variant) NewBot(level string, seed uint64) (game.Bot, error) {
	l, err := botlevel.Parse(level)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", game.ErrBotLevel, err)
	}
	return player{kbot.New(kbot.ConfigFor(kbot.Config{Level: l, Seed: seed}, v.KlondikeRules()))}, nil
}

// player is a klondike/bot Player behind the game contract.
type player struct{ p *kbot.Player }

func (p player) NextView(view []byte) (game.BotMove, bool) {
	v, err := ParseView(view)
	if err != nil {
		return game.BotMove{}, false
	}
	return p.next(v)
}

func (p player) NextBoard(b game.Board) (game.BotMove, bool) {
	kb, ok := b.(*Board)
	if !ok {
		return game.BotMove{}, false
	}
	s := kb.State()
	return p.next(s.View())
}

func (p player) next(v klondike.View) (game.BotMove, bool) {
	m, ok := p.p.Next(v)
	return game.BotMove{Move: m.String(), Stock: m.Kind == klondike.Draw || m.Kind == klondike.Recycle}, ok
}
