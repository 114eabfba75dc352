package bot

import (
	"context"
	"math/rand/v2"
	"time"

	"github.com/solitaire-race/racer/freecell"
	"github.com/solitaire-race/racer/freecell/solver"
)

// Config configures a Player. The zero value is a Steady bot.
type Config struct {
	// Level is the bot's strength; the default is Steady. Relaxed,
	// Steady and Strong search for a win (see the package doc), within
	// budgets from the smallest; Greedy plays the engine's hint (one
	// move ahead); Random a uniformly random legal move.
	Level Level
	// Nodes bounds the solver's search for one move; default the
	// level's.
	Nodes int64
	// Seed seeds the bot's random choices (Random level); default 0.
	Seed uint64
	// MaxIdle is how many moves in a row the bot plays without putting
	// a card home before it has no move left to play (it then waits for
	// the race's end, and never resigns); default DefaultMaxIdle.
	MaxIdle int
}

// DefaultMaxIdle is Config.MaxIdle's default: a game that has put no
// card home in that many moves is lost, and a race ranks it by its cards
// home.
const DefaultMaxIdle = 150

// searchTimeout is a backstop for one move's search: the budget of
// positions ends a search long before it on any machine.
const searchTimeout = 10 * time.Second

// maxSeen bounds the positions a Player remembers; past it the memory is
// cleared, which can only cost a repeated position, never a wrong move.
const maxSeen = 1 << 16

// Player chooses FreeCell moves from a freecell.View. A Player remembers
// the positions of one game; use a new one for each game. It is not safe
// for concurrent use.
type Player struct {
	cfg   Config
	rules freecell.Rules
	rng   *rand.Rand
	seen  map[uint64]struct{}
	buf   []freecell.Move
	// line is the rest of a winning line, whose first move is to be
	// played from the position of key lineFrom.
	line     []freecell.Move
	lineFrom uint64
	// idle counts the moves since a card last went home; home is the
	// cards home in the last view.
	idle, home int
	// lost is true once the solver proved a position lost: every later
	// one is. unsolved counts the moves since a search ran out of budget
	// without a verdict, during which no card went home.
	lost     bool
	unsolved int
}

// resolveEvery is how many moves a bot whose last search found no win
// within its budget plays before it searches again, unless a card goes
// home first (a smaller position is easier to solve).
const resolveEvery = 8

// New returns a Player for one game under rules r.
func New(cfg Config, r freecell.Rules) *Player {
	if cfg.Nodes <= 0 {
		cfg.Nodes = levelNodes(cfg.Level)
	}
	if cfg.MaxIdle <= 0 {
		cfg.MaxIdle = DefaultMaxIdle
	}
	return &Player{
		cfg:   cfg,
		rules: r,
		rng:   rand.New(rand.NewPCG(cfg.Seed, 0x9e3779b97f4a7c15)),
		seen:  make(map[uint64]struct{}),
		buf:   make([]freecell.Move, 0, 64),
	}
}

// Next returns the bot's move in the position v, legal in it, or ok
// false when the game is over, v is not a position of the Player's
// rules, every legal move leads to a position the bot has been in, or
// MaxIdle moves in a row have put no card home.
func (p *Player) Next(v freecell.View) (m freecell.Move, ok bool) {
	if v.Won {
		return m, false
	}
	if v.Home > p.home {
		p.idle, p.unsolved = 0, 0
	}
	p.home = v.Home
	if p.idle >= p.cfg.MaxIdle {
		return m, false
	}
	p.idle++
	var home [freecell.NumSuits]int
	for su, r := range v.Foundations {
		home[su] = int(r)
	}
	s, err := freecell.NewPosition(p.rules, v.Cascades, v.Cells, home)
	if err != nil {
		return m, false
	}
	k := key(&s)
	if len(p.seen) >= maxSeen {
		clear(p.seen)
	}
	p.seen[k] = struct{}{}
	switch p.cfg.Level {
	case Random:
		ms := s.AppendMoves(p.buf[:0])
		p.buf = ms
		if len(ms) == 0 {
			return m, false
		}
		return ms[p.rng.IntN(len(ms))], true
	case Greedy:
		return p.fallback(&s)
	}
	if len(p.line) > 0 && p.lineFrom == k {
		return p.follow(&s), true
	}
	p.line = nil
	if p.lost || p.unsolved > 0 {
		p.unsolved = (p.unsolved + 1) % resolveEvery
		return p.lookahead(&s)
	}
	res := solver.Solve(context.Background(), s, solver.Config{MaxNodes: p.cfg.Nodes, Timeout: searchTimeout})
	switch {
	case res.Verdict == solver.Won && len(res.Moves) > 0:
		p.line = res.Moves
		return p.follow(&s), true
	case res.Verdict == solver.Lost:
		p.lost = true
	default:
		p.unsolved = 1
	}
	return p.lookahead(&s)
}

