package freecell

// Game is a State with unlimited undo and redo history, for practice.
// Apply moves through the Game so that history is kept. A Game is not
// safe for concurrent use.
type Game struct {
	cur  State
	undo []State
	redo []State
}

// NewGame starts a game of deal d under rules r.
func NewGame(d Deal, r Rules) (*Game, error) {
	s, err := New(d, r)
	if err != nil {
		return nil, err
	}
	return &Game{cur: s}, nil
}

// State returns a copy of the current position.
func (g *Game) State() State { return g.cur }

// Apply plays m, remembering the position before it for Undo; a legal
// move clears what could be redone. An illegal move changes nothing and
// returns the *IllegalMoveError of State.Apply.
func (g *Game) Apply(m Move) error {
	prev := g.cur
	if err := g.cur.Apply(m); err != nil {
		return err
	}
	g.undo = append(g.undo, prev)
	g.redo = g.redo[:0]
	return nil
}

// CanUndo reports whether Undo would succeed.
func (g *Game) CanUndo() bool { return len(g.undo) > 0 }

// CanRedo reports whether Redo would succeed.
func (g *Game) CanRedo() bool { return len(g.redo) > 0 }

// Undo restores the position before the last move or redo, with its
// action count; it fails with ErrNothingToUndo at the start.
func (g *Game) Undo() error { return g.step(&g.undo, &g.redo) }

// Redo plays again the last move undone, with the action count it had; it
// fails with ErrNothingToUndo when nothing was undone since the last move.
func (g *Game) Redo() error { return g.step(&g.redo, &g.undo) }

func (g *Game) step(from, to *[]State) error {
	if len(*from) == 0 {
		return ErrNothingToUndo
	}
	next := (*from)[len(*from)-1]
	*from = (*from)[:len(*from)-1]
	*to = append(*to, g.cur)
	g.cur = next
	return nil
}
