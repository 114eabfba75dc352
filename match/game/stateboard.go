package game

// Position is what a StateBoard needs of an engine's position S: held by
// value, moved in place through its pointer P.
type Position[S, M any] interface {
	*S
	// Apply plays m, or leaves the position unchanged and says why not.
	Apply(m M) error
	// Won reports a won game.
	Won() bool
	// StuckWithin reports whether no sequence of moves wins any more,
	// exploring at most budget positions (sure: the search finished).
	StuckWithin(budget int) (stuck, sure bool)
}

// Notation reads a game's moves for a StateBoard and explains its
// refusals.
type Notation[M any] struct {
	// Parse reads a move in the game's notation.
	Parse func(move string) (M, error)
	// Illegal wraps the engine's refusal of move as a game error
	// (an *IllegalMoveError where the engine says why).
	Illegal func(move string, err error) error
}

// StateBoard is the Try/Commit/Play part of a Board for a game whose
// positions are values: Try validates on a scratch copy inside the
// board, so a legal move allocates nothing beyond what the engine does.
// An adapter embeds it and adds counts, views and Clone. It is not safe
// for concurrent use.
type StateBoard[S, M any, P Position[S, M]] struct {
	// Cur is the board's position.
	Cur S
	// next is Cur after the pending move, when tried is true: what
	// Commit of that move takes.
	next    S
	pending string
	tried   bool
	n       *Notation[M]
}

// NewStateBoard returns a board at position s whose moves n reads.
func NewStateBoard[S, M any, P Position[S, M]](s S, n *Notation[M]) StateBoard[S, M, P] {
	return StateBoard[S, M, P]{Cur: s, n: n}
}

// Try implements Board.
func (b *StateBoard[S, M, P]) Try(move string, stuckBudget int) (Status, error) {
	b.tried = false
	m, err := b.n.Parse(move)
	if err != nil {
		return Playing, NotationError(move, err)
	}
	b.next = b.Cur
	next := P(&b.next)
	if err := next.Apply(m); err != nil {
		return Playing, b.n.Illegal(move, err)
	}
	b.pending, b.tried = move, true
	switch {
	case next.Won():
		return Won, nil
	case stuckBudget >= 0:
		if stuck, sure := next.StuckWithin(stuckBudget); stuck && sure {
			return Stuck, nil
		}
	}
	return Playing, nil
}

// Commit implements Board.
func (b *StateBoard[S, M, P]) Commit(move string) error {
	if b.tried && b.pending == move {
		b.Cur, b.tried = b.next, false
		return nil
	}
	return b.Play(move)
}

// Play implements Board.
func (b *StateBoard[S, M, P]) Play(move string) error {
	b.tried = false
	m, err := b.n.Parse(move)
	if err != nil {
		return NotationError(move, err)
	}
	b.next = b.Cur
	if err := P(&b.next).Apply(m); err != nil {
		return b.n.Illegal(move, err)
	}
	b.Cur = b.next
	return nil
}

// Won implements Board.
func (b *StateBoard[S, M, P]) Won() bool { return P(&b.Cur).Won() }

// Set puts the board at position s, forgetting a move tried and not
// committed: an adapter's CopyFrom.
func (b *StateBoard[S, M, P]) Set(s S) { b.Cur, b.tried = s, false }
