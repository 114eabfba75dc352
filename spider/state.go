package spider

// maxColumn is the room of a column. A column holds at most 5 face-down
// cards and at most 6 descending runs of at most 13 face-up cards (one
// run starts at its lowest face-up card, each other at a card a deal put
// there: 5 deals), 83 cards; room for all 104 keeps that argument out of
// the way of safety.
const maxColumn = NumCards

// stockSize is the number of cards left after the layout: the stock.
const stockSize = NumCards - layoutSize

// layoutSize is the number of cards laid out on the table at the start:
// 6 in columns 1–4, 5 in columns 5–10.
const layoutSize = 54

// column is one table column: cards[0] is the bottom card, the first down
// cards are face down and the rest face up.
type column struct {
	cards [maxColumn]Card
	n     uint8
	down  uint8
}

func (c *column) top() Card { return c.cards[c.n-1] }

// board is the position without counters.
type board struct {
	cols   [NumColumns]column
	stock  [stockSize]Card // in deck order: stock[stockSize-nStock] is dealt next, to column 1
	nStock uint8
	done   [NumRuns]Suit // suit of each completed run, in order
	nDone  uint8
}

// State is one Spider position under one rule profile, with its action
// counter. It is a value of fixed size with no pointers: copy it with
// assignment to keep a position. Apply changes it in place. A State is
// not safe for concurrent use; copies are independent.
type State struct {
	b       board
	rules   Rules
	actions int
}

// New lays out deal d under rules r (see the package doc). It fails when
// the rules are not valid (ErrUnknownProfile) or the deal is not the two
// decks of the rules' suits (ErrNotation or ErrBadDeal).
func New(d Deal, r Rules) (State, error) {
	var s State
	if err := r.Validate(); err != nil {
		return s, err
	}
	if err := d.Validate(); err != nil {
		return s, err
	}
	if got := d.Suits(); got != r.Suits {
		return s, errBadDeal(got, r.Suits)
	}
	s.rules = r
	k := 0
	for row := 0; k < layoutSize; row++ {
		for c := range NumColumns {
			if row < columnStart(c) {
				col := &s.b.cols[c]
				col.cards[col.n] = d[k]
				col.n++
				k++
			}
		}
	}
	for c := range s.b.cols {
		s.b.cols[c].down = s.b.cols[c].n - 1
	}
	copy(s.b.stock[:], d[layoutSize:])
	s.b.nStock = stockSize
	return s, nil
}

// columnStart returns the number of cards column c (0 … 9) gets in the
// layout: 6 for columns 1–4, 5 for 5–10.
func columnStart(c int) int {
	if c < 4 {
		return 6
	}
	return 5
}

// MustNew is New for valid rules and a deal of their suits, such as
// NewDeal(seed, r.Suits) deals; it panics otherwise. For tests and
// examples.
func MustNew(d Deal, r Rules) State {
	s, err := New(d, r)
	if err != nil {
		panic(err)
	}
	return s
}

// Rules returns the rules the game is played under.
func (s *State) Rules() Rules { return s.rules }

// Won reports whether all eight runs are completed.
func (s *State) Won() bool { return s.b.nDone == NumRuns }

// Completed returns the number of runs completed and removed, 0 … 8.
func (s *State) Completed() int { return int(s.b.nDone) }

// CompletedSuits returns the suit of each completed run, in the order
// they were completed (a new slice).
func (s *State) CompletedSuits() []Suit { return append([]Suit{}, s.b.done[:s.b.nDone]...) }

// Actions returns the number of actions applied: moves and deals.
func (s *State) Actions() int { return s.actions }

// StockLeft returns the number of cards left in the stock: 50, 40, … 0.
func (s *State) StockLeft() int { return int(s.b.nStock) }

// FaceDown returns the number of face-down cards in column i (0 … 9).
func (s *State) FaceDown(i int) int { return int(s.b.cols[i].down) }

// FaceDownCount returns the number of face-down cards on the table (44
// at the deal).
func (s *State) FaceDownCount() int {
	n := 0
	for i := range s.b.cols {
		n += int(s.b.cols[i].down)
	}
	return n
}

// Column returns a copy of column i (0 … 9), bottom card first; the first
// FaceDown(i) of them are face down. It shows hidden cards: for the
// server and tests, never for a player (see View).
func (s *State) Column(i int) []Card {
	c := &s.b.cols[i]
	return append([]Card{}, c.cards[:c.n]...)
}

// ColumnLen returns the number of cards in column i (0 … 9).
func (s *State) ColumnLen(i int) int { return int(s.b.cols[i].n) }

// Stock returns a copy of the stock in the order it will be dealt: the
// first ten go to columns 1 … 10 at the next deal. It shows hidden cards:
// never for a player.
func (s *State) Stock() []Card {
	return append([]Card{}, s.b.stock[stockSize-int(s.b.nStock):]...)
}
