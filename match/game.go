package match

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/solitaire-race/racer/klondike"
	"github.com/solitaire-race/racer/spider"
)

// Game is a card game the server races. A rule profile's name says which
// (GameOf): the names of the two games never overlap.
type Game string

// The games.
const (
	GameKlondike Game = "klondike"
	GameSpider   Game = "spider"
)

// MaxOff is the most cards a racer can take off the table in any game
// (Spider's 104): it sizes the times at which each count was reached.
const MaxOff = spider.NumCards

// ErrUnknownProfile reports a rule profile that is no game's. GameOf's
// error is also klondike.ErrUnknownProfile and spider.ErrUnknownProfile
// (errors.Is), which callers matched before.
var ErrUnknownProfile = errors.New("match: unknown profile")

// GameOf returns the game of rule profile name: Spider for the names
// spider.IsProfile knows, Klondike for klondike.Profile's. Any other name
// fails with an error wrapping ErrUnknownProfile.
func GameOf(name string) (Game, error) {
	if spider.IsProfile(name) {
		return GameSpider, nil
	}
	if _, err := klondike.Profile(name); err == nil {
		return GameKlondike, nil
	}
	return "", &unknownProfileError{name: name}
}

// unknownProfileError is GameOf's error: it is ErrUnknownProfile, and
// also each engine's, for callers that matched those.
type unknownProfileError struct{ name string }

func (e *unknownProfileError) Error() string {
	return fmt.Sprintf("match: unknown profile %q (known: %v)", e.name, ProfileNames())
}

func (e *unknownProfileError) Is(target error) bool {
	return target == ErrUnknownProfile || target == klondike.ErrUnknownProfile || target == spider.ErrUnknownProfile
}

// ProfileNames returns the rule profiles of every game: Klondike's, then
// Spider's.
func ProfileNames() []string {
	return slices.Concat(klondike.ProfileNames(), spider.ProfileNames())
}

// RulesText describes profile's rules for people ("bvs: draw 3, …" or
// "Spider, 1 suit, …"), or "" for an unknown profile.
func RulesText(profile string) string {
	if r, err := spider.Profile(profile); err == nil {
		return r.String()
	}
	if r, err := klondike.Profile(profile); err == nil {
		return r.String()
	}
	return ""
}

// RankingRuleOf is the ranking rule of game g, word for word as the client
// shows it: RankingRule for Klondike, RankingRuleSpider for Spider.
func RankingRuleOf(g Game) string {
	if g == GameSpider {
		return RankingRuleSpider
	}
	return RankingRule
}

// Deal is a race's deal in deck order, of either game: 52 cards for
// Klondike, 104 for Spider. Its text (String, MarshalText) is the cards
// separated by spaces, as "klondike verify" and "spider deal" print it.
// It is secret until the race ends.
type Deal struct {
	game     Game
	klondike klondike.Deal
	spider   spider.Deal
}

// DealOf returns the deal of seed under profile.
func DealOf(profile string, seed uint64) (Deal, error) {
	g, err := GameOf(profile)
	if err != nil {
		return Deal{}, err
	}
	if g == GameSpider {
		r, err := spider.Profile(profile)
		if err != nil {
			return Deal{}, err
		}
		return Deal{game: g, spider: spider.NewDeal(seed, r.Suits)}, nil
	}
	return Deal{game: g, klondike: klondike.NewDeal(seed)}, nil
}

// Game returns the deal's game ("" for the zero Deal).
func (d Deal) Game() Game { return d.game }

// Klondike returns the deal of a Klondike race.
func (d Deal) Klondike() (klondike.Deal, bool) { return d.klondike, d.game == GameKlondike }

// Spider returns the deal of a Spider race.
func (d Deal) Spider() (spider.Deal, bool) { return d.spider, d.game == GameSpider }

// String returns the cards in deck order, separated by spaces.
func (d Deal) String() string {
	switch d.game {
	case GameKlondike:
		return d.klondike.String()
	case GameSpider:
		return d.spider.String()
	}
	return ""
}

// MarshalText implements encoding.TextMarshaler: the cards in deck order.
func (d Deal) MarshalText() ([]byte, error) {
	switch d.game {
	case GameKlondike:
		return d.klondike.MarshalText()
	case GameSpider:
		return d.spider.MarshalText()
	}
	return nil, errors.New("match: the zero Deal has no text")
}

// UnmarshalText implements encoding.TextUnmarshaler; see ParseDeal.
func (d *Deal) UnmarshalText(b []byte) error {
	v, err := ParseDeal(string(b))
	if err != nil {
		return err
	}
	*d = v
	return nil
}

