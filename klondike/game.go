package klondike

// Game is a State with undo and redo history, for rules that allow them
// (practice, and the profiles with Undo). Its State field is the current
// position; apply moves through the Game so that history is kept. A Game
// is not safe for concurrent use.
type Game struct {
	State
	undo []State
	redo []State
}

// NewGame starts a game of deal d under rules r.
func NewGame(d Deal, r Rules) (*Game, error) {
	s, err := New(d, r)
	if err != nil {
		return nil, err
	}
	return &Game{State: s}, nil
}

// Apply plays m, remembering the position before it for Undo; a legal
// move clears what could be redone. An illegal move changes nothing.
func (g *Game) Apply(m Move) error {
	prev := g.State
	if err := g.State.Apply(m); err != nil {
		return err
	}
	if g.rules.Undo {
		g.undo = append(g.undo, prev)
		g.redo = g.redo[:0]
	}
	return nil
}

// CanUndo reports whether Undo would succeed.
func (g *Game) CanUndo() bool { return g.rules.Undo && len(g.undo) > 0 }

// CanRedo reports whether Redo would succeed.
func (g *Game) CanRedo() bool { return g.rules.Undo && len(g.redo) > 0 }

// Undo restores the position before the last move (or redo): the score
// and the action count return to what they were.
func (g *Game) Undo() error {
	return g.step(&g.undo, &g.redo)
}

// Redo plays again the last move undone, with the action count it had.
func (g *Game) Redo() error {
	return g.step(&g.redo, &g.undo)
}

func (g *Game) step(from, to *[]State) error {
	if !g.rules.Undo {
		return ErrUndoNotAllowed
	}
	if len(*from) == 0 {
		return ErrNothingToUndo
	}
	next := (*from)[len(*from)-1]
	*from = (*from)[:len(*from)-1]
	*to = append(*to, g.State)
	g.State = next
	return nil
}
