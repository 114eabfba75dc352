package freecellgame

import (
	"fmt"

	"github.com/solitaire-race/racer/freecell"
	fbot "github.com/solitaire-race/racer/freecell/bot"
	"github.com/solitaire-race/racer/internal/botlevel"
	"github.com/solitaire-race/racer/match/game"
)

var _ game.Botter = Variant{}

// NewBot returns a freecell/bot Player at level for the variant's rules
// (its free cells).
func (v Variant) NewBot(level string, seed uint64) (game.Bot, error) {
	l, err := botlevel.Parse(level)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", game.ErrBotLevel, err)
	}
	return player{fbot.New(fbot.Config{Level: l, Seed: seed}, v.FreeCellRules())}, nil
}

// player is a freecell/bot Player behind the game contract.
type player struct{ p *fbot.Player }

func (p player) NextView(view []byte) (game.BotMove, bool) {
	v, err := ParseView(view)
	if err != nil {
		return game.BotMove{}, false
	}
	return p.next(v)
}

func (p player) NextBoard(b game.Board) (game.BotMove, bool) {
	fb, ok := b.(*Board)
	if !ok {
		return game.BotMove{}, false
	}
	s := fb.State()
	return p.next(s.View())
}

func (p player) next(v freecell.View) (game.BotMove, bool) {
	m, ok := p.p.Next(v)
	return game.BotMove{Move: m.String()}, ok
}
