package bot

import (
	"fmt"
	"math/rand/v2"

	"github.com/solitaire-race/racer/klondike"
)

// Level is a bot's strength. The zero Level is Strong.
type Level int

// The strength levels.
const (
	// Strong looks three steps ahead over the face-up cards and the
	// stock and waste cards it remembers from earlier views (a step may
	// be "draw until that card is on top, then play it"); it values
	// turning cards face up most (from the deepest columns first), then
	// cards on the foundations (less when a column may still need them),
	// a smaller talon and empty columns; it never returns to a position
	// it has been in, and gives up when a whole trip through the stock
	// brings nothing.
	Strong Level = iota
	// Greedy plays the first move that turns a card up, reaches a
	// foundation or empties the waste, one move ahead, else draws.
	Greedy
	// Random plays a uniformly random legal move.
	Random
	// Expert is Strong looking four steps ahead: it wins more (22 of
	// relaxed-3 seeds 1 … 100 against 15) at about 25 times the cost,
	// some 10 ms a move; for a bot that races a person, not for load.
	Expert
)

var levelNames = [...]string{Strong: "strong", Greedy: "greedy", Random: "random", Expert: "expert"}

// String returns the level's name: "expert", "strong", "greedy" or
// "random".
func (l Level) String() string {
	if l < 0 || int(l) >= len(levelNames) {
		return fmt.Sprintf("Level(%d)", int(l))
	}
	return levelNames[l]
}

// ParseLevel reads a level's name.
func ParseLevel(s string) (Level, error) {
	for l, n := range levelNames {
		if n == s {
			return Level(l), nil
		}
	}
	return 0, fmt.Errorf("bot: unknown level %q (known: expert, strong, greedy, random)", s)
}

// Config configures a Player. The zero value is a Strong bot for draw 3
// that never moves a card back from a foundation.
type Config struct {
	// Level is the bot's strength; the default is Strong.
	Level Level
	// FoundationToColumn lets the bot move cards back from the foundations
	// (set it when the race's rules allow it; default false).
	FoundationToColumn bool
	// Draw is how many cards a draw turns (1 or 3); default 3.
	Draw int
	// Depth is how many steps Strong looks ahead; default 3 (4 for
	// Expert).
	Depth int
	// Seed seeds the bot's random choices (Random level); default 0.
	Seed uint64
}

// Player chooses moves from a klondike.View: what a racer may see, never
// a face-down card. A Player remembers the positions of one game; use a
// new Player for each game. It is not safe for concurrent use.
type Player struct {
	cfg  Config
	rng  *rand.Rand
	seen map[uint64]struct{}
	// idle counts the stock moves (draw, recycle) since the last play.
	idle int
	buf  []klondike.Move
	mem  talonMemory
	// last is the move Next returned last time, when hadLast.
	last    klondike.Move
	hadLast bool
}

// maxSeen bounds the positions a Player remembers; past it the memory is
// cleared, which can only cost a repeated position, never a wrong move.
const maxSeen = 1 << 14

// New returns a Player for one game.
func New(cfg Config) *Player {
	if cfg.Depth <= 0 {
		cfg.Depth = 3
		if cfg.Level == Expert {
			cfg.Depth = 4
		}
	}
	if cfg.Draw <= 0 {
		cfg.Draw = 3
	}
	return &Player{
		cfg:  cfg,
		rng:  rand.New(rand.NewPCG(cfg.Seed, 0x9e3779b97f4a7c15)),
		seen: make(map[uint64]struct{}),
		buf:  make([]klondike.Move, 0, 64),
	}
}

// Next returns the bot's move in the position v, legal in it by the
// rules of docs/RULES.md, or ok false when the game is over or the bot sees
// no way forward (it should resign).
func (p *Player) Next(v klondike.View) (m klondike.Move, ok bool) {
	m, ok = p.next(&v)
	p.last, p.hadLast = m, ok
	return m, ok
}

func (p *Player) next(v *klondike.View) (m klondike.Move, ok bool) {
	if v.Won {
		return m, false
	}
	p.mem.sync(p.last, p.hadLast, v, p.cfg.Draw)
	b := fromView(v, &p.mem, p.cfg.Draw)
	var found bool
	switch p.cfg.Level {
	case Random:
		m, found = p.random(&b)
		return m, found
	case Greedy:
		m, found = p.greedy(&b)
	default:
		if len(p.seen) >= maxSeen {
			clear(p.seen)
		}
		p.seen[b.key()] = struct{}{}
		m, found = p.strong(&b)
	}
	if found {
		p.idle = 0
		return m, true
	}
	return p.stockMove(&b)
}

