package enginetest

// perftMoves is the room made for each ply's moves: more than a position
// of either engine lists.
const perftMoves = 64

// Perft counts the positions reached by every sequence of depth legal
// moves from s (leaves, as in chess perft). At the last ply it counts the
// moves Moves lists without playing them; ApplyChecked and
// MovesMatchApply check that each listed move applies. It panics when
// Apply refuses a move Moves listed. Perft makes one move buffer and one
// position per ply, once per call, and reuses them at every position it
// visits.
func (e Engine[S, M, P]) Perft(s *S, depth int) int {
	if depth == 0 {
		return 1
	}
	room := make([]M, depth*perftMoves)
	bufs := make([][]M, depth)
	for d := range bufs {
		bufs[d] = room[d*perftMoves : d*perftMoves : (d+1)*perftMoves]
	}
	// The positions played into: a local one per call of perft would
	// escape (Apply is called through P) and be allocated at every node.
	states := make([]S, depth)
	return e.perft(s, depth, bufs, states)
}

func (e Engine[S, M, P]) perft(s *S, depth int, bufs [][]M, states []S) int {
	moves := e.Moves(s, bufs[depth-1][:0])
	bufs[depth-1] = moves
	if depth == 1 {
		return len(moves)
	}
	n := 0
	next := &states[depth-1]
	for i := range moves {
		*next = *s
		if err := P(next).Apply(moves[i]); err != nil {
			panic(err)
		}
		n += e.perft(next, depth-1, bufs, states)
	}
	return n
}