// ParseDeal reads a deal of either game: 52 cards in notation is a
// Klondike deal (klondike.ParseDeal), 104 a Spider deal
// (spider.ParseDeal).
func ParseDeal(s string) (Deal, error) {
	if len(strings.Fields(s)) == spider.NumCards {
		d, err := spider.ParseDeal(s)
		if err != nil {
			return Deal{}, err
		}
		return Deal{game: GameSpider, spider: d}, nil
	}
	d, err := klondike.ParseDeal(s)
	if err != nil {
		return Deal{}, err
	}
	return Deal{game: GameKlondike, klondike: d}, nil
}

// Position is one racer's game at one moment, of either game: a value
// that shares nothing that changes, so copies may be kept (a spectator's
// delayed boards). It holds face-down cards and the stock: never send
// it; send its View.
type Position struct {
	game     Game
	klondike klondike.State
	spider   *spider.State // never changed once a Position holds it
}

// newPosition returns the position at the deal of seed under profile.
func newPosition(profile string, seed uint64) (Position, error) {
	g, err := GameOf(profile)
	if err != nil {
		return Position{}, err
	}
	if g == GameSpider {
		return spiderStart(profile, seed)
	}
	return klondikeStart(profile, seed)
}

// Game returns the position's game.
func (p *Position) Game() Game { return p.game }

// Klondike returns a copy of a Klondike position.
func (p *Position) Klondike() (klondike.State, bool) { return p.klondike, p.game == GameKlondike }

// Spider returns a copy of a Spider position.
func (p *Position) Spider() (spider.State, bool) {
	if p.game != GameSpider {
		return spider.State{}, false
	}
	return *p.spider, true
}

// Off returns the cards off the table: on the foundations (Klondike,
// 0 … 52) or in completed runs (Spider, 13 each, 0 … 104). Racers who
// have not won rank by it.
func (p *Position) Off() int {
	if p.game == GameSpider {
		return spiderOff(p.spider)
	}
	return p.klondike.FoundationCards()
}

// View returns what the racer may see of the position.
func (p *Position) View() View {
	if p.game == GameSpider {
		return View{Game: GameSpider, Spider: p.spider.View()}
	}
	return View{Game: GameKlondike, Klondike: p.klondike.View()}
}

// View is what a racer may see of their own board: Klondike's view or
// Spider's, as Game says (the other is the zero value).
type View struct {
	Game     Game
	Klondike klondike.View
	Spider   spider.View
}

// step is an action validated against a board, not yet applied: the
// position after it (klondike by value, so that the Klondike move path
// allocates nothing; a new Spider state), and the racer's status.
type step struct {
	status Status
	// moved is false for resign and finish, which leave the position.
	moved    bool
	klondike klondike.State
	spider   *spider.State
}

// try validates move (in the game's notation) on a copy of p and returns
// the position after it and the racer's status, stuck detection exploring
// at most budget positions. p is not changed.
func (p *Position) try(move string, budget int) (step, error) {
	if p.game == GameSpider {
		return spiderTry(p.spider, move, budget)
	}
	return klondikeTry(&p.klondike, move, budget)
}

// Play applies a stored action to p as Replay does, without looking for
// a stuck position: a move in the game's notation; resign and finish
// leave the board as it is. An action that is not legal here is an error
// and leaves p unchanged.
func (p *Position) Play(action string) error {
	if action == ActionResign || action == ActionFinish {
		return nil
	}
	s, err := p.try(action, noStuckCheck)
	if err != nil {
		return err
	}
	p.apply(&s)
	return nil
}

// apply moves p to a validated step.
func (p *Position) apply(s *step) {
	if p.game == GameSpider {
		p.spider = s.spider
		return
	}
	p.klondike = s.klondike
}

// fill sets the counts of progress pr that the position decides.
func (p *Position) fill(pr *Progress) {
	if p.game == GameSpider {
		spiderFill(p.spider, pr)
		return
	}
	klondikeFill(&p.klondike, pr)
}

// badAction is the error of an action that is not a move in notation.
func badAction(action string) error { return fmt.Errorf("%w: %q", ErrBadAction, action) }

// reachedTimes is when a board first had each number of cards off the
// table (index k ≥ 1), in Unix nanoseconds (0: not yet). Not time.Time:
// 105 of those per board held a pointer each (the location), all of it
// scanned by every garbage collection while the race is loaded.
type reachedTimes [MaxOff + 1]int64

// at returns when count k was first reached (zero if not yet), in UTC.
func (r *reachedTimes) at(k int) time.Time {
	if r[k] == 0 {
		return time.Time{}
	}
	return time.Unix(0, r[k]).UTC()
}