// follow plays the first move of the line from s and keeps the rest for
// the position after it.
func (p *Player) follow(s *freecell.State) freecell.Move {
	m := p.line[0]
	p.line = p.line[1:]
	if len(p.line) > 0 {
		c := *s
		if c.Apply(m) != nil {
			p.line = nil // never expected: the solver's lines are legal
		}
		p.lineFrom = key(&c)
	}
	return m
}

// lookahead returns the first move towards the position, among those at
// most lookNodes(level) positions it reaches breadth first through
// positions the bot has not been in, that scores best (value): the
// nearest of equals. It is how a bot that sees no win still plays
// towards the foundations, around dead ends a move's hint walks into.
func (p *Player) lookahead(s *freecell.State) (freecell.Move, bool) {
	type node struct {
		s     freecell.State
		first freecell.Move
	}
	budget := lookNodes(p.cfg.Level)
	visited := map[uint64]bool{key(s): true}
	var queue []node
	var best freecell.Move
	bestScore, found := 0, false
	for i := -1; i < len(queue) && len(visited) < budget; i++ {
		from := s
		if i >= 0 {
			from = &queue[i].s
		}
		ms := from.AppendMoves(p.buf[:0])
		p.buf = ms
		for _, m := range ms {
			c := *from
			if c.Apply(m) != nil {
				continue
			}
			k := key(&c)
			if _, been := p.seen[k]; been || visited[k] {
				continue
			}
			visited[k] = true
			first := m
			if i >= 0 {
				first = queue[i].first
			}
			if sc := value(&c); !found || sc > bestScore {
				best, bestScore, found = first, sc, true
			}
			queue = append(queue, node{c, first})
		}
	}
	return best, found
}

// fallback returns the engine's hint when it leads to a position the bot
// has not been in, else the legal move to such a position that scores
// best (value), the first of equals in the engine's order: the Greedy
// level's move, one move ahead.
func (p *Player) fallback(s *freecell.State) (freecell.Move, bool) {
	if m, ok := freecell.Hint(s); ok && p.fresh(s, m) {
		return m, true
	}
	ms := s.AppendMoves(p.buf[:0])
	p.buf = ms
	var best freecell.Move
	bestScore, found := 0, false
	for _, m := range ms {
		c := *s
		if c.Apply(m) != nil {
			continue
		}
		if _, been := p.seen[key(&c)]; been {
			continue
		}
		if sc := value(&c); !found || sc > bestScore {
			best, bestScore, found = m, sc, true
		}
	}
	return best, found
}

// fresh reports whether m leads from s to a position the bot has not
// been in.
func (p *Player) fresh(s *freecell.State, m freecell.Move) bool {
	c := *s
	if c.Apply(m) != nil {
		return false
	}
	_, been := p.seen[key(&c)]
	return !been
}

// value scores a position for the fallback: cards home first, then free
// cells and empty cascades (what lets runs move), then cards in order
// on their cascades.
func value(s *freecell.State) int {
	v := 100*s.Home() + 12*s.FreeCells() + 20*s.EmptyCascades()
	for i := range freecell.NumCascades {
		n := s.CascadeLen(i)
		for j := n - 1; j > 0; j-- {
			if !inOrder(s.CascadeCard(i, j), s.CascadeCard(i, j-1)) {
				break
			}
			v++
		}
	}
	return v
}

// inOrder reports whether c may lie on under in a run: one rank lower,
// the other colour.
func inOrder(c, under freecell.Card) bool {
	return under.Rank() == c.Rank()+1 && under.Suit().Red() != c.Suit().Red()
}

// key hashes the position s: its cascades in order, its cells and
// foundations (FNV-1a).
func key(s *freecell.State) uint64 {
	h := uint64(14695981039346656037)
	add := func(b byte) {
		h ^= uint64(b)
		h *= 1099511628211
	}
	for i := range freecell.NumCascades {
		for j := range s.CascadeLen(i) {
			add(byte(s.CascadeCard(i, j)))
		}
		add(0xff)
	}
	for i := range s.Rules().Cells {
		c, ok := s.Cell(i)
		if !ok {
			c = freecell.NoCard
		}
		add(byte(c))
	}
	for su := range freecell.NumSuits {
		add(byte(s.Foundation(freecell.Suit(su))))
	}
	return h
}
