package freecell

// NumCascades is the number of cascades (the table's columns).
const NumCascades = 8

// maxCascade is the room of a cascade: at most 7 dealt cards, and on the
// last of them at most 12 cards placed one rank lower each (Q … A on a
// king); a cascade emptied and filled again holds at most K … A.
const maxCascade = 7 + 12

// cascade is one column of the table: cards[0] is the bottom card,
// cards[n-1] the top, the only one that can move alone.
type cascade struct {
	cards [maxCascade]Card
	n     uint8
}

func (c *cascade) top() Card { return c.cards[c.n-1] }

// runLen returns how many cards on top of c form a run: each one rank
// below the card under it and of the other colour. It is 0 for an empty
// cascade.
func (c *cascade) runLen() uint8 {
	if c.n == 0 {
		return 0
	}
	k := uint8(1)
	for i := c.n - 1; i > 0 && fits(c.cards[i], c.cards[i-1]); i-- {
		k++
	}
	return k
}

// State is one FreeCell position under one rule profile, with its action
// counter. It is a value of fixed size with no pointers: copy it with
// assignment to keep a position. Apply changes it in place. A State is
// not safe for concurrent use; copies are independent.
type State struct {
	cols    [NumCascades]cascade
	cells   [MaxCells]Card  // NoCard when empty; cells from rules.Cells on stay empty
	home    [NumSuits]uint8 // the rank on top of each suit's foundation, 0 when empty
	rules   Rules
	actions int
}

// New lays out deal d under rules r (see the package doc). It fails when
// the rules are not valid (ErrUnknownProfile) or the deal is not the 52
// cards once each (ErrNotation).
func New(d Deal, r Rules) (State, error) {
	var s State
	if err := r.Validate(); err != nil {
		return s, err
	}
	if err := d.Validate(); err != nil {
		return s, err
	}
	s.rules = r
	for i := range s.cells {
		s.cells[i] = NoCard
	}
	for k, c := range d {
		col := &s.cols[k%NumCascades]
		col.cards[col.n] = c
		col.n++
	}
	return s, nil
}

// MustNew is New for valid rules and a valid deal, such as NewDeal deals;
// it panics otherwise. For tests and examples.
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
func (s *State) Won() bool { return s.Home() == NumCards }

// Home returns the number of cards on the foundations, 0 … 52: the
// game's progress, by which races rank.
func (s *State) Home() int {
	return int(s.home[0]) + int(s.home[1]) + int(s.home[2]) + int(s.home[3])
}

// Foundation returns the rank on top of suit su's foundation: 0 when it
// is empty, King when the suit is home.
func (s *State) Foundation(su Suit) Rank { return Rank(s.home[su&3]) }

// Actions returns the number of moves applied.
func (s *State) Actions() int { return s.actions }

// Cascade returns a copy of cascade i (0 … 7), bottom card first.
func (s *State) Cascade(i int) []Card {
	c := &s.cols[i]
	return append([]Card{}, c.cards[:c.n]...)
}

// CascadeLen returns the number of cards in cascade i (0 … 7).
func (s *State) CascadeLen(i int) int { return int(s.cols[i].n) }

// CascadeCard returns card j of cascade i (0 … 7), counting from the
// bottom card (0) to the top (CascadeLen(i)-1), without copying the
// cascade as Cascade does.
func (s *State) CascadeCard(i, j int) Card { return s.cols[i].cards[:s.cols[i].n][j] }

// Cell returns the card in free cell i (0 … Rules().Cells-1), and false
// when the cell is empty.
func (s *State) Cell(i int) (Card, bool) {
	c := s.cells[i]
	return c, c != NoCard
}

// FreeCells returns the number of empty free cells.
func (s *State) FreeCells() int {
	n := 0
	for _, c := range s.cells[:s.rules.Cells] {
		if c == NoCard {
			n++
		}
	}
	return n
}

// EmptyCascades returns the number of empty cascades.
func (s *State) EmptyCascades() int {
	n := 0
	for i := range s.cols {
		if s.cols[i].n == 0 {
			n++
		}
	}
	return n
}

// SupermoveLimit returns the most cards a move between cascades may take
// at once: (1 + empty free cells) × 2^(empty cascades), counting one
// empty cascade fewer when the move goes to an empty cascade (toEmpty).
// It is the number of cards that single-card moves through the free
// cells and the empty cascades could carry.
func (s *State) SupermoveLimit(toEmpty bool) int {
	e := s.EmptyCascades()
	if toEmpty && e > 0 {
		e--
	}
	return (1 + s.FreeCells()) << e
}
