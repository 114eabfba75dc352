package match

// engineState is what tryMove needs of an engine's State S with moves M:
// its pointer applies a move and says whether the game is won or stuck.
type engineState[S, M any] interface {
	*S
	Apply(M) error
	Won() bool
	StuckWithin(budget int) (stuck, sure bool)
}

// tryMove validates move, parsed by parse, on next, a copy of s made
// here, and returns the racer's status after it: won, stuck (sure within
// budget positions) or playing. s does not change. A move parse refuses
// is an ErrBadAction. next is the caller's, so that where it lives (stack
// or heap) stays the caller's choice.
func tryMove[S, M any, P engineState[S, M]](next P, s *S, move string, budget int, parse func(string) (M, error)) (Status, error) {
	m, err := parse(move)
	if err != nil {
		return "", badAction(move)
	}
	*next = *s
	if err := next.Apply(m); err != nil {
		return "", err
	}
	if next.Won() {
		return StatusWon, nil
	}
	if stuck, sure := next.StuckWithin(budget); stuck && sure {
		return StatusStuck, nil
	}
	return StatusPlaying, nil
}
