package bot

import (
	"math/rand/v2"

	"github.com/solitaire-race/racer/klondike"
)

// Config configures a Player. The zero value is a Steady bot for draw 3
// that never moves a card back from a foundation.
type Config struct {
	// Level is the bot's strength; the default is Steady.
	Level Level
	// FoundationToColumn lets the bot move cards back from the foundations
	// (set it when the race's rules allow it; default false).
	FoundationToColumn bool
	// Draw is how many cards a draw turns (1 or 3); default 3.
	Draw int
	// Budget is how many positions the bot's search over what it has
	// seen may look at for one move; default the level's (Relaxed 150,
	// Steady and Strong 600). Each deal it imagines is searched to 1,000
	// positions.
	Budget int
	// Samples is how many deals the bot imagines a decision when the
	// rules draw three with passes limited (hindsight.go); default the level's (Steady and
	// Strong 24, the others none: setting it has Relaxed imagine too).
	Samples int
	// Seed seeds the bot's random choices (the deals it imagines, the
	// Random level's moves); default 0.
	Seed uint64
}

// levelSearch is how a level searches: its budget of positions a move
// and its weights.
func levelSearch(l Level) (budget int, w weights) {
	switch l {
	case Relaxed:
		return 150, plainWeights
	}
	// A bigger budget did not win more (relaxed-3, 250 winnable deals:
	// 122 won at 2,000 positions a move, 120 at 3,000, 123 at 600).
	return 600, defaultWeights
}

// levelHindsight is how a level plans by sampling (hindsight.go): the
// deals it imagines a decision and the positions its search may look at
// in each; samples 0 for a level that does not unless told to.
func levelHindsight(l Level) (samples, budget int) {
	// Strong imagines as Steady does: more deals did not win more (the
	// first 200 proven-winnable deals, 48 deals a decision against 24:
	// bvs 30 won against 35, classic-3 25 against 33).
	switch l {
	case Steady, Strong:
		return 24, 1000
	}
	return 0, 1000
}

// Player chooses moves from a klondike.View: what a racer may see, never
// a face-down card. A Player remembers the positions of one game; use a
// new Player for each game. It is not safe for concurrent use.
type Player struct {
	cfg  Config
	rng  *rand.Rand
	seen map[uint64]struct{}
	// idle counts the stock moves (draw, recycle) since the last play,
	// those on the way to a talon card included.
	idle int
	buf  []klondike.Move
	mem  talonMemory
	srch *searcher
	// hind plans by sampling the cards it cannot see, or is nil.
	hind *hindsight
	prog progressFinder
	// lost is the key (waste position left out) of the last position in
	// which the progress search found nothing, when hadLost.
	lost    uint64
	hadLost bool
	// last is the move Next returned last time, when hadLast.
	last    klondike.Move
	hadLast bool
}

// maxSeen bounds the positions a Player remembers; past it the memory is
// cleared, which can only cost a repeated position, never a wrong move.
const maxSeen = 1 << 14

// ConfigFor returns cfg with the settings the rules decide (draw size,
// foundation to column) filled in.
func ConfigFor(cfg Config, r klondike.Rules) Config {
	cfg.Draw = r.Draw
	cfg.FoundationToColumn = r.FoundationToColumn
	return cfg
}

// New returns a Player for one game.
func New(cfg Config) *Player {
	if cfg.Draw <= 0 {
		cfg.Draw = 3
	}
	p := &Player{
		cfg:  cfg,
		rng:  rand.New(rand.NewPCG(cfg.Seed, 0x9e3779b97f4a7c15)),
		seen: make(map[uint64]struct{}),
		buf:  make([]klondike.Move, 0, 64),
	}
	if cfg.Level != Greedy && cfg.Level != Random {
		budget, w := levelSearch(cfg.Level)
		if cfg.Budget > 0 {
			budget = cfg.Budget
		}
		p.srch = newSearcher(cfg.FoundationToColumn, budget, w)
		n, hb := levelHindsight(cfg.Level)
		if cfg.Samples > 0 {
			n = cfg.Samples
		}
		if n > 0 {
			p.hind = newHindsight(n, newSearcher(cfg.FoundationToColumn, hb, w))
		}
	}
	return p
}