// stockMove draws or recycles, or gives up when a whole trip through the
// stock has passed without a play, or neither is possible.
func (p *Player) stockMove(b *board) (klondike.Move, bool) {
	talon := b.talonCount()
	// Stock moves in one cycle of the talon: the draws and a recycle.
	cycle := (talon+p.cfg.Draw-1)/p.cfg.Draw + 1
	if p.idle > 2*cycle {
		return klondike.Move{}, false
	}
	p.idle++
	switch {
	case b.canDraw():
		return klondike.DrawMove(), true
	case b.canRecycle():
		return klondike.RecycleMove(), true
	}
	return klondike.Move{}, false
}

// random picks uniformly among every legal move.
func (p *Player) random(b *board) (klondike.Move, bool) {
	ms := b.playMoves(p.buf[:0], p.cfg.FoundationToColumn)
	if b.canDraw() {
		ms = append(ms, klondike.DrawMove())
	} else if b.canRecycle() {
		ms = append(ms, klondike.RecycleMove())
	}
	p.buf = ms
	if len(ms) == 0 {
		return klondike.Move{}, false
	}
	return ms[p.rng.IntN(len(ms))], true
}

// greedy plays the first move that raises the simple value.
func (p *Player) greedy(b *board) (klondike.Move, bool) {
	ms := b.playMoves(p.buf[:0], false)
	p.buf = ms
	base := simpleValue(b)
	for _, m := range ms {
		c := *b
		c.apply(m)
		if simpleValue(&c) > base {
			return m, true
		}
	}
	return klondike.Move{}, false
}

// simpleValue counts cards turned up, on the foundations and out of the
// waste.
func simpleValue(b *board) int {
	return -100*b.faceDown() + 30*b.foundation() - 5*b.talonCount()
}

// strong searches Depth steps ahead and plays the first step of the
// best line, when that line ends better than standing still and its
// first step leads to a position not seen before. A step that plays a
// talon card further down starts with a draw (or the recycle).
func (p *Player) strong(b *board) (klondike.Move, bool) {
	var buf [96]step
	base := value(b)
	best, bestStep, found := base, step{}, false
	for _, s := range p.steps(b, buf[:0]) {
		c := after(b, s)
		if _, ok := p.seen[c.key()]; ok {
			continue
		}
		if v := p.search(&c, p.cfg.Depth-1) - stepCost(s); v > best {
			best, bestStep, found = v, s, true
		}
	}
	switch {
	case !found:
		return klondike.Move{}, false
	case bestStep.draws == 0:
		return bestStep.m, true
	case b.canDraw():
		return klondike.DrawMove(), true
	}
	return klondike.RecycleMove(), true
}

// steps appends every step of b: the plays now, and the talon plays.
func (p *Player) steps(b *board, buf []step) []step {
	var ms [64]klondike.Move
	for _, m := range b.playMoves(ms[:0], p.cfg.FoundationToColumn) {
		buf = append(buf, step{m: m})
	}
	return b.talonPlays(buf)
}

// after returns the board after step s.
func after(b *board, s step) board {
	c := *b
	if s.draws > 0 {
		c.applyTalonPlay(s)
	} else {
		c.apply(s.m)
	}
	return c
}

// stepCost is what a step costs in the search: one, and a recycle (only
// ever planned with unlimited passes) two more.
func stepCost(s step) int {
	if s.recycle {
		return 3
	}
	return 1
}

// search returns the best value reachable from b within depth steps,
// less the steps' costs, so that shorter lines win ties.
func (p *Player) search(b *board, depth int) int {
	best := value(b)
	if depth == 0 {
		return best
	}
	var buf [96]step
	for _, s := range p.steps(b, buf[:0]) {
		c := after(b, s)
		if v := p.search(&c, depth-1) - stepCost(s); v > best {
			best = v
		}
	}
	return best
}

// value is Strong's measure of a position: a function of the position
// alone, so a line of moves that each raise it cannot loop.
func value(b *board) int {
	v := 0
	for i := range b.cols {
		col := &b.cols[i]
		d := int(col.down)
		// A card turned up is worth most where many cards are still
		// face down: 60 + 4·(2d−1).
		v -= 60*d + 4*d*d
		if col.n == 0 && col.down == 0 {
			v += 8
		}
	}
	for su := range b.found {
		n := int(b.found[su])
		lim := max(2, min(b.found[oppositeA[su]], b.found[oppositeB[su]])+1)
		safe := min(n, int(lim))
		v += 30*safe + 12*(n-safe)
	}
	v -= 6 * b.talonCount()
	return v
}

// oppositeA and oppositeB are the two suits of the other colour.
var (
	oppositeA = [klondike.NumSuits]klondike.Suit{klondike.Diamonds, klondike.Clubs, klondike.Clubs, klondike.Diamonds}
	oppositeB = [klondike.NumSuits]klondike.Suit{klondike.Hearts, klondike.Spades, klondike.Spades, klondike.Hearts}
)
