package klondike

import "time"

// maxColumn is the most cards a column can hold: six face down under a
// face-up run from king to ace.
const maxColumn = 6 + 13

// stockSize is the number of cards left after the deal: the stock.
const stockSize = NumCards - 28

// column is one tableau column: cards[0] is the bottom card, the first
// down cards are face down and the rest face up.
type column struct {
	cards [maxColumn]Card
	n     uint8
	down  uint8
}

func (c *column) top() Card { return c.cards[c.n-1] }

// board is the position without counters: comparable, so it can key a map.
type board struct {
	cols   [NumColumns]column
	stock  [stockSize]Card // stock[nStock-1] is drawn next
	waste  [stockSize]Card // waste[nWaste-1] is the playable top
	found  [NumSuits]uint8 // cards on each suit's foundation
	nStock uint8
	nWaste uint8
	passes uint8 // passes begun: 1 during the first trip through the stock
}

// State is one Klondike position under one rule profile, with its counters
// (actions, passes, score). It is a value of fixed size with no pointers:
// copy it with assignment to keep a position. Apply changes it in place.
// A State is not safe for concurrent use; copies are independent.
type State struct {
	b       board
	rules   Rules
	actions int
	score   int // standard scoring's running score, without time
}

// New deals d under rules r. It fails when the deal or the rules are not
// valid.
func New(d Deal, r Rules) (State, error) {
	var s State
	if err := d.Validate(); err != nil {
		return s, err
	}
	if err := r.Validate(); err != nil {
		return s, err
	}
	s.rules = r
	k := 0
	for row := 0; row < NumColumns; row++ {
		for c := row; c < NumColumns; c++ {
			col := &s.b.cols[c]
			col.cards[col.n] = d[k]
			col.n++
			k++
		}
	}
	for c := range s.b.cols {
		s.b.cols[c].down = s.b.cols[c].n - 1
	}
	// Deck position 28 is drawn first, so it goes on top of the stock.
	for i := 0; i < stockSize; i++ {
		s.b.stock[stockSize-1-i] = d[28+i]
	}
	s.b.nStock = stockSize
	s.b.passes = 1
	return s, nil
}

// MustNew is New for deals and rules known to be valid; it panics
// otherwise. For tests and examples.
func MustNew(d Deal, r Rules) State {
	s, err := New(d, r)
	if err != nil {
		panic(err)
	}
	return s
}

// Rules returns the rules the game is played under.
func (s *State) Rules() Rules { return s.rules }

// Won reports whether all 52 cards are on the foundations.
func (s *State) Won() bool {
	return s.b.found[0] == 13 && s.b.found[1] == 13 && s.b.found[2] == 13 && s.b.found[3] == 13
}

// Actions returns the number of moves applied, draws and recycles included.
func (s *State) Actions() int { return s.actions }

// PassesUsed returns how many trips through the stock have begun (1 at the
// deal, one more per recycle).
func (s *State) PassesUsed() int { return int(s.b.passes) }

// PassesLeft returns how many more passes may begin, or -1 when unlimited.
func (s *State) PassesLeft() int {
	if s.rules.Passes == Unlimited {
		return -1
	}
	return s.rules.Passes - int(s.b.passes)
}

// Foundation returns how many cards of suit su are on its foundation
// (0 … 13; the top card's rank).
func (s *State) Foundation(su Suit) int { return int(s.b.found[su&3]) }

// FoundationCards returns the number of cards on all foundations.
func (s *State) FoundationCards() int {
	return int(s.b.found[0]) + int(s.b.found[1]) + int(s.b.found[2]) + int(s.b.found[3])
}

// FaceDown returns the number of face-down cards in column i (0 … 6).
func (s *State) FaceDown(i int) int { return int(s.b.cols[i].down) }

// FaceDownCount returns the number of face-down cards in all columns.
func (s *State) FaceDownCount() int {
	n := 0
	for i := range s.b.cols {
		n += int(s.b.cols[i].down)
	}
	return n
}

// Column returns a copy of column i (0 … 6), bottom card first; the first
// FaceDown(i) of them are face down.
func (s *State) Column(i int) []Card {
	c := &s.b.cols[i]
	return append([]Card(nil), c.cards[:c.n]...)
}

// ColumnLen returns the number of cards in column i.
func (s *State) ColumnLen(i int) int { return int(s.b.cols[i].n) }

// Stock returns a copy of the stock in the order it will be drawn.
func (s *State) Stock() []Card {
	out := make([]Card, s.b.nStock)
	for i := range out {
		out[i] = s.b.stock[int(s.b.nStock)-1-i]
	}
	return out
}

// StockLen returns the number of cards in the stock.
func (s *State) StockLen() int { return int(s.b.nStock) }

// Waste returns a copy of the waste, bottom first: the last card is the
// playable one.
func (s *State) Waste() []Card { return append([]Card(nil), s.b.waste[:s.b.nWaste]...) }

// WasteLen returns the number of cards on the waste.
func (s *State) WasteLen() int { return int(s.b.nWaste) }

// Score returns the score without its time part: the standard running
// score, the Vegas score, or 0 under ScoringNone. See ScoreAt.
func (s *State) Score() int {
	switch s.rules.Scoring {
	case ScoringStandard:
		return s.score
	case ScoringVegas:
		return 5*s.FoundationCards() - 52
	}
	return 0
}

// ScoreAt returns the score after elapsed playing time: standard scoring
// loses 2 points per full 10 seconds and, on a win after more than 30
// seconds, gains 700000 / seconds; it never drops below 0. Other scoring
// ignores time.
func (s *State) ScoreAt(elapsed time.Duration) int {
	if s.rules.Scoring != ScoringStandard {
		return s.Score()
	}
	secs := int(elapsed / time.Second)
	v := s.score - 2*(secs/10)
	if s.Won() && secs > 30 {
		v += 700000 / secs
	}
	return max(v, 0)
}
