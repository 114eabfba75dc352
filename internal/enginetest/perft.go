package enginetest

// Perft counts the positions reached by every sequence of depth legal
// moves from s (leaves, as in chess perft). At the last ply it counts the
// moves Moves lists without playing them; ApplyChecked and
// MovesMatchApply check that each listed move applies. It panics when
// Apply refuses a move Moves listed. Perft reuses one move buffer per
// ply, so it allocates only those buffers, once per call.
func (e Engine[S, M, P]) Perft(s *S, depth int) int {
	if depth == 0 {
		return 1
	}
	bufs := make([][]M, depth)
	return e.perft(s, depth, bufs)
}

func (e Engine[S, M, P]) perft(s *S, depth int, bufs [][]M) int {
	moves := e.Moves(s, bufs[depth-1][:0])
	bufs[depth-1] = moves
	if depth == 1 {
		return len(moves)
	}
	n := 0
	for i := range moves {
		next := *s
		if err := P(&next).Apply(moves[i]); err != nil {
			panic(err)
		}
		n += e.perft(&next, depth-1, bufs)
	}
	return n
}
