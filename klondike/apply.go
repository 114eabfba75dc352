package klondike

// Apply plays m. A legal move changes the position, turns up a face-down
// card it uncovers, counts one action and updates the score; an illegal
// move changes nothing and returns an *IllegalMoveError that says why.
// Apply does not allocate for a legal move.
func (s *State) Apply(m Move) error {
	if s.Won() {
		return illegal(m, "the game is already won")
	}
	if m.extraFields() {
		return illegal(m, "malformed move: a field its kind does not use is not zero")
	}
	b := &s.b
	switch m.Kind {
	case Draw:
		if b.nStock == 0 {
			if b.nWaste == 0 {
				return illegal(m, "the stock and the waste are empty")
			}
			return illegal(m, "the stock is empty; recycle the waste (R) first")
		}
		k := min(uint8(s.rules.Draw), b.nStock)
		for i := uint8(0); i < k; i++ {
			b.nStock--
			b.waste[b.nWaste] = b.stock[b.nStock]
			b.nWaste++
		}
	case Recycle:
		if b.nStock != 0 {
			return illegal(m, "the stock is not empty yet")
		}
		if b.nWaste == 0 {
			return illegal(m, "the waste is empty, there is nothing to recycle")
		}
		if s.rules.Passes != Unlimited && int(b.passes) >= s.rules.Passes {
			return illegal(m, "no passes left: all %d are used", s.rules.Passes)
		}
		for i := uint8(0); i < b.nWaste; i++ {
			b.stock[i] = b.waste[b.nWaste-1-i]
		}
		b.nStock, b.nWaste = b.nWaste, 0
		if b.passes < 255 {
			b.passes++
		}
		if s.rules.Scoring == ScoringStandard {
			if s.rules.Draw == 1 {
				s.addScore(-100)
			} else if b.passes >= 4 {
				s.addScore(-20)
			}
		}
	case WasteToColumn:
		if m.To >= NumColumns {
			return illegal(m, "no such column")
		}
		if b.nWaste == 0 {
			return illegal(m, "the waste is empty")
		}
		c := b.waste[b.nWaste-1]
		if why := fitColumn(c, &b.cols[m.To], m.To); why != "" {
			return illegal(m, "%s", why)
		}
		b.nWaste--
		push(&b.cols[m.To], c)
		s.addScore(5)
	case WasteToFoundation:
		if b.nWaste == 0 {
			return illegal(m, "the waste is empty")
		}
		c := b.waste[b.nWaste-1]
		if why := s.fitFoundation(c); why != "" {
			return illegal(m, "%s", why)
		}
		b.nWaste--
		b.found[c.Suit()]++
		s.addScore(10)
	case ColumnToFoundation:
		if m.From >= NumColumns {
			return illegal(m, "no such column")
		}
		col := &b.cols[m.From]
		if col.n == 0 {
			return illegal(m, "column %d is empty", m.From+1)
		}
		c := col.top()
		if why := s.fitFoundation(c); why != "" {
			return illegal(m, "%s", why)
		}
		col.n--
		b.found[c.Suit()]++
		s.addScore(10)
		s.turnUp(col)
	case ColumnToColumn:
		if m.From >= NumColumns || m.To >= NumColumns || m.From == m.To {
			return illegal(m, "no such pair of columns")
		}
		if m.N == 0 || m.N > 13 {
			return illegal(m, "a move takes 1 to 13 cards")
		}
		src, dst := &b.cols[m.From], &b.cols[m.To]
		if src.n == 0 {
			return illegal(m, "column %d is empty", m.From+1)
		}
		if up := src.n - src.down; m.N > up {
			if up == 1 {
				return illegal(m, "column %d has only 1 face-up card", m.From+1)
			}
			return illegal(m, "column %d has only %d face-up cards", m.From+1, up)
		}
		first := src.n - m.N
		if why := fitColumn(src.cards[first], dst, m.To); why != "" {
			return illegal(m, "%s", why)
		}
		copy(dst.cards[dst.n:], src.cards[first:src.n])
		dst.n += m.N
		src.n = first
		s.turnUp(src)
	case FoundationToColumn:
		if !s.rules.FoundationToColumn {
			return illegal(m, "these rules do not allow moving a card back from a foundation")
		}
		if m.From >= NumSuits || m.To >= NumColumns {
			return illegal(m, "no such foundation or column")
		}
		su := Suit(m.From)
		if b.found[su] == 0 {
			return illegal(m, "the %s foundation is empty", su)
		}
		c := NewCard(Rank(b.found[su]), su)
		if why := fitColumn(c, &b.cols[m.To], m.To); why != "" {
			return illegal(m, "%s", why)
		}
		b.found[su]--
		push(&b.cols[m.To], c)
		s.addScore(-15)
	default:
		return illegal(m, "unknown kind of move")
	}
	s.actions++
	return nil
}

func push(col *column, c Card) {
	col.cards[col.n] = c
	col.n++
}

// turnUp turns up the card a move left on top of col, if it is face down.
func (s *State) turnUp(col *column) {
	if col.n > 0 && col.down == col.n {
		col.down--
		s.addScore(5)
	}
}

func (s *State) addScore(d int) {
	if s.rules.Scoring != ScoringStandard {
		return
	}
	s.score = max(s.score+d, 0)
}

// fitColumn says why card c may not go on column col (index i), or "" when
// it may.
func fitColumn(c Card, col *column, i uint8) string {
	if col.n == 0 {
		if c.Rank() == King {
			return ""
		}
		return "only a king, or a run led by one, may fill empty column " + string('1'+i)
	}
	t := col.top()
	if t.Rank() != c.Rank()+1 {
		return c.String() + " does not go on " + t.String() + " in column " + string('1'+i) + ": it needs a card one rank lower"
	}
	if t.Red() == c.Red() {
		colour := "black"
		if c.Red() {
			colour = "red"
		}
		return c.String() + " does not go on " + t.String() + " in column " + string('1'+i) + ": both are " + colour
	}
	return ""
}

// fitFoundation says why c may not go on its foundation, or "" when it may.
func (s *State) fitFoundation(c Card) string {
	have := s.b.found[c.Suit()]
	if uint8(c.Rank()) == have+1 {
		return ""
	}
	if have == 0 {
		return c.String() + " cannot start the " + c.Suit().String() + " foundation: it starts with the ace"
	}
	return c.String() + " is not next on the " + c.Suit().String() + " foundation, which holds up to " + NewCard(Rank(have), c.Suit()).String()
}
