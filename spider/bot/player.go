package bot

import (
	"math/rand/v2"

	"github.com/solitaire-race/racer/spider"
)

// Config configures a Player. The zero value is a Steady bot
// under the permissive group rule (any descending run moves).
type Config struct {
	// Level is the bot's strength; the default is Steady. Random plays a
	// uniformly random legal move; Greedy and Relaxed play the hint's
	// move (docs/RULES.md: complete a run, turn a card up, join cards of
	// one suit, empty a column, else deal, filling an empty column
	// first); Steady and Strong value each move twice its hint value
	// plus the best hint value of the move after it on the visible
	// cards, and play a shuffle only when it lets a card be turned up
	// next.
	Level Level
	// Groups is the race's group rule (spider.Profile(name).Groups);
	// default Permissive.
	Groups spider.GroupRule
	// Seed seeds the bot's random choices (Random level); default 0.
	Seed uint64
	// MaxIdle is how many moves in a row the bot plays without turning a
	// card up, completing a run or dealing before it gives up; default
	// DefaultMaxIdle.
	MaxIdle int
}

// DefaultMaxIdle is Config.MaxIdle's default.
const DefaultMaxIdle = 200

// Player chooses Spider moves from a spider.View: the face-up
// cards and the counts, never a face-down card nor the stock's order. A
// Player remembers the positions of one game (it never returns to
// one); use a new one for each game. It is not safe for concurrent use.
type Player struct {
	cfg  Config
	rng  *rand.Rand
	seen map[uint64]struct{}
	idle int
	// progress is the last position's face-down, stock and completed
	// counts: the bot is idle while none of them changes.
	progress [3]int
	buf      []spider.Move
	// way is the rest of a way to progress the bot follows, from the
	// position of key wayFrom.
	way     []spider.Move
	wayFrom uint64
}

// maxSeen bounds the positions a Player remembers; past it the memory is
// cleared, which can only cost a repeated position, never a wrong move.
const maxSeen = 1 << 14

// New returns a Player for one game.
func New(cfg Config) *Player {
	if cfg.MaxIdle <= 0 {
		cfg.MaxIdle = DefaultMaxIdle
	}
	return &Player{
		cfg:      cfg,
		rng:      rand.New(rand.NewPCG(cfg.Seed, 0x9e3779b97f4a7c15)),
		seen:     make(map[uint64]struct{}),
		progress: [3]int{-1, -1, -1},
		buf:      make([]spider.Move, 0, 128),
	}
}

// ConfigFor returns cfg with the group rule of r filled in.
func ConfigFor(cfg Config, r spider.Rules) Config {
	cfg.Groups = r.Groups
	return cfg
}

// Next returns the bot's move in the position v, legal in it, or ok false
// when the game is over or the bot has no move left to play. When no
// move is worth playing (none leads to a position it has not been in,
// or MaxIdle moves in a row have turned no card up, completed no run and
// dealt nothing), it takes the shortest way it sees to a card turned
// up, a run completed or a deal made legal; it stops when it sees none
// (a race's stuck detection then calls the game stuck), and at the
// Greedy level at once.
func (p *Player) Next(v spider.View) (spider.Move, bool) {
	if v.Won {
		return spider.Move{}, false
	}
	b := spiderFromView(&v, p.cfg.Groups)
	if pr := [3]int{b.downCards(), b.stock, b.done}; pr != p.progress {
		p.progress, p.idle = pr, 0
	} else {
		p.idle++
	}
	if len(p.seen) >= maxSeen {
		clear(p.seen)
	}
	p.seen[b.key()] = struct{}{}
	p.buf = b.moves(p.buf[:0])
	if len(p.buf) == 0 {
		return spider.Move{}, false
	}
	if p.cfg.Level == Random {
		return p.buf[p.rng.IntN(len(p.buf))], true
	}
	if p.idle <= p.cfg.MaxIdle {
		if m, ok := p.choose(&b); ok {
			return m, true
		}
	}
	if p.cfg.Level == Greedy {
		return spider.Move{}, false
	}
	// Nothing worth playing: the shortest way to progress, as a race's
	// stuck detection counts it, if the bot sees one; the rest of the
	// way is kept for the next moves.
	if len(p.way) == 0 || p.wayFrom != b.key() {
		p.way = spiderProgress(&b, spiderProgressNodes)
	}
	if len(p.way) == 0 {
		return spider.Move{}, false
	}
	m := p.way[0]
	after := b.after(m)
	after.apply(m)
	p.way, p.wayFrom = p.way[1:], after.key()
	return m, true
}

// fresh reports whether the board after a move is a position the bot has
// not been in (a move that turns a card up always leads to a new one).
func (p *Player) fresh(after *spiderBoard, turned bool) bool {
	if turned {
		return true
	}
	_, ok := p.seen[after.key()]
	return !ok
}

// choose picks the heuristic's move among p.buf, the legal moves of b.
func (p *Player) choose(b *spiderBoard) (spider.Move, bool) {
	ahead := p.cfg.Level == Steady || p.cfg.Level == Strong
	best, bestScore := spider.Move{}, 0
	var next []spider.Move
	for _, m := range p.buf {
		if m.IsDeal() {
			continue
		}
		s, after, turned := b.score(m)
		if !p.fresh(&after, turned) {
			continue
		}
		if ahead && !turned {
			// The best the next move can do, on the visible cards, not
			// counting the move back.
			follow := 0
			next = after.columnMoves(next[:0])
			for _, m2 := range next {
				if m2.From() == m.To() && m2.To() == m.From() {
					continue
				}
				if s2, after2, t2 := after.score(m2); s2 > follow && p.fresh(&after2, t2) {
					follow = s2
				}
			}
			if s == 0 && follow < spiderTurnUp {
				continue // a shuffle is worth it only to turn a card up next
			}
			s = 2*s + follow
		} else if ahead {
			s *= 2
		}
		if s > bestScore {
			best, bestScore = m, s
		}
	}
	if bestScore > 0 {
		return best, true
	}
	if p.buf[0].IsDeal() {
		return p.buf[0], true
	}
	if b.stock > 0 {
		// The deal waits for an empty column: fill it from the column
		// with the most cards, which keeps some.
		fill, most := spider.Move{}, 0
		for _, m := range p.buf {
			src := &b.cols[m.From()]
			n := src.down + len(src.up)
			if b.cols[m.To()].empty() && n > m.N() && n > most {
				if _, after, turned := b.score(m); p.fresh(&after, turned) {
					fill, most = m, n
				}
			}
		}
		if most > 0 {
			return fill, true
		}
		// No column keeps a card: move a single card to the empty one.
		for _, m := range p.buf {
			if b.cols[m.To()].empty() && m.N() == 1 {
				if _, after, turned := b.score(m); p.fresh(&after, turned) {
					return m, true
				}
			}
		}
	}
	return spider.Move{}, false
}