// Next returns the bot's move in the position v, legal in it by the
// rules of docs/RULES.md, or ok false when the game is over or the bot
// has no move left to play: no draw or recycle is legal and it sees no
// way to a card more on the foundations or turned up (the server then
// calls the game stuck), or, at the Greedy level, a whole trip through
// the stock has brought nothing twice.
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
		return p.random(&b)
	case Greedy:
		m, found = p.greedy(&b)
	default:
		if len(p.seen) >= maxSeen {
			clear(p.seen)
		}
		p.seen[b.key()] = struct{}{}
		// A way to a talon card takes at most two trips through the
		// stock; after two trips of stock moves only, through a stock it
		// knows, the next brings nothing new either.
		if p.idle <= 2*p.cycle(&b) || b.talonUnknown() {
			m, found = p.imagine(&b)
			// Imagined deals may keep asking for one more draw; after a
			// whole trip of stock moves with no play, the search over
			// what the bot has seen decides, as it does without them.
			if !found || p.idle >= p.cycle(&b) && (m.Kind == klondike.Draw || m.Kind == klondike.Recycle) {
				m, found = p.think(&b)
			}
		}
	}
	if found {
		if m.Kind == klondike.Draw || m.Kind == klondike.Recycle {
			p.idle++ // on the way to a talon card
		} else {
			p.idle = 0
		}
		return m, true
	}
	return p.stockMove(&b)
}

// think plays the first step of the search's best line; with none, the
// first step of the shortest way to progress, unless the bot is still
// learning the stock. While it learns it (its first trip through the
// stock with unlimited passes, when the weights say so), it plays only
// steps that turn a card up or put one on a foundation, and draws
// otherwise.
func (p *Player) think(b *board) (klondike.Move, bool) {
	var only func(*board, step) bool
	scouting := p.srch.w.scout && b.passesLeft < 0 && b.talonUnknown()
	if scouting {
		only = revealing
	}
	if st, _, found := p.srch.best(b, p.skip, only); found {
		return stepMove(b, st), true
	}
	if scouting {
		return klondike.Move{}, false
	}
	// Draws change only where the waste stands; with the stock known,
	// a search that found nothing finds nothing after them either.
	w := *b
	w.nWaste = 0
	if k := w.key(); !b.talonUnknown() {
		if p.hadLost && k == p.lost {
			return klondike.Move{}, false
		}
		p.lost, p.hadLost = k, true
	}
	if st, found := p.prog.find(b, p.cfg.FoundationToColumn, p.skip); found {
		p.hadLost = false
		return stepMove(b, st), true
	}
	return klondike.Move{}, false
}

// imagine plays the move best on average over deals imagined from b
// (hindsight.go), when the level plans so, the bot has a choice (a play
// is legal) and the rules draw three with passes limited. Elsewhere the
// imagined deals misled the bot, on the first proven-winnable deals:
// drawing one, where every talon card is in reach of the search already
// (relaxed-1, 16 deals: 6 won against 10; classic, 30 deals: a median of
// 6 cards home against 10), and with unlimited passes (relaxed-3, 200
// deals: 84 won against 98, a median of 17 cards home against 26).
func (p *Player) imagine(b *board) (klondike.Move, bool) {
	if p.hind == nil || p.cfg.Draw < 3 || b.passesLeft < 0 {
		return klondike.Move{}, false
	}
	if len(b.playMoves(p.buf[:0], p.cfg.FoundationToColumn)) == 0 {
		return klondike.Move{}, false
	}
	return p.hind.decide(b, p.cfg.Seed, p.skip)
}

// skip reports whether the bot has been in position c.
func (p *Player) skip(c *board) bool {
	_, ok := p.seen[c.key()]
	return ok
}

// stepMove returns the move that starts step st: the play itself, or the
// draw (or recycle) towards a talon card further down.
func stepMove(b *board, st step) klondike.Move {
	switch {
	case st.draws == 0:
		return st.m
	case b.canDraw():
		return klondike.DrawMove()
	}
	return klondike.RecycleMove()
}

// revealing reports whether st turns a card up or puts one on a
// foundation, at once.
func revealing(b *board, st step) bool {
	if st.draws > 0 {
		return false
	}
	switch st.m.Kind {
	case klondike.ColumnToFoundation, klondike.WasteToFoundation:
		return true
	case klondike.ColumnToColumn:
		src := &b.cols[st.m.From]
		return src.down > 0 && st.m.N == src.n
	}
	return false
}

// maxIdleCycles is how many whole trips through the stock that bring
// nothing a searching bot makes before it stops; the server calls such a
// game stuck long before (a trip brings nothing only when no progress is
// in sight), so this only bounds a bot whose search and the server's
// disagree.
const maxIdleCycles = 50

// stockMove draws, or recycles, while that is legal. Greedy gives up
// after two trips through the stock bring nothing.
func (p *Player) stockMove(b *board) (klondike.Move, bool) {
	cycle := p.cycle(b)
	limit := maxIdleCycles * cycle
	if p.cfg.Level == Greedy {
		limit = 2 * cycle
	}
	if p.idle > limit {
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

// cycle returns the stock moves of a whole trip through the stock: the
// draws and a recycle.
func (p *Player) cycle(b *board) int {
	return (b.talonCount()+p.cfg.Draw-1)/p.cfg.Draw + 1
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
