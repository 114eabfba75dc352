package bot

import (
	"fmt"

	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/game/klondikegame"
	"github.com/solitaire-race/racer/match/game/spidergame"
)

// gamePlayer is a bot of one game behind the game contract: it chooses the
// next move, in the game's notation, from what the racer may see (false
// when it sees no way forward). Race gives it views from the wire; playOut
// gives it boards played offline.
type gamePlayer interface {
	// nextWire reads the view's JSON (game.Board.AppendView's).
	nextWire(view []byte) (string, bool)
	// nextBoard reads the view of a board of the player's game.
	nextBoard(b game.Board) (string, bool)
}

// newGamePlayer returns the bot of v's game, configured by cfg for its
// rules: Draw and FoundationToColumn from a Klondike profile, the group
// rule from a Spider profile.
func newGamePlayer(v game.Variant, cfg Config) (gamePlayer, error) {
	switch v := v.(type) {
	case klondikegame.Variant:
		return klondikeBot{New(ConfigFor(cfg, v.KlondikeRules()))}, nil
	case spidergame.Variant:
		return spiderBot{NewSpider(SpiderConfigFor(SpiderConfig{Level: cfg.Level, Seed: cfg.Seed}, v.SpiderRules()))}, nil
	}
	return nil, fmt.Errorf("bot: no bot plays %s", v.Game().Name())
}

type klondikeBot struct{ p *Player }

func (k klondikeBot) nextWire(view []byte) (string, bool) {
	v, err := klondikegame.ParseView(view)
	if err != nil {
		return "", false
	}
	m, ok := k.p.Next(v)
	return m.String(), ok
}

func (k klondikeBot) nextBoard(b game.Board) (string, bool) {
	kb, ok := b.(*klondikegame.Board)
	if !ok {
		return "", false
	}
	s := kb.State()
	m, ok := k.p.Next(s.View())
	return m.String(), ok
}

type spiderBot struct{ p *SpiderPlayer }

func (s spiderBot) nextWire(view []byte) (string, bool) {
	v, err := spidergame.ParseView(view)
	if err != nil {
		return "", false
	}
	m, ok := s.p.Next(v)
	return m.String(), ok
}

func (s spiderBot) nextBoard(b game.Board) (string, bool) {
	sb, ok := b.(*spidergame.Board)
	if !ok {
		return "", false
	}
	st := sb.State()
	m, ok := s.p.Next(st.View())
	return m.String(), ok
}

// playOut plays b with p, which sees only each position's view, until
// the game is won, p gives up or maxActions actions are played. An
// illegal move is an error.
func playOut(b game.Board, p gamePlayer, maxActions int) (Outcome, error) {
	var out Outcome
	for b.Counts().Actions < maxActions && !b.Won() {
		m, ok := p.nextBoard(b)
		if !ok {
			out.Resigned = true
			break
		}
		if err := b.Play(m); err != nil {
			return out, fmt.Errorf("action %d: %w", b.Counts().Actions+1, err)
		}
	}
	out.Won = b.Won()
	out.Actions = b.Counts().Actions
	out.Foundation = b.Off()
	return out, nil
}

// PlayProfile plays the deal of seed under the named profile, of any
// game, with a bot of cfg (a Spider bot takes its Level and Seed), for at
// most maxActions moves (DefaultMaxActions when 0). Outcome.Foundation
// is the cards off the table. An illegal move is an error: the bot must
// never make one.
func PlayProfile(profile string, seed uint64, cfg Config, maxActions int) (Outcome, error) {
	v, err := games.Lookup(profile)
	if err != nil {
		return Outcome{}, err
	}
	if cfg.Seed == 0 {
		cfg.Seed = seed
	}
	p, err := newGamePlayer(v, cfg)
	if err != nil {
		return Outcome{}, err
	}
	return play(v.NewBoard(seed), p, seed, maxActions)
}

// play is playOut with the default bound and the seed in its error.
func play(b game.Board, p gamePlayer, seed uint64, maxActions int) (Outcome, error) {
	if maxActions <= 0 {
		maxActions = DefaultMaxActions
	}
	out, err := playOut(b, p, maxActions)
	if err != nil {
		return out, fmt.Errorf("bot: seed %d, %w", seed, err)
	}
	return out, nil
}
