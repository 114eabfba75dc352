package bot

import (
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/solitaire-race/racer/klondike"
	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/game/klondikegame"
	"github.com/solitaire-race/racer/match/game/spidergame"
	"github.com/solitaire-race/racer/spider"
)

// gamePlayer is a bot of one game behind the game contract: it chooses the
// next move, in the game's notation, from what the racer may see (false
// when it has no move to play). Race gives it views from the wire;
// playOut gives it boards played offline. The per-game strategies (a
// Player, a SpiderPlayer) know nothing of races.
type gamePlayer interface {
	// nextWire reads the view's JSON (game.Board.AppendView's).
	nextWire(view []byte) (choice, bool)
	// nextBoard reads the view of a board of the player's game.
	nextBoard(b game.Board) (choice, bool)
}

// choice is a bot's move in its game's notation; stock is true for a
// move that only turns the stock (a draw, a recycle, a deal), which a
// person makes quicker than a play.
type choice struct {
	move  string
	stock bool
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

func (k klondikeBot) nextWire(view []byte) (choice, bool) {
	v, err := klondikegame.ParseView(view)
	if err != nil {
		return choice{}, false
	}
	return k.next(v)
}

func (k klondikeBot) nextBoard(b game.Board) (choice, bool) {
	kb, ok := b.(*klondikegame.Board)
	if !ok {
		return choice{}, false
	}
	s := kb.State()
	return k.next(s.View())
}

func (k klondikeBot) next(v klondike.View) (choice, bool) {
	m, ok := k.p.Next(v)
	return choice{move: m.String(), stock: m.Kind == klondike.Draw || m.Kind == klondike.Recycle}, ok
}

type spiderBot struct{ p *SpiderPlayer }

func (s spiderBot) nextWire(view []byte) (choice, bool) {
	v, err := spidergame.ParseView(view)
	if err != nil {
		return choice{}, false
	}
	return s.next(v)
}

func (s spiderBot) nextBoard(b game.Board) (choice, bool) {
	sb, ok := b.(*spidergame.Board)
	if !ok {
		return choice{}, false
	}
	st := sb.State()
	return s.next(st.View())
}

func (s spiderBot) next(v spider.View) (choice, bool) {
	m, ok := s.p.Next(v)
	return choice{move: m.String(), stock: m.IsDeal()}, ok
}

// stuckBudget is the stuck detection's budget of a race (the match
// package's default): offline games end where a race would end them.
const stuckBudget = 20_000

// playOut plays b with p, which sees only each position's view, until
// the game is won or stuck (by the stuck detection of a race), p has no
// move left or maxActions actions are played. Each action's time is what
// Race would spend on it under pace: its pause (drawn from rng) or the
// bot's thinking, the longer. An illegal move is an error.
func playOut(b game.Board, p gamePlayer, maxActions int, pace Pace, rng *rand.Rand) (Outcome, error) {
	var out Outcome
	for b.Counts().Actions < maxActions && !b.Won() {
		start := time.Now()
		ch, ok := p.nextBoard(b)
		think := time.Since(start)
		if !ok {
			out.Stopped = true
			break
		}
		out.Think += think
		out.Times = append(out.Times, max(think, pace.pause(ch.stock, rng.Float64())))
		st, err := b.Try(ch.move, stuckBudget)
		if err == nil {
			err = b.Commit(ch.move)
		}
		if err != nil {
			return out, fmt.Errorf("action %d: %w", b.Counts().Actions+1, err)
		}
		if st == game.Stuck {
			out.Stuck = true
			break
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
	return play(v.NewBoard(seed), p, seed, maxActions, cfg.Level.Pace())
}

// play is playOut with the default bound, the level's pace drawn from
// seed, and the seed in its error.
func play(b game.Board, p gamePlayer, seed uint64, maxActions int, pace Pace) (Outcome, error) {
	if maxActions <= 0 {
		maxActions = DefaultMaxActions
	}
	out, err := playOut(b, p, maxActions, pace, rand.New(rand.NewPCG(seed, 0x6a09e667f3bcc908)))
	if err != nil {
		return out, fmt.Errorf("bot: seed %d, %w", seed, err)
	}
	return out, nil
}
