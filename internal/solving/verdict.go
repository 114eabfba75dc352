package solving

// Verdict is what a search proved about a position.
type Verdict uint8

// The verdicts. The zero Verdict is Unknown.
const (
	Unknown Verdict = iota // the budget ran out first
	Won                    // a winning line exists
	Lost                   // proven: no sequence of moves wins
)

// String returns "unknown", "won" or "lost".
func (v Verdict) String() string {
	switch v {
	case Won:
		return "won"
	case Lost:
		return "lost"
	}
	return "unknown"
}
