package archive

// MoveCode returns the code of move in game's table (0: none).
func MoveCode(game, move string) uint64 {
	if t := tableOf(game); t != nil {
		return t.codes[move]
	}
	return 0
}
